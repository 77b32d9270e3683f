import Foundation
import SpoonsCore
import SpoonsStore
import SpoonsTestSupport
import Testing
@testable import SpoonsCLI

/// What a task really took (`done --took`), how the morning feels (the check-in's question,
/// `new-day --mood`) and the two settings, through the real binary and the REPL.
@Suite("What tasks took and how mornings feel")
struct PacingCLITests {
  /// A day of 12 with Laundry (3) and Call mum (2) planned and a rest, Nap, on the list.
  func plannedDay() throws -> TemporaryDirectory {
    let tmp = TemporaryDirectory()
    try spoons(
      [], stdin: script("new-day 12", "add 3 Laundry", "add 2 Call mum", "plan 1 2", "rest 2 Nap"),
      data: tmp.data)
    return tmp
  }

  // MARK: - done --took

  /// `--took` past the whole day's budget is kept (such days happen) but said, with the way
  /// back, since it is more often a slip of the finger; up to the budget, nothing is added.
  @Test func aTookPastTheWholeDayIsSaidToLookLikeASlip() throws {
    let tmp = try plannedDay()
    let plain = try spoons(["done", "2", "--took", "12"], data: tmp.data)
    #expect(plain.stdout == "Done: #2 Call mum (planned 2, took 12). Spent 12; checked off 2 of 5 planned.\n")
    let slip = try spoons(["done", "1", "--took", "99"], data: tmp.data)
    #expect(slip.status == 0)
    #expect(
      slip.stdout.hasSuffix(
        "That is more than today's whole budget (12); if it was a slip, 'undo', then check it "
          + "off with what it took (as 'done 1 --took 3').\n"), "\(slip.stdout)")
    let refused = try spoons(["done", "3", "--took", "100"], data: tmp.data)
    #expect(refused.status != 0 && refused.stderr.contains("99"), "\(refused.stderr)")
  }

  @Test func doneTookIsSaidKeptAndShownEverywhere() throws {
    let tmp = try plannedDay()
    let done = try spoons(["done", "1", "--took", "5"], data: tmp.data)
    #expect(done.status == 0 && done.stderr.isEmpty)
    #expect(
      done.stdout
        == "Done: #1 Laundry (planned 3, took 5). Spent 5; checked off 3 of 5 planned.\n")
    for unkind in ["fail", "over", "too much", "should"] {
      #expect(!done.stdout.lowercased().contains(unkind), "\(unkind)")
    }
    let status = try spoons(["status"], data: tmp.data).stdout
    #expect(status.contains("· spent 5 (planned at 3) ·"))
    #expect(status.contains("#1  Laundry, 3 spoons, took 5"))
    let json = try spoons(["status", "--json"], data: tmp.data).stdout
    #expect(json.contains("\"spent\":5,\"left\":7,\"room\":7,\"checked\":3,\"mood\":null"))
    #expect(json.contains("\"title\":\"Laundry\",\"spoons\":3,") && json.contains("\"took\":5"))
    let show = try spoons(["show", "1"], data: tmp.data).stdout
    #expect(show.contains("  took       5\n"))
    let changes = try spoons(["history", "--changes", "1"], data: tmp.data).stdout
    #expect(changes.contains("done #1 Laundry --took 5"))
    // Undone, it took nothing yet: the note goes with the check-off.
    try spoons(["undo"], data: tmp.data)
    #expect(!(try spoons(["show", "1", "--json"], data: tmp.data).stdout.contains("took")))
    #expect(try spoons(["status"], data: tmp.data).stdout.contains("· spent 0 ·"))
  }

  /// The same as planned notes nothing: the output and the change read as a plain `done`.
  @Test func tookAsPlannedIsAPlainDone() throws {
    let tmp = try plannedDay()
    let done = try spoons(["done", "2", "--took", "2"], data: tmp.data)
    #expect(done.stdout == "Done: #2 Call mum (2 spoons). Spent 2 of 5 planned.\n")
    #expect(!(try spoons(["show", "2", "--json"], data: tmp.data).stdout.contains("took")))
    #expect(try spoons(["status"], data: tmp.data).stdout.contains("· spent 2 ·"))
  }

  /// Each refusal is one line, with its exit status, and leaves every file as it was.
  @Test(arguments: [
    (["done", "1", "2", "--took", "3"], 64,
     "--took goes with one task at a time, e.g. done 12 --took 5"),
    (["done", "1", "--took", "-1"], 64,
     "--took needs the spoons the task really took, a whole number from 0 to 99, not -1"),
    (["done", "1", "--took", "100"], 64,
     "--took needs the spoons the task really took, a whole number from 0 to 99, not 100"),
    (["done", "3", "--took", "1"], 1,
     "#3 is a rest: it gives spoons back, so there is nothing to note with --took"),
    (["done", "1", "--took"], 64,
     "--took needs the spoons the task really took after it, a whole number from 0 to 99, "
       + "e.g. done 12 --took 5"),
    (["done", "1", "--took", "lots"], 64,
     "'lots' is not a whole number: the spoons the task really took must be a whole number "
       + "from 0 to 99, e.g. done 12 --took 5"),
    (["done", "1", "--took", "3", "--took", "4"], 64, "--took is given twice; give it once"),
    (["new-day", "10", "--mood", "6"], 64,
     "how you feel is a number from 1 (very low) to 5 (very good), not 6"),
    (["new-day", "10", "--mood", "0"], 64,
     "how you feel is a number from 1 (very low) to 5 (very good), not 0"),
    (["new-day", "10", "--mood"], 64,
     "--mood needs how you feel after it, a whole number from 1 (very low) to 5 (very good), "
       + "e.g. new-day 12 --mood 3"),
    (["settings", "mood", "maybe"], 64,
     "settings mood is on or off, not 'maybe'; e.g. settings mood off"),
    (["settings", "pace-hint"], 64,
     "settings pace-hint needs on or off, e.g. settings pace-hint off"),
  ] as [([String], Int32, String)])
  func refusalsAreOneLineAndChangeNothing(_ words: [String], _ status: Int32, _ message: String)
    throws
  {
    let tmp = try plannedDay()
    let before = everyFile(in: tmp.data)
    let run = try spoons(words, data: tmp.data)
    #expect(run.status == status, "\(words)")
    #expect(run.stderr == "error: \(message)\n" && run.stdout.isEmpty, "\(run.stderr)")
    #expect(everyFile(in: tmp.data) == before, "\(differences(before, everyFile(in: tmp.data)))")
  }

  // MARK: - new-day --mood and the looking back

  @Test func aMoodFromAScriptIsKeptAndShownBesideTheSpoons() throws {
    let tmp = TemporaryDirectory()
    let friday = ["SPOONS_NOW": "2026-11-20T08:00:00+01:00"]
    let start = try spoons(["new-day", "10", "--mood", "2"], data: tmp.data, environment: friday)
    #expect(start.stdout.contains("Noted how you feel this morning: 2 of 5.\n"))
    try spoons(["new-day", "8"], data: tmp.data)
    let history = try spoons(["history", "2"], data: tmp.data).stdout
    #expect(history.contains("planned spent done mood\n"))
    #expect(history.contains("mood: how you felt that morning, 1 (very low) to 5 (very good)"))
    let json = try spoons(["history", "2", "--json"], data: tmp.data).stdout
    #expect(json.contains("\"checked\":0,\"done\":0,\"finished\":true,\"mood\":2}"))
    #expect(json.contains("\"finished\":false,\"mood\":null}"))
    let chart = try spoons(["chart", "--days", "2"], data: tmp.data).stdout
    #expect(chart.contains("how you felt that morning"))
    let file = tmp.file("report.html")
    try spoons(["report", "--html", file, "--days", "2"], data: tmp.data)
    let html = try String(contentsOfFile: file, encoding: .utf8)
    #expect(html.contains(">mood</th>") && html.contains("<td>2</td></tr>"))
    #expect(html.contains("mood 2 of 5"))
  }

  /// With no mood said in view, the views are as they always were.
  @Test func withoutAMoodNothingIsAdded() throws {
    let tmp = try plannedDay()
    #expect(!(try spoons(["history"], data: tmp.data).stdout.contains("mood")))
    #expect(!(try spoons(["chart"], data: tmp.data).stdout.contains("felt")))
    let file = tmp.file("report.html")
    try spoons(["report", "--html", file], data: tmp.data)
    #expect(!(try String(contentsOfFile: file, encoding: .utf8)).contains("mood"))
  }

  // MARK: - The check-in's question

  /// A check-in on a planner whose last day was yesterday, answering `12`, then `answer` to
  /// the mood question, then `status`; what the screen showed.
  func checkIn(answering answer: String?, before: [String] = []) throws -> String {
    // The first line is a comment: `@@ check-in` is found on a line of its own.
    var lines = [
      "@@ A check-in.", "@@ check-in", "@@ now 2026-11-20T08:00:00+01:00", "@@ before new-day 12",
    ]
    lines += before.map { "@@ before " + $0 }
    lines += [
      "@@ now 2026-11-21T08:00:00+01:00",
      "Spoons: plan your day in spoons. 'help' lists the commands.",
      "Good morning. How many spoons today? [12] 12",
    ]
    if let answer { lines.append(Repl.moodQuestion + answer) }
    lines.append("spoons 0/12> history 1 --json")
    return try TranscriptTests.replay(lines.joined(separator: "\n") + "\n")
  }

  @Test func anAnswerFromOneToFiveIsKept() throws {
    let screen = try checkIn(answering: "4")
    #expect(screen.contains(Repl.moodQuestion + "4\nNoted how you feel this morning: 4 of 5.\n"))
    #expect(screen.contains("\"mood\":4}"))
  }

  /// Enter, a number outside 1 to 5 and the end of the input skip it without a word; other
  /// words get one short line; it is never asked twice.
  @Test(arguments: [
    ("", nil), (" ", nil), ("6", nil), ("0", nil), ("-2", nil),
    ("meh", "Not noted: how you feel is a number from 1 to 5.\n"),
    ("3 or so", "Not noted: how you feel is a number from 1 to 5.\n"),
  ] as [(String, String?)])
  func anythingElseSkipsIt(_ answer: String, _ hint: String?) throws {
    let screen = try checkIn(answering: answer)
    #expect(screen.components(separatedBy: "How do you feel").count == 2, "asked once")
    #expect(!screen.contains("Noted"))
    #expect(screen.contains("\"mood\":null}"))
    let parts = screen.components(separatedBy: Repl.moodQuestion + answer + "\n")
    #expect(parts.count == 2, "\(screen)")
    #expect(parts.last?.hasPrefix((hint ?? "") + "spoons 0/12> ") == true, "\(screen)")
  }

  /// A command typed where the mood is asked (the person did not read the question, or
  /// typed ahead) runs, as if typed at the prompt; the question is skipped for the day.
  @Test(arguments: ["status", "plan 1", "Status"])
  func aCommandTypedAtTheQuestionRuns(_ command: String) throws {
    let screen = try checkIn(answering: command, before: ["add 2 Tea"])
    let after = screen.components(separatedBy: Repl.moodQuestion + command + "\n").last ?? ""
    #expect(!after.hasPrefix("Not noted"), "\(screen)")
    if command.lowercased() == "status" {
      #expect(after.contains("budget 12 · planned 0 of 12"), "\(screen)")
    } else {
      #expect(after.hasPrefix("Planned #1 Tea (2 spoons)."), "\(screen)")
    }
    #expect(screen.components(separatedBy: "How do you feel").count == 2, "asked once")
    #expect(screen.contains("\"mood\":null}"))
  }

  @Test func theEndOfTheInputSkipsIt() throws {
    let transcript = """
      @@ A check-in.
      @@ check-in
      @@ now 2026-11-21T08:00:00+01:00
      Spoons: plan your day in spoons. 'help' lists the commands.
      Good morning. How many spoons today? 7

      """
    let screen = try TranscriptTests.replay(transcript)
    #expect(screen.hasSuffix(Repl.moodQuestion + "\nspoons 0/7> \n"))
  }

  @Test func settingsMoodOffAsksNothing() throws {
    let screen = try checkIn(answering: nil, before: ["settings mood off"])
    #expect(!screen.contains("How do you feel"))
    #expect(screen.contains("New day: Sat 21 Nov 2026, 12 spoons.\n"))
  }

  /// A mood said with the new-day typed at the check-in is not asked again.
  @Test func aNewDayWithItsMoodAtTheCheckInIsNotAskedAgain() throws {
    let transcript = """
      @@ A check-in.
      @@ check-in
      @@ now 2026-11-21T08:00:00+01:00
      Spoons: plan your day in spoons. 'help' lists the commands.
      Good morning. How many spoons today? new-day 9 --mood 5
      spoons 0/9> history 1 --json

      """
    let screen = try TranscriptTests.replay(transcript)
    #expect(!screen.contains("How do you feel"))
    #expect(screen.contains("Noted how you feel this morning: 5 of 5."))
    #expect(screen.contains("\"mood\":5}"))
  }

  // MARK: - Settings

  @Test func theFourSettingsAreShownAndTheTwoNewOnesKept() throws {
    let tmp = TemporaryDirectory()
    let shown = try spoons(["settings"], data: tmp.data).stdout
    #expect(shown.hasSuffix(
      "mood       on  (whether the morning check-in asks how you feel, 1 to 5)\n"
        + "pace-hint  on  (whether the check-in may point out a run of heavy days)\n"))
    #expect(shown.split(separator: "\n").count == 4)
    let off = try spoons(["settings", "mood", "off"], data: tmp.data)
    #expect(off.status == 0 && off.stdout == "The morning check-in will not ask how you feel.\n")
    let hint = try spoons(["settings", "pace-hint", "off"], data: tmp.data)
    #expect(hint.stdout == "The morning check-in will not point out runs of heavy days.\n")
    let p = try PlannerStore(directory: tmp.data).load()
    #expect(!p.asksMood && !p.paceHints)
    #expect(try spoons(["settings"], data: tmp.data).stdout.contains("mood       off  "))
    let undo = try spoons(["undo"], data: tmp.data)
    #expect(undo.stdout.contains("Undid: settings pace-hint off."))
    #expect(try PlannerStore(directory: tmp.data).load().paceHints)
  }

  // MARK: - Completion

  @Test func tabKnowsTheNewWords() throws {
    let tmp = try plannedDay()
    let session = Session(
      store: PlannerStore(directory: tmp.data),
      environment: Environment(
        now: { morning }, variables: [:], input: ScriptedLines([]), output: StringSink(),
        errors: StringSink(), inputIsTerminal: true, outputIsTerminal: false),
      renderer: Renderer(style: Style(color: false)))
    func complete(_ line: String) -> [String] {
      let chars = Array(line)
      guard let c = session.completions(line: chars, cursor: chars.count) else { return [] }
      return c.matching(String(chars[c.wordStart...])).map(\.text)
    }
    #expect(Set(complete("done ")) == ["1", "2", "3"])
    #expect(complete("done 1 --took ").isEmpty, "a number, not a task")
    #expect(complete("settings ") == ["day-start", "reserve", "mood", "pace-hint"])
    #expect(complete("settings mood ") == ["on", "off"])
    #expect(complete("settings pa") == ["pace-hint"])
    #expect(complete("settings reserve ").isEmpty)
  }
}
