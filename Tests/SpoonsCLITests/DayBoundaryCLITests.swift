import Foundation
import SpoonsCore
import SpoonsTestSupport
import Testing

/// The day boundary through the real binary: a command that shows today says when the open
/// day is an earlier one, a change to the list is refused with the command that starts today,
/// and the day start decides when a day is over.
@Suite("The day boundary, through the binary")
struct DayBoundaryCLITests {
  let sunday = ["SPOONS_NOW": "2026-11-22T09:00:00+01:00"]
  let mondayMorning = ["SPOONS_NOW": "2026-11-23T09:00:00+01:00"]
  let mondayNight = ["SPOONS_NOW": "2026-11-23T01:30:00+01:00"]  // Sunday, lived

  /// A Sunday with 12 spoons asked for, one task waiting (#1) and one planned (#2).
  func sundayPlanner() throws -> TemporaryDirectory {
    let tmp = TemporaryDirectory()
    for line in [["new-day", "12"], ["add", "3", "Laundry"], ["add", "2", "Call"], ["plan", "2"]] {
      #expect(try spoons(line, data: tmp.data, environment: sunday).status == 0)
    }
    return tmp
  }

  @Test func aChangeToAnEndedDayIsRefusedWithTheCommandThatStartsToday() throws {
    let tmp = try sundayPlanner()
    let before = tmp.dataBytes("planner.txt")
    for line in [["plan", "1"], ["done", "2"], ["unplan", "2"], ["rest", "1", "Nap"], ["borrow", "1"]] {
      let run = try spoons(line, data: tmp.data, environment: mondayMorning)
      #expect(run.status == 1, "\(line)")
      #expect(run.stderr == "error: Sun 22 Nov is still open, but today is Mon 23 Nov: start today "
        + "first with 'spoons new-day 12' (nothing was changed)\n", "\(line)")
    }
    #expect(tmp.dataBytes("planner.txt") == before)
    // The command it names works, and then the change does.
    #expect(try spoons(["new-day", "12"], data: tmp.data, environment: mondayMorning).status == 0)
    #expect(try spoons(["plan", "1"], data: tmp.data, environment: mondayMorning).status == 0)
  }

  @Test func statusAndTodoSayTheOpenDayIsAnEarlierOne() throws {
    let tmp = try sundayPlanner()
    let notice = "Sun 22 Nov is still open; today is Mon 23 Nov. Start today with: spoons new-day 12\n"
    let status = try spoons(["status"], data: tmp.data, environment: mondayMorning)
    #expect(status.status == 0 && status.stdout.hasPrefix(notice))
    let todo = try spoons(["todo"], data: tmp.data, environment: mondayMorning)
    #expect(todo.status == 0 && todo.stdout.hasPrefix(notice))
    let json = try spoons(["status", "--json"], data: tmp.data, environment: mondayMorning)
    #expect(json.stdout.hasPrefix(#"{"date":"2026-11-22","today":"2026-11-23","#))
    // On the day itself, no word about it.
    #expect(!(try spoons(["status"], data: tmp.data, environment: sunday)).stdout.contains("still open"))
  }

  @Test func oneInTheMorningIsStillTheDayBeforeUntilTheDayStart() throws {
    let tmp = try sundayPlanner()
    let night = try spoons(["plan", "1"], data: tmp.data, environment: mondayNight)
    #expect(night.status == 0 && night.stdout.contains("5 of 12 planned"))
    #expect(!(try spoons(["status"], data: tmp.data, environment: mondayNight)).stdout.contains("still open"))
    // A night owl's day starts later still.
    let set = try spoons(["settings", "day-start", "10:00"], data: tmp.data, environment: mondayMorning)
    #expect(set.status == 0 && set.stdout.contains("The day now starts at 10:00"))
    #expect(try spoons(["done", "2"], data: tmp.data, environment: mondayMorning).status == 0)
    // Saved: in the undo history, until the next checkpoint writes it into planner.txt.
    #expect(String(decoding: (tmp.dataBytes("planner.txt") ?? []) + (tmp.dataBytes("undo-1.txt") ?? []), as: UTF8.self)
      .contains("\\tdaystart=10:00"))
    let settings = try spoons(["settings"], data: tmp.data, environment: mondayMorning)
    #expect(settings.stdout.hasPrefix("day-start  10:00  "))
  }

  @Test func aDayStartOutsideMidnightToNoonIsAUsageMistake() throws {
    let tmp = TemporaryDirectory()
    for word in ["13:00", "4pm", "25"] {
      let run = try spoons(["settings", "day-start", word], data: tmp.data)
      #expect(run.status == 64 && run.stderr.contains("e.g. settings day-start 04:30"), "\(word)")
    }
    #expect(try spoons(["settings", "colour", "red"], data: tmp.data).stderr
      == "error: there is no setting 'colour'; the settings are day-start, reserve, mood or pace-hint\n")
  }

  @Test func newDayAloneNamesTheUsualBudget() throws {
    let tmp = try sundayPlanner()
    let run = try spoons(["new-day"], data: tmp.data, environment: mondayMorning)
    #expect(run.status == 64 && run.stderr == "error: new-day needs today's budget, a whole number of spoons from 0 to 99, e.g. spoons new-day 12\n")
  }

  @Test func aRoutineAddedTodayCanGoOnTodaysList() throws {
    let tmp = try sundayPlanner()
    let offered = try spoons(["routine", "add", "1", "Meds"], data: tmp.data, environment: sunday)
    #expect(offered.stdout.contains("To put it on today's list too: spoons routine today r1"))
    let today = try spoons(["routine", "today", "r1"], data: tmp.data, environment: sunday)
    #expect(today.status == 0 && today.stdout.contains("Put #3 Meds on today's list: 3 of 12 planned"))
    let added = try spoons(
      ["routine", "add", "2", "Walk", "--today"], data: tmp.data, environment: sunday)
    #expect(added.stdout.contains("Put #4 Walk on today's list: 5 of 12 planned"))
    let tooBig = try spoons(
      ["routine", "add", "10", "Move house", "--today"], data: tmp.data, environment: sunday)
    #expect(tooBig.status == 0 && tooBig.stdout.contains("Not put on today's list: over budget by 3"))
  }

  @Test func aCommandCopiedFromAMessageWorksInAScript() throws {
    let tmp = try sundayPlanner()
    let run = try spoons([], stdin: Data("spoons new-day 10\nstatus\n".utf8), data: tmp.data,
      environment: mondayMorning)
    #expect(run.status == 0 && run.stdout.contains("New day: Mon 23 Nov 2026, 10 spoons."))
  }
}
