import Foundation
import SpoonsCore
import SpoonsTestSupport
import Testing
@testable import SpoonsCLI

/// One date is one day, through the real binary: a second `new-day` is refused with the
/// `budget` that changes today instead, a borrow the day no longer needs goes back, a routine
/// goes on a day's list once, and no command changes a day that is over. Every refusal leaves
/// every file of the data directory byte for byte as it was.
@Suite("One day per date, through the binary")
struct OneDayPerDateCLITests {
  let monday = ["SPOONS_NOW": "2026-11-16T09:00:00+01:00"]
  let tuesday = ["SPOONS_NOW": "2026-11-17T09:00:00+01:00"]

  /// Runs each line in `data` at `when`, each expected to succeed.
  func setUp(_ lines: [[String]], in data: String, at when: [String: String]) throws {
    for line in lines {
      let run = try spoons(line, data: data, environment: when)
      try #require(run.status == 0, "\(line): \(run.stderr)")
    }
  }

  /// Runs `line`, expects it refused with `status` and exactly `message`, and every file as
  /// it was.
  func expectRefused(
    _ line: [String], in data: String, at when: [String: String], status: Int32 = 1,
    _ message: String, stdin: Data = Data()
  ) throws {
    let before = everyFile(in: data)
    let run = try spoons(line, stdin: stdin, data: data, environment: when)
    #expect(run.status == status, "\(line): \(run.stderr)")
    #expect(run.stderr == "error: \(message)\n", "\(line)")
    #expect(run.stdout.isEmpty, "\(line): \(run.stdout)")
    let after = everyFile(in: data)
    #expect(after == before, "\(line): \(differences(before, after))")
  }

  // MARK: - 1. A second new-day

  @Test func aSecondNewDayOnTheOpenDateIsRefusedWithTheBudgetThatChangesIt() throws {
    let tmp = TemporaryDirectory()
    try setUp(
      [["routine", "add", "1", "Meds"], ["new-day", "10"], ["add", "3", "Laundry"], ["plan", "2"]],
      in: tmp.data, at: monday)
    try expectRefused(
      ["new-day", "8"], in: tmp.data, at: monday,
      "today (Mon 16 Nov) has begun with 10 spoons; to make it 8, type: spoons budget 8")
    try expectRefused(
      ["nd", "0"], in: tmp.data, at: monday,
      "today (Mon 16 Nov) has begun with 10 spoons; to make it 0, type: spoons budget 0")
    try expectRefused(
      ["new-day", "10"], in: tmp.data, at: monday,
      "today (Mon 16 Nov) has already begun with 10 spoons; nothing was changed (to change "
        + "today's budget: spoons budget 8)")
    // A script run twice stops at its first line the second time, and writes nothing.
    let script = script("new-day 10", "add 2 Post")
    #expect(try spoons([], stdin: script, data: tmp.data, environment: tuesday).status == 0)
    try expectRefused(
      [], in: tmp.data, at: tuesday,
      "line 1: today (Tue 17 Nov) has already begun with 10 spoons; nothing was changed (to "
        + "change today's budget: spoons budget 8)", stdin: script)
    // One row a date: history and stats count each day once.
    let history = try spoons(["history", "--json"], data: tmp.data, environment: tuesday).stdout
    #expect(history.components(separatedBy: "\"date\":\"2026-11-16\"").count == 2, "\(history)")
    #expect(history.components(separatedBy: "\"date\":\"2026-11-17\"").count == 2, "\(history)")
    let show = try spoons(["status"], data: tmp.data, environment: tuesday).stdout
    #expect(show.contains("#3  Meds · routine"), "\(show)")
    let backlog = try spoons(["backlog"], data: tmp.data, environment: tuesday).stdout
    #expect(backlog.contains("#2  Laundry"), "\(backlog)")
  }

  /// The small hours are still the day before: a `new-day` then is refused, saying so.
  @Test func beforeTheDayStartTheRefusalSaysWhyItIsStillTheSameDay() throws {
    let tmp = TemporaryDirectory()
    try setUp([["new-day", "10"]], in: tmp.data, at: monday)
    try expectRefused(
      ["new-day", "8"], in: tmp.data, at: ["SPOONS_NOW": "2026-11-17T02:00:00+01:00"],
      "today (Mon 16 Nov, until your day starts at 04:00) has begun with 10 spoons; to make it "
        + "8, type: spoons budget 8")
    // A day start moved later keeps Monday open past 04:00 too.
    let fiveAM = ["SPOONS_NOW": "2026-11-17T05:00:00+01:00"]
    try setUp([["settings", "day-start", "06:00"]], in: tmp.data, at: fiveAM)
    try expectRefused(
      ["new-day", "8"], in: tmp.data, at: fiveAM,
      "today (Mon 16 Nov, until your day starts at 06:00) has begun with 10 spoons; to make it "
        + "8, type: spoons budget 8")
    // Moved back, the next day starts; moved later again, the small hours are Monday's, and
    // the refusal blames the day start rather than the clock.
    try setUp([["settings", "day-start", "04:00"], ["new-day", "8"]], in: tmp.data, at: fiveAM)
    try setUp([["settings", "day-start", "06:00"]], in: tmp.data, at: fiveAM)
    try expectRefused(
      ["new-day", "8"], in: tmp.data, at: fiveAM,
      "no new day started: your day starts at 06:00, so until then today is Mon 16 Nov 2026, "
        + "before the day already open, Tue 17 Nov 2026; Spoons carries on with Tue 17 Nov "
        + "('settings day-start' moves when a day starts)")
  }

  // MARK: - 2. budget N

  @Test func budgetChangesTodayInPlaceAsOneChange() throws {
    let tmp = TemporaryDirectory()
    try setUp(
      [["new-day", "10"], ["add", "4", "Laundry"], ["add", "5", "Shop"], ["add", "1", "Tea"],
       ["plan", "1", "2", "3"]],
      in: tmp.data, at: monday)
    let lower = try spoons(["budget", "8"], data: tmp.data, environment: monday)
    #expect(lower.status == 0 && lower.stderr.isEmpty)
    #expect(lower.stdout == "Today's budget is now 8 spoons (was 10). Planned 10: 2 over; unplan "
      + "something, e.g. unplan 1, or borrow 2.\n")
    let status = try spoons(["status"], data: tmp.data, environment: monday).stdout
    #expect(status.contains("budget 8 · planned 10 of 8") && status.contains("over by 2"), "\(status)")
    #expect(status.contains("#1  Laundry") && status.contains("#2  Shop"))
    let history = try spoons(["history"], data: tmp.data, environment: monday).stdout
    #expect(history.contains("Mon 16 Nov      8"), "\(history)")
    let changes = try spoons(["history", "--changes"], data: tmp.data, environment: monday).stdout
    #expect(changes.contains("budget 8"), "\(changes)")
    // One change for undo and redo.
    #expect(try spoons(["undo"], data: tmp.data, environment: monday).status == 0)
    #expect(try spoons(["status"], data: tmp.data, environment: monday).stdout.contains("budget 10 ·"))
    #expect(try spoons(["redo"], data: tmp.data, environment: monday).status == 0)
    #expect(try spoons(["status"], data: tmp.data, environment: monday).stdout.contains("budget 8 ·"))
    // Up again: it fits, and the same number changes nothing.
    let higher = try spoons(["budget", "12"], data: tmp.data, environment: monday)
    #expect(higher.stdout == "Today's budget is now 12 spoons (was 8). 10 of 12 planned, 2 left.\n")
    let before = everyFile(in: tmp.data)
    let same = try spoons(["budget", "12"], data: tmp.data, environment: monday)
    #expect(same.status == 0 && same.stdout == "Today's budget is already 12 spoons; nothing was changed.\n")
    #expect(everyFile(in: tmp.data) == before)
    // The next morning offers the budget as it now is.
    let alone = try spoons(["new-day"], data: tmp.data, environment: tuesday)
    #expect(alone.stderr.contains("e.g. spoons new-day 12"), "\(alone.stderr)")
  }

  /// A lower budget repays at most half of itself, as `new-day` would have, and says what more
  /// is written off.
  @Test func aLowerBudgetSaysWhatMoreOfYesterdaysBorrowingIsWrittenOff() throws {
    let tmp = TemporaryDirectory()
    try setUp([["new-day", "10"], ["borrow", "4"]], in: tmp.data, at: monday)
    try setUp([["new-day", "10"]], in: tmp.data, at: tuesday)
    let run = try spoons(["budget", "4"], data: tmp.data, environment: tuesday)
    #expect(run.stdout == "Today's budget is now 4 spoons (was 10). It repays 2 of what the day "
      + "before borrowed; 2 more are written off (a day repays at most half its budget). 0 of 2 "
      + "planned, 2 left.\n")
    let status = try spoons(["status"], data: tmp.data, environment: tuesday).stdout
    #expect(status.contains("budget 4 · repaid 2 · planned 0 of 2"), "\(status)")
  }

  /// What `new-day` refuses, `budget` refuses with the same words and status, its own example
  /// aside; and it is there wherever the commands are listed.
  @Test func budgetTakesWhatNewDayTakes() throws {
    let tmp = TemporaryDirectory()
    try setUp([["new-day", "10"]], in: tmp.data, at: monday)
    for bad in ["-1", "100", "x", "1.5", "99999999999"] {
      let before = everyFile(in: tmp.data)
      let budget = try spoons(["budget", bad], data: tmp.data, environment: monday)
      let newDay = try spoons(["new-day", bad], data: tmp.data, environment: monday)
      #expect(budget.status == 64 && newDay.status == 64, "\(bad)")
      #expect(
        budget.stderr.replacingOccurrences(of: "e.g. budget 8", with: "e.g. new-day 12")
          == newDay.stderr, "\(bad): \(budget.stderr)")
      #expect(everyFile(in: tmp.data) == before, "\(bad)")
    }
    #expect(try spoons(["help", "budget"], data: tmp.data).stdout
      == "usage: budget N\n  change today's budget, keeping its list\nexample: budget 8\n")
    #expect(try spoons(["completion", "bash"]).stdout.contains("budget"))
    #expect(try spoons(["manual"]).stdout.contains("\\fBbudget\\fR N"))
  }

  @Test func budgetNeedsTodayStarted() throws {
    let tmp = TemporaryDirectory()
    let none = try spoons(["budget", "8"], data: tmp.data, environment: monday)
    #expect(none.status == 1 && none.stderr == "error: no day started yet: start one with today's spoons, e.g. 'new-day 10'\n")
    #expect(!FileManager.default.fileExists(atPath: tmp.data))
    try setUp([["new-day", "10"]], in: tmp.data, at: monday)
    try expectRefused(
      ["budget", "8"], in: tmp.data, at: tuesday,
      "Mon 16 Nov is still open, but today is Tue 17 Nov: start today first with 'spoons new-day "
        + "10' (nothing was changed)")
  }

  // MARK: - 3. Giving a borrow back

  @Test func spoonsFreedOnTheListGiveTheBorrowBack() throws {
    for (freeing, said) in [
      (["unplan", "3"], "Took #3 Call off today's list, back to its category (2 spoons).\n"
        + "9 of 10 planned, 1 left.\n"),
      (["delete", "3"], "Deleted #3 Call.\n"),
      (["edit", "3", "--spoons", "1"], "Changed #3 Call (1 spoon).\n"),
      (["budget", "12"], "Today's budget is now 12 spoons (was 10). 11 of 12 planned, 1 left.\n"),
    ] {
      let tmp = TemporaryDirectory()
      try setUp(
        [["new-day", "10"], ["add", "4", "Laundry"], ["add", "5", "Shop"], ["add", "2", "Call"],
         ["plan", "1", "2"], ["plan", "3", "--borrow"]],
        in: tmp.data, at: monday)
      #expect(try spoons(["status"], data: tmp.data, environment: monday).stdout
        .contains("borrowed 1"))
      let run = try spoons(freeing, data: tmp.data, environment: monday)
      let gave = "Gave back 1 borrowed spoon; tomorrow repays nothing.\n"
      #expect(run.status == 0 && run.stdout == said + gave, "\(freeing): \(run.stdout)")
      let status = try spoons(["status"], data: tmp.data, environment: monday).stdout
      #expect(!status.contains("borrowed") && !status.contains("Borrowed"), "\(freeing): \(status)")
      let next = try spoons(["new-day", "10"], data: tmp.data, environment: tuesday).stdout
      #expect(!next.contains("You borrowed"), "\(freeing): \(next)")
    }
  }

  @Test func borrowZeroGivesBackWhatThePlanDoesNotNeed() throws {
    let tmp = TemporaryDirectory()
    try setUp(
      [["new-day", "10"], ["add", "4", "Laundry"], ["add", "5", "Shop"], ["add", "2", "Call"],
       ["plan", "1", "2"], ["plan", "3", "--borrow"], ["borrow", "2"]],
      in: tmp.data, at: monday)
    let back = try spoons(["borrow", "0"], data: tmp.data, environment: monday)
    #expect(back.status == 0 && back.stdout == "Gave back 2 borrowed spoons; tomorrow repays 1.\n")
    try expectRefused(
      ["borrow", "0"], in: tmp.data, at: monday,
      "today's plan needs the 1 spoon it borrowed; unplan something to give it back")
    try setUp([["unplan", "3"]], in: tmp.data, at: monday)
    try expectRefused(
      ["borrow", "0"], in: tmp.data, at: monday,
      "nothing is borrowed today, so there is nothing to give back")
  }

  // MARK: - 4. A routine once a day

  @Test func aRoutineGoesOnTodaysListOnce() throws {
    let tmp = TemporaryDirectory()
    try setUp(
      [["new-day", "10"], ["routine", "add", "1", "Meds"], ["routine", "today", "r1"]],
      in: tmp.data, at: monday)
    let refusal = "routine r1 Meds is already on today's list as #1; a routine goes on a day's "
      + "list once"
    try expectRefused(["routine", "today", "r1"], in: tmp.data, at: monday, refusal)
    try setUp([["done", "1"]], in: tmp.data, at: monday)
    try expectRefused(["routine", "today", "r1"], in: tmp.data, at: monday, refusal)
    // The next day's new-day puts it on; it still goes on once.
    try setUp([["new-day", "10"]], in: tmp.data, at: tuesday)
    try expectRefused(
      ["routine", "today", "r1"], in: tmp.data, at: tuesday,
      "routine r1 Meds is already on today's list as #2; a routine goes on a day's list once")
  }

  // MARK: - 5. Nothing changes a day that is over

  /// Every command that changes the open day's list (its numbers, its tasks, a task on it).
  /// The test below holds this table and `notTheList` complete against the registry.
  /// The ids are those of `sundayLeftOpen`.
  static let listChanging: [String: [[String]]] = [
    "plan": [["plan", "4"]],
    "done": [["done", "3"]],
    "undone": [["undone", "2"]],
    "unplan": [["unplan", "3"]],
    "suggest": [["suggest", "--plan"]],
    "rest": [["rest", "1", "Nap"]],
    "borrow": [["borrow", "1"], ["borrow", "0"]],
    "budget": [["budget", "8"]],
    "routine": [["routine", "today", "r1"]],
    "edit": [["edit", "3", "--spoons", "5"], ["edit", "2", "--title", "Walking"]],
    "delete": [["delete", "3"], ["delete", "4", "3"]],
  ]

  /// The commands that change nothing on the open day's list (many change nothing at all).
  /// `new-day` starts today; `undo`, `redo`, `import`, `edit-planner` and `sync` put back or
  /// take in whole states, which say what day they hold.
  static let notTheList: Set<String> = [
    "new-day", "status", "categories", "add", "list", "todo", "reserve", "settings", "backlog",
    "agenda", "move", "edit-planner", "show", "completed", "history", "stats", "pace", "chart",
    "report", "search", "tags", "clear", "undo", "redo", "check", "export", "import", "sync",
    "completion", "manual", "help", "quit",
  ]

  @Test func everyCommandIsListedAsChangingTheListOrNot() {
    let names = Set(CommandRegistry.infos.map(\.name))
    #expect(Set(Self.listChanging.keys).isDisjoint(with: Self.notTheList))
    #expect(Set(Self.listChanging.keys).union(Self.notTheList) == names,
      "a command missing here: \(names.subtracting(Self.notTheList).subtracting(Self.listChanging.keys))")
  }

  /// Sunday left open: its list holds #2 Walk, done, and #3 Laundry; #4 Post and #5 Hoover
  /// wait in their categories, #1 Old in the backlog (from Saturday); routine r1 runs on
  /// Mondays.
  func sundayLeftOpen() throws -> TemporaryDirectory {
    let tmp = TemporaryDirectory()
    let saturday = ["SPOONS_NOW": "2026-11-21T09:00:00+01:00"]
    try setUp([["new-day", "12"], ["add", "1", "Old"], ["plan", "1"]], in: tmp.data, at: saturday)
    let sunday = ["SPOONS_NOW": "2026-11-22T09:00:00+01:00"]
    try setUp(
      [["routine", "add", "1", "Meds", "--days", "mon"], ["new-day", "12"], ["add", "2", "Walk"],
       ["add", "3", "Laundry"], ["plan", "2", "3"], ["done", "2"], ["add", "1", "Post"],
       ["add", "3", "Hoover"]],
      in: tmp.data, at: sunday)
    return tmp
  }

  @Test func everyCommandThatChangesTheListIsRefusedOnANewMorning() throws {
    let tmp = try sundayLeftOpen()
    let shown = try spoons(["todo"], data: tmp.data, environment: ["SPOONS_NOW": "2026-11-22T10:00:00+01:00"])
    #expect(shown.stdout.contains("[✓] #2  Walk") && shown.stdout.contains("[ ] #3  Laundry"), "\(shown.stdout)")
    let mondayMorning = ["SPOONS_NOW": "2026-11-23T09:00:00+01:00"]
    let refusal = "Sun 22 Nov is still open, but today is Mon 23 Nov: start today first with "
      + "'spoons new-day 12' (nothing was changed)"
    for (_, lines) in Self.listChanging {
      for line in lines { try expectRefused(line, in: tmp.data, at: mondayMorning, refusal) }
    }
    // What touches only the categories, the backlog or the settings goes ahead; a routine
    // added with --today is added, and left off the old day's list.
    for line in [
      ["add", "2", "Call"], ["edit", "4", "--spoons", "2"], ["move", "5", "1"], ["delete", "1"],
      ["reserve", "1"], ["routine", "add", "1", "Stretch", "--today"], ["routine", "pause", "r1"],
    ] {
      let run = try spoons(line, data: tmp.data, environment: mondayMorning)
      #expect(run.status == 0, "\(line): \(run.stderr)")
    }
    let todo = try spoons(["todo"], data: tmp.data, environment: mondayMorning).stdout
    #expect(!todo.contains("Stretch") && !todo.contains("Nap") && todo.contains("[ ] #3  Laundry"))
    // `suggest` says first that today is not started: its --plan would be refused.
    let suggest = try spoons(["suggest"], data: tmp.data, environment: mondayMorning).stdout
    #expect(
      suggest.hasPrefix("Sun 22 Nov is still open; today is Mon 23 Nov. Start today with: "
        + "spoons new-day 12\nSuggested for the room of"), "\(suggest)")
    // Today started, the same changes go ahead.
    try setUp(
      [["new-day", "12"], ["plan", "3"], ["edit", "3", "--spoons", "5"], ["delete", "3"]],
      in: tmp.data, at: mondayMorning)
  }
}
