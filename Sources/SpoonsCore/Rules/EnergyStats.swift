/// What the last DAYS days add up to: averages, how often the plan was done, borrowing and
/// rests, which categories were used, and the current streak of days within budget. What
/// `stats` shows and the HTML report repeats.
///
/// Day measures count finished days only: the day being lived has not ended, and counting its
/// half-spent numbers would drag every average down each morning. Task counts include today's
/// check-offs, which are as real as yesterday's.
public struct EnergyStats: Hashable, Sendable {
  /// The window: today and the DAYS - 1 dates before it.
  public let from: CivilDate
  public let through: CivilDate
  /// Finished days in the window.
  public let days: Int
  public let totalBudget: Int
  public let totalPlanned: Int
  public let totalSpent: Int
  /// Finished days on which something was planned.
  public let daysWithPlan: Int
  /// Of those, the days on which everything planned was checked off (`EnergyDay.isFullyDone`).
  public let daysFullyDone: Int
  public let daysBorrowing: Int
  public let borrowed: Int
  public let daysResting: Int
  public let rested: Int
  /// Tasks checked off in the window by cost, index 0 = 1 spoon; rests are not counted (a
  /// rest gives energy rather than using it).
  public let tasksByCost: [Int]
  public let streak: Streak

  /// The days in a row, counting back from the latest finished day over the whole history (not
  /// just the window), that were planned within budget (`EnergyDay.isWithinBudget`). Dates
  /// with no day in Spoons are skipped, not counted as breaks; today does not count until it
  /// has ended.
  public struct Streak: Hashable, Sendable {
    public let days: Int
    /// The first and last day of the streak; nil when it is 0.
    public let since: CivilDate?
    public let through: CivilDate?
    /// The latest finished day, when it broke the streak (or nil).
    public let brokenOn: CivilDate?
  }

  /// - Parameters:
  ///   - records: every finished day, oldest first.
  ///   - done: tasks checked off (archived and today's); only those done in the window count.
  public init(records: [DayRecord], done: [SpoonTask], today: CivilDate, lookingBack n: Int) {
    from = today.startOfWindow(lookingBack: n)
    through = today
    let first = from
    let window = records.filter { $0.date >= first }.map(EnergyDay.init)
    days = window.count
    totalBudget = window.reduce(0) { $0 + $1.budget }
    totalPlanned = window.reduce(0) { $0 + $1.planned }
    totalSpent = window.reduce(0) { $0 + $1.spent }
    daysWithPlan = window.filter { $0.planned > 0 }.count
    daysFullyDone = window.filter(\.isFullyDone).count
    daysBorrowing = window.filter { $0.borrowed > 0 }.count
    borrowed = window.reduce(0) { $0 + $1.borrowed }
    daysResting = window.filter { $0.rested > 0 }.count
    rested = window.reduce(0) { $0 + $1.rested }

    var counts = Array(repeating: 0, count: SpoonCost.range.count)
    for task in done where !task.isRest {
      guard let at = task.completed?.date, at >= first, at <= today else { continue }
      counts[task.spoons.value - 1] += 1
    }
    tasksByCost = counts

    let all = records.map(EnergyDay.init)
    let run = all.reversed().prefix { $0.isWithinBudget }
    streak = Streak(
      days: run.count, since: run.last?.date, through: run.first?.date,
      brokenOn: run.count < all.count ? all[all.count - 1 - run.count].date : nil)
  }

  /// `total / days` in tenths of a spoon, rounded half up; nil with no finished days.
  public func tenths(_ total: Int) -> Int? { Self.tenths(total, over: days) }

  /// `total / count` in tenths, rounded half up; nil when `count` is 0. The one rounding of
  /// every average `stats` and `pace` show.
  static func tenths(_ total: Int, over count: Int) -> Int? {
    count > 0 ? (total * 20 + count) / (count * 2) : nil
  }

  /// The categories with the most tasks checked off (several when tied); empty when none.
  public var mostUsed: [SpoonCost] {
    let top = tasksByCost.max() ?? 0
    return top == 0 ? [] : SpoonCost.all.filter { tasksByCost[$0.value - 1] == top }
  }

  /// The categories with the fewest tasks checked off, among those used at all; empty when
  /// that is the same as `mostUsed` (one count for every used category).
  public var leastUsed: [SpoonCost] {
    let used = tasksByCost.filter { $0 > 0 }
    guard let low = used.min(), low != used.max() else { return [] }
    return SpoonCost.all.filter { tasksByCost[$0.value - 1] == low }
  }

  /// The categories no task was checked off from.
  public var unused: [SpoonCost] { SpoonCost.all.filter { tasksByCost[$0.value - 1] == 0 } }

  /// How many tasks were checked off at `cost`.
  public func tasks(at cost: SpoonCost) -> Int { tasksByCost[cost.value - 1] }
}

extension Planner {
  /// The stats of the last `days` days (today counts as one): `records` and `archived` from
  /// the archive, plus today's check-offs.
  public func energyStats(
    days: Int, records: [DayRecord], archived: [SpoonTask], today: CivilDate
  ) -> EnergyStats {
    EnergyStats(
      records: records, done: archived + todo.filter(\.isDone), today: today, lookingBack: days)
  }
}
