/// Everything a person is planning with now: the ten categories, the backlog and today.
///
/// A value: every rule is a `mutating` method that either succeeds or throws a `PlannerError`
/// and leaves the planner exactly as it was. Finished days are not held here; they leave as a
/// `FinishedDay` when a new day starts.
public struct Planner: Equatable, Sendable {
  /// The id the next added task gets. Only ever grows.
  public internal(set) var nextID: TaskID
  /// Today, once the first `new-day` has happened.
  public internal(set) var day: Day?
  /// The routines, in the order `new-day` puts them on the list.
  public internal(set) var routines: [Routine]
  /// The id the next routine gets. Only ever grows.
  public internal(set) var nextRoutineID: RoutineID
  /// Spoons kept back: `plan` leaves them unplanned unless told to use them.
  public internal(set) var reserve: Int

  var tasks: TaskTable
  /// Index 0 holds the 1-spoon category; each in the user's order.
  var categoryOrder: [[TaskID]]
  /// Oldest first.
  var backlogOrder: [TaskID]

  /// An empty planner: no tasks, no day yet.
  public init() {
    nextID = TaskID(1)
    day = nil
    routines = []
    nextRoutineID = RoutineID(1)
    reserve = 0
    tasks = TaskTable()
    categoryOrder = Array(repeating: [], count: SpoonCost.range.count)
    backlogOrder = []
  }

  // MARK: - Reading

  public func task(_ id: TaskID) -> SpoonTask? { tasks[id] }

  /// The tasks waiting in one category, in the user's order.
  public func category(_ cost: SpoonCost) -> [SpoonTask] {
    categoryOrder[cost.value - 1].compactMap { tasks[$0] }
  }

  /// The ids waiting in one category, in the user's order: what a listing of 100,000 tasks
  /// walks, rather than copying every task into a new array first.
  public func categoryIDs(_ cost: SpoonCost) -> [TaskID] { categoryOrder[cost.value - 1] }

  /// Calls `body` with the task of each id in `ids` (skipping any not held), in that order,
  /// lending it rather than copying: `list` walks 100,000 tasks this way.
  public func forEachTask(_ ids: [TaskID], _ body: (borrowing SpoonTask) -> Void) {
    tasks.forEach(ids, body)
  }

  /// How many tasks wait in one category.
  public func count(in cost: SpoonCost) -> Int { categoryOrder[cost.value - 1].count }

  /// Rolled-over tasks, oldest first.
  public var backlog: [SpoonTask] { backlogOrder.compactMap { tasks[$0] } }

  /// Today's to-do list in planning order, done tasks included; empty before the first day.
  public var todo: [SpoonTask] { (day?.todo ?? []).compactMap { tasks[$0] } }

  /// Every task the planner holds, in a stable order: categories 1...10, backlog, today.
  public var allTasks: [SpoonTask] {
    categoryOrder.flatMap { $0 }.compactMap { tasks[$0] } + backlog + todo
  }

  /// How many tasks the planner holds.
  public var taskCount: Int { tasks.count }

  /// The spoons of every task on today's list, done or not (rests cost nothing).
  public var planned: Int { todo.reduce(0) { $0 + $1.cost } }

  /// The spoons of the tasks checked off today.
  public var spent: Int { todo.reduce(0) { $0 + ($1.isDone ? $1.cost : 0) } }

  /// The spoons today's finished rests gave back: their spoons, but never more than was spent,
  /// so a rest can never lift the day above its budget.
  public var rested: Int {
    min(spent, todo.reduce(0) { $0 + ($1.isRest && $1.isDone ? $1.spoons.value : 0) })
  }

  /// What today may plan in all: the budget, what was borrowed and what rests gave back.
  public var capacity: Int { (day.map { $0.budget + $0.borrowed } ?? 0) + rested }

  /// `capacity - planned`: what can still be planned today; 0 before the first day.
  public var left: Int { capacity - planned }

  /// What `plan` may take without touching the reserve.
  public var leftAboveReserve: Int { max(0, left - reserve) }
}
