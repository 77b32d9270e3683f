@testable import SpoonsCore
import SpoonsTestSupport
import Testing

/// Which day it is: the day start decides, and nothing changes a day that is over.
@Suite("The day boundary")
struct DayBoundaryTests {
  @Test func theSmallHoursStillBelongToTheEveningBefore() {
    let start = DayStart.standard
    #expect(start.description == "04:00")
    #expect(start.today(at: at("2026-11-23T01:00:00+01:00")) == date("2026-11-22"))
    #expect(start.today(at: at("2026-11-23T03:59:59+01:00")) == date("2026-11-22"))
    #expect(start.today(at: at("2026-11-23T04:00:00+01:00")) == date("2026-11-23"))
    // The offset is the person's: 01:00 in New York is still the day before there.
    #expect(start.today(at: at("2026-11-23T01:00:00-05:00")) == date("2026-11-22"))
    #expect(DayStart(minutes: 0)!.today(at: at("2026-11-23T00:00:00+01:00")) == date("2026-11-23"))
  }

  @Test func aDayStartIsATimeFromMidnightToNoon() {
    #expect(DayStart("04:00")?.minutes == 240)
    #expect(DayStart("4:30")?.minutes == 270)
    #expect(DayStart("5")?.minutes == 300)
    #expect(DayStart("00:00")?.minutes == 0 && DayStart("12:00")?.minutes == 720)
    for bad in ["12:01", "13:00", "24:00", "4:5", "04:60", "-1", "4pm", "", ":", "04:00:00", "０4:00"] {
      #expect(DayStart(bad) == nil, "\(bad)")
    }
    #expect(DayStart(minutes: 721) == nil && DayStart(minutes: -1) == nil)
  }

  @Test func anOpenDayEndsWhenTheNextOneStartsNotAtMidnight() throws {
    var p = Planner()
    try p.startNewDay(budget: 12, at: at("2026-11-22T09:00:00+01:00"))
    #expect(p.endedDay(at: at("2026-11-23T01:30:00+01:00")) == nil)
    #expect(p.endedDay(at: at("2026-11-23T04:00:00+01:00"))?.date == date("2026-11-22"))
    p.setDayStart(DayStart("06:00")!)
    #expect(p.endedDay(at: at("2026-11-23T05:00:00+01:00")) == nil)
    #expect(p.today(at: at("2026-11-23T05:00:00+01:00")) == date("2026-11-22"))
  }

  @Test func aChangeToAnEndedDaysListIsRefusedWithTheUsualBudget() throws {
    var p = Planner()
    try p.startNewDay(budget: 10, at: at("2026-11-21T09:00:00+01:00"))
    try p.borrow(2)
    try p.startNewDay(budget: 12, at: at("2026-11-22T09:00:00+01:00"))  // repays 2
    #expect(p.usualBudget == 12)
    let monday = at("2026-11-23T09:00:00+01:00")
    #expect(throws: PlannerError.openDayHasEnded(
      open: date("2026-11-22"), today: date("2026-11-23"), usualBudget: 12)
    ) { try p.checkOpenDayIsToday(at: monday) }
    // A day the person chose to keep goes on; so does today's.
    try p.checkOpenDayIsToday(at: monday, keeping: date("2026-11-22"))
    try p.checkOpenDayIsToday(at: at("2026-11-22T23:00:00+01:00"))
    #expect(PlannerError.openDayHasEnded(
      open: date("2026-11-22"), today: date("2026-11-23"), usualBudget: 12
    ).description.contains("'spoons new-day 12'"))
  }

  @Test func newDayAtOneInTheMorningIsStillTheDayBefore() throws {
    var p = Planner()
    try p.startNewDay(budget: 12, at: at("2026-11-22T09:00:00+01:00"))
    #expect(throws: PlannerError.dayAlreadyBegun(
      date("2026-11-22"), budget: 12, asked: 8, dayStart: .standard)
    ) { try p.startNewDay(budget: 8, at: at("2026-11-23T01:00:00+01:00")) }
    #expect(p.day?.date == date("2026-11-22") && p.day?.budget == 12)
    try p.startNewDay(budget: 8, at: at("2026-11-23T04:00:00+01:00"))
    #expect(p.day?.date == date("2026-11-23"))
  }

  @Test func dueTodayAndRoutinesFollowTheDayStart() throws {
    var p = Planner()
    try p.addRoutine(Title("Meds"), spoons: SpoonCost(1), days: .weekly(Weekdays("sun")!), at: morning)
    try p.startNewDay(budget: 12, at: at("2026-11-23T02:00:00+01:00"))  // Sun 22 Nov, lived
    #expect(p.todo.map(\.title.text) == ["Meds"])
    let task = try p.add(
      Title("Post"), spoons: SpoonCost(1), at: at("2026-11-23T02:00:00+01:00"), note: nil,
      location: nil, due: .today, force: false)
    #expect(task.due == date("2026-11-22"))
  }

  @Test func aRoutineAddedTodayCanGoOnTodaysListWithinTheBudget() throws {
    var p = Planner()
    try p.startNewDay(budget: 3, at: morning)
    let walk = try p.addRoutine(Title("Walk"), spoons: SpoonCost(2), at: morning)
    let task = try p.planRoutineToday(walk.id, at: morning)
    #expect(task.routine == walk.id && p.ledger?.planned == 2)
    let swim = try p.addRoutine(Title("Swim"), spoons: SpoonCost(2), at: morning)
    #expect(throws: PlannerError.overBudget(budget: 3, planned: 2, selection: 2)) {
      try p.planRoutineToday(swim.id, at: morning)
    }
    #expect(p.todo.count == 1)
  }
}

private func date(_ iso: String) -> CivilDate { CivilDate(iso: iso)! }
