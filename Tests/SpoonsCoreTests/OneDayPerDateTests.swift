@testable import SpoonsCore
import SpoonsTestSupport
import Testing

/// One date is one day: a second `new-day` is refused, the budget changes in place, a borrow
/// the day no longer needs goes back, a routine goes on a day's list once, and nothing
/// changes a day that is over.
@Suite("One day per date, and a budget that can change")
struct OneDayPerDateTests {
  let monday = at("2026-11-16T09:00:00+01:00")

  // MARK: - A second new-day

  @Test func aSecondNewDayOnTheOpenDateIsRefusedAndChangesNothing() throws {
    var p = Planner()
    try p.startNewDay(budget: 10, at: monday)
    try p.add("Laundry", spoons: 3, at: monday)
    try p.plan(ids(1), at: monday)
    let refusal = PlannerError.dayAlreadyBegun(
      CivilDate(iso: "2026-11-16")!, budget: 10, asked: 8, dayStart: nil)
    #expect(expectRefusal(p, refusal) { try $0.startNewDay(budget: 8, at: monday.plus(hours: 3)) })
    #expect(refusal.description
      == "today (Mon 16 Nov) has begun with 10 spoons; to make it 8, type: spoons budget 8")
    // A mistyped 0, or the same budget again, is refused alike.
    #expect(expectRefusal(
      p, .dayAlreadyBegun(CivilDate(iso: "2026-11-16")!, budget: 10, asked: 0, dayStart: nil)
    ) { try $0.startNewDay(budget: 0, at: monday) })
    let same = PlannerError.dayAlreadyBegun(
      CivilDate(iso: "2026-11-16")!, budget: 10, asked: 10, dayStart: nil)
    #expect(expectRefusal(p, same) { try $0.startNewDay(budget: 10, at: monday) })
    #expect(same.description.hasPrefix("today (Mon 16 Nov) has already begun with 10 spoons"))
    #expect(!same.isUsageMistake)
    // The next date starts as ever.
    try p.startNewDay(budget: 8, at: monday.plus(days: 1))
    #expect(p.day?.date == CivilDate(iso: "2026-11-17") && p.backlog.map(\.id) == ids(1))
  }

  /// At 01:00 it is still the day before: a `new-day` then is the same date, and the refusal
  /// says the day start, not the clock, keeps it.
  @Test func inTheSmallHoursTheRefusalNamesTheDayStart() throws {
    var p = Planner()
    try p.startNewDay(budget: 12, at: at("2026-11-22T09:00:00+01:00"))
    let night = at("2026-11-23T01:00:00+01:00")
    let refusal = PlannerError.dayAlreadyBegun(
      CivilDate(iso: "2026-11-22")!, budget: 12, asked: 8, dayStart: .standard)
    #expect(expectRefusal(p, refusal) { try $0.startNewDay(budget: 8, at: night) })
    #expect(refusal.description.hasPrefix(
      "today (Sun 22 Nov, until your day starts at 04:00) has begun with 12 spoons"))
    #expect(throws: refusal) { try p.checkNewDay(asked: 8, at: night) }
  }

  /// Moving the day start later after today began makes the small hours the day before
  /// again: `new-day` then is refused for what it is, not blamed on the clock.
  @Test func aDayStartMovedLaterIsNotBlamedOnTheClock() throws {
    var p = Planner()
    let early = at("2026-11-23T05:00:00+01:00")
    try p.startNewDay(budget: 12, at: early)
    p.setDayStart(DayStart("06:00")!)
    let refusal = PlannerError.dayBeforeCurrent(
      today: CivilDate(iso: "2026-11-22")!, open: CivilDate(iso: "2026-11-23")!,
      dayStart: DayStart("06:00")!)
    #expect(expectRefusal(p, refusal) { try $0.startNewDay(budget: 8, at: early.plus(minutes: 30)) })
    #expect(refusal.description.contains("your day starts at 06:00"))
    #expect(!refusal.description.contains("clock"))
    // A clock really gone back is still named as such.
    #expect(throws: PlannerError.dayBeforeCurrent(
      today: CivilDate(iso: "2026-11-20")!, open: CivilDate(iso: "2026-11-23")!)
    ) { try p.checkNewDay(asked: 8, at: at("2026-11-20T09:00:00+01:00")) }
  }

  // MARK: - budget N

  @Test func aNewBudgetKeepsTheListAndSaysWhatNoLongerFits() throws {
    var p = try planner(budget: 10, costs: [4, 5, 1])
    try p.plan(ids(1, 2), at: morning)
    let later = morning.plus(hours: 2)
    let change = try p.setBudget(8, at: later)
    #expect(change == BudgetChange(was: 10, repaidBefore: 0))
    #expect(p.day?.budget == 8 && p.day?.budgetSet == later && p.todo.map(\.id) == ids(1, 2))
    #expect(p.ledger?.over == 1 && p.ledger?.planned == 9)
    // The cheapest open task that brings it back within, else the dearest.
    #expect(p.taskToUnplan(freeing: 1)?.id == TaskID(1))
    #expect(p.taskToUnplan(freeing: 5)?.id == TaskID(2))
    #expect(p.taskToUnplan(freeing: 7)?.id == TaskID(2))
    try p.markDone(ids(2), at: later)
    #expect(p.taskToUnplan(freeing: 5)?.id == TaskID(1))
    // Back up: it fits again, and the next day offers the budget as it now is.
    try p.setBudget(12, at: later)
    #expect(p.ledger?.over == 0 && p.ledger?.left == 3 && p.usualBudget == 12)
  }

  @Test func theSameBudgetChangesNothingAndBadOnesAreRefusedAsNewDayRefusesThem() throws {
    let p = try planner(budget: 10)
    var same = p
    #expect(try same.setBudget(10, at: morning.plus(hours: 1)).was == 10)
    #expect(same == p)
    for bad in [-1, 100, 1_000_000] {
      #expect(expectRefusal(p, .invalidBudget(bad)) { try $0.setBudget(bad, at: morning) })
      #expect(expectRefusal(p, .invalidBudget(bad)) { try $0.startNewDay(budget: bad, at: morning) })
    }
    #expect(expectRefusal(Planner(), .noDayStarted) { try $0.setBudget(8, at: morning) })
    var zero = p
    try zero.setBudget(0, at: morning)
    #expect(zero.ledger?.total == 0)
  }

  /// A lower budget repays at most half of itself, as `new-day` would; a higher one repays no
  /// more than the day did, so what `new-day` wrote off stays written off. The borrowing
  /// stays within half of what the day now starts with.
  @Test func aNewBudgetRepaysAtMostHalfAndBorrowsAtMostHalf() throws {
    var p = try planner(budget: 12)
    try p.borrow(5)
    try p.startNewDay(budget: 10, at: morning.plus(days: 1))
    #expect(p.day?.repaid == 5)
    try p.borrow(2)
    let change = try p.setBudget(4, at: morning.plus(days: 1, hours: 1))
    #expect(change.repaidBefore == 5 && p.day?.repaid == 2 && p.ledger?.startedWith == 2)
    #expect(p.day?.borrowed == 1)  // half of 2
    // Raised again, it repays no more; the spoons it frees give the borrow back.
    try p.setBudget(10, at: morning.plus(days: 1, hours: 2))
    #expect(p.day?.repaid == 2 && p.day?.borrowed == 0 && p.ledger?.startedWith == 8)
  }

  // MARK: - Giving a borrow back

  @Test func unplanningWhatWasBorrowedForGivesTheBorrowBack() throws {
    var p = try planner(budget: 10, costs: [4, 5, 3])
    try p.plan(ids(1, 2), at: morning)
    try p.plan(ids(3), at: morning, borrow: true)
    #expect(p.day?.borrowed == 2)
    try p.unplan(ids(3), at: morning)
    #expect(p.day?.borrowed == 0 && p.ledger?.left == 1)
    // Tomorrow repays nothing.
    try p.startNewDay(budget: 10, at: morning.plus(days: 1))
    #expect(p.day?.repaid == 0)
  }

  @Test func onlyWhatThePlanNoLongerNeedsGoesBack() throws {
    var p = try planner(budget: 10, costs: [4, 5, 3, 1])
    try p.plan(ids(1, 2), at: morning)
    try p.plan(ids(3), at: morning, borrow: true)  // 12 planned, 2 borrowed
    try p.unplan(ids(1), at: morning)  // 8 planned: none needed, 2 back
    #expect(p.day?.borrowed == 0)
    var q = try planner(budget: 10, costs: [4, 5, 3, 1])
    try q.plan(ids(4, 2), at: morning)
    try q.plan(ids(1), at: morning, borrow: true)  // 10 planned
    try q.plan(ids(3), at: morning, borrow: true)  // 13 planned, 3 borrowed
    try q.unplan(ids(4), at: morning)  // 12 planned: 2 still needed
    #expect(q.day?.borrowed == 2 && q.ledger?.left == 0)
  }

  @Test func deletingOrEditingCheaperGivesBackToo() throws {
    var p = try planner(budget: 10, costs: [4, 5, 3])
    try p.plan(ids(1, 2), at: morning)
    try p.plan(ids(3), at: morning, borrow: true)
    try p.delete(ids(3))
    #expect(p.day?.borrowed == 0)
    var q = try planner(budget: 10, costs: [4, 5, 3])
    try q.plan(ids(1, 2), at: morning)
    try q.plan(ids(3), at: morning, borrow: true)
    try q.edit(TaskID(3), TaskEdit(spoons: try SpoonCost(2)), at: morning)
    #expect(q.day?.borrowed == 1 && q.ledger?.left == 0)
    try q.setBudget(11, at: morning)
    #expect(q.day?.borrowed == 0 && q.ledger?.left == 0)
  }

  /// Spoons borrowed ahead stay while nothing is taken off the plan: what may still be
  /// planned never shrinks because something was unplanned; and a rest's spoons are the
  /// day's, not a repayment.
  @Test func aBorrowGoesBackOnlyFromSpoonsTheChangeFreed() throws {
    var p = try planner(budget: 10, costs: [2, 3])
    try p.plan(ids(1), at: morning)
    try p.borrow(2)
    let room = p.ledger!.room
    try p.unplan(ids(1), at: morning)
    #expect(p.day?.borrowed == 0 && p.ledger!.room == room)
    var q = try planner(budget: 4, costs: [4, 2])
    try q.plan(ids(1), at: morning)
    try q.plan(ids(2), at: morning, borrow: true)
    try q.markDone(ids(1), at: morning)
    try q.addRest(Title("Nap"), spoons: try SpoonCost(2), at: morning)
    try q.markDone([q.todo.last!.id], at: morning)
    #expect(q.ledger?.rested == 2 && q.day?.borrowed == 2)
  }

  @Test func borrowZeroGivesBackWhatThePlanDoesNotNeed() throws {
    var p = try planner(budget: 10, costs: [4, 5, 3])
    try p.plan(ids(1, 2), at: morning)
    try p.plan(ids(3), at: morning, borrow: true)
    try p.borrow(2)
    #expect(p.day?.borrowed == 4 && p.borrowNeeded == 2)
    #expect(try p.borrow(0) == 2)
    #expect(expectRefusal(p, .nothingToGiveBack(borrowed: 2)) { try $0.borrow(0) })
    #expect(expectRefusal(try planner(budget: 10), .nothingToGiveBack(borrowed: 0)) {
      try $0.borrow(0)
    })
    #expect(expectRefusal(Planner(), .noDayStarted) { try $0.borrow(0) })
    // The reserve is kept as plan --borrow kept it.
    var r = try planner(budget: 10, costs: [8, 3])
    try r.setReserve(2)
    try r.plan(ids(1), at: morning)
    try r.plan(ids(2), at: morning, borrow: true)
    #expect(r.day?.borrowed == 3 && r.borrowNeeded == 3)
  }

  // MARK: - Routines once a day

  @Test func aRoutineGoesOnTodaysListOnce() throws {
    var p = Planner()
    let meds = try p.addRoutine(Title("Meds"), spoons: SpoonCost(1), at: morning)
    try p.startNewDay(budget: 10, at: morning)
    let task = p.todo[0]
    let refusal = PlannerError.routineAlreadyToday(meds.id, title: meds.title, task: task.id)
    #expect(expectRefusal(p, refusal) { try $0.planRoutineToday(meds.id, at: morning) })
    #expect(refusal.description == "routine r1 Meds is already on today's list as #1; a routine "
      + "goes on a day's list once")
    try p.markDone([task.id], at: morning)
    #expect(expectRefusal(p, refusal) { try $0.planRoutineToday(meds.id, at: morning) })
    // Unplanned, it may go on again.
    var q = Planner()
    let walk = try q.addRoutine(Title("Walk"), spoons: SpoonCost(2), at: morning)
    try q.startNewDay(budget: 10, at: morning)
    try q.unplan([q.todo[0].id], at: morning)
    #expect(try q.planRoutineToday(walk.id, at: morning).routine == walk.id)
  }

  // MARK: - Nothing changes a day that is over

  /// Every rule that changes the open day's list, its numbers or a task on it is refused
  /// once the next day has begun; those that touch only the categories, the backlog or the
  /// settings go ahead, and so does a day the person chose to keep.
  @Test func aChangeThatTouchesAnEndedDayIsRefusedWhateverRuleMadeIt() throws {
    var saturday = try planner(budget: 10, costs: [2, 3, 1])
    try saturday.plan(ids(1, 2), at: morning)
    try saturday.markDone(ids(2), at: morning)
    try saturday.addRoutine(Title("Meds"), spoons: SpoonCost(1), at: morning)
    let next = morning.plus(days: 1)
    let ended = PlannerError.openDayHasEnded(
      open: morning.date, today: next.date, usualBudget: 10)
    let touching: [(String, (inout Planner) throws -> Void)] = [
      ("plan", { _ = try $0.plan(ids(3), at: next) }),
      ("unplan", { _ = try $0.unplan(ids(1), at: next) }),
      ("done", { _ = try $0.markDone(ids(1), at: next) }),
      ("undone", { _ = try $0.markUndone(ids(2), at: next) }),
      ("edit spoons", { _ = try $0.edit(TaskID(1), TaskEdit(spoons: try SpoonCost(5)), at: next) }),
      ("edit title", { _ = try $0.edit(TaskID(2), TaskEdit(title: try Title("Walk")), at: next) }),
      ("delete", { _ = try $0.delete(ids(1)) }),
      ("borrow", { _ = try $0.borrow(1) }),
      ("budget", { _ = try $0.setBudget(8, at: next) }),
      ("rest", { _ = try $0.addRest(Title("Nap"), spoons: SpoonCost(1), at: next) }),
      ("routine today", { _ = try $0.planRoutineToday(RoutineID(1), at: next) }),
    ]
    for (name, rule) in touching {
      var after = saturday
      try rule(&after)
      #expect(throws: ended, "\(name)") {
        try after.checkEndedDayUntouched(since: saturday, at: next)
      }
      try after.checkEndedDayUntouched(since: saturday, at: next, keeping: morning.date)
    }
    let untouched: [(String, (inout Planner) throws -> Void)] = [
      ("add", { _ = try $0.add("Post", spoons: 1, at: next) }),
      ("edit a waiting task", { _ = try $0.edit(TaskID(3), TaskEdit(note: "stamps"), at: next) }),
      ("delete a waiting task", { _ = try $0.delete(ids(3)) }),
      ("reserve", { try $0.setReserve(2) }),
      ("new-day", { _ = try $0.startNewDay(budget: 10, at: next) }),
    ]
    for (name, rule) in untouched {
      var after = saturday
      try rule(&after)
      #expect(throws: Never.self, "\(name)") {
        try after.checkEndedDayUntouched(since: saturday, at: next)
      }
    }
  }
}
