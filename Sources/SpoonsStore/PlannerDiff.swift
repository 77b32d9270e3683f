import SpoonsCore

/// The lines of `planner.txt` a change touched, found without writing the planner out twice:
/// the few lines before the tasks are encoded and compared whole, the tasks by id and place,
/// and only the tasks that changed are encoded. A write then costs what it changed, not the
/// whole planner (see `PlannerStore.commit`).
///
/// Gives the same lines as `PlannerLines.diff` of the two files (a line is touched when its
/// text or the line before it differs, or it is only in one), which the tests check.
enum PlannerDiff {
  static func touched(from old: PlannerSnapshot, to new: PlannerSnapshot) -> [PlannerLines.Touched] {
    var oldBytes: [UInt8] = []
    var newBytes: [UInt8] = []
    PlannerFile.encodeLeading(old, to: &oldBytes)
    PlannerFile.encodeLeading(new, to: &newBytes)
    let oldLeading = PlannerLines.lines(oldBytes)
    let newLeading = PlannerLines.lines(newBytes)
    // Several lines with one key (`renumbered`) are `PlannerLines.diff`'s to order. The leading
    // lines are a handful (format, journal, next, archive, settings, the day, routines), so
    // they are searched in arrays: a `Set` or `Dictionary` of strings costs a one-shot process
    // a runtime conformance lookup worth more than all of this.
    func keysRepeat(_ lines: [PlannerLines.Line]) -> Bool {
      lines.indices.contains { i in lines[..<i].contains { $0.key == lines[i].key } }
    }
    guard !keysRepeat(oldLeading), !keysRepeat(newLeading) else {
      return PlannerLines.diff(
        old: PlannerLines.lines(PlannerFile.body(old)), new: PlannerLines.lines(PlannerFile.body(new)))
    }
    var touched: [PlannerLines.Touched] = []

    // The leading lines, whole.
    func state(of key: String, in lines: [PlannerLines.Line]) -> PlannerLines.State? {
      guard let index = lines.firstIndex(where: { $0.key == key }) else { return nil }
      return .init(after: index == 0 ? "" : lines[index - 1].key, text: Array(lines[index].text))
    }
    for line in oldLeading {
      let (was, now) = (state(of: line.key, in: oldLeading), state(of: line.key, in: newLeading))
      if was != now { touched.append(.init(key: line.key, old: was, new: now)) }
    }
    for line in newLeading where state(of: line.key, in: oldLeading) == nil {
      touched.append(.init(key: line.key, old: nil, new: state(of: line.key, in: newLeading)))
    }

    let lines = TaskLines(
      old: old.planner, new: new.planner, oldLeading: oldLeading.last?.key ?? "",
      newLeading: newLeading.last?.key ?? "")
    touched += lines.byPlace() ?? lines.byID()
    // The end line: the task count, after the last task.
    func end(_ planner: Planner, leading: String) -> PlannerLines.State {
      // The last id of the last place that holds one, unless a place lists an id the planner
      // does not hold (then as the file lists them).
      let places = planner.places
      let (count, last) =
        places.reduce(0, { $0 + $1.count }) == planner.taskCount
        ? (planner.taskCount, places.last { !$0.isEmpty }?.last)
        : { let ids = planner.allTaskIDs; return (ids.count, ids.last) }()
      var text: [UInt8] = []
      PlannerFile.encodeEnd(tasks: count, to: &text)
      text.removeLast()
      return .init(after: last.map { TaskLines.key($0.rawValue) } ?? leading, text: text)
    }
    let (oldEnd, newEnd) = (end(old.planner, leading: lines.oldLeading), end(new.planner, leading: lines.newLeading))
    if oldEnd != newEnd { touched.append(.init(key: "end", old: oldEnd, new: newEnd)) }
    return touched
  }

  /// The task lines of two planners, one a change of the other: each line is keyed by its id
  /// and follows the task before it (the first, the last leading line).
  struct TaskLines {
    let old: Planner
    let new: Planner
    /// The key the first task line follows in each file.
    let oldLeading: String
    let newLeading: String

    /// Before the first task: the leading lines.
    static let first = -1

    static func key(_ id: Int) -> String { "task\tid=\(id)" }

    func state(_ task: SpoonTask, after: Int, leading: String) -> PlannerLines.State {
      var text: [UInt8] = []
      TaskRecord.encode(task, to: &text)
      text.removeLast()  // the newline
      return .init(after: after == Self.first ? leading : Self.key(after), text: text)
    }

    /// A task line both files hold, if it moved or changed.
    func compared(_ id: TaskID, oldAfter: Int, newAfter: Int) -> PlannerLines.Touched? {
      let samePlace = oldAfter == newAfter && (newAfter != Self.first || oldLeading == newLeading)
      if samePlace && new.holdsSameTask(id, as: old) { return nil }
      return .init(
        key: Self.key(id.rawValue), old: state(old.task(id)!, after: oldAfter, leading: oldLeading),
        new: state(new.task(id)!, after: newAfter, leading: newLeading))
    }

    /// The touched task lines found from what the change touched: the places (categories,
    /// backlog, today) whose lists it changed, id by id, and in the places it left alone only
    /// their first line (whose line before may have moved) and the tasks in the chunks of the
    /// task table it copied. A copy of the planner shares the rest with the original, so a
    /// change to one of 100,000 tasks looks at a few dozen. nil when a place lists an id the
    /// planner does not hold (`byID` then finds the lines).
    func byPlace() -> [PlannerLines.Touched]? {
      let (oldPlaces, newPlaces) = (old.places, new.places)
      guard oldPlaces.reduce(0, { $0 + $1.count }) == old.taskCount,
        newPlaces.reduce(0, { $0 + $1.count }) == new.taskCount
      else { return nil }
      // The id before each place's first: the last of the places before it.
      func firstAfters(_ places: [[TaskID]]) -> [Int] {
        var last = Self.first
        return places.map { place in
          defer { last = place.last?.rawValue ?? last }
          return last
        }
      }
      let (oldFirst, newFirst) = (firstAfters(oldPlaces), firstAfters(newPlaces))
      // A place whose list the change left alone shares its storage with the original.
      let changed = oldPlaces.indices.map { k in
        oldPlaces[k].withUnsafeBufferPointer { a in
          newPlaces[k].withUnsafeBufferPointer { b in
            a.count != b.count || (a.count > 0 && a.baseAddress != b.baseAddress)
          }
        }
      }
      var touched: [PlannerLines.Touched] = []

      // The places the change changed: each old id's place, then each new id's.
      var oldIDs: [TaskID] = []
      var oldAfters: [Int] = []
      var oldIndex = TaskPositions()
      for k in oldPlaces.indices where changed[k] {
        for (i, id) in oldPlaces[k].enumerated() {
          oldIndex[id] = oldIDs.count
          oldIDs.append(id)
          oldAfters.append(i == 0 ? oldFirst[k] : oldPlaces[k][i - 1].rawValue)
        }
      }
      var found = [Bool](repeating: false, count: oldIDs.count)
      for k in newPlaces.indices where changed[k] {
        for (i, id) in newPlaces[k].enumerated() {
          let after = i == 0 ? newFirst[k] : newPlaces[k][i - 1].rawValue
          guard let at = oldIndex[id] else {
            // In a place the change left alone, it would be in that place's list too.
            guard old.task(id) == nil else { return nil }
            touched.append(
              .init(key: Self.key(id.rawValue), old: nil, new: state(new.task(id)!, after: after, leading: newLeading)))
            continue
          }
          found[at] = true
          if let line = compared(id, oldAfter: oldAfters[at], newAfter: after) { touched.append(line) }
        }
      }
      for (at, id) in oldIDs.enumerated() where !found[at] {
        guard new.task(id) == nil else { return nil }
        touched.append(
          .init(key: Self.key(id.rawValue), old: state(old.task(id)!, after: oldAfters[at], leading: oldLeading), new: nil))
      }

      // The places it left alone: the first line, whose line before is the last of the
      // places before, and any task whose chunk the change copied.
      for k in newPlaces.indices where !changed[k] {
        guard let id = newPlaces[k].first else { continue }
        if let line = compared(id, oldAfter: oldFirst[k], newAfter: newFirst[k]) { touched.append(line) }
      }
      for id in new.idsMaybeChanged(from: old) {
        guard let task = new.task(id) else { return nil }
        let k = Planner.place(of: task.placement, cost: task.spoons)
        guard !changed[k] else { continue }  // found above
        let place = newPlaces[k]
        guard let i = place.firstIndex(of: id) else { return nil }
        guard i > 0 else { continue }  // the first: compared above
        let after = place[i - 1].rawValue
        if let line = compared(id, oldAfter: after, newAfter: after) { touched.append(line) }
      }
      return touched
    }

    /// The touched task lines found id by id over every task: where each stands (the id before
    /// it) and whether it changed. Costs every task, so only for what `byPlace` cannot read.
    func byID() -> [PlannerLines.Touched] {
      let oldIDs = old.allTaskIDs
      let newIDs = new.allTaskIDs
      func idBefore(_ index: Int, in ids: [TaskID]) -> Int {
        index == 0 ? Self.first : ids[index - 1].rawValue
      }
      var oldPositions = TaskPositions()
      for (index, id) in oldIDs.enumerated() { oldPositions[id] = index }
      var touched: [PlannerLines.Touched] = []
      var kept = 0
      for (index, id) in newIDs.enumerated() {
        let after = idBefore(index, in: newIDs)
        guard let oldIndex = oldPositions[id] else {
          touched.append(
            .init(
              key: Self.key(id.rawValue), old: nil,
              new: state(new.task(id)!, after: after, leading: newLeading)))
          continue
        }
        kept += 1
        if let line = compared(id, oldAfter: idBefore(oldIndex, in: oldIDs), newAfter: after) {
          touched.append(line)
        }
      }
      if kept < oldIDs.count {
        var stillHeld = TaskIDSet()
        for id in newIDs { stillHeld.insert(id) }
        for (index, id) in oldIDs.enumerated() where !stillHeld.contains(id) {
          touched.append(
            .init(
              key: Self.key(id.rawValue),
              old: state(old.task(id)!, after: idBefore(index, in: oldIDs), leading: oldLeading),
              new: nil))
        }
      }
      return touched
    }
  }
}
