extension Planner {
  /// Adds a task to the end of the category of its cost and returns it with its new id.
  @discardableResult
  public mutating func add(
    _ title: String, spoons: Int, at now: Timestamp, note: String? = nil,
    location: String? = nil, due: CivilDate? = nil
  ) throws(PlannerError) -> SpoonTask {
    add(try Title(title), spoons: try SpoonCost(spoons), at: now, note: note, location: location,
      due: due)
  }

  /// Adds an already validated task; cannot fail. No duplicate check: see `addChecked`.
  @discardableResult
  public mutating func add(
    _ title: Title, spoons cost: SpoonCost, at now: Timestamp, note: String? = nil,
    location: String? = nil, tags: [Tag] = [], due: CivilDate? = nil, isRest: Bool = false
  ) -> SpoonTask {
    let task = SpoonTask(
      id: nextID, title: title, spoons: cost, placement: .category, created: now, updated: now,
      note: note, location: location, tags: Tag.normalized(tags), due: due, isRest: isRest)
    tasks[task.id] = task
    categoryOrder[cost.value - 1].append(task.id)
    nextID = TaskID(nextID.rawValue + 1)
    return task
  }

  /// What the `add` command does: validates the details, resolves the due date against `now`,
  /// and refuses an accidental duplicate (same cost, same title ignoring case and the spaces
  /// at the ends, among open tasks) unless `force`.
  @discardableResult
  public mutating func add(
    _ title: Title, spoons cost: SpoonCost, at now: Timestamp, note: String?, location: String?,
    tags: [Tag] = [], due: DueDateSpec?, force: Bool, isRest: Bool = false
  ) throws(PlannerError) -> SpoonTask {
    let tags = Tag.normalized(tags)
    guard tags.count <= Limits.tagsPerTask else { throw .tooManyTags(tags.count) }
    let note = try note.flatMap { text throws(PlannerError) in try TaskDetail.note.validate(text) }
    let location = try location.flatMap { text throws(PlannerError) in
      try TaskDetail.place.validate(text)
    }
    if !force, let existing = openTask(titled: title, costing: cost) {
      throw .duplicateTask(
        existing.id, title: existing.title, spoons: existing.spoons, place: existing.placement)
    }
    return add(
      title, spoons: cost, at: now, note: note, location: location, tags: tags,
      due: due?.resolve(today: today(at: now)), isRest: isRest)
  }

  /// An open task of this cost whose title matches ignoring case, if any.
  public func openTask(titled title: Title, costing cost: SpoonCost) -> SpoonTask? {
    let key = title.text
    func same(_ task: SpoonTask) -> Bool {
      task.spoons == cost && task.placement.isOpen && Title.sameIgnoringCase(task.title.text, key)
    }
    if let id = categoryOrder[cost.value - 1].first(where: { tasks[$0].map(same) ?? false }) {
      return tasks[id]
    }
    return (backlog + todo).first(where: same)
  }
}

extension Title {
  /// Case-insensitive equality, without allocating for the common case of ASCII titles.
  static func sameIgnoringCase(_ a: String, _ b: String) -> Bool {
    func fold(_ c: UInt8) -> UInt8 { (0x41...0x5A).contains(c) ? c | 0x20 : c }
    var a = a, b = b
    let asciiVerdict: Bool? = a.withUTF8 { x in
      b.withUTF8 { y -> Bool? in
        guard x.count == y.count else {
          // Lowercasing can change the length of non-ASCII text only.
          return x.contains { $0 >= 0x80 } || y.contains { $0 >= 0x80 } ? nil : false
        }
        for i in 0..<x.count {
          if x[i] >= 0x80 || y[i] >= 0x80 { return nil }
          if fold(x[i]) != fold(y[i]) { return false }
        }
        return true
      }
    }
    return asciiVerdict ?? (a.lowercased() == b.lowercased())
  }
}
