import Foundation
import SpoonsCore
import SpoonsTestSupport
import Testing

/// A confirmed change is never lost: an undo history (`undo-N.txt`, which holds the changes
/// made since the last checkpoint) that does not go on where `planner.txt` says is refused by
/// every command, reads included, with the file, the byte and the fix, and no byte changes;
/// only a last record cut short (never confirmed) is set aside, into a dated side file.
/// Each fault is made by hand on the files the real binary wrote.
@Suite("A damaged undo history, through the binary")
struct JournalDamageCLITests {
  /// A checkpoint now and then (every third change), five confirmed adds after the first
  /// one: `undo-1.txt` holds changes before the last checkpoint and after it.
  static func lived(in tmp: TemporaryDirectory) throws -> String {
    let data = tmp.data
    for words in [["new-day", "10"]] + (1...8).map({ ["add", "2", "Task \($0)"] }) {
      let run = try spoons(words, data: data, environment: ["SPOONS_CHECKPOINT_AFTER": "3"])
      try #require(run.status == 0, "\(words): \(run.stderr)")
    }
    return data
  }

  /// `planner.txt`'s count of the history's bytes (`journal bytes=`).
  static func counted(_ data: String) throws -> Int {
    let text = try String(contentsOfFile: data + "/planner.txt", encoding: .utf8)
    let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("journal\t") })
    let field = try #require(line.split(separator: "\t").first { $0.hasPrefix("bytes=") })
    return try #require(Int(field.dropFirst(6)))
  }

  static func titles(_ data: String) throws -> [String] {
    let run = try spoons(["list"], data: data)
    return run.stdout.split(separator: "\n").compactMap { line in
      line.firstRange(of: "Task ").map { String(line[$0.lowerBound...]) }
    }
  }

  static func index(of text: String, in bytes: [UInt8], from start: Int) -> Int? {
    let needle = Array(text.utf8)
    guard bytes.count >= needle.count else { return nil }
    return (start...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
  }

  /// Each way the history is damaged, as the issue found them.
  static let faults: [(String, @Sendable (String, Int) throws -> Void)] = [
    ("garbage, longer", { path, _ in
      try Data((0..<4000).map { UInt8(truncatingIfNeeded: $0 &* 7919 >> 3) }).write(to: URL(fileURLWithPath: path))
    }),
    ("garbage, shorter", { path, _ in try Data("hello\n".utf8).write(to: URL(fileURLWithPath: path)) }),
    ("emptied", { path, _ in try Data().write(to: URL(fileURLWithPath: path)) }),
    ("missing", { path, _ in try FileManager.default.removeItem(atPath: path) }),
    ("sed over every record", { path, _ in
      let text = try String(contentsOfFile: path, encoding: .utf8)
      try text.replacingOccurrences(of: "at=category", with: "at=categorx")
        .write(toFile: path, atomically: false, encoding: .utf8)
    }),
    ("cut before the checkpoint's end", { path, counted in #expect(truncate(path, off_t(counted / 2)) == 0) }),
    // A checkpoint newer than its journal: an older copy of the journal put back (from a
    // backup, or a sync tool), whole records ending before what the checkpoint counts.
    ("an older copy put back", { path, counted in
      let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
      var end: Int?
      var at = 0
      while let found = index(of: "\nend\t", in: bytes, from: at), found < counted - 1 {
        let lineEnd = try #require(bytes[(found + 1)...].firstIndex(of: 10))
        if lineEnd + 1 < counted { end = lineEnd + 1 }
        at = found + 1
      }
      #expect(truncate(path, off_t(try #require(end))) == 0)
    }),
    ("40 bytes out of an older record", { path, counted in
      var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
      bytes.removeSubrange((counted / 2)..<(counted / 2 + 40))
      try bytes.write(to: URL(fileURLWithPath: path))
    }),
    ("a confirmed record's byte changed", { path, counted in
      var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
      let at = try #require(bytes[counted...].firstIndex(of: UInt8(ascii: "T")))
      bytes[at] = UInt8(ascii: "t")
      try bytes.write(to: URL(fileURLWithPath: path))
    }),
    ("a confirmed record removed", { path, counted in
      let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
      // The first record after the checkpoint: from `counted` to the end of its `end` line.
      let end = try #require(index(of: "\nend\t", in: bytes, from: counted))
      let lineEnd = try #require(bytes[(end + 1)...].firstIndex(of: 10))
      try Data(bytes[..<counted] + bytes[(lineEnd + 1)...]).write(to: URL(fileURLWithPath: path))
    }),
  ]

  /// Every command, a read too, refuses, names the file, a byte and the fix, and no byte of
  /// the data directory changes; `check` says the same and fails.
  @Test(arguments: faults.indices) func aDamagedHistoryIsRefusedByEveryCommand(fault: Int) throws {
    let tmp = TemporaryDirectory()
    let data = try Self.lived(in: tmp)
    let counted = try Self.counted(data)
    try Self.faults[fault].1(data + "/undo-1.txt", counted)
    let before = everyFile(in: data)
    for words in [["status"], ["list"], ["show", "1"], ["export"], ["add", "1", "New"], ["undo"], ["check"]] {
      let run = try spoons(words, data: data)
      #expect(run.status == 1, "\(Self.faults[fault].0): \(words): \(run.stdout)")
      #expect(run.stderr.contains("undo-1.txt, byte "), "\(Self.faults[fault].0): \(words): \(run.stderr)")
      #expect(run.stderr.contains(" check --repair'"), "\(words): \(run.stderr)")
      #expect(run.stderr.filter { $0 == "\n" }.count == 1, "\(words): \(run.stderr)")
    }
    let after = everyFile(in: data)
    #expect(after == before, "\(Self.faults[fault].0): \(differences(before, after))")
  }

  /// `check --repair` keeps the damaged file whole under a dated name, says which changes it
  /// could not keep, and leaves a planner that loads with every change before the damage;
  /// the next change and its undo work.
  @Test(arguments: faults.indices) func checkRepairKeepsTheFileAndEveryChangeThatReads(fault: Int) throws {
    let tmp = TemporaryDirectory()
    let data = try Self.lived(in: tmp)
    let counted = try Self.counted(data)
    let path = data + "/undo-1.txt"
    try Self.faults[fault].1(path, counted)
    let damaged = tmp.dataBytes("undo-1.txt")
    let repair = try spoons(["check", "--repair"], data: data)
    #expect(repair.status == 0, "\(Self.faults[fault].0): \(repair.stderr)")
    #expect(repair.stdout.contains("Repaired: "), "\(repair.stdout)")
    #expect(repair.stdout.hasSuffix("Every file reads: nothing is wrong.\n"), "\(repair.stdout)")
    let names = try FileManager.default.contentsOfDirectory(atPath: data)
    if let damaged {
      let kept = names.filter { $0.hasPrefix("undo-1.txt.damaged-") }
      #expect(kept.count == 1, "\(names)")
      #expect(kept.first.flatMap { tmp.dataBytes($0) } == damaged)
    }
    // The checkpoint's tasks are all there (Task 1 to 6: three checkpoints of three).
    let titles = try Self.titles(data)
    #expect(Set((1...6).map { "Task \($0)" }).isSubset(of: titles), "\(titles)")
    #expect(try spoons(["add", "1", "After"], data: data).status == 0)
    let undo = try spoons(["undo"], data: data)
    #expect(undo.status == 0, "\(undo.stderr)")
    #expect(try spoons(["check"], data: data).status == 0)
  }

  /// A last record cut short (a crash mid-write: no whole `end` line, never confirmed) is no
  /// change: the planner reads without it, `check` notes it and passes, and the next change
  /// keeps its bytes in a dated side file before it writes over them.
  @Test func aTornLastRecordIsKeptInASideFile() throws {
    let tmp = TemporaryDirectory()
    let data = try Self.lived(in: tmp)
    let torn = Array("change\tseq=99\tat=2026-11-21T08:15:03+01:00\twhat=add #9 Hal".utf8)
    let handle = try #require(FileHandle(forWritingAtPath: data + "/undo-1.txt"))
    handle.seekToEndOfFile()
    handle.write(Data(torn))
    handle.closeFile()
    #expect(try Self.titles(data).count == 8)
    let check = try spoons(["check"], data: data)
    #expect(check.status == 0, "\(check.stderr)")
    #expect(check.stdout.contains("cut short"), "\(check.stdout)")
    #expect(try spoons(["add", "1", "Task 9"], data: data).status == 0)
    let names = try FileManager.default.contentsOfDirectory(atPath: data)
    let kept = names.filter { $0.hasPrefix("undo-1.txt.torn-") }
    #expect(kept.count == 1, "\(names)")
    #expect(kept.first.flatMap { tmp.dataBytes($0) } == torn)
    #expect(try Self.titles(data).count == 9)
  }

  /// The README's recovery after `undo` and `redo`: `planner.txt.bak` put in the place of a
  /// broken `planner.txt` reads, with every confirmed change (the redo and the change after
  /// it, which the history holds after that older checkpoint).
  @Test func theREADMERecoveryWorksAfterUndoAndRedo() throws {
    let tmp = TemporaryDirectory()
    let data = tmp.data
    for words in [["new-day", "10"], ["add", "1", "Task a"], ["add", "2", "Task b"], ["undo"], ["redo"], ["add", "3", "Task c"]] {
      let run = try spoons(words, data: data)
      try #require(run.status == 0, "\(words): \(run.stderr)")
    }
    let planner = try String(contentsOfFile: data + "/planner.txt", encoding: .utf8)
    try planner.replacingOccurrences(of: "next\tid=", with: "next\tid=x")
      .write(toFile: data + "/planner.txt", atomically: false, encoding: .utf8)
    let broken = try spoons(["status"], data: data)
    #expect(broken.status == 1)
    let fix = try #require(broken.stderr.range(of: "cd ").map { String(broken.stderr[$0.lowerBound...]) })
    let shell = try run("/bin/sh", ["-c", fix.trimmingCharacters(in: .newlines)], environment: [:])
    #expect(shell.status == 0, "\(shell.stderr)")
    #expect(try Self.titles(data) == ["Task a", "Task b", "Task c"])
    #expect(try spoons(["add", "1", "Task d"], data: data).status == 0)
    #expect(try Self.titles(data) == ["Task a", "Task d", "Task b", "Task c"])
  }

  /// `check --repair` makes the same recovery: the broken `planner.txt` (or one from a newer
  /// Spoons) kept whole under a dated name, `planner.txt.bak` with the changes since in its place, every change there.
  @Test(arguments: ["broken", "newer"])
  func checkRepairPutsTheBackupBackWithTheChangesSince(kind: String) throws {
    let tmp = TemporaryDirectory()
    let data = tmp.data
    for words in [["new-day", "10"], ["add", "1", "Task a"], ["add", "2", "Task b"], ["undo"], ["redo"], ["add", "3", "Task c"]] {
      let run = try spoons(words, data: data)
      try #require(run.status == 0, "\(words): \(run.stderr)")
    }
    let planner = try String(contentsOfFile: data + "/planner.txt", encoding: .utf8)
    let broken = kind == "newer"
      ? planner.replacingOccurrences(of: "name=spoons-planner\tversion=", with: "name=spoons-planner\tversion=9")
      : planner.replacingOccurrences(of: "next\tid=", with: "next\tid=x")
    try broken.write(toFile: data + "/planner.txt", atomically: false, encoding: .utf8)
    let check = try spoons(["check"], data: data)
    #expect(check.status == 1)
    #expect(check.stderr.contains(kind == "newer" ? "newer Spoons" : "planner.txt, line"), "\(check.stderr)")
    let repair = try spoons(["check", "--repair"], data: data)
    #expect(repair.status == 0, "\(repair.stderr)")
    #expect(try Self.titles(data) == ["Task a", "Task b", "Task c"])
    let names = try FileManager.default.contentsOfDirectory(atPath: data)
    let kept = names.filter { $0.hasPrefix("planner.txt.\(kind)-") }
    #expect(kept.count == 1, "\(names)")
    #expect(kept.first.flatMap { tmp.dataBytes($0) } == Array(broken.utf8))
  }
}

/// Every recovery route the README and the messages give (the commands a damaged
/// `planner.txt`'s message gives, typed into a shell, and `check --repair`), after each kind
/// of history, ends with a planner that reads exactly as it did before the damage: the
/// export byte for byte.
@Suite("Every recovery route, after every kind of history")
struct RecoveryRouteCLITests {
  static let histories: [(String, [[String]])] = [
    ("plain changes", [["add", "1", "Tea"], ["add", "2", "Post"], ["plan", "1"], ["done", "1"]]),
    ("an undo", [["add", "1", "Tea"], ["add", "2", "Post"], ["undo"], ["add", "3", "Bins"]]),
    ("an undo and a redo", [["add", "1", "Tea"], ["add", "2", "Post"], ["undo"], ["redo"], ["add", "3", "Bins"]]),
    ("an undo last", [["add", "1", "Tea"], ["add", "2", "Post"], ["undo"]]),
    ("a checkpoint just written", [["add", "1", "Tea"], ["add", "2", "Post"], ["edit", "1", "--title", "Green tea"]]),
    ("a new day", [["add", "1", "Tea"], ["plan", "1"], ["done", "1"], ["new-day", "9"], ["add", "2", "Post"]]),
    ("routines", [["routine", "add", "1", "Meds"], ["add", "2", "Post"], ["routine", "pause", "r1"]]),
  ]

  static let routes = ["the commands in the message", "check --repair"]

  @Test(arguments: histories.indices, routes)
  func aRecoveryRouteGivesBackEveryConfirmedChange(history: Int, route: String) throws {
    let tmp = TemporaryDirectory()
    let data = tmp.data
    let (name, steps) = Self.histories[history]
    // Checkpoints every third change, so the last one falls at different places. Each new
    // day after the first is the next date (one date is one day), and so is what follows it.
    var beforeLast = ""
    var now = ["SPOONS_NOW": morning.description]
    for (index, words) in ([["new-day", "10"]] + steps).enumerated() {
      beforeLast = try spoons(["export"], data: data, environment: now).stdout
      if index > 0, words.first == "new-day" {
        now = ["SPOONS_NOW": Timestamp(iso: now["SPOONS_NOW"]!)!.plus(days: 1).description]
      }
      let run = try spoons(
        words, data: data, environment: now.merging(["SPOONS_CHECKPOINT_AFTER": "3"]) { a, _ in a })
      try #require(run.status == 0, "\(name): \(words): \(run.stderr)")
    }
    let before = try spoons(["export"], data: data, environment: now)
    try #require(before.status == 0)
    let planner = try String(contentsOfFile: data + "/planner.txt", encoding: .utf8)
    try planner.replacingOccurrences(of: "next\tid=", with: "next\tid=x")
      .write(toFile: data + "/planner.txt", atomically: false, encoding: .utf8)
    let broken = try spoons(["status"], data: data, environment: now)
    #expect(broken.status == 1, "\(name)")
    if route == "check --repair" {
      let repair = try spoons(["check", "--repair"], data: data, environment: now)
      #expect(repair.status == 0, "\(name): \(repair.stderr)")
    } else {
      let fix = try #require(
        broken.stderr.range(of: "cd ").map { String(broken.stderr[$0.lowerBound...]) }, "\(name)")
      let shell = try run("/bin/sh", ["-c", fix.trimmingCharacters(in: .newlines)], environment: [:])
      #expect(shell.status == 0, "\(name): \(shell.stderr)")
    }
    let after = try spoons(["export"], data: data, environment: now)
    #expect(after.status == 0, "\(name): \(after.stderr)")
    if name == "an undo last" && route != "check --repair" {
      // By hand, an undo's marks with nothing after them read as an undo killed before its
      // checkpoint's rename (the same bytes): the planner is as before that undo. `check
      // --repair` sees the set-aside planner.txt counted them, and keeps the undo.
      #expect(after.stdout == beforeLast, "\(name)")
    } else {
      #expect(after.stdout == before.stdout, "\(name)")
    }
    #expect(try spoons(
      ["add", "1", "After"], data: data,
      environment: now.merging(["SPOONS_CHECKPOINT_AFTER": "3"]) { a, _ in a }).status == 0)
    #expect(try spoons(["check"], data: data, environment: now).status == 0, "\(name)")
  }

  /// A sync is committed by a checkpoint and is not in the undo history, so the changes after
  /// it do not follow on from the checkpoint before it: `planner.txt.bak` is not offered (it
  /// would drop them), `check --repair` does not put it back, and no byte changes.
  @Test func afterASyncTheBackupIsNotOfferedWhenTheChangesSinceDoNotFollowOn() throws {
    let tmp = TemporaryDirectory()
    let data = tmp.data
    let share = tmp.file("share")
    for words in [["new-day", "10"], ["add", "1", "Tea"], ["sync", "--init", share], ["add", "2", "Post"], ["sync"], ["add", "3", "Bins"]] {
      let run = try spoons(words, data: data)
      try #require(run.status == 0, "\(words): \(run.stderr)")
    }
    let planner = try String(contentsOfFile: data + "/planner.txt", encoding: .utf8)
    try planner.replacingOccurrences(of: "next\tid=", with: "next\tid=x")
      .write(toFile: data + "/planner.txt", atomically: false, encoding: .utf8)
    let before = everyFile(in: data)
    let broken = try spoons(["status"], data: data)
    #expect(broken.status == 1)
    #expect(broken.stderr.contains("planner.txt.bak cannot help (the changes made since it do not follow on from it)"), "\(broken.stderr)")
    let repair = try spoons(["check", "--repair"], data: data)
    #expect(repair.status == 1)
    let after = everyFile(in: data)
    #expect(after == before, "\(differences(before, after))")
  }

  /// Every change a sync sent is in the checkpoint that sync wrote, not in the undo history
  /// alone: so no damage to the history (here it is lost whole) can take it from this device,
  /// nor have the next sync send its delete to the others.
  @Test func changesASyncSentOutliveALostHistory() throws {
    let tmp = TemporaryDirectory()
    let laptop = tmp.data
    let phone = tmp.file("phone")
    let share = tmp.file("share")
    for (data, words) in [
      (laptop, ["new-day", "10"]), (laptop, ["add", "1", "Tea"]), (laptop, ["sync", "--init", share]),
      (phone, ["sync", "--init", share]), (laptop, ["add", "2", "Post"]), (laptop, ["sync"]),
      (laptop, ["add", "3", "Bins"]), (laptop, ["sync"]), (phone, ["sync"]),
    ] {
      let run = try spoons(words, data: data)
      try #require(run.status == 0, "\(words): \(run.stderr)")
    }
    func listed(_ data: String) throws -> String { try spoons(["list"], data: data).stdout }
    try #require(try listed(phone).contains("Post") && listed(phone).contains("Bins"))
    #expect(try JournalDamageCLITests.counted(laptop) == tmp.dataBytes("undo-1.txt")?.count)
    try FileManager.default.removeItem(atPath: laptop + "/undo-1.txt")
    #expect(try spoons(["status"], data: laptop).status == 1)
    let repair = try spoons(["check", "--repair"], data: laptop)
    #expect(repair.status == 0, "\(repair.stdout)\(repair.stderr)")
    #expect(try spoons(["sync"], data: laptop).status == 0)
    #expect(try spoons(["sync"], data: phone).status == 0)
    for data in [laptop, phone] {
      let list = try listed(data)
      #expect(list.contains("Tea") && list.contains("Post") && list.contains("Bins"), "\(list)")
    }
    #expect(try spoons(["check"], data: laptop).status == 0)
  }
}
