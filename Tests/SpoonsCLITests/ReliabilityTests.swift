import Foundation
import SpoonsCore
import SpoonsTestSupport
import SpoonsStore
import Testing

/// Kill -9 at random moments, several writers at once, and hostile input: the data on disk is
/// always a complete state and nothing acknowledged is ever lost.
@Suite("Reliability of the real binary", .serialized)
struct ReliabilityTests {
  /// Starts the binary as a writer running `lines` from stdin, stdout to a file.
  static func startWriter(
    data: String, lines: [String], out: String, environment: [String: String] = [:]
  ) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: spoonsBinary)
    process.arguments = ["--data", data]
    var env = ProcessInfo.processInfo.environment.merging(environment) { _, extra in extra }
    if environment["SPOONS_NOW"] == nil { env["SPOONS_NOW"] = morning.description }
    process.environment = env
    let input = out + ".in"
    _ = FileManager.default.createFile(
      atPath: input, contents: Data((lines.joined(separator: "\n") + "\n").utf8))
    _ = FileManager.default.createFile(atPath: out, contents: nil)
    process.standardInput = FileHandle(forReadingAtPath: input)
    process.standardOutput = FileHandle(forWritingAtPath: out)
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
  }

  static var trials: Int {
    Int(ProcessInfo.processInfo.environment["SPOONS_CRASH_TRIALS"] ?? "") ?? 200
  }

  @Test func killedWritersLeaveACompleteStateAndLoseNothingAcknowledged() throws {
    let tmp = TemporaryDirectory()
    let store = PlannerStore(directory: tmp.data)
    var rng = SeededGenerator(seed: 20261121)
    var killedMidway = 0
    for trial in 0..<Self.trials {
      let start = try store.load().nextID.rawValue
      // Each trial a day of its own (one date is one day), which changes its budget as it goes.
      let day = ["SPOONS_NOW": morning.plus(days: trial).description]
      var lines = ["new-day 99"]
      for i in 0..<40 {
        let id = start + i
        lines.append("add 1 Trial \(trial) task \(i)")
        if i % 4 == 0 { lines += ["plan \(id)", "done \(id)"] }
        if i % 13 == 12 { lines.append("budget \(98 + i % 2)") }
      }
      let out = tmp.path + "/out-\(trial)"
      let writer = try Self.startWriter(data: tmp.data, lines: lines, out: out, environment: day)
      // A reader alongside: every read it makes must see a whole state.
      let reader = try Self.startWriter(
        data: tmp.data, lines: Array(repeating: "status --json", count: 12), out: out + "-reader",
        environment: day)
      usleep(UInt32.random(in: 0...25_000, using: &rng))
      kill(writer.processIdentifier, SIGKILL)
      writer.waitUntilExit()
      if writer.terminationReason == .uncaughtSignal { killedMidway += 1 }
      reader.waitUntilExit()
      #expect(reader.terminationStatus == 0, "trial \(trial): a read failed")
      try Self.expectWholeStates(readBy: out + "-reader", trial: trial)

      // The files load, completely, and hold every acknowledged add (and maybe the one in flight).
      let planner = try store.load()
      let archive = try store.loadArchive()
      let acknowledged = String(decoding: FileManager.default.contents(atPath: out) ?? Data(), as: UTF8.self)
        .components(separatedBy: "\n").filter { $0.hasPrefix("Added ") }.count
      let added = planner.nextID.rawValue - start
      #expect(added == acknowledged || added == acknowledged + 1, "trial \(trial): \(added) vs \(acknowledged)")
      let everywhere = planner.allTasks.map(\.id) + archive.doneTasks.map(\.id)
      #expect(Set(everywhere).count == everywhere.count, "trial \(trial): a task in two places")
      #expect(everywhere.count == planner.nextID.rawValue - 1, "trial \(trial): a task was lost")
    }
    #expect(killedMidway > Self.trials / 2, "most writers should die mid-script")
    // The last writer killed may leave its staged file and, killed inside the commit, the
    // backup it was moving aside; every earlier one's were swept by the next writer.
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: tmp.data)
      .filter { $0.hasPrefix(".tmp-") && $0 != ".tmp-backup" }
    #expect(leftovers.count <= 1, "temporaries are swept by the next writer: \(leftovers)")
  }

  /// Each line the reader printed is a complete status: valid JSON, with the day's numbers
  /// adding up, and as many lines as it asked for.
  static func expectWholeStates(readBy path: String, trial: Int) throws {
    let lines = String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
      .split(separator: "\n")
    #expect(lines.count == 12, "trial \(trial): the reader printed \(lines.count) states")
    for line in lines {
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      if let budget = object?["budget"] as? Int, let planned = object?["planned"] as? Int,
        let spent = object?["spent"] as? Int, let left = object?["left"] as? Int,
        let todo = object?["todo"] as? [Any]
      {
        #expect(spent <= planned && planned <= budget && left == budget - planned)
        #expect(todo.count <= planned, "trial \(trial): every planned task costs a spoon here")
      } else {
        Issue.record("trial \(trial): not a whole state: \(line)")
      }
    }
  }

  /// `delete` of a task done on an earlier day rewrites the archive of done tasks (to a new
  /// file): killed at random moments, it leaves the old state or the new one, never a part,
  /// and a finished delete is taken back by `undo`.
  @Test func aKilledDeleteFromTheHistoryLeavesOneWholeState() throws {
    let tmp = TemporaryDirectory()
    let seed = tmp.path + "/seed"
    let store = PlannerStore(directory: seed)
    // 1,600 tasks done over 20 days: an archive large enough to take a while to rewrite.
    for day in 0..<20 {
      let now = morning.plus(days: day - 20)
      try store.update(at: now) { p, finished in
        if let ended = try p.startNewDay(budget: 99, at: now).finished { finished.append(ended) }
        let ids = try (0..<80).map { _ in try p.add("Archived task", spoons: 1, at: now).id }
        try p.plan(ids, at: now)
        try p.markDone(ids, at: now)
      }
    }
    try store.update(at: morning) { p, finished in
      if let ended = try p.startNewDay(budget: 10, at: morning).finished { finished.append(ended) }
    }
    let archived = try store.loadArchive().doneTasks.count
    try #require(archived == 1_600)
    var rng = SeededGenerator(seed: 20261128)
    for trial in 0..<40 {
      let data = tmp.path + "/trial-\(trial)"
      try FileManager.default.copyItem(atPath: seed, toPath: data)
      let victim = TaskID(1 + trial * 37)
      let writer = Process()
      writer.executableURL = URL(fileURLWithPath: spoonsBinary)
      writer.arguments = ["--data", data, "delete", "\(victim.rawValue)"]
      var env = ProcessInfo.processInfo.environment
      env["SPOONS_NOW"] = morning.description
      writer.environment = env
      writer.standardOutput = FileHandle.nullDevice
      writer.standardError = FileHandle.nullDevice
      try writer.run()
      usleep(UInt32.random(in: 0...60_000, using: &rng))
      kill(writer.processIdentifier, SIGKILL)
      writer.waitUntilExit()

      let trialStore = PlannerStore(directory: data)
      let left = try trialStore.loadArchive().doneTasks
      let gone = !left.contains { $0.id == victim }
      #expect(left.count == archived - (gone ? 1 : 0), "trial \(trial): \(left.count) left")
      // Whichever state it left, the next change goes on from it, and undo takes it back.
      let next = try spoons(["delete", "\(victim.rawValue + 1)"], data: data)
      #expect(next.status == 0, "trial \(trial): \(next.stderr)")
      try trialStore.undo()
      #expect(
        try trialStore.loadArchive().doneTasks.count == archived - (gone ? 1 : 0),
        "trial \(trial): undo")
    }
  }

  @Test func twoProcessesAddingAtOnceLoseNothing() throws {
    let tmp = TemporaryDirectory()
    let a = try Self.startWriter(data: tmp.data, lines: (0..<300).map { "add 2 A\($0)" }, out: tmp.path + "/a")
    let b = try Self.startWriter(data: tmp.data, lines: (0..<300).map { "add 3 B\($0)" }, out: tmp.path + "/b")
    a.waitUntilExit()
    b.waitUntilExit()
    #expect(a.terminationStatus == 0 && b.terminationStatus == 0)
    let planner = try PlannerStore(directory: tmp.data).load()
    #expect(planner.taskCount == 600)
    #expect(Set(planner.allTasks.map(\.id)).count == 600)
    let two = try SpoonCost(2), three = try SpoonCost(3)
    #expect(planner.category(two).count == 300 && planner.category(three).count == 300)
  }

  static var loadChanges: Int {
    Int(ProcessInfo.processInfo.environment["SPOONS_LOAD_CHANGES"] ?? "") ?? 250
  }

  /// Eight processes each making `loadChanges` changes through one-shot commands, while a
  /// REPL stays open on the same data and makes changes of its own: every change is there.
  @Test func eightProcessesAndAnOpenReplLoseNothing() throws {
    let tmp = TemporaryDirectory()
    let perProcess = Self.loadChanges
    // The REPL: a long-lived process reading commands from a pipe as they come.
    let repl = Process()
    repl.executableURL = URL(fileURLWithPath: spoonsBinary)
    repl.arguments = ["--data", tmp.data]
    let replInput = Pipe()
    repl.standardInput = replInput
    repl.standardOutput = FileHandle.nullDevice
    let replErrors = tmp.path + "/repl-errors"
    _ = FileManager.default.createFile(atPath: replErrors, contents: nil)
    repl.standardError = FileHandle(forWritingAtPath: replErrors)
    try repl.run()

    var workers: [Process] = []
    for worker in 1...8 {
      let shell = Process()
      shell.executableURL = URL(fileURLWithPath: "/bin/sh")
      shell.arguments = [
        "-c",
        #"i=1; while [ $i -le "$3" ]; do "$1" --data "$2" add 1 "W$4 $i" >/dev/null || exit 1; i=$((i+1)); done"#,
        "sh", spoonsBinary, tmp.data, String(perProcess), String(worker),
      ]
      try shell.run()
      workers.append(shell)
    }
    var replChanges = 0
    while workers.contains(where: \.isRunning) {
      if replChanges < 50 {
        replInput.fileHandleForWriting.write(Data("add 2 REPL \(replChanges)\nstatus\n".utf8))
        replChanges += 1
      }
      usleep(50_000)
    }
    replInput.fileHandleForWriting.closeFile()
    repl.waitUntilExit()

    #expect(workers.allSatisfy { $0.terminationStatus == 0 })
    #expect(repl.terminationStatus == 0)
    // No errors; a save the disk stalls for a second may have it say whom it waits for.
    let said = String(decoding: FileManager.default.contents(atPath: replErrors) ?? Data(), as: UTF8.self)
    #expect(said.split(separator: "\n").allSatisfy { $0.hasPrefix("Waiting: ") }, "\(said)")
    let planner = try PlannerStore(directory: tmp.data).load()
    let one = try SpoonCost(1), two = try SpoonCost(2)
    #expect(planner.category(one).count == 8 * perProcess)
    #expect(planner.category(two).count == replChanges)
    #expect(Set(planner.allTasks.map(\.title.description)).count == 8 * perProcess + replChanges)
  }

  /// Every class of bad input: a clear one-line message, the documented status, no crash, and
  /// the data file byte for byte as it was.
  @Test(arguments: [
    (["plan", "0"], 64), (["plan", "-1"], 64), (["plan", "99999999999999999999"], 64),
    (["plan", "1.5"], 64), (["plan", "4", "abc"], 64), (["plan", "abc"], 1), (["done", "42"], 1),
    (["add", "0", "x"], 64), (["add", "11", "x"], 64), (["add", "-3", "x"], 64), (["add", "1e3", "x"], 64),
    (["add", "3", String(repeating: "x", count: 100_000)], 64),  // argv caps one argument at 128 KiB
    (["add", "3", "bell\u{7}"], 64), (["add", "3", "\u{1B}[2J"], 64), (["add", "3", "rtl\u{202E}gnp.exe"], 64),
    (["add", "3", ""], 64), (["add", "3", "   "], 64), ([""], 64), (["   "], 64), (["frobnicate"], 64),
    (["new-day"], 64), (["new-day", "100"], 64), (["new-day", "1", "2"], 64), (["status", "extra"], 64),
    (["plan"], 64), (["done"], 64), (["undone"], 64), (["unplan"], 64), (["delete"], 64), (["move", "1"], 64),
    (["move", "1", "2", "3"], 64), (["list", "0"], 64), (["list", "1", "2"], 64), (["help", "nope"], 64),
    (["todo", "--jsn"], 64), (["backlog", "7"], 64), (["categories", "1"], 64),
    (["edit"], 64), (["edit", "1", "--spoons"], 64), (["edit", "1", "--due", "nope"], 64),
    (["edit", "9", "--title", "x"], 1), (["show"], 64), (["show", "abc"], 64), (["show", "9"], 1),
    (["search"], 64), (["completed", "-1"], 64), (["completed", "99999"], 64), (["clear"], 64),
    (["clear", "all"], 64), (["add", "3", "x", "--due", "+1d", "--note", "\u{1B}[2J"], 64),
    (["add", "2", "Existing"], 1), (["list", "--sort", "mood"], 64),
    (["borrow"], 64), (["borrow", "-1"], 64), (["borrow", "99999999999999999999"], 64), (["borrow", "3"], 1),
    (["borrow", "0"], 1), (["budget"], 64), (["budget", "x"], 64), (["budget", "100"], 64),
    (["new-day", "8"], 1),
    (["rest"], 64), (["rest", "11", "Nap"], 64), (["rest", "2", "\u{1B}[2J"], 64), (["reserve", "-1"], 64),
    (["reserve", "1e3"], 64), (["suggest", "--max", "-1"], 64), (["routine", "add"], 64),
    (["routine", "add", "1", "x", "--days", ""], 64), (["routine", "remove", "r9"], 1),
    (["routine", "pause", "abc"], 64), (["plan", "1", "--borrow", "--borrow"], 64),
    (["history", "-3"], 64), (["history", "99999999999999999999"], 64), (["chart", "--days", "0"], 64),
    (["stats", "--days", "abc"], 64), (["chart", "--wide"], 64), (["report"], 64),
    (["report", "--html", "/nonexistent-dir/x.html"], 1),
  ] as [([String], Int32)])
  func badArgumentsAreRefusedCleanly(_ arguments: [String], _ status: Int32) throws {
    let tmp = TemporaryDirectory()
    try spoons(["new-day", "5"], data: tmp.data)
    try spoons(["add", "2", "Existing"], data: tmp.data)
    let before = tmp.dataBytes("planner.txt")
    let run = try spoons(arguments, data: tmp.data)
    #expect(run.status == status)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.hasPrefix("error: ") && run.stderr.filter { $0 == "\n" }.count == 1)
    #expect(!run.stderr.dropLast().contains("\u{1B}"), "control characters are shown escaped")
    #expect(run.stderr.count < 400, "the message is one readable line")
    #expect(tmp.dataBytes("planner.txt") == before)
  }

  @Test func hostileStandardInputIsRefusedLineByLine() throws {
    let tmp = TemporaryDirectory()
    try spoons(["add", "2", "Existing"], data: tmp.data)
    let before = tmp.dataBytes("planner.txt")
    var input = Data("add 3 nul\u{0}byte\nadd 3 bad".utf8)
    input.append(contentsOf: [0xFF, 0xFE])
    input.append(Data("\n".utf8))
    input.append(Data(repeating: UInt8(ascii: "x"), count: 64 << 20))  // a 64 MB line
    input.append(Data("\nstatus\n".utf8))
    let run = try spoons(["--keep-going"], stdin: input, data: tmp.data)
    let errors = run.stderr.split(separator: "\n")
    #expect(errors.count == 3)
    #expect(errors[0] == "error: line 1: the title contains the control character U+0000; titles are plain text")
    #expect(errors[1] == "error: line 2: the line is not valid UTF-8 text; it was skipped")
    #expect(errors[2] == "error: line 3: the line is longer than 65536 bytes; it was skipped")
    #expect(run.stdout.contains("No day started yet"))
    #expect(run.status == 64)
    #expect(tmp.dataBytes("planner.txt") == before)
  }
}
