import Foundation
import SpoonsCore
import SpoonsTestSupport
import Testing

@testable import SpoonsStore

/// The files under `Fixtures/moving-in/`, made by the real programs (see its README).
enum MovingInFixture {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/moving-in").path

  static func bytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name)))
  }

  /// Berlin in November, where the fixture's dates were typed.
  static let berlin: @Sendable (Int64) -> Int = { _ in 3600 }

  /// `task` on the PATH, if Taskwarrior is installed.
  static let taskCommand: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/task" }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }()

  /// What Taskwarrior's export of `make-taskwarrior-export.sh` brings, checked task by task:
  /// the same for the checked-in file and for a fresh export. `annotated`: the days the
  /// script may have run on, in Berlin (an annotation is dated when it is made).
  static func expectTheScriptsTasks(_ batch: MovingIn, annotated: Set<String> = ["2026-11-26"])
    throws
  {
    let titles = batch.tasks.map(\.title.text)
    #expect(titles.prefix(6) == [
      "Water the tomatoes", "Call the GP about the prescription", "Renew library books",
      "Draft the grant report", "Bake bread", "Café au lait with Zoë — 日本語のタイトル 🌱",
    ])
    #expect(titles.suffix(4) == ["Take out the bins", "Take out the bins", "Take out the bins", "Return the parcel"])
    #expect(batch.tasks.count == 11 && batch.deletedSkipped == 1 && batch.recurring == 1)
    #expect(!titles.contains("Old chore"))
    func task(_ n: Int) -> ImportedTask { batch.tasks[n] }
    #expect(task(0).tags.map(\.description) == ["+garden", "+home-garden", "+outdoor"])
    #expect(task(0).due == CivilDate(iso: "2026-11-28") && task(0).note == "energy: 3")
    #expect(task(1).tags.map(\.description) == ["+health", "+phone"])
    #expect(task(1).due == CivilDate(iso: "2026-11-27"))
    #expect(task(2).due == CivilDate(iso: "2026-12-05") && task(2).note == "wait: 2026-12-01")
    #expect(task(3).note == "scheduled: 2026-11-30" && task(3).tags.map(\.description) == ["+work"])
    #expect(
      annotated.contains { task(4).note?.hasSuffix(": use the rye flour; \($0): starter is in the fridge") == true },
      "\(task(4).note ?? "")")
    #expect(task(5).tags.map(\.description) == ["+café"] && task(5).note == "place: Kitchen")
    #expect(task(6).title.text.hasSuffix("…") && task(6).note?.hasSuffix("finally ends here") == true)
    #expect(task(6).note?.hasPrefix("Write a long description that goes on and on: the quick") == true)
    #expect(batch.shortenedTitles == 1)
    // The recurring task: its two pending instances and the one done, never the template.
    let bins = batch.tasks.filter { $0.title.text == "Take out the bins" }
    #expect(bins.map(\.due) == ["2026-11-24", "2026-12-01", "2026-11-17"].map { CivilDate(iso: $0) })
    #expect(bins.map { $0.completed != nil } == [false, false, true])
    #expect(bins.allSatisfy { $0.note == "recur: weekly" && $0.tags.map(\.description) == ["+chores"] })
    #expect(task(10).completed != nil && task(10).tags.map(\.description) == ["+errand"])
    #expect(batch.tasks.filter { $0.completed == nil }.count == 9)
  }
}

@Suite("Moving in: reading other programs' files")
struct MovingInFileTests {
  @Test func theTaskwarriorFixture() throws {
    let batch = try MovingInFile.taskwarrior(
      try MovingInFixture.bytes("taskwarrior-2.6.2.json"), file: "tw.json",
      utcOffset: MovingInFixture.berlin)
    try MovingInFixture.expectTheScriptsTasks(batch)
  }

  /// A fresh export by the Taskwarrior on this machine, made by the fixture's script: what
  /// the checked-in file says still holds for the program as it is now.
  @Test(.enabled(if: MovingInFixture.taskCommand != nil, "needs Taskwarrior (task)"))
  func aFreshTaskwarriorExport() throws {
    let tmp = TemporaryDirectory()
    func today() -> String {
      Timestamp(seconds: Int64(Date().timeIntervalSince1970), utcOffset: 3600).date.description
    }
    let started = today()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = [MovingInFixture.directory + "/make-taskwarrior-export.sh", tmp.path]
    process.environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
      "HOME": tmp.path]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let bytes = try #require(tmp.bytes("export.json"))
    let batch = try MovingInFile.taskwarrior(bytes, file: "fresh.json", utcOffset: MovingInFixture.berlin)
    try MovingInFixture.expectTheScriptsTasks(batch, annotated: [started, today()])
  }

  @Test func theTodoTxtFixture() throws {
    let batch = try MovingInFile.todoTxt(
      try MovingInFixture.bytes("todo.txt"), file: "todo.txt", now: morning,
      utcOffset: MovingInFixture.berlin)
    #expect(batch.tasks.count == 21)
    #expect(batch.tasks.map(\.title.text).prefix(4) == [
      "Thank Mom for the meatballs", "Schedule Goodwill pickup",
      "Post signs around the neighborhood", "Eskimo pies",
    ])
    #expect(batch.tasks[3].tags.map(\.description) == ["@grocerystore"])
    let done = batch.tasks.filter { $0.completed != nil }
    #expect(done.map(\.title.text) == ["Call Mom", "Review Tim's pull request"])
    #expect(done.map { $0.completed?.date.description } == ["2011-03-03", "2011-03-02"])
    #expect(done[1].tags.map(\.description) == ["+todotxttouch", "@github"])
    #expect(batch.tasks.last?.due == CivilDate(iso: "2010-01-02"))
    #expect(batch.tasks.filter { $0.note == "priority: A" }.count == 7)  // six (A), one pri:A
  }

  /// Older Taskwarriors write one object a line; a lone object is one task.
  @Test func oneObjectALineAndALoneObject() throws {
    let lines = """
      {"description":"One","status":"pending","urgency":0.8}

      {"description":"Two","status":"completed","end":"20261120T080000Z"}\r
      """
    let batch = try MovingInFile.taskwarrior(Array(lines.utf8), file: "f", utcOffset: { _ in 0 })
    #expect(batch.tasks.map(\.title.text) == ["One", "Two"])
    let lone = try MovingInFile.taskwarrior(
      Array(#"{"description":"Alone"}"#.utf8), file: "f", utcOffset: { _ in 0 })
    #expect(lone.tasks.map(\.title.text) == ["Alone"])
  }

  /// Hostile and broken files: one line naming the file, what it should be and where the
  /// trouble is.
  @Test(arguments: [
    ("", "f is not a Taskwarrior export Spoons can read: it is empty"),
    ("description: hello", "f is not a Taskwarrior export Spoons can read: "),
    ("[1, 2]", "f is not a Taskwarrior export Spoons can read: task 1 has task 'not an object'"),
    ("[{\"description\": \"a\"", "f is not a Taskwarrior export Spoons can read: it is not JSON Spoons can read (line 1: "),
    (String(repeating: "[", count: 10_000), "f is not a Taskwarrior export Spoons can read: it is not JSON Spoons can read (line 1: nested too deeply)"),
    ("[{\"description\": \"a\", \"tags\": \"x\"}]", "task 1 has tags 'text'"),
    ("[{\"description\": \"a\", \"uda\": {\"deep\": 1}}]", "task 1 has uda 'an object'"),
    ("{\"description\": \"a\"}\n{\"description\": ", "f is not a Taskwarrior export Spoons can read: line 2 is not a JSON object"),
    ("{\"format\": \"spoons-export\", \"version\": 6}", "it is a Spoons export, which 'import FILE' reads without --from"),
    ("[{\"description\": \"a\\u001b[2J\"}]", "task 1 has a control character (U+001B) in its description"),
  ])
  func taskwarriorRefusals(_ text: String, _ message: String) {
    do {
      _ = try MovingInFile.taskwarrior(Array(text.utf8), file: "f", utcOffset: { _ in 0 })
      Issue.record("read \(text.prefix(40))")
    } catch {
      #expect(error.description.contains(message), "\(error)")
      #expect(error.description.hasSuffix("; nothing was imported"))
      #expect(!error.description.contains("\n"))
    }
  }

  /// Numbers of any size are read as text where they are kept (a user-defined attribute),
  /// and ignored where they mean nothing (`id`, `urgency`): never overflowed.
  @Test func hugeNumbersAreTextNeverArithmetic() throws {
    let huge = String(repeating: "9", count: 400)
    let text = "[{\"id\": \(huge), \"urgency\": -1.5e308, \"imask\": 1e999, "
      + "\"description\": \"Big\", \"energy\": \(huge)5, \"ratio\": 0.25}]"
    let batch = try MovingInFile.taskwarrior(Array(text.utf8), file: "f", utcOffset: { _ in 0 })
    #expect(batch.tasks.first?.note == "energy: \(huge)5; ratio: 0.25")
  }

  /// Fractions and long numbers are text for other programs' files, and still refused in
  /// Spoons' own exports, which never hold one.
  @Test func fractionsOnlyWhereAsked() throws {
    let text = Array("[4.2, -1e3, 12345678901234567890, 7, 0.5E-2]".utf8)
    #expect(try JSON.parse(text, fractions: true) == .array([
      .decimal("4.2"), .decimal("-1e3"), .decimal("12345678901234567890"), .number(7),
      .decimal("0.5E-2"),
    ]))
    #expect(throws: JSON.ParseError.self) { try JSON.parse(text) }
    for bad in ["[1.]", "[-]", "[1e]", "[.5]"] {
      #expect(throws: JSON.ParseError.self) { try JSON.parse(Array(bad.utf8), fractions: true) }
    }
  }

  @Test func invalidUTF8IsRefusedByLine() {
    var bytes = Array("Good line\nBad \u{E9} line\n".utf8)
    bytes[14] = 0xFF
    #expect(throws: ImportError.unreadable(
      file: "t", format: "a todo.txt file", reason: "line 2 is not UTF-8 text"))
    {
      try MovingInFile.todoTxt(bytes, file: "t", now: morning, utcOffset: { _ in 0 })
    }
    let json: [UInt8] = Array("[{\"description\": \"".utf8) + [0xC3, 0x28] + Array("\"}]".utf8)
    #expect(throws: ImportError.self) {
      try MovingInFile.taskwarrior(json, file: "t", utcOffset: { _ in 0 })
    }
  }

  @Test func aByteOrderMarkAndWindowsLineEndsAreFine() throws {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("One +a\r\nx 2026-11-20 Two\r\n".utf8)
    let batch = try MovingInFile.todoTxt(bytes, file: "t", now: morning, utcOffset: { _ in 0 })
    #expect(batch.tasks.map(\.title.text) == ["One", "Two"])
    #expect(batch.tasks[0].tags.map(\.description) == ["+a"])
  }

  /// An import is one change: `undo` takes all of it back; a file that brings nothing
  /// writes nothing.
  @Test func anImportIsOneChangeAndNothingIsNoChange() throws {
    let tmp = TemporaryDirectory()
    let store = PlannerStore(directory: tmp.file("data"))
    try store.update(at: morning) { p, _ in try p.add("Mine", spoons: 1, at: morning) }
    let before = try store.loadWhole()
    var empty = MovingIn()
    empty.deletedSkipped = 3
    let files = try FileManager.default.contentsOfDirectory(atPath: tmp.file("data")).sorted()
    let nothing = try store.moveIn(empty, spoons: MovingIn.defaultSpoons, at: morning)
    #expect(nothing == PlannerStore.MovingInSummary(open: 0, guessed: 0, done: 0))
    #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.file("data")).sorted() == files)
    let batch = try MovingInFile.taskwarrior(
      try MovingInFixture.bytes("taskwarrior-2.6.2.json"), file: "tw.json",
      utcOffset: MovingInFixture.berlin)
    let summary = try store.moveIn(batch, spoons: try SpoonCost(4), at: morning) { "import \($0.open)" }
    #expect(summary == PlannerStore.MovingInSummary(open: 9, guessed: 9, done: 2))
    let after = try store.loadWhole()
    #expect(after.planner.category(try SpoonCost(4)).count == 9)
    #expect(after.archive.doneTasks.map(\.title.text) == ["Take out the bins", "Return the parcel"])
    #expect(after.planner.nextID == TaskID(13))
    let undone = try store.undo()
    #expect(undone.changes.map(\.what) == ["import 9"])
    #expect(try store.loadWhole() == before)
  }

  /// The same export imported again brings nothing and writes nothing: every task is here
  /// already, the open ones in the planner and the done ones in the archive.
  @Test func theSameFileImportedAgainChangesNothing() throws {
    let tmp = TemporaryDirectory()
    let store = PlannerStore(directory: tmp.file("data"))
    let batch = try MovingInFile.taskwarrior(
      try MovingInFixture.bytes("taskwarrior-2.6.2.json"), file: "tw.json",
      utcOffset: MovingInFixture.berlin)
    // After Taskwarrior made the file (a time ahead of the clock is taken as now).
    let evening = try #require(Timestamp(iso: "2026-11-26T21:00:00+01:00"))
    try store.moveIn(batch, spoons: try SpoonCost(4), at: evening) { "import \($0.open)" }
    func everyFile() throws -> [String: Data] {
      var files: [String: Data] = [:]
      for name in try FileManager.default.contentsOfDirectory(atPath: tmp.file("data")) {
        files[name] = FileManager.default.contents(atPath: tmp.file("data/" + name))
      }
      return files
    }
    let files = try everyFile()
    let again = try store.moveIn(batch, spoons: try SpoonCost(4), at: evening.plus(minutes: 5))
    #expect(again == PlannerStore.MovingInSummary(open: 0, guessed: 0, done: 0, alreadyHere: 11))
    #expect(try everyFile() == files, "nothing written")
    #expect(try store.undo().changes.map(\.what) == ["import 9"], "no second change to undo")
  }

  /// `export --format todotxt`: every task a line, open first, then the done ones.
  @Test func theTodoTxtExport() throws {
    var p = Planner()
    try p.startNewDay(budget: 10, at: morning)
    let tag = try #require(try Tag(word: "@phone"))
    p.add(try Title("Call"), spoons: try SpoonCost(2), at: morning, tags: [tag])
    p.add(try Title("Sweep"), spoons: try SpoonCost(1), at: morning)
    try p.plan([TaskID(2)], at: morning)
    try p.markDone([TaskID(2)], at: morning)
    let text = String(decoding: ExportFormat.todoTxt(PlannerExport(planner: p, archive: Archive())), as: UTF8.self)
    #expect(text == "2026-11-21 Call @phone spoons:2\nx 2026-11-21 2026-11-21 Sweep spoons:1\n")
  }
}
