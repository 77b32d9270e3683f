@testable import SpoonsCore
import SpoonsTestSupport
import Testing

private let saturday = morning  // 2026-11-21 is a Saturday
private let sunday = morning.plus(days: 1, minutes: -30)
private let monday = thirdMorning.plus(minutes: -30)

private func title(_ text: String) -> Title { try! Title(text) }
private func cost(_ n: Int) -> SpoonCost { try! SpoonCost(n) }

@Suite("Routines")
struct RoutineTests {
  /// A planner with routines (title, cost, days) and no day yet.
  func withRoutines(_ list: [(String, Int, Recurrence)], rest: Set<String> = []) throws -> Planner {
    var p = Planner()
    for (name, spoons, days) in list {
      try p.addRoutine(
        title(name), spoons: cost(spoons), days: days, isRest: rest.contains(name), at: morning)
    }
    return p
  }

  @Test func newDayPutsTodaysRoutinesFirstInTheirOrder() throws {
    var p = try withRoutines([
      ("Take meds", 1, .everyDay), ("Walk the dog", 2, .workdays), ("Stretch", 1, .weekend),
    ])
    let outcome = try p.startNewDay(budget: 10, at: saturday)
    #expect(outcome.fromRoutines.map(\.title.text) == ["Take meds", "Stretch"])
    #expect(p.todo.map(\.title.text) == ["Take meds", "Stretch"])
    #expect(p.todo.map(\.routine) == [RoutineID(1), RoutineID(3)])
    #expect(p.ledger!.planned == 2 && outcome.skipped.isEmpty)
    try p.startNewDay(budget: 10, at: monday)
    #expect(p.todo.map(\.title.text) == ["Take meds", "Walk the dog"])
  }

  @Test func routinesThatDoNotFitAreSkippedAndNamedNeverOverBudget() throws {
    var p = try withRoutines([
      ("Take meds", 1, .everyDay), ("Cook dinner", 3, .everyDay), ("Walk", 2, .everyDay),
      ("Nap", 4, .everyDay),
    ], rest: ["Nap"])
    let outcome = try p.startNewDay(budget: 3, at: saturday)
    // In order: meds (1) fits, dinner (3) does not, walk (2) does; a rest costs nothing.
    #expect(outcome.fromRoutines.map(\.title.text) == ["Take meds", "Walk", "Nap"])
    #expect(outcome.skipped.map(\.title.text) == ["Cook dinner"])
    #expect(p.ledger!.planned == 3 && p.ledger!.planned <= p.ledger!.total)
  }

  @Test func theReserveIsKeptFromRoutinesToo() throws {
    var p = try withRoutines([("Take meds", 1, .everyDay), ("Walk", 2, .everyDay)])
    try p.setReserve(1)
    let outcome = try p.startNewDay(budget: 3, at: saturday)
    #expect(outcome.fromRoutines.map(\.title.text) == ["Take meds"])
    #expect(outcome.skipped.map(\.title.text) == ["Walk"])
  }

  @Test func pausedRoutinesMakeNothingUntilResumed() throws {
    var p = try withRoutines([("Take meds", 1, .everyDay)])
    #expect(try p.setRoutine(RoutineID(1), paused: true).isPaused)
    #expect(try p.startNewDay(budget: 5, at: saturday).fromRoutines.isEmpty)
    #expect(try p.setRoutine(RoutineID(1), paused: false).isPaused == false)
    #expect(try p.startNewDay(budget: 5, at: sunday).fromRoutines.count == 1)
    #expect(expectRefusal(p, .routineNotPaused(RoutineID(1))) {
      try $0.setRoutine(RoutineID(1), paused: false)
    })
    try p.setRoutine(RoutineID(1), paused: true)
    #expect(expectRefusal(p, .routineAlreadyPaused(RoutineID(1))) {
      try $0.setRoutine(RoutineID(1), paused: true)
    })
    #expect(expectRefusal(p, .unknownRoutine(RoutineID(9))) { try $0.removeRoutine(RoutineID(9)) })
    #expect(expectRefusal(p, .noRoutineDays) {
      try $0.addRoutine(title("x"), spoons: cost(1), days: .weekly(Weekdays(mask: 0)), at: morning)
    })
  }

  @Test func unfinishedRoutineTasksAreDroppedNotBackloggedAndNeverTwiceOnAList() throws {
    var p = try withRoutines([("Take meds", 1, .everyDay), ("Cook", 2, .everyDay)])
    try p.startNewDay(budget: 5, at: saturday)
    let meds = p.todo[0].id
    try p.markDone([meds], at: saturday)
    let outcome = try p.startNewDay(budget: 5, at: sunday)
    #expect(outcome.dropped.map(\.title.text) == ["Cook"])
    #expect(outcome.rolledOver.isEmpty && p.backlog.isEmpty)
    #expect(outcome.finished?.doneTasks.map(\.id) == [meds])
    #expect(p.todo.map(\.title.text) == ["Take meds", "Cook"])
    // Left undone again, and the next day: still one of each.
    let next = try p.startNewDay(budget: 5, at: monday)
    #expect(next.dropped.map(\.title.text) == ["Take meds", "Cook"])
    #expect(p.todo.map(\.title.text) == ["Take meds", "Cook"])
    #expect(p.taskCount == 2)
  }

  @Test func checkingOffARoutinesTaskLeavesTheRoutineAsItWas() throws {
    var p = try withRoutines([("Take meds", 1, .everyDay)])
    let before = p.routines
    try p.startNewDay(budget: 5, at: saturday)
    try p.markDone([p.todo[0].id], at: saturday)
    try p.edit(p.todo[0].id, TaskEdit(title: title("Meds (evening)")), at: saturday)
    #expect(p.routines == before)
  }

  @Test func unplanningARoutinesTaskDropsIt() throws {
    var p = try withRoutines([("Take meds", 1, .everyDay)])
    try p.startNewDay(budget: 5, at: saturday)
    let id = p.todo[0].id
    try p.unplan([id], at: saturday)
    #expect(p.task(id) == nil && p.todo.isEmpty && p.count(in: cost(1)) == 0)
  }

  @Test func removingARoutineKeepsTodaysTask() throws {
    var p = try withRoutines([("Take meds", 1, .everyDay)])
    try p.startNewDay(budget: 5, at: saturday)
    try p.removeRoutine(RoutineID(1))
    #expect(p.routines.isEmpty && p.todo.map(\.title.text) == ["Take meds"])
    #expect(try p.addRoutine(title("New"), spoons: cost(1), at: morning).id == RoutineID(2))
  }

  @Test func weekdaysReadAndWriteEveryForm() {
    #expect(Weekdays("mon,WED,fri") == Weekdays([1, 3, 5]))
    #expect(Weekdays("daily") == .everyDay && Weekdays("weekdays") == .workdays)
    #expect(Weekdays("weekends") == .weekend)
    #expect(Weekdays("mon,,fri") == nil && Weekdays("someday") == nil && Weekdays("") == nil)
    #expect(Weekdays([0, 1, 3]).description == "Mon, Wed, Sun")
    #expect(Weekdays([0, 1, 3]).storedForm == "mon,wed,sun")
    #expect(Weekdays(Weekdays.workdays.storedForm) == .workdays)
    #expect(Weekdays.everyDay.storedForm == "daily")
  }
}

@Suite("Borrowing from tomorrow")
struct BorrowingTests {
  @Test func borrowRaisesTodayAndTheNextDayPaysItBack() throws {
    var p = try planner(budget: 12)
    #expect(try p.borrow(3) == 3)
    #expect(p.ledger!.total == 15 && p.ledger!.left == 15)
    let outcome = try p.startNewDay(budget: 12, at: sunday)
    #expect(p.day?.budget == 12 && p.day?.repaid == 3 && p.ledger?.startedWith == 9)
    #expect(p.day?.borrowed == 0 && outcome.writtenOff == 0)
    #expect(outcome.finished?.record.ledger.borrowed == 3)
  }

  /// A day repays at most half its budget and writes the rest off, never carrying it: a low
  /// day keeps half its spoons and starts no spiral of debt. The budget asked for stays what
  /// the person asked for.
  @Test func aLowDayRepaysAtMostHalfAndWritesTheRestOff() throws {
    var p = try planner(budget: 12)
    try p.borrow(6)
    let low = try p.startNewDay(budget: 2, at: sunday)
    #expect(p.day?.budget == 2 && p.day?.repaid == 1 && p.ledger?.startedWith == 1)
    #expect(low.writtenOff == 5 && low.finished?.record.ledger.borrowed == 6)
    let next = try p.startNewDay(budget: 10, at: at("2026-11-23T07:30:00+01:00"))
    #expect(p.day?.repaid == 0 && p.ledger?.startedWith == 10 && next.writtenOff == 0)
  }

  @Test func borrowingIsLimitedToHalfTheDaysBudget() throws {
    var p = try planner(budget: 9)
    try p.borrow(3)
    #expect(expectRefusal(p, .borrowLimit(asked: 2, borrowed: 3, limit: 4)) { try $0.borrow(2) })
    #expect(expectRefusal(p, .invalidBorrow(-2)) { try $0.borrow(-2) })
    #expect(expectRefusal(try planner(budget: nil), .noDayStarted) { try $0.borrow(1) })
    #expect(expectRefusal(try planner(budget: 1), .borrowLimit(asked: 1, borrowed: 0, limit: 0)) {
      try $0.borrow(1)
    })
  }

  @Test func planWithBorrowBorrowsExactlyWhatTheSelectionNeeds() throws {
    var p = try planner(budget: 10, costs: [4, 5, 3])
    try p.plan(ids(1, 2), at: morning)
    let outcome = try p.plan(ids(3), at: morning, borrow: true)
    #expect(outcome.borrowed == 2 && p.day?.borrowed == 2)
    #expect(p.ledger!.planned == 12 && p.ledger!.left == 0)
    // Room enough: nothing borrowed.
    var q = try planner(budget: 10, costs: [4])
    #expect(try q.plan(ids(1), at: morning, borrow: true).borrowed == 0)
  }

  @Test func planWithBorrowPastTheLimitIsRefusedWholly() throws {
    let p = try planner(budget: 6, costs: [6, 4])
    var q = p
    try q.plan(ids(1), at: morning)
    #expect(expectRefusal(q, .borrowLimit(asked: 4, borrowed: 0, limit: 3)) {
      try $0.plan(ids(2), at: morning, borrow: true)
    })
  }
}

@Suite("Rest")
struct RestTests {
  @Test func aRestCostsNothingToPlanAndGivesBackWhenDone() throws {
    var p = try planner(budget: 10, costs: [6])
    try p.plan(ids(1), at: morning)
    try p.markDone(ids(1), at: morning)
    let nap = try p.addRest(title("Nap"), spoons: cost(2), at: morning)
    #expect(p.ledger!.planned == 6 && p.ledger!.left == 4)
    try p.markDone([nap.id], at: morning)
    #expect(p.ledger!.rested == 2 && p.ledger!.total == 12 && p.ledger!.left == 6 && p.ledger!.spent == 6)
  }

  @Test func aRestGivesBackAtMostWhatWasSpent() throws {
    var p = try planner(budget: 10, costs: [1])
    try p.plan(ids(1), at: morning)
    try p.markDone(ids(1), at: morning)
    let nap = try p.addRest(title("Long nap"), spoons: cost(5), at: morning)
    try p.markDone([nap.id], at: morning)
    #expect(p.ledger!.rested == 1 && p.ledger!.left <= 10 && p.ledger!.total == 11)
  }

  @Test func takingBackARestThatPaidForPlansIsRefused() throws {
    var p = try planner(budget: 4, costs: [4, 2])
    try p.plan(ids(1), at: morning)
    try p.markDone(ids(1), at: morning)
    let nap = try p.addRest(title("Nap"), spoons: cost(2), at: morning)
    try p.markDone([nap.id], at: morning)
    try p.plan(ids(2), at: morning)  // paid for by the rest
    #expect(expectRefusal(p, .wouldLeaveOverBudget(planned: 6, capacity: 4)) {
      try $0.markUndone([nap.id], at: morning)
    })
    #expect(expectRefusal(p, .wouldLeaveOverBudget(planned: 6, capacity: 4)) {
      try $0.delete([nap.id])
    })
    var deleted = p
    try deleted.delete(ids(1))  // its 4 planned spoons go too: fits
    #expect(deleted.ledger!.planned == 2 && deleted.ledger!.total == 4)
    #expect(expectRefusal(p, .wouldLeaveOverBudget(planned: 6, capacity: 4)) {
      try $0.markUndone(ids(1), at: morning)
    })
  }

  @Test func aRestNeedsADay() throws {
    #expect(expectRefusal(Planner(), .noDayStarted) {
      try $0.addRest(title("Nap"), spoons: cost(2), at: morning)
    })
  }

  @Test func restsHaveNoSectionByCostAndStayOutOfTheCategoriesCount() throws {
    var p = try planner(budget: 5, costs: [2])
    try p.addRest(title("Nap"), spoons: cost(2), at: morning)
    #expect(p.todoSections.allSatisfy { $0.tasks.isEmpty })
    #expect(p.todoRests.map(\.title.text) == ["Nap"])
    try p.unplan([p.todoRests[0].id], at: morning)
    #expect(p.category(cost(2)).map(\.isRest) == [false, true])
  }
}

@Suite("Reserve")
struct ReserveTests {
  @Test func planKeepsTheReserveUnlessToldToUseIt() throws {
    var p = try planner(budget: 6, costs: [5, 1])
    try p.setReserve(1)
    try p.plan(ids(1), at: morning)
    #expect(expectRefusal(p, .intoReserve(reserve: 1, left: 1, selection: 1)) {
      try $0.plan(ids(2), at: morning)
    })
    var used = p
    try used.plan(ids(2), at: morning, useReserve: true)
    #expect(used.ledger!.left == 0 && used.day?.borrowed == 0)
    var borrowed = p
    #expect(try borrowed.plan(ids(2), at: morning, borrow: true).borrowed == 1)
    #expect(borrowed.ledger!.left == 1)
  }

  @Test func pastTheWholeBudgetIsStillOverBudgetEvenWithTheReserve() throws {
    var p = try planner(budget: 6, costs: [5, 3])
    try p.setReserve(1)
    try p.plan(ids(1), at: morning, useReserve: true)
    #expect(expectRefusal(p, .overBudget(budget: 6, planned: 5, selection: 3)) {
      try $0.plan(ids(2), at: morning, useReserve: true)
    })
  }

  @Test func theReserveIsZeroToNinetyNine() throws {
    var p = Planner()
    #expect(expectRefusal(p, .invalidReserve(-1)) { try $0.setReserve(-1) })
    #expect(expectRefusal(p, .invalidReserve(100)) { try $0.setReserve(100) })
    try p.setReserve(0)
    #expect(p.reserve == 0)
  }
}
