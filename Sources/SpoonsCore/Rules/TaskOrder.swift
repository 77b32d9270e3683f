/// The orders a listing can be shown in. Every order is total and stable: ties keep the
/// list's own order, and tasks without a due date come after those with one.
public enum TaskOrder: String, CaseIterable, Hashable, Sendable {
  /// The list's own order (the user's order in a category, oldest first in the backlog).
  case user
  /// Soonest due first.
  case due
  /// Oldest created first.
  case created
  /// By title, ignoring case and accents.
  case title
  /// Longest in the backlog first.
  case age
  /// Cheapest first.
  case spoons

  public func sorted(_ tasks: [SpoonTask]) -> [SpoonTask] {
    guard self != .user else { return tasks }
    let keyed = tasks.enumerated().map { (index: $0.offset, task: $0.element) }
    let titleKeys: [[UInt8]] = self == .title ? tasks.map { SearchText.fold($0.title.text) } : []
    return keyed.sorted { a, b in
      switch self {
      case .due:
        switch (a.task.due, b.task.due) {
        case let (x?, y?) where x != y: return x < y
        case (_?, nil): return true
        case (nil, _?): return false
        default: break
        }
      case .created:
        if a.task.created.seconds != b.task.created.seconds {
          return a.task.created.seconds < b.task.created.seconds
        }
      case .title:
        let x = titleKeys[a.index], y = titleKeys[b.index]
        if x != y { return x.lexicographicallyPrecedes(y) }
      case .age:
        if let x = a.task.backlogSince, let y = b.task.backlogSince, x != y { return x < y }
      case .spoons:
        if a.task.spoons != b.task.spoons { return a.task.spoons.value < b.task.spoons.value }
      case .user: break
      }
      return a.index < b.index
    }.map(\.task)
  }
}

extension SpoonTask {
  /// The day it was left unfinished on, for tasks in the backlog.
  public var backlogSince: CivilDate? {
    if case .backlog(let since) = placement { return since }
    return nil
  }
}
