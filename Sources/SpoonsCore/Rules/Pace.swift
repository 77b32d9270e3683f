/// The budget a person can keep, read from the days they have lived in Spoons: what `pace`
/// says, each number with a rule simple enough to check against one's own notes (Pacing.md,
/// beside this file, states every one).
///
/// Only finished days count (the day being lived has not ended), and only those in the window.
/// Spent means what the checked-off tasks took: their cost, or what `done --took` noted.
///
/// - **usual budget**: the median of the budgets asked for at `new-day` (the lower of the two
///   middle ones on an even count).
/// - **kept level**: the fewest spoons that two days in three stayed within without
///   borrowing: the smallest L such that at least ⌈2n/3⌉ days spent L or less and borrowed
///   nothing. None when more than a third of the days borrowed.
/// - **heavy day**: a day that went past its own spoons (`SpoonLedger.wentPastItsSpoons`):
///   it borrowed, or spent more than it started with, through rests or tasks that took more.
/// - **after a heavy day**, the next day lived in Spoons: did it start with fewer spoons, did
///   it borrow, did it end with more than half of its plan undone.
/// - **a run**: one or more heavy days in a row; **a bust**: a run whose next day started
///   lower or ended with most of its plan undone.
/// - **boom and bust**: at least two busts, and at least half of the runs (with a day after
///   them) ended in one.
/// - **suggested budget**: with boom and bust, or no kept level, the average spent a day
///   (rounded down): what the heavy and the low days even out to. Otherwise the kept level.
///   Never more than the usual budget, never less than 1; none when nothing was spent at all.
public struct Pace: Hashable, Sendable {
  /// Finished days needed before `pace` suggests anything: a week.
  public static let minimumDays = 7

  public let from: CivilDate
  public let through: CivilDate
  /// The finished days in the window, oldest first.
  public let days: Int
  /// Days still needed before there is a suggestion; 0 when there are enough.
  public let moreDaysNeeded: Int

  public let usualBudget: Int?
  public let keptLevel: Int?
  /// Days that spent the kept level or less and borrowed nothing.
  public let daysWithinKeptLevel: Int
  /// Spent per day on average, in tenths, rounded half up; nil with no days.
  public let averageSpentTenths: Int?
  public let heavyDays: Int
  public let borrowingDays: Int
  public let afterHeavy: AfterHeavy
  public let boomAndBust: Bool
  public let suggested: Int?
  public let reason: Reason
  /// Mornings after heavy days against the others, when the person said how they felt.
  public let mood: MoodAfter?

  /// What the days after heavy days did.
  public struct AfterHeavy: Hashable, Sendable {
    /// Heavy days that had a day after them in the window.
    public let followed: Int
    public let startedLower: Int
    public let borrowed: Int
    public let mostUndone: Int
    /// Runs of heavy days in a row that had a day after them, and those whose next day
    /// started lower or ended with most of the plan undone.
    public let runs: Int
    public let busts: Int
  }

  /// How the suggestion was reached.
  public enum Reason: String, Hashable, Sendable {
    /// Fewer than `minimumDays` finished days.
    case tooFewDays = "too-few-days"
    /// Nothing was spent on any day (rests only, or nothing checked off).
    case nothingSpent = "nothing-spent"
    /// The kept level is below the usual budget: plan to what was kept.
    case keptLevel = "kept-level"
    /// The usual budget was kept on most days: keep it.
    case budgetKept = "budget-kept"
    /// Boom and bust, or borrowing on more than a third of the days: the average evens out.
    case evenOut = "even-out"
  }

  /// How mornings went after heavy days and after the others: each morning's mood (from the
  /// check-in) set beside whether the day before it was heavy.
  public struct MoodAfter: Hashable, Sendable {
    public let afterHeavy: Int
    public let afterHeavyTenths: Int?
    public let afterOther: Int
    public let afterOtherTenths: Int?
    /// The moods added up, for an exact comparison (the tenths are rounded).
    let afterHeavySum: Int
    let afterOtherSum: Int

    /// Mornings needed on each side before a tendency is named.
    public static let minimumMornings = 2

    /// -1: worse after heavy days (by half a point or more), 1: better, 0: about the same;
    /// nil when either side has too few mornings.
    public var tendency: Int? {
      guard afterHeavy >= Self.minimumMornings, afterOther >= Self.minimumMornings else {
        return nil
      }
      // heavy/hN - other/oN, times 2·hN·oN, against half a point (hN·oN).
      let gap = 2 * (afterHeavySum * afterOther - afterOtherSum * afterHeavy)
      let half = afterHeavy * afterOther
      if gap <= -half { return -1 }
      if gap >= half { return 1 }
      return 0
    }
  }

  /// - Parameters:
  ///   - records: every finished day, oldest first.
  ///   - today: the day being lived, if any: its morning's mood follows the last finished day.
  ///   - lookingBack: the window, today counting as one day.
  public init(records: [DayRecord], today live: EnergyDay?, on today: CivilDate, lookingBack n: Int)
  {
    let history = EnergyHistory(records: records, live: nil, today: today, lookingBack: n)
    (from, through) = (history.from, history.through)
    let window = history.finished
    days = window.count
    moreDaysNeeded = Swift.max(0, Self.minimumDays - window.count)

    let budgets = window.map(\.budget).sorted()
    usualBudget = budgets.isEmpty ? nil : budgets[(budgets.count - 1) / 2]
    let totalSpent = window.reduce(0) { $0 + $1.spent }
    averageSpentTenths = EnergyStats.tenths(totalSpent, over: window.count)

    // The kept level: the smallest spent, among days that did not borrow, that ⌈2n/3⌉ such
    // days reach.
    let needed = (2 * window.count + 2) / 3
    let unborrowed = window.filter { $0.borrowed == 0 }.map(\.spent).sorted()
    if needed > 0, unborrowed.count >= needed {
      let level = unborrowed[needed - 1]
      keptLevel = level
      daysWithinKeptLevel = unborrowed.filter { $0 <= level }.count
    } else {
      keptLevel = nil
      daysWithinKeptLevel = 0
    }

    heavyDays = window.filter(\.ledger.wentPastItsSpoons).count
    borrowingDays = window.filter { $0.borrowed > 0 }.count
    var followed = 0, lower = 0, borrowed = 0, undone = 0, runs = 0, busts = 0
    for (day, next) in zip(window, window.dropFirst()) where day.ledger.wentPastItsSpoons {
      followed += 1
      let startedLower = next.ledger.startedWith < day.ledger.startedWith
      let mostUndone = Self.endedWithMostUndone(next)
      if startedLower { lower += 1 }
      if next.borrowed > 0 { borrowed += 1 }
      if mostUndone { undone += 1 }
      if !next.ledger.wentPastItsSpoons {  // the run ends here
        runs += 1
        if startedLower || mostUndone { busts += 1 }
      }
    }
    afterHeavy = AfterHeavy(
      followed: followed, startedLower: lower, borrowed: borrowed, mostUndone: undone,
      runs: runs, busts: busts)
    boomAndBust = busts >= 2 && busts * 2 >= runs

    // Mornings: each day's mood beside the day before it (today's morning beside the last
    // finished day).
    var mornings = Array(zip(window, window.dropFirst()))
    if let live, let last = window.last, live.date > last.date { mornings.append((last, live)) }
    var heavyMoods: [Int] = [], otherMoods: [Int] = []
    for (before, morning) in mornings {
      guard let mood = morning.mood else { continue }
      if before.ledger.wentPastItsSpoons { heavyMoods.append(mood) } else { otherMoods.append(mood) }
    }
    func tenths(_ moods: [Int]) -> Int? { EnergyStats.tenths(moods.reduce(0, +), over: moods.count) }
    mood = heavyMoods.isEmpty && otherMoods.isEmpty
      ? nil
      : MoodAfter(
        afterHeavy: heavyMoods.count, afterHeavyTenths: tenths(heavyMoods),
        afterOther: otherMoods.count, afterOtherTenths: tenths(otherMoods),
        afterHeavySum: heavyMoods.reduce(0, +), afterOtherSum: otherMoods.reduce(0, +))

    // The suggestion.
    if moreDaysNeeded > 0 {
      (suggested, reason) = (nil, .tooFewDays)
    } else if totalSpent == 0 {
      (suggested, reason) = (nil, .nothingSpent)
    } else {
      let usual = usualBudget ?? 0
      if boomAndBust || keptLevel == nil {
        (suggested, reason) = (Swift.max(1, Swift.min(usual, totalSpent / window.count)), .evenOut)
      } else if let kept = keptLevel, kept < usual {
        (suggested, reason) = (Swift.max(1, kept), .keptLevel)
      } else {
        (suggested, reason) = (Swift.max(1, usual), .budgetKept)
      }
    }
  }

  /// More than half of the plan was left undone: a low day, however it began.
  static func endedWithMostUndone(_ day: EnergyDay) -> Bool {
    day.planned > 0 && day.checked * 2 < day.planned
  }

  /// The morning hint: the last three finished days each went past their spoons, and the
  /// latest one after them was low (it started with fewer spoons than the lowest of them,
  /// spent at most half what they spent on average, or left most of its plan undone).
  ///
  /// Only the latest finished day can complete the run, so the hint shows on one morning
  /// and not again until the pattern comes back.
  public static func boomAndBustJustHappened(_ records: [DayRecord]) -> Bool {
    guard records.count >= 4 else { return false }
    let run = records.suffix(4).map(EnergyDay.init)
    let heavy = run.prefix(3)
    let low = run[3]
    guard heavy.allSatisfy(\.ledger.wentPastItsSpoons) else { return false }
    let lowestStart = heavy.map(\.ledger.startedWith).min()!
    let heavySpent = heavy.reduce(0) { $0 + $1.spent }
    return low.ledger.startedWith < lowestStart || low.spent * 2 * 3 <= heavySpent
      || endedWithMostUndone(low)
  }
}

extension Planner {
  /// `pace` over the last `days` days: `records` from the archive, with today's mood.
  public func pace(days: Int, records: [DayRecord], today: CivilDate) -> Pace {
    Pace(records: records, today: energyToday, on: today, lookingBack: days)
  }
}
