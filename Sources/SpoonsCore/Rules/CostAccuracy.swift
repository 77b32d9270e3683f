/// How well the costs were guessed: what checked-off tasks really took against what they were
/// planned at, per category, overall, and for the tasks and routines whose cost keeps being
/// off. What `stats` shows under the day measures.
///
/// A task checked off with `done ID --took N` took N; one checked off without it took what it
/// was planned at (that is what plain `done` says). Rests are left out: they give spoons back
/// rather than use them. Only what happened is counted; nothing here judges it.
public struct CostAccuracy: Hashable, Sendable {
  /// One category's tasks: how many were checked off, how many of those noted what they took,
  /// and what they took in all.
  public struct Category: Hashable, Sendable {
    public let cost: SpoonCost
    public let checkedOff: Int
    public let noted: Int
    public let took: Int

    /// What one task of this category took on average, in tenths of a spoon, rounded half up.
    public var averageTenths: Int { EnergyStats.tenths(took, over: checkedOff) ?? 0 }
  }

  /// Tasks of one title (or one routine's tasks) that repeatedly took other than planned.
  public struct Drift: Hashable, Sendable {
    /// The title as last checked off.
    public let title: String
    /// The cost it was last planned at.
    public let planned: SpoonCost
    /// How many times it was checked off in the window, and how many of those took more, or
    /// less, than planned.
    public let times: Int
    public let tookMore: Int
    public let tookLess: Int
    /// What it took on average, in tenths.
    public let averageTenths: Int
    /// The cost that matches what it took: the average, rounded to a whole spoon, 1 to 10.
    public let suggested: SpoonCost
    /// What to change: the routine that makes it, or the task waiting with that title.
    public let fix: Fix
  }

  public enum Fix: Hashable, Sendable {
    case routine(RoutineID)
    case task(TaskID)
    /// Nothing of that title is waiting: the cost is for next time it is added.
    case nextTime
  }

  /// Categories with at least one task that noted what it took, cheapest first.
  public let categories: [Category]
  /// All checked-off tasks in the window, rests left out: planned at, and took.
  public let checkedOff: Int
  public let noted: Int
  public let planned: Int
  public let took: Int
  /// Titles and routines whose cost was off in one direction at least `minimumRepeats` times
  /// and never in the other, most checked off first.
  public let drifts: [Drift]

  /// Times a cost must be off, one way, before `stats` names the task.
  public static let minimumRepeats = 2

  /// - Parameters:
  ///   - done: tasks checked off (archived and today's); only those done from `from` through
  ///     `through`, by their completion date, count. Oldest first.
  ///   - planner: the routines and the waiting tasks a fix can point at.
  public init(
    done: [SpoonTask], from: CivilDate, through: CivilDate, planner: Planner,
    dayStart: DayStart
  ) {
    let window = done.filter { task in
      guard !task.isRest, let at = task.completed.map(dayStart.today(at:)) else { return false }
      return at >= from && at <= through
    }
    var byCost: [Int: (checked: Int, noted: Int, took: Int)] = [:]
    for task in window {
      var entry = byCost[task.spoons.value] ?? (0, 0, 0)
      entry.checked += 1
      entry.noted += task.took == nil ? 0 : 1
      entry.took += task.spent
      byCost[task.spoons.value] = entry
    }
    categories = SpoonCost.all.compactMap { cost in
      guard let entry = byCost[cost.value], entry.noted > 0 else { return nil }
      return Category(cost: cost, checkedOff: entry.checked, noted: entry.noted, took: entry.took)
    }
    checkedOff = window.count
    noted = window.filter { $0.took != nil }.count
    planned = window.reduce(0) { $0 + $1.cost }
    took = window.reduce(0) { $0 + $1.spent }

    drifts = Self.drifts(in: window, planner: planner)
  }

  /// Group a routine's tasks by the routine (its title may have been typed differently over
  /// time), every other task by its title, ignoring case.
  private enum GroupKey: Hashable {
    case routine(RoutineID)
    case title(String)
  }

  /// The tasks that took more (or less) than planned again and again, the most often done
  /// first, each with the fix that would put its cost right.
  private static func drifts(in window: [SpoonTask], planner: Planner) -> [Drift] {
    var groups: [GroupKey: [SpoonTask]] = [:]
    var order: [GroupKey] = []
    for task in window {
      let key: GroupKey = task.routine.map(GroupKey.routine) ?? .title(task.title.text.lowercased())
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(task)
    }
    let routines = Dictionary(planner.routines.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    var waiting: [String: TaskID] = [:]
    for task in planner.allTasks where !task.isDone && !task.isRest {
      let key = task.title.text.lowercased()
      if waiting[key] == nil { waiting[key] = task.id }
    }
    var drifts: [Drift] = []
    for key in order {
      let tasks = groups[key]!
      let more = tasks.filter { $0.spent > $0.spoons.value }.count
      let less = tasks.filter { $0.spent < $0.spoons.value }.count
      guard (more >= Self.minimumRepeats && less == 0) || (less >= Self.minimumRepeats && more == 0)
      else { continue }
      let last = tasks.last!
      let total = tasks.reduce(0) { $0 + $1.spent }
      let average = EnergyStats.tenths(total, over: tasks.count) ?? 0
      let rounded = (total * 2 + tasks.count) / (tasks.count * 2)  // the true average, once
      guard let suggested = try? SpoonCost(Swift.min(10, Swift.max(1, rounded))) else { continue }
      var planned = last.spoons
      let fix: Fix
      switch key {
      case .routine(let id):
        guard let routine = routines[id] else { continue }  // removed since: nothing to fix
        planned = routine.spoons
        fix = .routine(id)
      case .title(let title):
        if let id = waiting[title], let task = planner.task(id) {
          planned = task.spoons
          fix = .task(id)
        } else {
          fix = .nextTime
        }
      }
      guard suggested != planned else { continue }  // already put right
      drifts.append(
        Drift(
          title: last.title.text, planned: planned, times: tasks.count, tookMore: more,
          tookLess: less, averageTenths: average, suggested: suggested, fix: fix))
    }
    return drifts.enumerated().sorted {
      ($1.element.times, $0.offset) < ($0.element.times, $1.offset)
    }.map(\.element)
  }

  /// True when there is something to say: some task noted what it took.
  public var hasNotes: Bool { noted > 0 }
}
