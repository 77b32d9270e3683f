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

    // The tasks, by id: where each stands (the id before it) and whether it changed.
    let oldIDs = old.planner.allTaskIDs
    let newIDs = new.planner.allTaskIDs
    let oldFirstAfter = oldLeading.last?.key ?? ""
    let newFirstAfter = newLeading.last?.key ?? ""
    var before = IDPlaces(capacity: max(old.planner.nextID.rawValue, new.planner.nextID.rawValue))
    for (index, id) in oldIDs.enumerated() {
      before[id.rawValue] = index == 0 ? IDPlaces.first : oldIDs[index - 1].rawValue
    }
    func key(_ id: Int) -> String { "task\tid=\(id)" }
    func state(_ task: SpoonTask, after: Int, leading: String) -> PlannerLines.State {
      var text: [UInt8] = []
      TaskRecord.encode(task, to: &text)
      text.removeLast()  // the newline
      return .init(after: after == IDPlaces.first ? leading : key(after), text: text)
    }
    var kept = 0
    for (index, id) in newIDs.enumerated() {
      let after = index == 0 ? IDPlaces.first : newIDs[index - 1].rawValue
      guard let oldAfter = before[id.rawValue] else {
        touched.append(
          .init(
            key: key(id.rawValue), old: nil,
            new: state(new.planner.task(id)!, after: after, leading: newFirstAfter)))
        continue
      }
      kept += 1
      let samePlace = oldAfter == after && (after != IDPlaces.first || oldFirstAfter == newFirstAfter)
      if samePlace && new.planner.holdsSameTask(id, as: old.planner) { continue }
      touched.append(
        .init(
          key: key(id.rawValue),
          old: state(old.planner.task(id)!, after: oldAfter, leading: oldFirstAfter),
          new: state(new.planner.task(id)!, after: after, leading: newFirstAfter)))
    }
    if kept < oldIDs.count {
      var now = IDPlaces(capacity: new.planner.nextID.rawValue)
      for id in newIDs { now[id.rawValue] = 0 }
      for id in oldIDs where now[id.rawValue] == nil {
        touched.append(
          .init(
            key: key(id.rawValue),
            old: state(old.planner.task(id)!, after: before[id.rawValue]!, leading: oldFirstAfter),
            new: nil))
      }
    }

    // The end line: the task count, after the last task.
    func end(_ ids: [TaskID], leading: String) -> PlannerLines.State {
      var text: [UInt8] = []
      PlannerFile.encodeEnd(tasks: ids.count, to: &text)
      text.removeLast()
      return .init(after: ids.last.map { key($0.rawValue) } ?? leading, text: text)
    }
    let (oldEnd, newEnd) = (end(oldIDs, leading: oldFirstAfter), end(newIDs, leading: newFirstAfter))
    if oldEnd != newEnd { touched.append(.init(key: "end", old: oldEnd, new: newEnd)) }
    return touched
  }
}

/// For each task id, the id of the task before it (`first`: the leading lines). Ids are handed
/// out one after another, so it is kept in pages of 1,024 ids, each made when it first holds
/// one: the open tasks of a planner that has given out 100,000 ids are a few hundred recent
/// ones, and an array over every id (800 KB, a fresh page of memory every 512 ids) cost a
/// write more than the rest of its diff. Ids far beyond (a hand-edited file) go in a dictionary.
private struct IDPlaces {
  static let first = -1
  private static let absent = Int.min
  private static let pageBits = 10
  private static let pageSize = 1 << pageBits
  private static let pagedLimit = 1 << 22
  private var pages: [[Int]]
  private var sparse: [Int: Int] = [:]

  init(capacity: Int) {
    let ids = min(max(0, capacity), Self.pagedLimit)
    pages = Array(repeating: [], count: (ids + Self.pageSize - 1) >> Self.pageBits)
  }

  subscript(id: Int) -> Int? {
    get {
      guard id >= 0 && id < Self.pagedLimit else { return sparse[id] }
      let page = id >> Self.pageBits
      guard page < pages.count, !pages[page].isEmpty else { return nil }
      let value = pages[page][id & (Self.pageSize - 1)]
      return value == Self.absent ? nil : value
    }
    set {
      guard id >= 0 && id < Self.pagedLimit else {
        sparse[id] = newValue
        return
      }
      let page = id >> Self.pageBits
      while page >= pages.count { pages.append([]) }
      if pages[page].isEmpty {
        guard newValue != nil else { return }
        pages[page] = Array(repeating: Self.absent, count: Self.pageSize)
      }
      pages[page][id & (Self.pageSize - 1)] = newValue ?? Self.absent
    }
  }
}
