/// The max-spoon rule: a day never holds more planned spoons than its budget.
///
/// One function, so that planning, editing a planned task's cost and every later feature that
/// adds to today's list ask the same question and refuse with the same numbers.
public enum MaxSpoonRule {
  /// Throws `overBudget` when adding `selection` spoons to `planned` would pass `budget`.
  public static func check(budget: Int, planned: Int, selection: Int) throws(PlannerError) {
    if planned + selection > budget {
      throw .overBudget(budget: budget, planned: planned, selection: selection)
    }
  }
}

extension Planner {
  /// Puts tasks from the categories or the backlog on today's list, all or nothing.
  ///
  /// Refused, with nothing moved, when there is no day yet, an id is unknown, repeated, already
  /// planned or done, or the selection would take the day past its budget.
  @discardableResult
  public mutating func plan(_ ids: [TaskID], at now: Timestamp) throws(PlannerError) -> [SpoonTask] {
    guard !ids.isEmpty else { throw .nothingSelected }
    guard var day else { throw .noDayStarted }
    var selection = 0
    try validateSelection(ids) { task throws(PlannerError) in
      switch task.placement {
      case .todo: throw .alreadyPlanned(task.id)
      case .done: throw .alreadyDone(task.id)
      case .category, .backlog: selection += task.spoons.value
      }
    }
    try MaxSpoonRule.check(budget: day.budget, planned: planned, selection: selection)

    var moved: [SpoonTask] = []
    for id in ids {
      guard var task = tasks[id] else { continue }
      let origin: Origin
      switch task.placement {
      case .backlog(let since):
        origin = .backlog(since: since)
        backlogOrder.removeAll { $0 == id }
      default:
        origin = .category
        categoryOrder[task.spoons.value - 1].removeAll { $0 == id }
      }
      task.placement = .todo(from: origin)
      task.updated = now
      tasks[id] = task
      day.todo.append(id)
      moved.append(task)
    }
    self.day = day
    return moved
  }
}
