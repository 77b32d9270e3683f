import SpoonsTestSupport
import Testing
@testable import SpoonsCore

private func date(_ iso: String) -> CivilDate { CivilDate(iso: iso)! }

@Suite("The agenda: every open task with a due date, in the order to see to them")
struct AgendaTests {
  /// Today is Sat 21 Nov.
  @Test func overdueFirstThenDueTodayThenTheSoonest() throws {
    var p = try planner(budget: 10)
    try p.add("Next week", spoons: 1, at: morning, due: date("2026-11-28"))
    try p.add("Tomorrow", spoons: 1, at: morning, due: date("2026-11-22"))
    try p.add("Long overdue", spoons: 1, at: morning, due: date("2026-11-02"))
    try p.add("Today", spoons: 1, at: morning, due: date("2026-11-21"))
    try p.add("Overdue", spoons: 1, at: morning, due: date("2026-11-20"))
    #expect(p.agenda.map(\.title.text) == [
      "Long overdue", "Overdue", "Today", "Tomorrow", "Next week",
    ])
  }

  @Test func onTheSameDateTheCheaperFirstThenTheOlderId() throws {
    var p = try planner(budget: 10)
    let friday = date("2026-11-27")
    try p.add("Four", spoons: 4, at: morning, due: friday)
    try p.add("Two", spoons: 2, at: morning, due: friday)
    try p.add("Another two", spoons: 2, at: morning, due: friday)
    try p.add("One, earlier", spoons: 1, at: morning, due: date("2026-11-26"))
    #expect(p.agenda.map(\.title.text) == ["One, earlier", "Two", "Another two", "Four"])
  }

  @Test func everyOpenTaskWhereverItIsAndNothingElse() throws {
    var p = Planner()
    try p.startNewDay(budget: 10, at: morning.plus(days: -1))
    try p.add("In the backlog", spoons: 2, at: morning, due: date("2026-11-25"))
    try p.plan(ids(1), at: morning)
    try p.startNewDay(budget: 10, at: morning)
    try p.add("On today's list", spoons: 1, at: morning, due: date("2026-11-23"))
    try p.add("Done today", spoons: 1, at: morning, due: date("2026-11-22"))
    try p.add("In a category", spoons: 3, at: morning, due: date("2026-11-24"))
    try p.add("No due date", spoons: 1, at: morning)
    try p.plan(ids(2, 3), at: morning)
    try p.markDone(ids(3), at: morning)
    #expect(p.agenda.map(\.id) == ids(2, 4, 1))
    #expect(Planner().agenda.isEmpty)
  }
}

@Suite("Tab after plan: what fits today first")
struct PlanCandidateTests {
  /// A day of 6 spoons: #1 (2) in the backlog, then #2 (3), #3 (5, due tomorrow), #4 (1),
  /// #5 (a rest of 2) in the categories.
  private func day() throws -> Planner {
    var p = Planner()
    try p.startNewDay(budget: 6, at: morning.plus(days: -1))
    try p.add("Call mum", spoons: 2, at: morning)
    try p.plan(ids(1), at: morning)
    try p.startNewDay(budget: 6, at: morning)
    try p.add("Laundry", spoons: 3, at: morning)
    try p.add("Deep clean", spoons: 5, at: morning, due: date("2026-11-22"))
    try p.add("Pay bill", spoons: 1, at: morning)
    p.add(try Title("Quiet hour"), spoons: try SpoonCost(2), at: morning, isRest: true)
    return p
  }

  @Test func allFitOnAnEmptyDayMostImportantFirst() throws {
    let candidates = try day().planCandidates()
    // Due soonest, then the backlog, then the categories, cheapest category first.
    #expect(candidates.map(\.task.id) == ids(3, 1, 4, 5, 2))
    #expect(candidates.filter { !$0.fits }.isEmpty)
  }

  @Test func theIdsAlreadyChosenTakeTheirRoomAndAreNotOfferedAgain() throws {
    let candidates = try day().planCandidates(besides: ids(2))  // 3 of 6 chosen
    #expect(candidates.map(\.task.id) == ids(1, 4, 5, 3))
    #expect(candidates.map(\.fits) == [true, true, true, false])
  }

  @Test func whatIsPlannedAndTheReserveCountAsPlanDoes() throws {
    var p = try day()
    try p.plan(ids(4), at: morning)  // 1 planned, 5 left
    try p.setReserve(2)  // 3 of room
    let candidates = p.planCandidates()
    #expect(candidates.map(\.task.id) == ids(1, 5, 2, 3))
    #expect(candidates.filter(\.fits).map(\.task.id) == ids(1, 5, 2))  // a rest takes no room
    #expect(p.planCandidates(useReserve: true).filter(\.fits).map(\.task.id) == ids(3, 1, 5, 2))
    // Each candidate that fits is one that plan takes, beside the chosen ones.
    for candidate in p.planCandidates(besides: ids(1)) {
      var copy = p
      let planned = (try? copy.plan(ids(1) + [candidate.task.id], at: morning)) != nil
      #expect(planned == candidate.fits, "\(candidate.task.title)")
    }
  }

  @Test func beforeTheFirstDayNothingFits() throws {
    var p = Planner()
    try p.add("Laundry", spoons: 3, at: morning)
    #expect(p.planCandidates().map(\.fits) == [false])
  }
}
