import Foundation
import SpoonsTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One way a command is refused, on a data directory that `prepare` may damage first. In
/// `words`, `$TMP` stands for the test's temporary directory.
struct Refusal: Sendable, CustomTestStringConvertible {
  var name: String
  var words: [String]
  var status: Int32 = 1
  /// A part of the message; nil where its words belong to the parser.
  var says: String?
  var environment: [String: String] = [:]
  var prepare: @Sendable (_ data: String, _ tmp: String) throws -> Void = { _, _ in }

  var testDescription: String { name }

  func arguments(_ tmp: String) -> [String] {
    words.map { $0.replacingOccurrences(of: "$TMP", with: tmp) }
  }
}

/// Replaces `old` with `new` in the file at `path`, as a text editor would.
func edit(_ path: String, _ old: String, _ new: String) throws {
  let text = try String(contentsOfFile: path, encoding: .utf8)
  guard text.contains(old) else { throw CocoaError(.fileReadCorruptFile) }
  try text.replacingOccurrences(of: old, with: new).write(
    toFile: path, atomically: false, encoding: .utf8)
}

/// The format version the first line of the file at `path` names.
func formatVersion(_ path: String) throws -> Int {
  let text = try String(contentsOfFile: path, encoding: .utf8)
  let first = text.prefix { $0 != "\n" }
  guard let range = first.range(of: "\tversion="), let version = Int(first[range.upperBound...])
  else { throw CocoaError(.fileReadCorruptFile) }
  return version
}

/// Makes the file at `path` say it was written by a Spoons `newer` versions on.
func makeNewer(_ path: String, by newer: Int = 1) throws {
  let version = try formatVersion(path)
  try edit(path, "\tversion=\(version)\n", "\tversion=\(version + newer)\n")
}

/// The first bytes of a JPEG photo.
let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01])

/// A refused command changes nothing on disk: every file of the data directory (the planner,
/// its backup, the archive, the undo history and the lock's stamp), byte for byte, whatever
/// refused it, through the real binary.
@Suite("A refusal writes nothing, through the binary")
struct RefusalCLITests {
  static let yesterday = ["SPOONS_NOW": "2026-11-20T08:00:00+01:00"]
  static let tomorrow = ["SPOONS_NOW": "2026-11-22T08:00:00+01:00"]

  /// A planner with something in every file: a finished day in the archive, an undo history,
  /// a backup, a routine, a backlog and today's list (#3 Tea and #4 Meds planned, 2 of 8).
  @discardableResult
  static func lived(in tmp: TemporaryDirectory, at data: String? = nil) throws -> String {
    let data = data ?? tmp.data
    let steps: [([String], [String: String])] = [
      (["new-day", "10"], yesterday), (["add", "3", "Laundry"], yesterday),
      (["add", "2", "Call", "mum"], yesterday), (["add", "1", "Tea"], yesterday),
      (["plan", "1", "2"], yesterday), (["done", "1"], yesterday),
      (["routine", "add", "1", "Meds"], yesterday), (["new-day", "8"], [:]),
      (["add", "2", "Existing"], [:]), (["add", "10", "Move", "house"], [:]), (["plan", "3"], [:]),
    ]
    for (words, environment) in steps {
      // A checkpoint at every change, so the files a refusal is tried on hold everything
      // written out whole, where a hand edit expects it.
      let run = try spoons(
        words, data: data, environment: environment.merging(["SPOONS_CHECKPOINT_AFTER": "1"]) { $1 })
      try #require(run.status == 0, "\(words): \(run.stderr)")
    }
    return data
  }

  static let damagedHistory: @Sendable (String, String) throws -> Void = { data, _ in
    try edit(data + "/undo-1.txt", "change\t", "chXnge\t")
  }

  static let refusals: [Refusal] = [
    Refusal(name: "a typo", words: ["pln", "3"], status: 64),
    Refusal(name: "a word for a number", words: ["plan", "4", "abc"], status: 64),
    Refusal(name: "an empty word as a filter", words: ["delete", ""], status: 64, says: "empty word"),
    Refusal(name: "a task named twice in an edit", words: ["edit", "5,3-5", "--spoons", "1"], status: 64, says: "selected twice"),
    Refusal(
      name: "many tasks chosen by a filter, one-shot, without --yes", words: ["delete", "in:category"],
      status: 64, says: "add --yes",
      prepare: { data, _ in
        for title in ["A", "B", "C"] {
          try #require(try spoons(["add", "1", title], data: data).status == 0)
        }
      }),
    Refusal(name: "a filter that matches nothing", words: ["plan", "abc"], says: "no task waiting in a category or the backlog matches abc"),
    Refusal(name: "a bulk edit that one task refuses", words: ["edit", "5,3", "--spoons", "10"], says: "over budget"),
    Refusal(name: "clear without --yes", words: ["clear", "backlog"], status: 64),
    Refusal(name: "a budget out of range", words: ["new-day", "100"], status: 64),
    Refusal(name: "an unknown id", words: ["done", "99"], says: "#99"),
    Refusal(name: "over budget", words: ["plan", "6"], says: "over budget"),
    Refusal(name: "an edit past the budget", words: ["edit", "3", "--spoons", "10"], says: "over budget"),
    Refusal(name: "a duplicate", words: ["add", "2", "Existing"]),
    Refusal(name: "taking away a tag the task lacks", words: ["edit", "3", "-health"], status: 64, says: "has no +health"),
    Refusal(name: "a title of tags alone", words: ["add", "2", "+health", "@bed"], status: 64, says: "besides its tags"),
    Refusal(name: "a tag name too long", words: ["add", "2", "Tea", "+" + String(repeating: "t", count: 33)], status: 64),
    Refusal(name: "a filter with a bad date", words: ["list", "due:someday"], status: 64, says: "due:someday"),
    Refusal(name: "borrowing too much", words: ["borrow", "9"], says: "borrow"),
    Refusal(name: "an unknown routine", words: ["routine", "remove", "r9"]),
    Refusal(name: "a routine edit of nothing", words: ["routine", "edit", "r1"], status: 64, says: "--title, --spoons or --days"),
    Refusal(name: "a routine that can never fall", words: ["routine", "add", "1", "X", "--days", "every 0 days"], status: 64, says: "can never fall"),
    Refusal(name: "a routine on a fifth weekday", words: ["routine", "edit", "r1", "--days", "5th-mon"], status: 64, says: "last-mon is each month's last"),
    Refusal(name: "a routine's unreadable days", words: ["routine", "add", "1", "X", "--days", "fortnightly"], status: 64, says: "is not a set of days"),
    Refusal(name: "a routine's days of several words unquoted", words: ["routine", "add", "1", "Water", "plants", "--days", "every", "3", "days"], status: 64, says: "put days of several words in quotes"),
    Refusal(name: "a routine starting past a year", words: ["routine", "add", "1", "X", "--days", "every 3 days from 2099-01-01"], status: 64, says: "at most a year ahead"),
    Refusal(name: "a filter word with an escape", words: ["agenda", "spoons:\u{1B}[31m"], status: 64, says: "needs a category"),
    Refusal(name: "a routine edit of an unknown one", words: ["routine", "edit", "r9", "--spoons", "2"], says: "r9"),
    Refusal(name: "a routine cost out of range", words: ["routine", "edit", "r1", "--spoons", "11"], status: 64),
    Refusal(name: "pace over no days", words: ["pace", "--days", "0"], status: 64),
    Refusal(name: "pace with a word for days", words: ["pace", "--days", "lots"], status: 64),
    Refusal(name: "a day before the open one", words: ["new-day", "5"], says: "clock", environment: yesterday),
    Refusal(name: "undo past the history", words: ["undo", "99"], says: "cannot undo 99"),
    Refusal(name: "nothing to redo", words: ["redo"], says: "nothing to redo"),
    Refusal(
      name: "undo of a line edited since", words: ["undo"], says: "has changed since",
      prepare: { data, _ in try edit(data + "/planner.txt", "title=Tea", "title=Green tea") }),
    Refusal(
      name: "undo with a damaged history", words: ["undo"],
      says: "kept beside it under a dated name", prepare: damagedHistory),
    Refusal(name: "redo with a damaged history", words: ["redo"], says: "damaged", prepare: damagedHistory),
    Refusal(
      name: "the changes of a damaged history", words: ["history", "--changes"],
      says: "A new one starts by itself", prepare: damagedHistory),
    Refusal(
      name: "a change to a corrupt planner", words: ["add", "1", "Nap"],
      says: ": spoons must be a whole number from 1 to 10, not 11; nothing was changed",
      prepare: { data, _ in try edit(data + "/planner.txt", "spoons=10", "spoons=11") }),
    Refusal(
      name: "a read of a corrupt planner", words: ["status"], says: "cp planner.txt.bak planner.txt",
      prepare: { data, _ in try edit(data + "/planner.txt", "spoons=10", "spoons=11") }),
    Refusal(
      name: "a photo for a planner", words: ["add", "1", "Nap"],
      says: "is not a Spoons planner file (it is not a text file); nothing was changed",
      prepare: { data, _ in try jpeg.write(to: URL(fileURLWithPath: data + "/planner.txt")) }),
    Refusal(
      name: "a planner from a newer Spoons", words: ["done", "3"], says: "Upgrade Spoons",
      prepare: { data, _ in try makeNewer(data + "/planner.txt", by: 5) }),
    Refusal(
      name: "a lost planner", words: ["add", "1", "Nap"], says: "cp planner.txt.bak planner.txt",
      prepare: { data, _ in try FileManager.default.removeItem(atPath: data + "/planner.txt") }),
    Refusal(
      name: "a damaged archive", words: ["clear", "completed", "--yes"], says: "done.txt, line 2",
      prepare: { data, _ in try edit(data + "/done.txt", "task\t", "tXsk\t") }),
    Refusal(
      name: "a world-writable directory", words: ["add", "1", "Nap"], says: "anyone may write",
      prepare: { data, _ in chmod(data, 0o777) }),
    Refusal(
      name: "an import that conflicts", words: ["import", "$TMP/other.json"],
      says: "nothing was imported",
      prepare: { _, tmp in
        try spoons(["add", "1", "Something else"], data: tmp + "/other")
        try spoons(["export", "--output", tmp + "/other.json"], data: tmp + "/other")
      }),
    Refusal(
      name: "an import of a CSV export", words: ["import", "$TMP/table.csv"],
      says: "it holds a Spoons CSV export",
      prepare: { data, tmp in
        try spoons(["export", "--format", "csv", "--output", tmp + "/table.csv"], data: data)
      }),
  ] + movingIn

  /// `import --from taskwarrior|todotxt` of a file Spoons cannot read whole: one line naming
  /// the task or line, nothing written.
  static let movingIn: [Refusal] = {
    func file(_ name: String, _ bytes: [UInt8]) -> @Sendable (String, String) throws -> Void {
      { _, tmp in try Data(bytes).write(to: URL(fileURLWithPath: tmp + "/" + name)) }
    }
    func tw(_ name: String, _ text: String, says: String) -> Refusal {
      Refusal(
        name: "a Taskwarrior import: \(name)", words: ["import", "--from", "taskwarrior", "$TMP/tw.json"],
        says: says, prepare: file("tw.json", Array(text.utf8)))
    }
    func todo(_ name: String, _ bytes: [UInt8], says: String) -> Refusal {
      Refusal(
        name: "a todo.txt import: \(name)", words: ["import", "--from", "todotxt", "$TMP/todo.txt"],
        says: says, prepare: file("todo.txt", bytes))
    }
    return [
      tw("not JSON", "Buy milk\n", says: "tw.json is not a Taskwarrior export Spoons can read: it is not JSON; nothing was imported"),
      tw("not a list of objects", "[\"a\", \"b\"]", says: "task 1 has task 'not an object'"),
      tw("a task with no description", #"[{"description":"One"},{"status":"pending"}]"#, says: "task 2 has no description; nothing was imported"),
      tw("a date it cannot read", #"[{"description":"A","due":"next tuesday"}]"#, says: "task 1 has due 'next tuesday', which is not a date"),
      Refusal(
        name: "a Taskwarrior import: invalid UTF-8", words: ["import", "--from", "taskwarrior", "$TMP/tw.json"],
        says: "a string is not valid UTF-8",
        prepare: file("tw.json", Array(#"[{"description":"caf"#.utf8) + [0xC3, 0x28] + Array(#""}]"#.utf8))),
      tw("deep nesting", String(repeating: "[", count: 5_000), says: "nested too deeply"),
      tw("an ANSI escape", #"[{"description":"\u001b[2J\u001b[31mgotcha"}]"#, says: "control character (U+001B) in its description"),
      todo("invalid UTF-8", Array("Fine\n".utf8) + [0xC3, 0x28, 10], says: "line 2 is not UTF-8 text"),
      Refusal(
        name: "a todo.txt import of JSON", words: ["import", "--from", "todotxt", "$TMP/todo.txt"],
        status: 64, says: "holds JSON, not todo.txt lines",
        prepare: file("todo.txt", Array(#"[{"uuid":"a","description":"One"}]"#.utf8))),
      Refusal(
        name: "a Taskwarrior export without --from", words: ["import", "$TMP/tw.json"], status: 64,
        says: "looks like a Taskwarrior export, not a Spoons one; nothing was imported. Bring it in with: spoons import --from taskwarrior",
        prepare: file("tw.json", Array(#"[{"id":1,"uuid":"5f0c","description":"One","urgency":0.8}]"#.utf8))),
      todo("a bad creation date", Array("2026-02-30 Pay rent\n".utf8), says: "line 1 has creation date '2026-02-30'"),
      Refusal(name: "an unknown --from", words: ["import", "--from", "omnifocus", "$TMP/x"], status: 64, says: "--from is json, taskwarrior or todotxt"),
      Refusal(name: "--replace with --from taskwarrior", words: ["import", "--from", "taskwarrior", "$TMP/x", "--replace"], status: 64, says: "--replace is for Spoons' own JSON export"),
      Refusal(name: "an import cost out of range", words: ["import", "--from", "todotxt", "$TMP/x", "--spoons", "11"], status: 64),
      Refusal(
        name: "an import file too large", words: ["import", "--from", "todotxt", "$TMP/big.txt"],
        says: "larger than 256 MB",
        prepare: { _, tmp in
          let fd = open(tmp + "/big.txt", O_CREAT | O_WRONLY, 0o600)
          ftruncate(fd, off_t(257 << 20))  // sparse: nothing written to the disk
          close(fd)
        }),
    ]
  }()

  @Test(arguments: refusals)
  func aRefusalLeavesEveryFileAsItWas(_ refusal: Refusal) throws {
    let tmp = TemporaryDirectory()
    let data = try Self.lived(in: tmp)
    try refusal.prepare(data, tmp.path)
    let before = everyFile(in: data)
    let run = try spoons(refusal.arguments(tmp.path), data: data, environment: refusal.environment)
    #expect(run.status == refusal.status, "\(run.stderr)")
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.hasPrefix("error: ") && run.stderr.filter { $0 == "\n" }.count == 1)
    if let says = refusal.says { #expect(run.stderr.contains(says), "\(run.stderr)") }
    let after = everyFile(in: data)
    #expect(after == before, "\(differences(before, after))")
    chmod(data, 0o700)
  }

  /// An escape typed into a filter word is echoed as text, never sent to the terminal, in
  /// its refusal and where nothing matches.
  @Test(arguments: [
    ["agenda", "spoons:\u{1B}[31m"], ["search", "due:\u{1B}[31mred"], ["list", "zz\u{1B}[31mfoo"],
    ["completed", "in:\u{1B}]0;x\u{7}"], ["todo", "-due:\u{1B}[2J"],
  ])
  func anEscapeInAFilterIsShownNotSent(_ words: [String]) throws {
    let tmp = TemporaryDirectory()
    let data = try Self.lived(in: tmp)
    let run = try spoons(words, data: data)
    #expect(!(run.stdout + run.stderr).unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" })
    #expect(run.stdout.contains("\\e") || run.stderr.contains("\\e"), "\(run.stdout)\(run.stderr)")
  }

  /// A filtered table says how many tasks it holds, not how many the planner does.
  @Test func aFilteredExportCountsWhatItWrote() throws {
    let tmp = TemporaryDirectory()
    let data = try Self.lived(in: tmp)
    _ = try spoons(["add", "2", "Call GP", "+health"], data: data)
    for format in ["csv", "todotxt"] {
      let run = try spoons(
        ["export", "--format", format, "--output", tmp.path + "/out." + format, "+health"], data: data)
      #expect(run.status == 0 && run.stdout.hasPrefix("Exported 1 task"), "\(run.stdout)\(run.stderr)")
      #expect(!run.stdout.contains("finished day") || run.stdout.contains("0 finished days"))
    }
  }

  /// Nothing saved yet: a refused command (or one that changes nothing) creates no data
  /// directory, and in an empty one no file, not even the lock.
  @Test(arguments: [
    (["done", "1"], Int32(1)), (["plan", "1"], 1), (["undo"], 1), (["redo"], 1),
    (["edit", "1", "--title", "x"], 1), (["borrow", "1"], 1), (["routine", "pause", "r1"], 1),
    (["new-day", "100"], 64), (["clear", "completed", "--yes"], 0), (["status"], 0),
    (["history", "--changes"], 0), (["reserve", "0"], 0),
  ] as [([String], Int32)])
  func nothingIsCreatedForARefusalOnNothing(_ words: [String], _ status: Int32) throws {
    let tmp = TemporaryDirectory()
    #expect(try spoons(words, data: tmp.data).status == status)
    #expect(!FileManager.default.fileExists(atPath: tmp.data))
    try FileManager.default.createDirectory(atPath: tmp.data, withIntermediateDirectories: false)
    #expect(try spoons(words, data: tmp.data).status == status)
    #expect(everyFile(in: tmp.data) == [:])
  }

  /// A data directory Spoons may not write to refuses every change before writing a byte (the
  /// undo history and the archive included) and says how to give it back. Root may write
  /// anywhere, so as root the binary runs as `nobody`, in a directory given to it.
  @Test(
    .enabled(if: geteuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")),
    arguments: [
      ["add", "1", "Nap"], ["done", "3"], ["new-day", "5"], ["undo"], ["clear", "completed", "--yes"],
      ["import", "$TMP/backup.json", "--replace"], ["routine", "add", "1", "Stretch"],
    ])
  func aReadOnlyDirectoryRefusesEveryChangeBeforeWriting(_ words: [String]) throws {
    let tmp = TemporaryDirectory()
    let data = try Self.lived(in: tmp)
    try spoons(["export", "--output", tmp.path + "/backup.json"], data: data)
    let arguments = words.map { $0.replacingOccurrences(of: "$TMP", with: tmp.path) }
    let result: RunResult
    var environment = ProcessInfo.processInfo.environment
    // The lived day, still open: changes go ahead; a new day is the next date's.
    environment["SPOONS_NOW"] = (words.first == "new-day" ? nextMorning : morning).description
    environment["SPOONS_HOME"] = data
    if geteuid() == 0 {
      let nobody: uid_t = 65534
      chmod(tmp.path, 0o711)
      chmod(tmp.path + "/backup.json", 0o644)
      chown(data, nobody, gid_t(nobody))
      for name in try FileManager.default.contentsOfDirectory(atPath: data) {
        chown(data + "/" + name, nobody, gid_t(nobody))
      }
      chmod(data, 0o500)
      let before = everyFile(in: data)
      result = try run(
        "/usr/bin/setpriv",
        ["--reuid=\(nobody)", "--regid=\(nobody)", "--clear-groups", spoonsBinary, "--data", data]
          + arguments, environment: environment)
      let after = everyFile(in: data)
      #expect(after == before, "\(differences(before, after))")
    } else {
      chmod(data, 0o500)
      let before = everyFile(in: data)
      result = try run(spoonsBinary, ["--data", data] + arguments, environment: environment)
      let after = everyFile(in: data)
      #expect(after == before, "\(differences(before, after))")
    }
    chmod(data, 0o700)
    #expect(result.status == 1 && result.stdout.isEmpty)
    #expect(
      result.stderr == "error: cannot create a file in \(data): permission denied; nothing was "
        + "changed. To put it right: chmod 700 \(data)\n")
  }
}

/// The file a load error names is not a Spoons planner, or is damaged, or newer: the message
/// says what it is, that nothing was changed, and what to type; and what it says to type
/// works, in a data directory whose name needs quoting.
@Suite("Load errors and what to type")
struct LoadErrorCLITests {
  static let damages: [(String, @Sendable (String) throws -> Void, String)] = [
    ("random bytes", { path in
      var rng = SeededGenerator(seed: 7)
      try Data((0..<300).map { _ in UInt8(truncatingIfNeeded: rng.next()) })
        .write(to: URL(fileURLWithPath: path))
    }, "is not a Spoons planner file (it is not a text file)"),
    ("a photo", { path in try jpeg.write(to: URL(fileURLWithPath: path)) },
     "is not a Spoons planner file (it is not a text file)"),
    ("an empty file", { path in try Data("\n".utf8).write(to: URL(fileURLWithPath: path)) },
     "is not a Spoons planner file (it is empty)"),
    ("a JSON export", { path in
      let export = try spoons(["export"], data: URL(fileURLWithPath: path).deletingLastPathComponent().path)
      try Data(export.stdout.utf8).write(to: URL(fileURLWithPath: path))
    }, "is not a Spoons planner file (it holds a Spoons JSON export)"),
    ("a line gone wrong", { path in try edit(path, "spoons=10", "spoons=11") },
     ": spoons must be a whole number from 1 to 10, not 11"),  // after ", line N"
    ("a file cut short", { path in
      let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
      try bytes.prefix(bytes.count - 9).write(to: URL(fileURLWithPath: path))
    }, ": the last line is cut short (no line end)"),  // after ", line N"
  ]

  @Test(arguments: 0..<damages.count)
  func theMessageSaysWhatItIsAndTheRestoreWorks(_ index: Int) throws {
    let (_, damage, problem) = Self.damages[index]
    let tmp = TemporaryDirectory()
    let data = tmp.path + "/my data's place"
    try RefusalCLITests.lived(in: tmp, at: data)
    let path = data + "/planner.txt"
    let backup = try #require(FileManager.default.contents(atPath: path + ".bak"))
    try damage(path)
    let damaged = FileManager.default.contents(atPath: path)
    let refused = try spoons(["status"], data: data)
    #expect(refused.status == 1)
    let quoted = "'" + data.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    let restore = "cd \(quoted) && cp planner.txt planner.txt.broken && cp planner.txt.bak planner.txt"
    #expect(refused.stderr.hasPrefix("error: \(path)"))
    #expect(refused.stderr.contains(problem + "; nothing was changed. "), "\(refused.stderr)")
    #expect(refused.stderr.hasSuffix("; nothing was changed. 'spoons --data \(quoted) check "
      + "--repair' puts planner.txt.bak (the checkpoint before) in its place with every change "
      + "made since, keeping this file under a dated name; or by hand (keeping it as "
      + "planner.txt.broken): \(restore)\n"), "\(refused.stderr)")
    #expect(FileManager.default.contents(atPath: path) == damaged)
    // What it says to type, typed.
    let shell = try run("/bin/sh", ["-c", restore], environment: [:])
    #expect(shell.status == 0, "\(shell.stderr)")
    #expect(FileManager.default.contents(atPath: path) == backup)
    #expect(FileManager.default.contents(atPath: path + ".broken") == damaged)
    let status = try spoons(["status"], data: data)
    #expect(status.status == 0 && status.stdout.contains("Sat 21 Nov 2026"))
  }

  /// Newer: upgrade, or go back to the planner from before the newer Spoons's last change
  /// when the backup is one this Spoons reads; a lost planner is brought back from the
  /// backup; with no backup to go back to, it says so.
  @Test func newerLostAndNoBackup() throws {
    let tmp = TemporaryDirectory()
    let data = try RefusalCLITests.lived(in: tmp)
    let path = data + "/planner.txt"
    let version = try formatVersion(path)
    try makeNewer(path)
    let newer = try spoons(["status"], data: data)
    #expect(newer.stderr == "error: \(path) was written by a newer Spoons (format \(version + 1); "
      + "this one reads up to \(version)); nothing was changed. Upgrade Spoons to use it, or go back to the planner "
      + "from before that Spoons's last change (keeping this one as planner.txt.newer): cd "
      + "\(data) && cp planner.txt planner.txt.newer && cp planner.txt.bak planner.txt\n")
    try makeNewer(path + ".bak")
    let bothNewer = try spoons(["status"], data: data)
    #expect(bothNewer.stderr.hasSuffix("nothing was changed. Upgrade Spoons to use it "
      + "(planner.txt.bak cannot help: it is from the newer Spoons too)\n"))

    try FileManager.default.removeItem(atPath: path)
    try makeNewer(path + ".bak", by: -1)
    let lost = try spoons(["add", "1", "Nap"], data: data)
    #expect(lost.stderr == "error: \(path) is missing, but \(data)/done.txt (the finished days) "
      + "is there, so Spoons will not start a new planner over it; nothing was changed. To bring "
      + "back the planner as it was before its last change: cd \(data) && cp planner.txt.bak "
      + "planner.txt\n")
    try FileManager.default.removeItem(atPath: path + ".bak")
    let none = try spoons(["add", "1", "Nap"], data: data)
    #expect(none.stderr.hasSuffix("planner.txt.bak cannot help (there is none): mend the file in "
      + "a text editor, or put back a copy from a backup of your own\n"))
  }

  /// A planner Spoons may not read: the command that gives it back.
  @Test(.enabled(if: geteuid() != 0, "root reads any file"))
  func anUnreadablePlannerSaysHowToGiveItBack() throws {
    let tmp = TemporaryDirectory()
    let data = try RefusalCLITests.lived(in: tmp)
    let path = data + "/planner.txt"
    chmod(path, 0o000)
    defer { chmod(path, 0o600) }
    let run = try spoons(["status"], data: data)
    #expect(run.stderr == "error: cannot read \(path): permission denied; nothing was changed. "
      + "To make it yours to read and write again: chmod 600 \(path)\n")
  }
}
