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
    let first = -1  // before the first task: the leading lines
    func idBefore(_ index: Int, in ids: [TaskID]) -> Int {
      index == 0 ? first : ids[index - 1].rawValue
    }
    var oldPositions = TaskPositions()
    for (index, id) in oldIDs.enumerated() { oldPositions[id] = index }
    func key(_ id: Int) -> String { "task\tid=\(id)" }
    func state(_ task: SpoonTask, after: Int, leading: String) -> PlannerLines.State {
      var text: [UInt8] = []
      TaskRecord.encode(task, to: &text)
      text.removeLast()  // the newline
      return .init(after: after == first ? leading : key(after), text: text)
    }
    var kept = 0
    for (index, id) in newIDs.enumerated() {
      let after = idBefore(index, in: newIDs)
      guard let oldIndex = oldPositions[id] else {
        touched.append(
          .init(
            key: key(id.rawValue), old: nil,
            new: state(new.planner.task(id)!, after: after, leading: newFirstAfter)))
        continue
      }
      kept += 1
      let oldAfter = idBefore(oldIndex, in: oldIDs)
      let samePlace = oldAfter == after && (after != first || oldFirstAfter == newFirstAfter)
      if samePlace && new.planner.holdsSameTask(id, as: old.planner) { continue }
      touched.append(
        .init(
          key: key(id.rawValue),
          old: state(old.planner.task(id)!, after: oldAfter, leading: oldFirstAfter),
          new: state(new.planner.task(id)!, after: after, leading: newFirstAfter)))
    }
    if kept < oldIDs.count {
      var stillHeld = TaskIDSet()
      for id in newIDs { stillHeld.insert(id) }
      for (index, id) in oldIDs.enumerated() where !stillHeld.contains(id) {
        touched.append(
          .init(
            key: key(id.rawValue),
            old: state(
              old.planner.task(id)!, after: idBefore(index, in: oldIDs), leading: oldFirstAfter),
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
