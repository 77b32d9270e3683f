/// One "N spoons" section of today's list.
public struct TodoSection: Hashable, Sendable {
  public let spoons: SpoonCost
  /// In the order they were planned; done ones stay, marked by their placement.
  public let tasks: [SpoonTask]
}

extension Planner {
  /// Today's list grouped by cost: always the ten sections 1...10 in order, some empty.
  /// Renderers leave out the empty ones; keeping them here keeps the function total and simple.
  /// Rests are not in them: they cost nothing (see `todoRests`).
  public var todoSections: [TodoSection] {
    var groups = Array(repeating: [SpoonTask](), count: SpoonCost.range.count)
    for task in todo where !task.isRest { groups[task.spoons.value - 1].append(task) }
    return zip(SpoonCost.all, groups).map { TodoSection(spoons: $0, tasks: $1) }
  }
}

extension Planner {
  /// The rests on today's list, in the order they were planned, done ones included.
  public var todoRests: [SpoonTask] { todo.filter(\.isRest) }
}
