import SpoonsTestSupport
import Testing
@testable import SpoonsCore

/// Two finished days: #1 done on the first, reopened and done again on the second.
private func twiceArchived() throws -> (Planner, [FinishedDay]) {
  var p = try planner(budget: 10, costs: [2, 3])
  try p.plan(ids(1, 2), at: morning)
  try p.markDone(ids(1, 2), at: morning)
  var finished: [FinishedDay] = []
  if let day = try p.startNewDay(budget: 10, at: nextMorning).finished { finished.append(day) }
  let first = try #require(finished.first?.doneTasks.first { $0.id == TaskID(1) })
  try p.reopen(first, at: nextMorning)
  try p.plan(ids(1), at: nextMorning)
  try p.markDone(ids(1), at: nextMorning)
  if let day = try p.startNewDay(budget: 10, at: thirdMorning).finished { finished.append(day) }
  return (p, finished)
}

@Suite("The newest archived copy of a task wins")
struct ArchivedCopiesTests {
  @Test func anOlderCopyOfAnIdIsDropped() throws {
    let (p, finished) = try twiceArchived()
    let recorded = finished.flatMap(\.doneTasks)
    #expect(recorded.map(\.id) == ids(1, 2, 1))
    let kept = ArchivedCopies.newest(recorded, live: p)
    #expect(kept.map(\.id) == ids(2, 1))
    #expect(kept.last == recorded.last)
  }

  @Test func aTaskThatIsLiveAgainIsNotArchived() throws {
    let (p, finished) = try twiceArchived()
    var live = p
    let recorded = finished.flatMap(\.doneTasks)
    try live.reopen(recorded[2], at: thirdMorning)
    #expect(ArchivedCopies.newest(recorded, live: live).map(\.id) == ids(2))
  }

  @Test func nothingToDropKeepsTheArchiveAsItIs() throws {
    let (_, finished) = try twiceArchived()
    let first = finished[0].doneTasks
    #expect(ArchivedCopies.newest(first, live: Planner()) == first)
    #expect(ArchivedCopies.newest([], live: Planner()).isEmpty)
  }

  @Test(arguments: [0, 1, 63, 64, 65, 100_000, (1 << 24) - 1, 1 << 24, Int(Int32.max)])
  func theIdSetHoldsSmallAndLargeIds(_ raw: Int) {
    var set = TaskIDSet()
    #expect(!set.contains(TaskID(raw)))
    let first = set.insert(TaskID(raw))
    let again = set.insert(TaskID(raw))
    #expect(first && !again)
    #expect(set.contains(TaskID(raw)))
    #expect(!set.contains(TaskID(raw + 1)))
  }
}

@Suite("Tasks done on earlier days: delete and undone reach into the archive")
struct ArchivedTaskRuleTests {
  /// #1 and #2 done yesterday (archived), #3 waiting in its category, #4 on today's list.
  private func yesterdayAndToday() throws -> (Planner, archived: [SpoonTask]) {
    var p = try planner(budget: 10, costs: [2, 3, 1, 4])
    try p.plan(ids(1, 2), at: morning)
    try p.markDone(ids(1, 2), at: morning)
    let finished = try #require(try p.startNewDay(budget: 10, at: nextMorning).finished)
    try p.plan(ids(4), at: nextMorning)
    return (p, finished.doneTasks)
  }

  @Test func deleteTakesTasksFromThePlannerAndTheArchiveInTheOrderGiven() throws {
    var (p, archived) = try yesterdayAndToday()
    let deleted = try p.delete(ids(4, 1, 3), archived: &archived)
    #expect(deleted.map(\.id) == ids(4, 1, 3))
    #expect(archived.map(\.id) == ids(2))
    #expect(p.taskCount == 0 && p.ledger?.planned == 0)
  }

  @Test func deleteIsAllOrNothingAcrossPlannerAndArchive() throws {
    let (p, archived) = try yesterdayAndToday()
    for (selection, error) in [
      (ids(3, 1, 9), PlannerError.unknownTask(TaskID(9))),
      (ids(1, 3, 1), .repeatedTask(TaskID(1))),
      ([], .nothingSelected),
    ] {
      var copy = p, left = archived
      #expect(throws: error) { try copy.delete(selection, archived: &left) }
      #expect(copy == p && left == archived)
    }
  }

  @Test func reopeningFromTheArchiveTakesItOut() throws {
    var (p, archived) = try yesterdayAndToday()
    let task = try p.reopen(TaskID(2), from: &archived, at: nextMorning)
    #expect(task.placement == .category && archived.map(\.id) == ids(1))
    #expect(p.category(try SpoonCost(3)).map(\.id) == ids(2))
    var none: [SpoonTask] = []
    #expect(throws: PlannerError.notDone(TaskID(2))) {
      try p.reopen(TaskID(2), from: &none, at: nextMorning)
    }
    #expect(throws: PlannerError.unknownTask(TaskID(9))) {
      try p.reopen(TaskID(9), from: &archived, at: nextMorning)
    }
  }

  @Test func doneEarlierSaysWhenAndWhatBringsItBack() {
    let saturday = CivilDate(iso: "2026-11-28")!
    #expect(
      PlannerError.doneEarlier(TaskID(26), on: saturday, today: CivilDate(iso: "2026-12-02")!)
        .description == "#26 was done on Sat 28 Nov; 'undone 26' brings it back to its category")
    #expect(
      PlannerError.doneEarlier(TaskID(26), on: saturday, today: CivilDate(iso: "2027-01-04")!)
        .description.hasPrefix("#26 was done on Sat 28 Nov 2026;"))
    #expect(!PlannerError.doneEarlier(TaskID(26), on: saturday, today: saturday).isUsageMistake)
  }
}

@Suite("Import merges by id")
struct PlannerMergeTests {
  @Test func everythingNewIsAddedAndLiveTasksStayLive() throws {
    let (incoming, finished) = try twiceArchived()
    let done = ArchivedCopies.newest(finished.flatMap(\.doneTasks), live: incoming)
    let days = finished.map(\.record)
    let merged = try PlannerMerge.merge(
      incoming, done: done, days: days, into: Planner(), done: [], days: [])
    #expect(merged.planner == incoming)
    #expect(merged.newDone == done)
    #expect(merged.newDays == days)
  }

  @Test func whatIsTheSameIsKeptOnce() throws {
    let (current, finished) = try twiceArchived()
    let done = ArchivedCopies.newest(finished.flatMap(\.doneTasks), live: current)
    let days = finished.map(\.record)
    let merged = try PlannerMerge.merge(
      current, done: done, days: days, into: current, done: done, days: days)
    #expect(merged == PlannerMerge(planner: current, newDone: [], newDays: []))
  }

  @Test func aTaskOrDayThatDiffersRefusesTheWholeImport() throws {
    let current = try planner(budget: 10, costs: [2])
    var incoming = try planner(budget: 8, costs: [3])
    let refusal = PlannerMerge.Refusal.conflicts(tasks: ids(1), routines: [], days: [morning.date])
    #expect(throws: refusal) {
      try PlannerMerge.merge(incoming, done: [], days: [], into: current, done: [], days: [])
    }
    incoming = try planner(budget: nil, costs: [2])
    let merged = try PlannerMerge.merge(
      incoming, done: [], days: [], into: current, done: [], days: [])
    #expect(merged.planner == current)
  }

  @Test func aMergeThatBreaksARuleIsRefused() throws {
    // A hand-made export whose archive holds a copy of a live task: it would be live twice.
    let incoming = try planner(budget: nil, costs: [2])
    let copy = try #require(incoming.task(TaskID(1)))
    #expect(throws: PlannerMerge.Refusal.wouldBreak(reason: "task #1 appears twice")) {
      try PlannerMerge.merge(incoming, done: [copy], days: [], into: Planner(), done: [], days: [])
    }
  }
}
