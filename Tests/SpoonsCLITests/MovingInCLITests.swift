import Foundation
import SpoonsCore
import SpoonsStore
import SpoonsTestSupport
import Testing

@testable import SpoonsCLI

/// `import --from taskwarrior|todotxt` and `export --format todotxt`, through the binary.
@Suite("Moving in, through the binary")
struct MovingInCLITests {
  static let fixtures = packageRoot.appendingPathComponent("Tests/SpoonsStoreTests/Fixtures/moving-in").path

  @Test func aTaskwarriorExportComesInAsOneChange() throws {
    let tmp = TemporaryDirectory()
    try spoons(["add", "1", "Already here"], data: tmp.data)
    let file = Self.fixtures + "/taskwarrior-2.6.2.json"
    let run = try spoons(["import", "--from", "taskwarrior", file], data: tmp.data)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout == """
      Imported 11 tasks from \(file) (Taskwarrior): 9 open, 2 done; 1 deleted skipped; \
      1 recurring task as pending instances only; 1 long title shortened (the whole text is \
      in the note).
      Look over 9 imported tasks (each costs 2 spoons, a guess): spoons list +imported

      """)
    let listed = try spoons(["list", "+imported"], data: tmp.data).stdout
    #expect(listed.hasPrefix("2 spoons\n  #2   Water the tomatoes +garden +home-garden +imported +outdoor · due Sat 28 Nov\n"))
    #expect(listed.components(separatedBy: "\n").filter { $0.hasPrefix("  #") }.count == 9)
    #expect(!listed.contains("Already here"))
    let show = try spoons(["show", "4"], data: tmp.data).stdout
    #expect(show.contains("wait: 2026-12-01"), "\(show)")
    let changes = try spoons(["history", "--changes"], data: tmp.data).stdout
    #expect(changes.contains("import --from taskwarrior \(file) (11 tasks)"), "\(changes)")
    let export = try spoons(["export"], data: tmp.data).stdout
    #expect(export.contains("\"title\": \"Return the parcel\"") && !export.contains("Old chore"))
    // The same file again: every task is here already, and nothing changes.
    let again = try spoons(["import", "--from", "taskwarrior", file], data: tmp.data)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stdout.hasPrefix(
      "Nothing to import from \(file) (Taskwarrior); 11 here already, not brought again;"),
      "\(again.stdout)")
    #expect(try spoons(["export"], data: tmp.data).stdout == export)
    #expect(try spoons(["undo"], data: tmp.data).status == 0)
    let after = try spoons(["list"], data: tmp.data).stdout
    #expect(after == "1 spoon\n  #1  Already here\n", "\(after)")
    #expect(!(try spoons(["export"], data: tmp.data).stdout.contains("Return the parcel")))
  }

  /// Without a fixed clock, the time zone is the process's own (`TZ`): the same UTC due time
  /// is the 28th in Berlin and still the 27th in New York.
  @Test(arguments: [("Europe/Berlin", "2026-11-28"), ("America/New_York", "2026-11-27")])
  func dueDatesFallOnTheLocalCalendar(_ zone: String, _ due: String) throws {
    let tmp = TemporaryDirectory()
    try tmp.write("tw.json", #"[{"description":"Water","due":"20261127T230000Z"}]"#)
    let clock = ["SPOONS_NOW": "", "TZ": zone]
    let run = try spoons(["import", "--from", "taskwarrior", tmp.file("tw.json")], data: tmp.data, environment: clock)
    #expect(run.status == 0, "\(run.stderr)")
    let json = try spoons(["list", "--json"], data: tmp.data, environment: clock).stdout
    #expect(json.contains("\"due\":\"\(due)\""), "\(json)")
  }

  @Test func theCostIsChosenWithSpoonsAndTheFileCanSayItsOwn() throws {
    let tmp = TemporaryDirectory()
    let file = tmp.file("todo.txt")
    try tmp.write("todo.txt", "Call GP @phone\nBig clean spoons:7\nx 2026-11-20 Sweep\n")
    let run = try spoons(["import", "--from", "todotxt", file, "--spoons", "4"], data: tmp.data)
    #expect(run.stdout == """
      Imported 3 tasks from \(file) (todo.txt): 2 open, 1 done.
      Look over 2 imported tasks (1 cost 4 spoons, a guess): spoons list +imported

      """)
    let list = try spoons(["list"], data: tmp.data).stdout
    #expect(list == "4 spoons\n  #1  Call GP +imported @phone\n7 spoons\n  #2  Big clean +imported\n", "\(list)")
  }

  @Test func aFileThatBringsNothingChangesNothing() throws {
    let tmp = TemporaryDirectory()
    try spoons(["add", "1", "Tea"], data: tmp.data)
    try tmp.write("tw.json", #"[{"description":"Gone","status":"deleted","end":"20261120T080000Z"}]"#)
    let before = everyFile(in: tmp.data)
    let run = try spoons(["import", "--from", "taskwarrior", tmp.file("tw.json")], data: tmp.data)
    #expect(run.status == 0)
    #expect(run.stdout == "Nothing to import from \(tmp.file("tw.json")) (Taskwarrior); 1 deleted skipped.\n")
    #expect(everyFile(in: tmp.data) == before)
  }

  /// The todo.txt export read back gives the same tasks: titles, tags, contexts, due dates,
  /// costs and what was done.
  @Test func aTodoTxtExportImportsAsTheSameTasks() throws {
    let tmp = TemporaryDirectory()
    for words in [
      ["new-day", "10"], ["add", "3", "Laundry", "+home", "@house", "--due", "2026-11-28"],
      ["add", "2", "Call", "mum", "@phone"], ["add", "1", "Café", "☕", "with", "Zoë"],
      ["add", "5", "--", "x", "(A)", "2026-01-01", "starts", "like", "syntax"],
      ["plan", "2", "3"], ["done", "3"],
    ] {
      try #require(try spoons(words, data: tmp.data).status == 0, "\(words)")
    }
    let file = tmp.file("out.txt")
    let written = try spoons(["export", "--format", "todotxt", "--output", file], data: tmp.data)
    #expect(written.stdout.hasPrefix("Exported 4 tasks to \(file) (todo.txt"))
    let text = try String(contentsOfFile: file, encoding: .utf8)
    #expect(text == """
      2026-11-21 Laundry +home @house due:2026-11-28 spoons:3
      2026-11-21 x (A) 2026-01-01 starts like syntax spoons:5
      2026-11-21 Call mum @phone spoons:2
      x 2026-11-21 2026-11-21 Café ☕ with Zoë spoons:1

      """)
    let other = TemporaryDirectory()
    let imported = try spoons(["import", "--from", "todotxt", file], data: other.data)
    #expect(imported.status == 0, "\(imported.stderr)")
    let again = try spoons(["export", "--format", "todotxt"], data: other.data).stdout
    func lines(_ text: String) -> Set<String> {
      Set(text.split(separator: "\n").map { $0.replacingOccurrences(of: " +imported", with: "") })
    }
    #expect(lines(again) == lines(text), "\(again)")
  }

  /// Tags in other scripts, written with marks, or ending in a letter that joins the space
  /// after it into one character (U+0D4E once left the planner unreadable): kept, edited,
  /// read back, and carried whole through a todo.txt export into another planner.
  @Test func tagsInAnyScriptAreKeptAndComeBackWhole() throws {
    let tmp = TemporaryDirectory()
    for words in [
      ["new-day", "10"], ["add", "2", "Call", "+a\u{D4E}", "+b", "@บ้าน", "+स्वास्थ्य"],
      ["edit", "1", "+zz"],
    ] {
      try #require(try spoons(words, data: tmp.data).status == 0, "\(words)")
    }
    let tags = "+a\u{D4E} +b +zz +स्वास्थ्य @บ้าน"
    let shown = try spoons(["list"], data: tmp.data)
    #expect(shown.status == 0 && shown.stdout.contains("Call \(tags)"), "\(shown)")
    let file = tmp.file("out.txt")
    try #require(try spoons(["export", "--format", "todotxt", "--output", file], data: tmp.data).status == 0)
    let other = TemporaryDirectory()
    #expect(try spoons(["import", "--from", "todotxt", file], data: other.data).status == 0)
    let again = try spoons(["list"], data: other.data)
    #expect(again.status == 0 && again.stdout.contains("Call +a\u{D4E} +b +imported +zz +स्वास्थ्य @บ้าน"), "\(again)")
  }

  /// Titles todo.txt would read as more than text, and one that starts with a combining
  /// mark: Spoons' export of them imports whole into a new planner, each line as it was
  /// written, and a second import brings nothing, even after a due date changed (it once
  /// refused the whole file, or brought a task twice).
  @Test func awkwardTitlesExportedAsTodoTxtComeBackAsWritten() throws {
    let tmp = TemporaryDirectory()
    for words in [
      ["new-day", "10"], ["add", "1", "--", "+foo"], ["add", "2", "Buy", "--", "spoons:11", "forks"],
      ["add", "2", "--", "due:2026-12-01"], ["add", "3", "\u{301}accent", "first"],
      ["add", "2", "--", "spoons:3", "due:2026-02-30"], ["add", "1", "Plain", "@home"],
    ] {
      try #require(try spoons(words, data: tmp.data).status == 0, "\(words)")
    }
    let file = tmp.file("out.txt")
    try #require(try spoons(["export", "--format", "todotxt", "--output", file], data: tmp.data).status == 0)
    let text = try String(contentsOfFile: file, encoding: .utf8)
    let other = TemporaryDirectory()
    let imported = try spoons(["import", "--from", "todotxt", file], data: other.data)
    #expect(imported.status == 0 && imported.stdout.hasPrefix("Imported 6 tasks"), "\(imported)")
    let again = try spoons(["export", "--format", "todotxt"], data: other.data).stdout
    #expect(again.replacingOccurrences(of: " +imported", with: "") == text, "\(again)")
    let twice = try spoons(["import", "--from", "todotxt", file], data: other.data)
    #expect(twice.stdout.contains("6 here already"), "\(twice)")
    // A due date set since the export (on the task whose title holds `due:2026-12-01`, which
    // the file reads as its due date): still the same task.
    try #require(try spoons(["edit", "3", "--due", "2026-12-05"], data: tmp.data).status == 0)
    let home = try spoons(["import", "--from", "todotxt", file], data: tmp.data)
    #expect(home.stdout.contains("6 here already"), "\(home)")
  }

  @Test func usageMistakesAreOneLine() throws {
    let tmp = TemporaryDirectory()
    for (words, says) in [
      (["import", "--from", "xml", "f"], "--from is json, taskwarrior or todotxt, not 'xml'"),
      (["import", "f", "--from", "todotxt", "--replace"], "--replace is for Spoons' own JSON export"),
      (["import", "f", "--spoons", "3"], "--spoons is for tasks that arrive without a cost"),
      (["import", "--from", "todotxt", "f", "--spoons", "0"], "0 is too small"),
      (["export", "--format", "xml"], "--format is json, csv or todotxt, not 'xml'"),
    ] {
      let run = try spoons(words, data: tmp.data)
      #expect(run.status == 64, "\(words)")
      #expect(run.stderr.hasPrefix("error: ") && run.stderr.contains(says), "\(run.stderr)")
      #expect(run.stderr.filter { $0 == "\n" }.count == 1)
    }
  }

  @Test func tabOffersTheFormats() throws {
    let tmp = TemporaryDirectory()
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
    #expect(complete("import --from ") == ["json", "taskwarrior", "todotxt"])
    #expect(complete("import --from t") == ["taskwarrior", "todotxt"])
    #expect(complete("import ").isEmpty)
    #expect(complete("export --format ") == ["json", "csv", "todotxt"])
    #expect(complete("export --output x --format to") == ["todotxt"])
    // The shells ask the same lister (`spoons __complete`).
    #expect(try spoons(["__complete", "import", "x", "--from", "t"]).stdout == "taskwarrior\ntodotxt\n")
  }
}
