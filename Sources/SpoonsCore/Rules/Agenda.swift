extension Planner {
  /// `agenda`: every open task with a due date, wherever it waits (today's list, the backlog
  /// or a category), in the order to see to them (`isBeforeInAgenda`). Done tasks are left
  /// out: a finished task is never late.
  public var agenda: [SpoonTask] {
    (todo.filter { !$0.isDone } + waiting).filter { $0.due != nil }
      .sorted(by: Self.isBeforeInAgenda)
  }

  /// The agenda's tasks that pass `filter` (`agenda @phone`), `today` being the planner's date.
  public func agenda(_ filter: TaskFilter, today: CivilDate) -> [SpoonTask] {
    filter.isEmpty ? agenda : agenda.filter { filter.matches($0, today: today) }
  }

  /// The agenda's order: the earliest due date first, so the overdue come first (the most
  /// overdue at the top), then what is due today, then the soonest; on the same date the
  /// cheaper first (the one more likely to get done on a low day), then the older id.
  public static func isBeforeInAgenda(_ a: SpoonTask, _ b: SpoonTask) -> Bool {
    switch (a.due, b.due) {
    case let (x?, y?) where x != y: return x < y
    case (_?, nil): return true
    case (nil, _?): return false
    default: return (a.cost, a.id) < (b.cost, b.id)
    }
  }
}
