@testable import SpoonsCore
import SpoonsTestSupport
import Testing

/// Hand-made histories, each a person's weeks written as the day records `new-day` leaves.
private let lastDay = CivilDate(iso: "2026-11-22")!
private let paceToday = CivilDate(iso: "2026-11-23")!

/// A day `n` days before `lastDay`.
private func day(
  _ back: Int, budget: Int = 12, planned: Int, spent: Int, checked: Int? = nil,
  borrowed: Int = 0, rested: Int = 0, repaid: Int = 0, mood: Int? = nil
) -> DayRecord {
  DayRecord(
    date: lastDay.adding(days: -back),
    ledger: SpoonLedger(
      budget: budget, repaid: repaid, borrowed: borrowed, rested: rested, planned: planned,
      spent: spent, checked: checked),
    done: [], mood: mood)
}

/// Oldest first: `specs[0]` is the earliest day, the last one is yesterday.
private func history(_ specs: [(Int) -> DayRecord]) -> [DayRecord] {
  specs.enumerated().map { i, make in make(specs.count - 1 - i) }
}

private func pace(_ records: [DayRecord], live: EnergyDay? = nil, days: Int = 28) -> Pace {
  Pace(records: records, today: live, on: paceToday, lookingBack: days)
}

@Suite("Pace: the budget a person can keep")
struct PaceTests {
  @Test func withFewerThanAWeekOfFinishedDaysItSaysHowManyMoreItNeeds() {
    let p = pace(history(Array(repeating: { day($0, planned: 10, spent: 10) }, count: 4)))
    #expect(p.days == 4)
    #expect(p.moreDaysNeeded == 3)
    #expect(p.suggested == nil)
    #expect(p.reason == .tooFewDays)
  }

  @Test func steadyDaysWithinTheBudgetKeepTheBudget() {
    let records = history(
      (0..<14).map { i in { day($0, planned: 11, spent: i % 2 == 0 ? 11 : 12) } })
    let p = pace(records)
    #expect(p.moreDaysNeeded == 0)
    #expect(p.usualBudget == 12)
    #expect(p.keptLevel == 12)  // ⌈28/3⌉ = 10 of 14 days: 7 at 11, then 12
    #expect(p.heavyDays == 0)
    #expect(!p.boomAndBust)
    #expect(p.suggested == 12)
    #expect(p.reason == .budgetKept)
  }

  @Test func steadyDaysBelowTheBudgetSuggestWhatWasKept() {
    // Asked for 12 every day; spent 8 on most, 9 on a few.
    let spent = [8, 8, 9, 8, 8, 8, 9, 8, 8, 8, 9, 8]
    let p = pace(history(spent.map { s in { day($0, planned: s, spent: s) } }))
    #expect(p.keptLevel == 8)  // 9 of 12 days spent 8 or less: ⌈24/3⌉ = 8 needed
    #expect(p.daysWithinKeptLevel == 9)
    #expect(p.suggested == 8)
    #expect(p.reason == .keptLevel)
  }

  @Test func boomAndBustIsSeenAndTheSuggestionEvensItOut() {
    // Three heavy days through borrowing or rests, then a low day that starts lower and
    // leaves most of its plan undone; twice.
    var specs: [(Int) -> DayRecord] = []
    for _ in 0..<2 {
      specs += [
        { day($0, planned: 14, spent: 14, borrowed: 2) },
        { day($0, planned: 12, spent: 14, rested: 2) },
        { day($0, planned: 14, spent: 14, borrowed: 2) },
        { day($0, budget: 12, planned: 8, spent: 2, checked: 2, repaid: 2) },
      ]
    }
    let p = pace(history(specs))
    #expect(p.days == 8)
    #expect(p.heavyDays == 6)
    #expect(p.afterHeavy.followed == 6)
    #expect(p.afterHeavy.startedLower == 2)
    #expect(p.afterHeavy.mostUndone == 2)
    #expect(p.afterHeavy.borrowed == 2)  // the borrowing day after a rest day
    #expect(p.afterHeavy.runs == 2)
    #expect(p.afterHeavy.busts == 2)
    #expect(p.boomAndBust)
    // 2 × (14 + 14 + 14 + 2) = 88 over 8 days: 11.0 a day, within the usual 12.
    #expect(p.averageSpentTenths == 110)
    #expect(p.suggested == 11)
    #expect(p.reason == .evenOut)
  }

  @Test func heavyDaysFollowedByLowOnesAreBoomAndBust() {
    var specs: [(Int) -> DayRecord] = []
    for _ in 0..<4 {
      specs += [
        { day($0, planned: 12, spent: 15, rested: 3) },
        { day($0, budget: 10, planned: 10, spent: 3) },
      ]
    }
    let p = pace(history(specs))
    #expect(p.heavyDays == 4)
    #expect(p.afterHeavy.followed == 4)
    #expect(p.afterHeavy.runs == 4)
    #expect(p.afterHeavy.busts == 4)
    #expect(p.boomAndBust)
    #expect(p.usualBudget == 10)  // budgets 10,10,10,10,12,12,12,12: the lower middle
    // Spent 4 × 15 + 4 × 3 = 72 over 8 days: 9 a day.
    #expect(p.suggested == 9)
    #expect(p.reason == .evenOut)
  }

  @Test func heavyBorrowingLeavesNoKeptLevelAndTheAverageIsSuggested() {
    // Borrowing on 5 of 8 days: more than a third.
    let specs: [(Int) -> DayRecord] = (0..<8).map { i in
      i % 3 == 2
        ? { day($0, budget: 10, planned: 8, spent: 8, repaid: 2) }
        : { day($0, budget: 10, planned: 14, spent: 13, borrowed: 4) }
    }
    let p = pace(history(specs))
    #expect(p.borrowingDays == 6)
    #expect(p.keptLevel == nil)
    #expect(p.reason == .evenOut)
    // (6 × 13 + 2 × 8) / 8 = 11.75: rounded down, then no more than the usual 10.
    #expect(p.suggested == 10)
  }

  @Test func daysOfOnlyRestsHaveNothingToSuggestFrom() {
    let p = pace(history((0..<9).map { _ in { day($0, planned: 0, spent: 0, rested: 0) } }))
    #expect(p.moreDaysNeeded == 0)
    #expect(p.suggested == nil)
    #expect(p.reason == .nothingSpent)
  }

  @Test func onlyDaysInTheWindowCount() {
    let records = history((0..<20).map { _ in { day($0, planned: 5, spent: 5) } })
    #expect(pace(records, days: 8).days == 7)  // yesterday and the six days before it
    #expect(pace(records, days: 8).moreDaysNeeded == 0)
    #expect(pace(records, days: 5).moreDaysNeeded == 3)
  }

  @Test func morningsAfterHeavyDaysAreSetBesideTheOthers() {
    var specs: [(Int) -> DayRecord] = []
    for _ in 0..<3 {
      specs += [
        { day($0, planned: 10, spent: 10, mood: 4) },
        { day($0, planned: 12, spent: 14, borrowed: 2, mood: 4) },
        { day($0, budget: 12, planned: 10, spent: 10, repaid: 2, mood: 2) },
      ]
    }
    let live = EnergyDay(
      date: paceToday, ledger: SpoonLedger(budget: 12), isFinished: false, mood: 5)
    let p = pace(history(specs), live: live)
    let mood = try! #require(p.mood)
    // After the three heavy days: 2, 2, 2. After the others: five 4s, and this morning's 5.
    #expect(mood.afterHeavy == 3)
    #expect(mood.afterHeavyTenths == 20)
    #expect(mood.afterOther == 6)
    #expect(mood.afterOtherTenths == 42)
    #expect(mood.tendency == -1)
  }

  @Test func withNoMoodSaidThereIsNothingAboutMornings() {
    let p = pace(history((0..<8).map { _ in { day($0, planned: 5, spent: 5) } }))
    #expect(p.mood == nil)
  }

  @Test func aTaskThatTookMoreCanMakeADayHeavyWithoutBorrowing() {
    let heavy = day(0, budget: 10, planned: 9, spent: 12, checked: 9)
    #expect(heavy.ledger.wentPastItsSpoons)
    #expect(heavy.ledger.isFullyDone)
    let unfinished = day(0, budget: 10, planned: 9, spent: 10, checked: 6)
    #expect(!unfinished.ledger.isFullyDone)  // one task took more; the plan is still open
  }

  @Test(arguments: [
    // Three heavy days, then one that started lower: the hint.
    ([(12, 0, 14, 14, 2, 0), (12, 0, 14, 14, 2, 0), (12, 0, 13, 14, 0, 0), (12, 2, 9, 9, 0, 0)], true),
    // The low day left most undone.
    ([(12, 0, 12, 14, 0, 0), (12, 0, 12, 14, 0, 0), (12, 0, 12, 14, 0, 0), (12, 0, 10, 4, 0, 4)], true),
    // Only two heavy days before it.
    ([(12, 0, 10, 10, 0, 0), (12, 0, 14, 14, 2, 0), (12, 0, 14, 14, 2, 0), (12, 2, 9, 9, 0, 0)], false),
    // Three heavy days and an ordinary one after them.
    ([(12, 0, 14, 14, 2, 0), (12, 0, 14, 14, 2, 0), (12, 0, 14, 14, 2, 0), (12, 0, 10, 10, 0, 0)], false),
  ] as [([(Int, Int, Int, Int, Int, Int)], Bool)])
  func theMorningHintNeedsThreeHeavyDaysAndALowOne(
    days: [(Int, Int, Int, Int, Int, Int)], hint: Bool
  ) {
    // (budget, repaid, planned, spent, borrowed, checked or 0 for as spent)
    let records = days.enumerated().map { i, d in
      day(
        days.count - 1 - i, budget: d.0, planned: d.2, spent: d.3,
        checked: d.5 == 0 ? nil : d.5, borrowed: d.4, repaid: d.1)
    }
    #expect(Pace.boomAndBustJustHappened(records) == hint)
    #expect(!Pace.boomAndBustJustHappened(Array(records.dropFirst())))
  }

  @Test func aMoodGapUnderHalfAPointIsAboutTheSameEvenWhenRoundingWidensIt() {
    // 22 over 9 mornings (2.44) against 41 over 14 (2.93): 0.48 apart, though the rounded
    // 2.4 and 2.9 are 0.5 apart.
    let m = Pace.MoodAfter(
      afterHeavy: 9, afterHeavyTenths: 24, afterOther: 14, afterOtherTenths: 29,
      afterHeavySum: 22, afterOtherSum: 41)
    #expect(m.tendency == 0)
    let wider = Pace.MoodAfter(
      afterHeavy: 2, afterHeavyTenths: 20, afterOther: 2, afterOtherTenths: 25,
      afterHeavySum: 4, afterOtherSum: 5)
    #expect(wider.tendency == -1)  // exactly half a point
  }
}
