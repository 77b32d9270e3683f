@testable import SpoonsCore
import SpoonsTestSupport
import Testing

@Suite("Rule 1: add")
struct AddTests {
  @Test func addGoesToTheEndOfItsCategoryWithAFreshID() throws {
    var p = try planner(costs: [3, 3])
    let task = try p.add("Laundry", spoons: 3, at: morning)
    #expect(task.id == TaskID(3))
    #expect(p.category(try SpoonCost(3)).map(\.title.text) == ["Task 1", "Task 2", "Laundry"])
    #expect(task.created == morning && task.updated == morning)
    #expect(task.placement == .category)
  }

  @Test func idsAreNeverReusedAfterDeletion() throws {
    var p = try planner(costs: [1, 2])
    try p.delete(ids(2))
    #expect(try p.add("Again", spoons: 2, at: morning).id == TaskID(3))
  }

  @Test func invalidAddChangesNothing() throws {
    let p = try planner(costs: [1])
    #expect(expectRefusal(p, .invalidSpoons(11)) { try $0.add("x", spoons: 11, at: morning) })
    #expect(expectRefusal(p, .invalidTitle(.empty)) { try $0.add("  ", spoons: 2, at: morning) })
  }
}

@Suite("Rule 2: new day")
struct NewDayTests {
  @Test func firstDayStartsWithTheBudget() throws {
    var p = Planner()
    let outcome = try p.startNewDay(budget: 12, at: morning)
    #expect(outcome.finished == nil && outcome.rolledOver.isEmpty)
    #expect(p.day?.budget == 12 && p.day?.date.description == "2026-11-21")
    #expect(p.ledger!.planned == 0 && p.ledger!.spent == 0 && p.ledger!.left == 12)
  }

  @Test func unfinishedRollIntoTheBacklogAndDoneLeaveForHistory() throws {
    var p = try planner(budget: 12, costs: [2, 3, 4, 1])
    try p.plan(ids(1, 2, 3), at: morning)
    try p.markDone(ids(2), at: morning.plus(hours: 2))
    let tomorrow = morning.plus(days: 1, minutes: -30)
    let outcome = try p.startNewDay(budget: 9, at: tomorrow)

    #expect(outcome.rolledOver.map(\.id) == ids(1, 3))
    #expect(p.backlog.map(\.id) == ids(1, 3))
    #expect(p.backlog.allSatisfy { $0.placement == .backlog(since: morning.date) })
    let finished = try #require(outcome.finished)
    #expect(
      finished.record
        == DayRecord(date: morning.date, budget: 12, planned: 9, spent: 3, done: ids(2)))
    #expect(finished.doneTasks.map(\.id) == ids(2))
    #expect(p.task(TaskID(2)) == nil)
    #expect(p.day?.date == tomorrow.date && p.day?.budget == 9 && p.ledger!.planned == 0)
    #expect(p.category(try SpoonCost(1)).map(\.id) == ids(4))
  }

  /// One date is one day: `budget` changes it instead (`OneDayPerDateTests`).
  @Test func refusedTwiceOnOneDate() throws {
    let p = try planner(budget: 5, costs: [1])
    #expect(expectRefusal(p, .dayAlreadyBegun(morning.date, budget: 5, asked: 7, dayStart: nil)) {
      try $0.startNewDay(budget: 7, at: morning.plus(hours: 4))
    })
  }

  @Test(arguments: [-1, 100, 1000])
  func budgetOutsideZeroToNinetyNineIsRefused(_ budget: Int) throws {
    let p = try planner(budget: 5, costs: [1])
    #expect(expectRefusal(p, .invalidBudget(budget)) {
      try $0.startNewDay(budget: budget, at: morning)
    })
  }

  @Test func aZeroBudgetDayIsAllowed() throws {
    var p = Planner()
    try p.startNewDay(budget: 0, at: morning)
    #expect(p.ledger!.left == 0)
  }
}

@Suite("Rule 3: plan, all or nothing under the max-spoon rule")
struct PlanTests {
  @Test func planningMovesTasksToTodayInOrder() throws {
    var p = try planner(budget: 12, costs: [3, 5, 2])
    try p.plan(ids(3, 1), at: morning)
    #expect(p.todo.map(\.id) == ids(3, 1))
    #expect(p.ledger!.planned == 5 && p.ledger!.left == 7)
    #expect(p.category(try SpoonCost(3)).isEmpty)
    #expect(p.task(TaskID(1))?.placement == .todo(from: .category))
  }

  @Test func exactlyTheBudgetIsAllowed() throws {
    var p = try planner(budget: 8, costs: [3, 5])
    try p.plan(ids(1, 2), at: morning)
    #expect(p.ledger!.left == 0)
  }

  @Test func overBudgetRefusesAllWithTheNumbers() throws {
    var p = try planner(budget: 12, costs: [4, 5, 3, 3])
    try p.plan(ids(1, 2), at: morning)  // 9 of 12
    let error = PlannerError.overBudget(budget: 12, planned: 9, selection: 6)
    #expect(expectRefusal(p, error) { try $0.plan(ids(3, 4), at: morning) })
    #expect(error.description == "over budget by 3: 9 of 12 planned, selection costs 6, 3 left")
  }

  @Test func refusalsChangeNothing() throws {
    var p = try planner(budget: 12, costs: [1, 2, 3])
    try p.plan(ids(1), at: morning)
    try p.plan(ids(2), at: morning)
    try p.markDone(ids(2), at: morning)
    #expect(expectRefusal(p, .unknownTask(TaskID(99))) { try $0.plan(ids(3, 99), at: morning) })
    #expect(expectRefusal(p, .repeatedTask(TaskID(3))) { try $0.plan(ids(3, 3), at: morning) })
    #expect(expectRefusal(p, .alreadyPlanned(TaskID(1))) { try $0.plan(ids(3, 1), at: morning) })
    #expect(expectRefusal(p, .alreadyDone(TaskID(2))) { try $0.plan(ids(2), at: morning) })
    #expect(expectRefusal(p, .nothingSelected) { try $0.plan([TaskID](), at: morning) })
    let noDay = try planner(budget: nil, costs: [1])
    #expect(expectRefusal(noDay, .noDayStarted) { try $0.plan(ids(1), at: morning) })
  }

  @Test func backlogTasksCanBePlanned() throws {
    var p = try planner(budget: 12, costs: [2])
    try p.plan(ids(1), at: morning)
    try p.startNewDay(budget: 6, at: morning.plus(days: 1))
    try p.plan(ids(1), at: morning)
    #expect(p.backlog.isEmpty)
    #expect(p.task(TaskID(1))?.placement == .todo(from: .backlog(since: morning.date)))
  }
}

@Suite("Rule 4: the to-do list grouped by spoons")
struct GroupingTests {
  @Test func tenSectionsInOrderWithTasksInPlanningOrder() throws {
    var p = try planner(budget: 20, costs: [3, 1, 3, 5])
    try p.plan(ids(3, 2, 4, 1), at: morning)
    try p.markDone(ids(3), at: morning)
    let sections = p.todoSections
    #expect(sections.map(\.spoons.value) == Array(1...10))
    #expect(sections[0].tasks.map(\.id) == ids(2))
    #expect(sections[2].tasks.map(\.id) == ids(3, 1))
    #expect(sections[2].tasks[0].isDone && !sections[2].tasks[1].isDone)
    #expect(sections[4].tasks.map(\.id) == ids(4))
    #expect(sections.filter { !$0.tasks.isEmpty }.count == 3)
  }
}

@Suite("Rule 5: done and undone")
struct DoneTests {
  @Test func doneRaisesSpentNotPlanned() throws {
    var p = try planner(budget: 10, costs: [3, 4])
    try p.plan(ids(1, 2), at: morning)
    let later = morning.plus(hours: 3)
    try p.markDone(ids(2), at: later)
    #expect(p.ledger!.planned == 7 && p.ledger!.spent == 4 && p.ledger!.left == 3)
    #expect(p.task(TaskID(2))?.completed == later)
    try p.markUndone(ids(2), at: later)
    #expect(p.ledger!.spent == 0 && p.task(TaskID(2))?.placement == .todo(from: .category))
  }

  @Test func doneRefusals() throws {
    var p = try planner(budget: 10, costs: [3, 4])
    try p.plan(ids(1), at: morning)
    #expect(expectRefusal(p, .notOnTodayList(TaskID(2))) { try $0.markDone(ids(1, 2), at: morning) })
    #expect(expectRefusal(p, .notDone(TaskID(1))) { try $0.markUndone(ids(1), at: morning) })
    try p.markDone(ids(1), at: morning)
    #expect(expectRefusal(p, .alreadyDone(TaskID(1))) { try $0.markDone(ids(1), at: morning) })
    #expect(expectRefusal(p, .notOnTodayList(TaskID(2))) { try $0.markUndone(ids(2), at: morning) })
  }
}

@Suite("Rule 6: unplan")
struct UnplanTests {
  @Test func unplanSendsTasksBackAndReturnsTheSpoons() throws {
    var p = try planner(budget: 10, costs: [3, 3])
    try p.plan(ids(1), at: morning)
    try p.unplan(ids(1), at: morning)
    #expect(p.ledger!.planned == 0 && p.todo.isEmpty)
    #expect(p.category(try SpoonCost(3)).map(\.id) == ids(2, 1))
  }

  @Test func unplanKeepsTheBacklogOldestFirst() throws {
    var p = try planner(budget: 10, costs: [1, 2, 3])
    let day2 = morning.plus(days: 1)
    let day3 = thirdMorning
    try p.plan(ids(1), at: morning)
    try p.startNewDay(budget: 10, at: day2)  // #1 to backlog since 21st
    try p.plan(ids(2), at: day2)
    try p.startNewDay(budget: 10, at: day3)  // #2 to backlog since 22nd
    try p.plan(ids(1), at: day3)
    try p.unplan(ids(1), at: day3)
    #expect(p.backlog.map(\.id) == ids(1, 2))
  }

  @Test func unplanRefusesDoneOrUnplannedTasks() throws {
    var p = try planner(budget: 10, costs: [3, 3])
    try p.plan(ids(1), at: morning)
    try p.markDone(ids(1), at: morning)
    #expect(expectRefusal(p, .alreadyDone(TaskID(1))) { try $0.unplan(ids(1), at: morning) })
    #expect(expectRefusal(p, .notOnTodayList(TaskID(2))) { try $0.unplan(ids(2), at: morning) })
  }
}

@Suite("Rule 7: delete and move")
struct TidyTests {
  @Test func deleteFromAnywhere() throws {
    var p = try planner(budget: 10, costs: [1, 2, 3, 4])
    try p.plan(ids(2, 3), at: morning)
    try p.markDone(ids(3), at: morning)
    try p.startNewDay(budget: 10, at: morning.plus(days: 1))  // #2 to backlog
    try p.plan(ids(4), at: morning)
    try p.delete(ids(1, 2, 4))
    #expect(p.taskCount == 0 && p.ledger!.planned == 0 && p.backlog.isEmpty)
    #expect(expectRefusal(p, .unknownTask(TaskID(3))) { try $0.delete(ids(3)) })  // archived
  }

  @Test func moveReordersWithinTheCategory() throws {
    var p = try planner(costs: [2, 2, 2])
    try p.move(TaskID(3), to: 1, at: morning)
    #expect(p.category(try SpoonCost(2)).map(\.id) == ids(3, 1, 2))
    #expect(expectRefusal(p, .invalidPosition(4, count: 3)) { try $0.move(TaskID(1), to: 4, at: morning) })
    #expect(expectRefusal(p, .invalidPosition(0, count: 3)) { try $0.move(TaskID(1), to: 0, at: morning) })
    try p.plan(ids(1), at: morning)
    #expect(expectRefusal(p, .notInCategory(TaskID(1))) { try $0.move(TaskID(1), to: 1, at: morning) })
  }
}
