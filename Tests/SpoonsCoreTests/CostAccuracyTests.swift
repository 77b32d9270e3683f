@testable import SpoonsCore
import SpoonsTestSupport
import Testing

/// Lives days in a planner the way a person does: each day's tasks added, planned and checked
/// off with what they took (nil: as planned), then the next day started. Returns the planner
/// and every task checked off, oldest first.
private func live(
  _ days: [[(title: String, spoons: Int, took: Int?)]], routine: (String, Int, [Int?])? = nil
) throws -> (Planner, [SpoonTask]) {
  var p = Planner()
  var archived: [SpoonTask] = []
  var routineID: RoutineID?
  var now = morning
  for (index, tasks) in days.enumerated() {
    if let finished = try p.startNewDay(budget: 40, at: now).finished {
      archived += finished.doneTasks
    }
    if index == 0, let (title, spoons, _) = routine {
      routineID = try p.addRoutine(try Title(title), spoons: try SpoonCost(spoons), at: now).id
      try p.planRoutineToday(routineID!, at: now)
    }
    if let (_, _, took) = routine, let id = p.todo.first(where: { $0.routine != nil })?.id,
      index < took.count
    {
      try p.markDone([id], took: took[index], at: now)
    }
    for task in tasks {
      let added = try p.add(task.title, spoons: task.spoons, at: now)
      try p.plan([added.id], at: now)
      try p.markDone([added.id], took: task.took, at: now)
    }
    now = now.plus(days: 1)
  }
  return (p, archived + p.todo.filter(\.isDone))
}

private func accuracy(_ p: Planner, _ done: [SpoonTask], days: Int = 30) -> CostAccuracy {
  let today = p.day!.date  // the last day lived
  return CostAccuracy(
    done: done, from: today.startOfWindow(lookingBack: days), through: today, planner: p,
    dayStart: p.dayStart)
}

@Suite("How well the costs were guessed")
struct CostAccuracyTests {
  @Test func aCategoryAveragesWhatItsTasksTookCountingPlainDoneAsPlanned() throws {
    let (p, done) = try live([
      [("Laundry", 3, 5), ("Call", 3, nil)],
      [("Laundry", 3, 4), ("Email", 1, nil)],
    ])
    let a = accuracy(p, done)
    // Only the 3-spoon category noted anything: 5 + 3 + 4 over three tasks.
    #expect(a.categories == [
      CostAccuracy.Category(cost: try SpoonCost(3), checkedOff: 3, noted: 2, took: 12)
    ])
    #expect(a.categories[0].averageTenths == 40)
    #expect(a.checkedOff == 4)
    #expect(a.noted == 2)
    #expect(a.planned == 10)
    #expect(a.took == 13)
  }

  @Test func withNothingNotedThereIsNothingToSay() throws {
    let (p, done) = try live([[("Call", 3, nil)], [("Email", 1, nil)]])
    let a = accuracy(p, done)
    #expect(!a.hasNotes)
    #expect(a.categories.isEmpty)
    #expect(a.drifts.isEmpty)
  }

  @Test func aTitleThatRepeatedlyTookMoreIsNamedWithTheTaskThatFixesIt() throws {
    let (p0, done) = try live([
      [("Laundry", 3, 5)], [("laundry", 3, 5)], [("Laundry", 3, nil)], [("Laundry", 3, 6)],
    ])
    var p = p0
    let waiting = try p.add("Laundry", spoons: 3, at: morning.plus(days: 4))
    let a = accuracy(p, done)
    let drift = try #require(a.drifts.first)
    #expect(drift.times == 4)
    #expect(drift.tookMore == 3)
    #expect(drift.tookLess == 0)
    #expect(drift.averageTenths == 48)  // (5 + 5 + 3 + 6) / 4 = 4.75
    #expect(drift.suggested == (try SpoonCost(5)))
    #expect(drift.fix == .task(waiting.id))
  }

  @Test func onceIsNotRepeatedly() throws {
    let (p, done) = try live([[("Laundry", 3, 5)], [("Laundry", 3, nil)]])
    #expect(accuracy(p, done).drifts.isEmpty)
  }

  @Test func takingMoreAndLessIsNotADrift() throws {
    let (p, done) = try live([
      [("Laundry", 3, 5)], [("Laundry", 3, 5)], [("Laundry", 3, 1)],
    ])
    #expect(accuracy(p, done).drifts.isEmpty)
  }

  @Test func aTaskThatTookLessIsNamedForNextTimeWhenNoneWaits() throws {
    let (p, done) = try live([[("Grocery shop", 4, 3)], [("Grocery shop", 4, 3)]])
    let drift = try #require(accuracy(p, done).drifts.first)
    #expect(drift.tookLess == 2)
    #expect(drift.suggested == (try SpoonCost(3)))
    #expect(drift.fix == .nextTime)
  }

  @Test func aRoutineLearnsTheSameWay() throws {
    let (p, done) = try live(
      [[], [], []], routine: ("Cook dinner", 2, [3, 3, 4]))
    let drift = try #require(accuracy(p, done).drifts.first)
    #expect(drift.title == "Cook dinner")
    #expect(drift.planned == (try SpoonCost(2)))
    #expect(drift.suggested == (try SpoonCost(3)))  // 10 / 3 = 3.3
    #expect(drift.fix == .routine(RoutineID(1)))
  }

  @Test func whatAlreadyCostsWhatItTookIsNotNamedAgain() throws {
    let (p0, done) = try live([[("Laundry", 3, 5)], [("Laundry", 3, 5)]])
    var p = p0
    _ = try p.add("Laundry", spoons: 5, at: morning.plus(days: 3))
    #expect(accuracy(p, done).drifts.isEmpty)
  }

  @Test func tasksCheckedOffBeforeTheWindowDoNotCount() throws {
    let (p, done) = try live([[("Laundry", 3, 5)], [("Laundry", 3, 5)], [], [], []])
    #expect(accuracy(p, done, days: 3).noted == 0)
    #expect(accuracy(p, done, days: 5).noted == 2)
  }

  @Test func restsAreLeftOut() throws {
    var p = try planner(budget: 12)
    let rest = try p.addRest(try Title("Nap"), spoons: try SpoonCost(2), at: morning)
    try p.markDone([rest.id], at: morning)
    let a = CostAccuracy(
      done: p.todo, from: p.day!.date, through: p.day!.date, planner: p, dayStart: p.dayStart)
    #expect(a.checkedOff == 0)
  }

  @Test func theSuggestedCostRoundsTheTrueAverageOnce() throws {
    // 6 × 2 + 5 × 3 = 27 over 11: 2.45, which is 2 (not 2.5 rounded up again to 3).
    let tasks = Array(repeating: ("Wash up", 4, Optional(2)), count: 6)
      + Array(repeating: ("Wash up", 4, Optional(3)), count: 5)
    let (p, done) = try live(tasks.map { [$0] })
    let drift = try #require(accuracy(p, done).drifts.first)
    #expect(drift.averageTenths == 25)
    #expect(drift.suggested == (try SpoonCost(2)))
  }
}
