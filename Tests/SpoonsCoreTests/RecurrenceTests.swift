@testable import SpoonsCore
import SpoonsTestSupport
import Testing

private func date(_ iso: String) -> CivilDate { CivilDate(iso: iso)! }
private func spec(_ text: String) throws -> RecurrenceSpec { try RecurrenceSpec(parsing: text) }
private let thursday = date("2026-11-26")

/// The dates from `start` through `end` that `recurrence` falls on.
private func dates(_ recurrence: Recurrence, _ start: String, _ end: String) -> [String] {
  var out: [String] = []
  var day = date(start)
  while day <= date(end) {
    if recurrence.falls(on: day) { out.append(day.description) }
    day = day.adding(days: 1)
  }
  return out
}

@Suite("Recurrence: when a routine falls")
struct RecurrenceTests {
  @Test func everyNDaysCountsFromItsFirstDateAcrossMonthAndYearEnds() {
    let r = Recurrence.everyNDays(3, from: date("2026-12-27"))
    #expect(dates(r, "2026-12-20", "2027-01-08") == [
      "2026-12-27", "2026-12-30", "2027-01-02", "2027-01-05", "2027-01-08",
    ])
    #expect(r.next(onOrAfter: date("2026-12-01")) == date("2026-12-27"))
    #expect(r.next(onOrAfter: date("2026-12-31")) == date("2027-01-02"))
    #expect(r.next(onOrAfter: date("2027-01-02")) == date("2027-01-02"))
  }

  @Test func everyNDaysCountsTheLeapDay() {
    let r = Recurrence.everyNDays(2, from: date("2028-02-27"))
    #expect(dates(r, "2028-02-27", "2028-03-04") == [
      "2028-02-27", "2028-02-29", "2028-03-02", "2028-03-04",
    ])
    let plain = Recurrence.everyNDays(2, from: date("2027-02-27"))
    #expect(dates(plain, "2027-02-27", "2027-03-03") == ["2027-02-27", "2027-03-01", "2027-03-03"])
  }

  @Test func theThirtyFirstFallsOnTheLastDayOfShorterMonths() {
    let r = Recurrence.monthlyOnDay(31)
    #expect(dates(r, "2027-01-01", "2027-05-31") == [
      "2027-01-31", "2027-02-28", "2027-03-31", "2027-04-30", "2027-05-31",
    ])
    #expect(dates(r, "2028-02-01", "2028-02-29") == ["2028-02-29"])
    let thirtieth = Recurrence.monthlyOnDay(30)
    #expect(dates(thirtieth, "2028-01-29", "2028-03-31") == [
      "2028-01-30", "2028-02-29", "2028-03-30",
    ])
    #expect(Recurrence.monthlyOnDay(29).next(onOrAfter: date("2027-02-01")) == date("2027-02-28"))
  }

  @Test func firstAndLastWeekdaysOfTheMonth() {
    let firstMonday = Recurrence.monthlyOnWeekday(ordinal: 1, weekday: 1)
    #expect(dates(firstMonday, "2026-11-01", "2027-01-31") == [
      "2026-11-02", "2026-12-07", "2027-01-04",
    ])
    let lastFriday = Recurrence.monthlyOnWeekday(ordinal: Recurrence.last, weekday: 5)
    #expect(dates(lastFriday, "2026-11-01", "2027-03-31") == [
      "2026-11-27", "2026-12-25", "2027-01-29", "2027-02-26", "2027-03-26",
    ])
    // February 2028 has five Tuesdays; the last is the fifth, the fourth is not the last.
    let lastTuesday = Recurrence.monthlyOnWeekday(ordinal: Recurrence.last, weekday: 2)
    let fourthTuesday = Recurrence.monthlyOnWeekday(ordinal: 4, weekday: 2)
    #expect(dates(lastTuesday, "2028-02-01", "2028-02-29") == ["2028-02-29"])
    #expect(dates(fourthTuesday, "2028-02-01", "2028-02-29") == ["2028-02-22"])
  }

  @Test func weeklyFallsOnItsWeekdays() {
    let r = Recurrence.weekly(Weekdays([1, 3]))
    #expect(dates(r, "2026-11-23", "2026-11-29") == ["2026-11-23", "2026-11-25"])
    #expect(r.next(onOrAfter: thursday) == date("2026-11-30"))
  }

  @Test func everyFormFallsWithinAYear() throws {
    for text in ["every 365 days", "1st", "31st", "last", "fourth sun", "last sat", "weekends"] {
      let r = try spec(text).recurrence(today: thursday)
      let next = r.next(onOrAfter: thursday)
      #expect(r.falls(on: next) && thursday.days(until: next) <= 365, "\(text)")
    }
  }
}

@Suite("RecurrenceSpec: --days as people write it")
struct RecurrenceSpecTests {
  @Test(arguments: [
    ("daily", Recurrence.everyDay), ("weekdays", .workdays), ("Mon, Wed", .weekly(Weekdays([1, 3]))),
    ("every mon,fri", .weekly(Weekdays([1, 5]))), ("every day", .everyDay),
    ("every 3 days", .everyNDays(3, from: thursday)), ("every-3-days", .everyNDays(3, from: thursday)),
    ("every other day", .everyNDays(2, from: thursday)), ("every 2 weeks", .everyNDays(14, from: thursday)),
    ("weekly", .everyNDays(7, from: thursday)), ("every week", .everyNDays(7, from: thursday)),
    ("every 3 days from 2026-12-01", .everyNDays(3, from: date("2026-12-01"))),
    ("every 2 days from tomorrow", .everyNDays(2, from: date("2026-11-27"))),
    ("1st", .monthlyOnDay(1)), ("the 15th of each month", .monthlyOnDay(15)),
    ("31st", .monthlyOnDay(31)), ("last", .monthlyOnDay(31)), ("last day", .monthlyOnDay(31)),
    ("first mon", .monthlyOnWeekday(ordinal: 1, weekday: 1)),
    ("2nd-Tuesday", .monthlyOnWeekday(ordinal: 2, weekday: 2)),
    ("on the last friday of the month", .monthlyOnWeekday(ordinal: Recurrence.last, weekday: 5)),
  ])
  func reads(_ text: String, _ expected: Recurrence) throws {
    #expect(try spec(text).recurrence(today: thursday) == expected)
  }

  @Test(arguments: ["", "someday", "monthly", "every 3", "every 3 fortnights", "15",
    "first", "mon,,fri", "every 3 days from someday", "every 2 days from", "2nd 3rd",
    "every -3 days", "first--mon", "-1st", "daily monthly", "every 3 days of each month"])
  func refusesWhatItCannotRead(_ text: String) {
    #expect(throws: PlannerError.unreadableRoutineDays(text)) { try spec(text) }
  }

  @Test(arguments: [
    ("every 0 days", RecurrenceProblem.zeroInterval), ("every 0 weeks", .zeroInterval),
    ("every 366 days", .tooLong), ("every 53 weeks", .tooLong), ("every 99999 days", .tooLong),
    ("0th", .noSuchMonthDay), ("32nd", .noSuchMonthDay), ("5th mon", .fifthWeekday(1)),
    ("fifth-sun", .fifthWeekday(0)),
  ])
  func refusesWhatCanNeverFall(_ text: String, _ problem: RecurrenceProblem) {
    #expect(throws: PlannerError.routineNeverFalls(text, problem)) { try spec(text) }
    let message = PlannerError.routineNeverFalls(text, problem).description
    #expect(message.hasPrefix("'\(text)' can never fall: ") && !message.contains("\n"))
  }

  /// What a file holds reads back as the same recurrence, with no thursday needed.
  @Test func theStoredFormReadsBack() throws {
    let all: [Recurrence] = [
      .everyDay, .workdays, .weekend, .weekly(Weekdays([0, 2, 4])),
      .everyNDays(3, from: date("2026-11-26")), .everyNDays(14, from: date("2028-02-29")),
      .monthlyOnDay(1), .monthlyOnDay(22), .monthlyOnDay(31),
      .monthlyOnWeekday(ordinal: 1, weekday: 1), .monthlyOnWeekday(ordinal: 3, weekday: 6),
      .monthlyOnWeekday(ordinal: Recurrence.last, weekday: 5),
    ]
    for r in all {
      #expect(try spec(r.storedForm).stored == r, "\(r.storedForm)")
      #expect(r.canFall)
    }
    #expect(try spec("every 3 days").stored == nil)  // needs the day it counts from
  }

  @Test func leadingZerosAndAFarFirstDate() throws {
    #expect(try spec("every 007 days").recurrence(today: thursday) == .everyNDays(7, from: thursday))
    #expect(try spec("every 00001 days").recurrence(today: thursday) == .everyDay)
    let late = try spec("every 3 days from 2099-01-01")
    #expect(throws: PlannerError.routineStartsTooLate(date("2099-01-01"))) {
      try late.recurrence(today: thursday)
    }
    #expect(try spec("every 3 days from +365d").recurrence(today: thursday)
      == .everyNDays(3, from: thursday.adding(days: 365)))
  }

  /// What `--days every 3 days` typed without quotes looks like, and what it does not.
  @Test func aFormOfSeveralWordsIsToldFromOneWord() {
    for (word, next) in [("every", "3"), ("every", "other"), ("last", "fri"), ("1st", "of"),
      ("weekly", "from"), ("first", "Monday"), ("every", "mon,fri")] {
      #expect(RecurrenceSpec.continues(word, with: next), "\(word) \(next)")
    }
    for (word, next) in [("daily", "3"), ("mon,wed", "fri"), ("every", "Water"),
      ("last", "plants"), ("every-3-days", "days")] {
      #expect(!RecurrenceSpec.continues(word, with: next), "\(word) \(next)")
    }
  }

  @Test func descriptionsSayItAsAPersonWould() {
    #expect(Recurrence.everyNDays(1, from: thursday).description == "every day")
    #expect(Recurrence.everyNDays(3, from: thursday).description == "every 3 days")
    #expect(Recurrence.everyNDays(2, from: thursday).description == "every other day")
    #expect(Recurrence.everyNDays(14, from: thursday).description == "every 2 weeks")
    #expect(Recurrence.monthlyOnDay(2).description == "on the 2nd of each month")
    #expect(Recurrence.monthlyOnDay(11).description == "on the 11th of each month")
    #expect(Recurrence.monthlyOnDay(31).description == "on the last day of each month")
    #expect(
      Recurrence.monthlyOnWeekday(ordinal: Recurrence.last, weekday: 5).description
        == "on the last Friday of each month")
  }
}

@Suite("Routines that repeat: new-day and the next date")
struct RepeatingRoutineTests {
  private func planner(_ days: Recurrence, at now: Timestamp) throws -> Planner {
    var p = Planner()
    try p.addRoutine(try Title("Water plants"), spoons: try SpoonCost(1), days: days, at: now)
    return p
  }

  /// Each date in `dates`, a new day at 08:00 local time (`offset`); the ones whose list got
  /// the routine's task.
  private func days(_ p: inout Planner, _ dates: [String], offset: String = "+01:00") throws
    -> [String]
  {
    var made: [String] = []
    for d in dates {
      let outcome = try p.startNewDay(budget: 10, at: at("\(d)T08:00:00\(offset)"))
      if !outcome.fromRoutines.isEmpty { made.append(d) }
    }
    return made
  }

  @Test func newDayMakesTheTaskOnItsDatesOnlyAndAMissedDateIsNotMadeUp() throws {
    var p = try planner(.everyNDays(3, from: date("2026-11-26")), at: at("2026-11-26T07:00:00+01:00"))
    // The 29th has no new-day: it is not made up on the 30th.
    let made = try days(&p, ["2026-11-26", "2026-11-27", "2026-11-28", "2026-11-30", "2026-12-01", "2026-12-02"])
    #expect(made == ["2026-11-26", "2026-12-02"])
  }

  @Test func theLastDayOfTheMonthThroughALeapFebruary() throws {
    var p = try planner(.monthlyOnDay(31), at: at("2028-02-01T07:00:00+01:00"))
    let made = try days(&p, ["2028-02-28", "2028-02-29", "2028-03-01", "2028-03-30", "2028-03-31"])
    #expect(made == ["2028-02-29", "2028-03-31"])
  }

  /// Europe's clocks go forward on 29 March 2026 and back on 25 October 2026: the offset of
  /// each new day's time changes, the dates a routine falls on do not.
  @Test func aDaylightSavingChangeMovesNoDate() throws {
    var p = try planner(.everyNDays(2, from: date("2026-03-27")), at: at("2026-03-27T07:00:00+01:00"))
    var made = try days(&p, ["2026-03-27", "2026-03-28"])
    made += try days(&p, ["2026-03-29", "2026-03-30", "2026-03-31"], offset: "+02:00")
    #expect(made == ["2026-03-27", "2026-03-29", "2026-03-31"])
    // 00:30 on the 29th, an hour before the change, and 03:30 after it, with the day starting
    // at 04:00: both still the 28th's day.
    #expect(p.today(at: at("2026-03-29T00:30:00+01:00")) == date("2026-03-28"))
    #expect(p.today(at: at("2026-03-29T03:30:00+02:00")) == date("2026-03-28"))

    var autumn = try planner(.monthlyOnWeekday(ordinal: Recurrence.last, weekday: 0), at: at("2026-10-20T07:00:00+02:00"))
    var fell = try days(&autumn, ["2026-10-24"], offset: "+02:00")
    fell += try days(&autumn, ["2026-10-25", "2026-10-26"], offset: "+01:00")
    #expect(fell == ["2026-10-25"])
  }

  @Test func theNextDateIsTodayUntilTheDayBeginsThenTheNextOne() throws {
    let now = at("2026-11-26T07:00:00+01:00")
    var p = try planner(.everyNDays(2, from: date("2026-11-26")), at: now)
    let routine = p.routines[0]
    #expect(p.nextDate(of: routine, at: now) == date("2026-11-26"))
    try p.startNewDay(budget: 10, at: now.plus(hours: 1))
    #expect(p.nextDate(of: routine, at: now.plus(hours: 2)) == date("2026-11-28"))
    try p.setRoutine(RoutineRef(routine), paused: true)
    #expect(p.nextDate(of: p.routines[0], at: now) == nil)
  }

  @Test func editChangesTheDaysFromTheNextNewDay() throws {
    let now = at("2026-11-26T07:00:00+01:00")
    var p = try planner(.everyDay, at: now)
    let edited = try p.editRoutine(RoutineRef(p.routines[0]), title: nil, spoons: nil, days: .monthlyOnDay(1))
    #expect(edited.days == .monthlyOnDay(1) && p.routines[0].days == .monthlyOnDay(1))
    #expect(throws: PlannerError.noRoutineDays) {
      try p.editRoutine(RoutineRef(p.routines[0]), title: nil, spoons: nil, days: .weekly(Weekdays(mask: 0)))
    }
    #expect(p.routines[0].days == .monthlyOnDay(1))
  }
}
