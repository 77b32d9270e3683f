@testable import SpoonsCore
import SpoonsTestSupport
import Testing

/// The day's arithmetic, once: every word the README defines, and the max-spoon rule.
@Suite("The ledger")
struct SpoonLedgerTests {
  @Test func everyWordFollowsFromWhatWasDecided() {
    let l = SpoonLedger(
      budget: 10, repaid: 2, borrowed: 3, rested: 1, reserve: 2, planned: 9, spent: 4)
    #expect(l.startedWith == 8 && l.total == 12 && l.left == 3 && l.room == 1 && l.over == 0)
    #expect(l.borrowLimit == 4 && l.canStillBorrow == 1)
    #expect(!l.isWithinBudget && !l.isFullyDone)
    let over = SpoonLedger(budget: 6, planned: 9)
    #expect(over.left == -3 && over.room == 0 && over.over == 3)
  }

  @Test func theMaxSpoonRuleAdmitsWhatFitsTheRoom() throws {
    let l = SpoonLedger(budget: 10, reserve: 2, planned: 5)  // left 5, room 3
    #expect(try l.admit(3) == 0)
    #expect(throws: PlannerError.intoReserve(reserve: 2, left: 5, selection: 4)) {
      try l.admit(4)
    }
    #expect(try l.admit(5, useReserve: true) == 0)
    #expect(throws: PlannerError.overBudget(budget: 10, planned: 5, selection: 6)) {
      try l.admit(6, useReserve: true)
    }
    // Borrowing takes exactly what is missing above the room, within the limit (5).
    #expect(try l.admit(7, borrowing: true) == 4)
    #expect(throws: PlannerError.borrowLimit(asked: 6, borrowed: 0, limit: 5)) {
      try l.admit(9, borrowing: true)
    }
    #expect(l.fits(3) && !l.fits(4) && l.fits(4, useReserve: true))
  }

  /// Over budget with a reserve kept back: the number said is the one that makes it fit (what
  /// `--borrow` borrows), and the reserve is named as why; with `--use-reserve`, it is not.
  @Test func overBudgetCountsAndNamesTheReserveKeptBack() throws {
    let l = SpoonLedger(budget: 10, reserve: 1, planned: 4)  // left 6, room 5
    #expect(throws: PlannerError.overBudget(budget: 10, planned: 4, selection: 8, reserve: 1)) {
      try l.admit(8)
    }
    let kept = PlannerError.overBudget(budget: 10, planned: 4, selection: 8, reserve: 1)
    #expect(
      kept.description
        == "over by 3: selection costs 8, 5 left to plan (6 left, 1 of them kept in reserve), "
        + "4 of 10 planned")
    #expect(try l.admit(8, borrowing: true) == 3, "borrowing takes the number said")
    let used = PlannerError.overBudget(budget: 10, planned: 4, selection: 8)
    #expect(throws: used) { try l.admit(8, useReserve: true) }
    #expect(used.description == "over budget by 2: 4 of 10 planned, selection costs 8, 6 left")
  }

  @Test func aRestGivesBackWhatWasSpentAndNotYetGivenBack() {
    #expect(SpoonLedger(budget: 10, spent: 0).giveBack(forRestOf: 3) == 0)
    #expect(SpoonLedger(budget: 10, spent: 5).giveBack(forRestOf: 3) == 3)
    #expect(SpoonLedger(budget: 10, rested: 3, spent: 5).giveBack(forRestOf: 3) == 2)
  }
}

@Suite("The ledger in the planner")
struct LedgerRuleTests {
  /// A rest checked off before anything is spent gives nothing, and stays at nothing when
  /// tasks are done later: what it gave is fixed when it is checked off.
  @Test func whatARestGaveIsFixedWhenItIsCheckedOff() throws {
    var p = try planner(budget: 5, costs: [2])
    let nap = try p.addRest(try Title("Nap"), spoons: try SpoonCost(3), at: morning)
    try p.markDone([nap.id], at: morning)
    #expect(p.task(nap.id)?.gaveBack == 0 && p.ledger?.rested == 0 && p.ledger?.total == 5)
    try p.plan(ids(1), at: morning)
    try p.markDone(ids(1), at: morning)
    #expect(p.task(nap.id)?.gaveBack == 0 && p.ledger?.rested == 0 && p.ledger?.left == 3)
  }

  /// Work and rests checked off together: the work counts first, whatever the order typed.
  @Test func restsInOneCheckOffCountTheWorkBesideThem() throws {
    var p = try planner(budget: 5, costs: [2])
    try p.plan(ids(1), at: morning)
    let nap = try p.addRest(try Title("Nap"), spoons: try SpoonCost(3), at: morning)
    let done = try p.markDone([nap.id, TaskID(1)], at: morning)
    #expect(done.map(\.id) == [nap.id, TaskID(1)])
    #expect(p.task(nap.id)?.gaveBack == 2 && p.ledger?.rested == 2)
  }

  /// Undoing the work a rest gave back for takes that back too (the latest rest first).
  @Test func undoingWorkTakesBackWhatARestGaveForIt() throws {
    var p = try planner(budget: 10, costs: [4])
    try p.plan(ids(1), at: morning)
    try p.markDone(ids(1), at: morning)
    let nap = try p.addRest(try Title("Nap"), spoons: try SpoonCost(2), at: morning)
    try p.markDone([nap.id], at: morning)
    try p.markUndone(ids(1), at: morning)
    #expect(p.task(nap.id)?.gaveBack == 0 && p.ledger?.rested == 0 && p.ledger?.total == 10)
  }

  /// Routines at new-day, `suggest` and `plan` ask the same rule: the reserve is kept.
  @Test func routinesAndSuggestAskTheSameRuleAsPlan() throws {
    var p = Planner()
    try p.setReserve(2)
    try p.addRoutine(try Title("Walk"), spoons: try SpoonCost(3), at: morning)
    try p.addRoutine(try Title("Meds"), spoons: try SpoonCost(1), at: morning)
    let outcome = try p.startNewDay(budget: 5, at: morning)  // room 3: Walk fits, Meds not
    #expect(outcome.fromRoutines.map(\.title.text) == ["Walk"])
    #expect(outcome.skipped.map(\.title.text) == ["Meds"])
    #expect(p.ledger?.room == 0 && p.suggest().room == 0)
  }

  /// A file written before rests kept what they gave: together, they gave what was spent up
  /// to their spoons, shared out in list order.
  @Test func oldDoneRestsAreFilledInWhenLoaded() throws {
    let day = try Day(date: morning.date, budget: 10)
    func task(_ id: Int, _ spoons: Int, rest: Bool) throws -> SpoonTask {
      SpoonTask(
        id: TaskID(id), title: try Title("T\(id)"), spoons: try SpoonCost(spoons),
        placement: .done(from: .category, at: morning), created: morning, updated: morning,
        isRest: rest)
    }
    let p = try Planner(
      nextID: TaskID(4), day: day,
      tasks: [try task(1, 3, rest: false), try task(2, 2, rest: true), try task(3, 2, rest: true)])
    #expect(p.task(TaskID(2))?.gaveBack == 2 && p.task(TaskID(3))?.gaveBack == 1)
    #expect(p.ledger?.rested == 3)
  }

  /// A rest checked off on an earlier day and reopened waits in its category like any rest,
  /// having given nothing: only a done rest carries what it gave back.
  @Test func aReopenedRestForgetsWhatItGave() throws {
    var p = try planner(budget: 6, costs: [1])
    try p.plan(ids(1), at: morning)
    try p.markDone(ids(1), at: morning)
    let nap = try p.addRest(try Title("Nap"), spoons: try SpoonCost(2), at: morning)
    try p.markDone([nap.id], at: morning)
    let outcome = try p.startNewDay(budget: 5, at: nextMorning)
    let archived = try #require(outcome.finished?.doneTasks.first { $0.isRest })
    #expect(archived.gaveBack == 1)
    let reopened = try p.reopen(archived, at: nextMorning)
    #expect(reopened.placement == .category && reopened.gaveBack == nil)
  }
}
