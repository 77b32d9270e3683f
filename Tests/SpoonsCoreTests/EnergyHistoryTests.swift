@testable import SpoonsCore
import SpoonsTestSupport
import Testing

private func date(_ iso: String) -> CivilDate { CivilDate(iso: iso)! }

private func record(
  _ iso: String, budget: Int, planned: Int, spent: Int, done: Int = 0, borrowed: Int = 0,
  rested: Int = 0
) -> DayRecord {
  DayRecord(
    date: date(iso), budget: budget, planned: planned, spent: spent,
    done: (0..<done).map { TaskID($0 + 1) }, borrowed: borrowed, rested: rested)
}

/// A done task of `spoons`, checked off at `iso` (a rest when `rest`).
private func doneTask(_ id: Int, spoons: Int, at time: Timestamp, rest: Bool = false) -> SpoonTask {
  SpoonTask(
    id: TaskID(id), title: try! Title("Task \(id)"), spoons: try! SpoonCost(spoons),
    placement: .done(from: .category, at: time), created: morning, updated: morning,
    isRest: rest)
}

@Suite("Energy history")
struct EnergyHistoryTests {
  @Test func aFinishedDayKeepsItsRecordsNumbers() {
    let day = EnergyDay(record("2026-11-20", budget: 12, planned: 11, spent: 9, done: 4, borrowed: 1, rested: 2))
    #expect(day == EnergyDay(
      date: date("2026-11-20"), budget: 12, planned: 11, spent: 9, rested: 2, borrowed: 1,
      tasksDone: 4, isFinished: true))
  }

  @Test func theDayBeingLivedComesFromThePlannerAndIsNotFinished() throws {
    var p = try planner(budget: 10, costs: [3, 2, 4])
    try p.plan(ids(1, 2), at: morning)
    try p.markDone(ids(2), at: morning)
    try p.addRest(try Title("Nap"), spoons: try SpoonCost(2), at: morning)
    try p.markDone(ids(4), at: morning)
    try p.borrow(1)
    let live = try #require(p.energyToday)
    #expect(live == EnergyDay(
      date: today, budget: 10, planned: 5, spent: 2, rested: 2, borrowed: 1, tasksDone: 2,
      isFinished: false))
    #expect(Planner().energyToday == nil)
  }

  @Test func theWindowCountsTodayAsOneDayOldestFirstTodayLast() {
    let records = [
      record("2026-11-07", budget: 9, planned: 9, spent: 9),  // 15 days ago: outside 14
      record("2026-11-08", budget: 10, planned: 8, spent: 8),
      record("2026-11-20", budget: 12, planned: 12, spent: 10),
    ]
    let live = EnergyDay(date: today, budget: 11, planned: 4, spent: 1, isFinished: false)
    let history = EnergyHistory(records: records, live: live, today: today, lookingBack: 14)
    #expect(history.from == date("2026-11-08") && history.through == today)
    #expect(history.days.map(\.date) == [date("2026-11-08"), date("2026-11-20"), today])
    #expect(history.days.last?.isFinished == false)
    #expect(history.finished.count == 2)
  }

  @Test func datesWithoutADayHaveNoRowAndADateStartedTwiceHasTwo() {
    let records = [
      record("2026-11-18", budget: 10, planned: 5, spent: 5),
      record("2026-11-20", budget: 10, planned: 3, spent: 3),
      record("2026-11-20", budget: 6, planned: 6, spent: 2),
    ]
    let history = EnergyHistory(records: records, live: nil, today: today, lookingBack: 7)
    #expect(history.days.map(\.budget) == [10, 10, 6])
  }

  @Test func noDaysAtAllIsAnEmptyHistory() {
    let history = EnergyHistory(records: [], live: nil, today: today, lookingBack: 1)
    #expect(history.days.isEmpty && history.from == today)
  }

  @Test func aLiveDayFromBeforeTheWindowIsLeftOut() {
    let live = EnergyDay(date: date("2026-11-01"), budget: 5, planned: 0, spent: 0, isFinished: false)
    #expect(EnergyHistory(records: [], live: live, today: today, lookingBack: 14).days.isEmpty)
  }
}

@Suite("Energy stats")
struct EnergyStatsTests {
  /// Four finished days and today: one fully done, one borrowing, one resting, one empty.
  static let records = [
    record("2026-11-17", budget: 10, planned: 8, spent: 8, done: 3),
    record("2026-11-18", budget: 12, planned: 14, spent: 11, done: 4, borrowed: 2),
    record("2026-11-19", budget: 10, planned: 12, spent: 12, done: 5, rested: 2),
    record("2026-11-20", budget: 0, planned: 0, spent: 0),
  ]

  @Test func averagesAreOverFinishedDaysInTenthsRoundedHalfUp() {
    let stats = EnergyStats(records: Self.records, done: [], today: today, lookingBack: 30)
    #expect(stats.days == 4)
    #expect(stats.tenths(stats.totalBudget) == 80)  // 32 / 4 = 8.0
    #expect(stats.tenths(stats.totalPlanned) == 85)  // 34 / 4 = 8.5
    #expect(stats.tenths(stats.totalSpent) == 78)  // 31 / 4 = 7.75 -> 7.8
    #expect(EnergyStats(records: [], done: [], today: today, lookingBack: 30).tenths(0) == nil)
  }

  @Test func fullyDoneMeansEverythingPlannedWasSpentOnDaysWithAPlan() {
    let stats = EnergyStats(records: Self.records, done: [], today: today, lookingBack: 30)
    // 17th (8 of 8) and 19th (12 of 12); the 18th left 3 undone; the 20th planned nothing.
    #expect(stats.daysWithPlan == 3 && stats.daysFullyDone == 2)
  }

  @Test func borrowingAndRestsAreCountedByDayAndBySpoon() {
    let stats = EnergyStats(records: Self.records, done: [], today: today, lookingBack: 30)
    #expect(stats.daysBorrowing == 1 && stats.borrowed == 2)
    #expect(stats.daysResting == 1 && stats.rested == 2)
  }

  @Test func theWindowLeavesOutOlderDays() {
    let stats = EnergyStats(records: Self.records, done: [], today: today, lookingBack: 3)
    #expect(stats.from == date("2026-11-19") && stats.days == 2)
  }

  @Test func categoriesCountTasksCheckedOffInTheWindowRestsAside() {
    let done = [
      doneTask(1, spoons: 2, at: morning.plus(days: -2, hours: 2)),
      doneTask(2, spoons: 2, at: morning.plus(days: -1, hours: 2)),
      doneTask(3, spoons: 5, at: morning.plus(hours: 1)),  // today counts
      doneTask(4, spoons: 3, at: morning.plus(days: -1, hours: 3)),
      doneTask(5, spoons: 3, at: morning.plus(days: -1, hours: 4)),
      doneTask(6, spoons: 4, at: morning.plus(days: -1, hours: 5), rest: true),  // a rest
      doneTask(7, spoons: 9, at: morning.plus(days: -51, hours: 2)),  // before the window
    ]
    let stats = EnergyStats(records: [], done: done, today: today, lookingBack: 7)
    #expect(stats.tasksByCost == [0, 2, 2, 0, 1, 0, 0, 0, 0, 0])
    #expect(stats.mostUsed.map(\.value) == [2, 3])
    #expect(stats.leastUsed.map(\.value) == [5])
    #expect(stats.unused.map(\.value) == [1, 4, 6, 7, 8, 9, 10])
  }

  @Test func withOneCountForEveryUsedCategoryThereIsNoLeastUsed() {
    let done = [doneTask(1, spoons: 2, at: morning.plus(days: -1, hours: 2))]
    let stats = EnergyStats(records: [], done: done, today: today, lookingBack: 7)
    #expect(stats.mostUsed.map(\.value) == [2] && stats.leastUsed.isEmpty)
    #expect(EnergyStats(records: [], done: [], today: today, lookingBack: 7).mostUsed.isEmpty)
  }

  @Test func theStreakCountsBackFromTheLatestFinishedDayUntilOneBorrowed() {
    let stats = EnergyStats(records: Self.records, done: [], today: today, lookingBack: 30)
    // 20th (nothing planned: within) and 19th (12 planned on 10 + 2 rested: within); the 18th
    // borrowed.
    #expect(stats.streak.days == 2)
    #expect(stats.streak.since == date("2026-11-19") && stats.streak.through == date("2026-11-20"))
    #expect(stats.streak.brokenOn == date("2026-11-18"))
  }

  @Test func theStreakLooksPastTheWindowAndIsZeroWhenTheLastDayWentOver() {
    let long = (1...40).map { i in
      record(CivilDate(iso: "2026-10-11")!.adding(days: i).description, budget: 10, planned: 9, spent: 9)
    }
    let stats = EnergyStats(records: long, done: [], today: today, lookingBack: 7)
    #expect(stats.streak.days == 40 && stats.streak.brokenOn == nil)
    let over = long + [record("2026-11-21", budget: 10, planned: 12, spent: 12, borrowed: 2)]
    let broken = EnergyStats(records: over, done: [], today: today, lookingBack: 7).streak
    #expect(broken.days == 0 && broken.since == nil && broken.brokenOn == today)
  }

  @Test func withinBudgetAllowsWhatRestsGaveBackButNotBorrowing() {
    #expect(EnergyDay(record("2026-11-20", budget: 10, planned: 12, spent: 4, rested: 2)).isWithinBudget)
    #expect(!EnergyDay(record("2026-11-20", budget: 10, planned: 13, spent: 4, rested: 2)).isWithinBudget)
    // Borrowed and then unplanned: tomorrow still pays, so it is not within budget.
    #expect(!EnergyDay(record("2026-11-20", budget: 10, planned: 6, spent: 4, borrowed: 1)).isWithinBudget)
    #expect(EnergyDay(record("2026-11-20", budget: 0, planned: 0, spent: 0)).isWithinBudget)
    #expect(!EnergyDay(record("2026-11-20", budget: 0, planned: 0, spent: 0)).isFullyDone)
  }

  @Test func aWholeWeekThroughThePlannerAddsUp() throws {
    // Three real days through the rules, the archive built as the store would.
    var p = Planner()
    var records: [DayRecord] = []
    var archived: [SpoonTask] = []
    func newDay(_ time: Timestamp, budget: Int) throws {
      let outcome = try p.startNewDay(budget: budget, at: time)
      if let finished = outcome.finished {
        records.append(finished.record)
        archived += finished.doneTasks
      }
    }
    try newDay(morning.plus(days: -2), budget: 6)
    let a = try p.add("Laundry", spoons: 3, at: morning)
    let b = try p.add("Call mum", spoons: 2, at: morning)
    try p.plan([a.id, b.id], at: morning.plus(days: -2))
    try p.markDone([a.id, b.id], at: morning.plus(days: -2, hours: 10))
    try newDay(morning.plus(days: -1), budget: 4)
    let c = try p.add("Groceries", spoons: 4, at: morning)
    let d = try p.add("Post", spoons: 1, at: morning)
    try p.plan([c.id, d.id], at: morning.plus(days: -1), borrow: true)
    try p.markDone([c.id], at: morning.plus(days: -1, hours: 4))
    try newDay(morning, budget: 8)
    try p.plan([d.id], at: morning)
    try p.markDone([d.id], at: morning.plus(hours: 1))

    let stats = p.energyStats(days: 7, records: records, archived: archived, today: today)
    #expect(stats.days == 2 && stats.totalBudget == 10 && stats.totalPlanned == 10)
    #expect(stats.totalSpent == 9 && stats.daysFullyDone == 1 && stats.daysBorrowing == 1)
    #expect(stats.tasksByCost == [1, 1, 1, 1, 0, 0, 0, 0, 0, 0])
    #expect(stats.streak.days == 0 && stats.streak.brokenOn == date("2026-11-20"))
    let history = EnergyHistory(records: records, live: p.energyToday, today: today, lookingBack: 7)
    // Today asked for 8 and started with 8 - 1 repaid.
    #expect(history.days.map(\.budget) == [6, 4, 8])
    #expect(history.days.map(\.ledger.startedWith) == [6, 4, 7])
    #expect(history.days.map(\.tasksDone) == [2, 1, 1])
  }
}
