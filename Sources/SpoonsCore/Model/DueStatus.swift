/// How a due date stands against today, for open tasks: what listings flag.
public enum DueStatus: Hashable, Sendable {
  /// The due date has passed.
  case overdue
  case dueToday
  /// Due later.
  case upcoming
}

extension SpoonTask {
  /// Nil when the task has no due date or is done: a finished task is never late.
  public func dueStatus(today: CivilDate) -> DueStatus? {
    guard let due, !isDone else { return nil }
    if due < today { return .overdue }
    return due == today ? .dueToday : .upcoming
  }
}
