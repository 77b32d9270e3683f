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
  /// When the person's day begins (`settings day-start`): see `today(at:)`.
  public package(set) var dayStart: DayStart
  /// Numbers the last syncs moved on this device, refused until the next new day.
  public internal(set) var renumbered: [Renumbering]
  /// The numbers of tasks deleted here since the day began, lowest first: a sync that gives
  /// one to another device's task guards it (`Renumbering`), since the person may still mean
  /// the deleted one. A task made and deleted between two syncs leaves no other trace.
  public internal(set) var deletedToday: [TaskID]
  /// Whether the morning check-in asks how the person feels (`settings mood`).
  public package(set) var asksMood: Bool
  /// Whether the morning check-in may mention a boom-and-bust run of days (`settings
  /// pace-hint`).
  public package(set) var paceHints: Bool

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
    dayStart = .standard
    renumbered = []
    deletedToday = []
    asksMood = true
    paceHints = true
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

  /// What `list` shows, in text or JSON alike: each category asked for that holds tasks,
  /// with its ids in `order`. Ids rather than tasks, so a listing of 100,000 walks them with
  /// `forEachTask` instead of copying every task first.
  public func listing(_ category: SpoonCost?, order: TaskOrder)
    -> [(cost: SpoonCost, ids: [TaskID])]
  {
    (category.map { [$0] } ?? SpoonCost.all).compactMap { cost in
      let ids = categoryOrder[cost.value - 1]
      guard !ids.isEmpty else { return nil }
      return (cost, order == .user ? ids : order.sorted(self.category(cost)).map(\.id))
    }
  }

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
  public var allTasks: [SpoonTask] { allTaskIDs.compactMap { tasks[$0] } }

  /// Every task's id in `allTasks` order, without copying the tasks: what a store compares
  /// to find the few lines a change touched among 100,000.
  public var allTaskIDs: [TaskID] {
    var ids: [TaskID] = []
    ids.reserveCapacity(tasks.count)
    for list in categoryOrder { ids += list }
    ids += backlogOrder
    ids += day?.todo ?? []
    return ids.count == tasks.count ? ids : ids.filter { tasks[$0] != nil }
  }

  /// The ids in each place, in the order a planner file lists them: the ten categories, the
  /// backlog, then today's list. Each is the array the planner keeps, so a copy of the
  /// planner that did not change a place still shares its storage.
  public var places: [[TaskID]] { categoryOrder + [backlogOrder, day?.todo ?? []] }

  /// Which of `places` holds a task placed as `placement` with `cost`.
  public static func place(of placement: Placement, cost: SpoonCost) -> Int {
    switch placement {
    case .category: return cost.value - 1
    case .backlog: return SpoonCost.range.count
    case .todo, .done: return SpoonCost.range.count + 1
    }
  }

  /// The ids of every task that may differ from `other`'s (see `TaskTable`): for a copy that
  /// one change made, the few dozen in the chunks it touched; any task not listed is the same
  /// in both.
  public func idsMaybeChanged(from other: Planner) -> [TaskID] {
    tasks.idsInChunksNotShared(with: other.tasks)
  }

  /// Whether `other` holds this planner's task `id`, unchanged.
  public func holdsSameTask(_ id: TaskID, as other: Planner) -> Bool {
    tasks.holdsSame(id, as: other.tasks)
  }

  /// How many tasks the planner holds.
  public var taskCount: Int { tasks.count }

  /// Today's spoons, every number derived from the day and its list; nil before the first
  /// `new-day`. Everything that reads or checks the day's arithmetic goes through it.
  public var ledger: SpoonLedger? {
    guard let day else { return nil }
    var planned = 0, spent = 0, checked = 0, rested = 0
    for id in day.todo {
      guard let task = tasks[id] else { continue }
      planned += task.cost
      if task.isDone {
        spent += task.spent
        checked += task.cost
        rested += task.rested
      }
    }
    return SpoonLedger(
      budget: day.budget, repaid: day.repaid, borrowed: day.borrowed, rested: rested,
      reserve: reserve, planned: planned, spent: spent, checked: checked)
  }
}
