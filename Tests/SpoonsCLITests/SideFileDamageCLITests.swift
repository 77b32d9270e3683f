import Foundation
import SpoonsCore
import SpoonsTestSupport
import Testing

/// The files beside the checkpoint and its undo history, damaged on their own: the archive
/// (`done.txt`, `days.txt`: the finished days), `planner.txt.bak` (the checkpoint before,
/// which the way back from a damaged `planner.txt` rests on), and the synced state
/// (`sync-N.txt`, `sync.txt`). Each fault is made by hand on files the real binary wrote;
/// what needs the file refuses with its name and the fix and changes no byte, what does not
/// need it works, `check` names it, and `check --repair` mends what it safely can, keeping
/// every byte of the damaged file under a dated name.
@Suite("A damaged archive, backup or synced state, through the binary")
struct SideFileDamageCLITests {
  static func day(_ day: Int) -> [String: String] {
    ["SPOONS_NOW": "2026-11-\(day)T09:00:00+00:00", "SPOONS_CHECKPOINT_AFTER": "3"]
  }

  /// Three days lived, two tasks done and archived, a checkpoint since: `done.txt` and
  /// `days.txt` hold two records each on disk.
  static func lived(in tmp: TemporaryDirectory) throws -> String {
    let data = tmp.data
    let steps: [(Int, [String])] = [
      (18, ["new-day", "10"]), (18, ["add", "2", "Laundry"]), (18, ["add", "3", "Call GP"]),
      (18, ["plan", "1", "2"]), (18, ["done", "1"]), (19, ["new-day", "10"]),
      (19, ["add", "1", "Tea"]), (19, ["plan", "3"]), (19, ["done", "3"]), (20, ["new-day", "9"]),
      (20, ["add", "1", "Post"]), (20, ["add", "1", "Shop"]), (20, ["add", "1", "Cook"]),
    ]
    for (date, words) in steps {
      let run = try spoons(words, data: data, environment: day(date))
      try #require(run.status == 0, "\(words): \(run.stderr)")
    }
    for name in ["done.txt", "days.txt"] {
      let text = String(decoding: tmp.dataBytes(name) ?? [], as: UTF8.self)
      try #require(text.split(separator: "\n").count == 3, "\(name): \(text)")
    }
    return data
  }

  static func write(_ path: String, _ text: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  /// Ways an archive file is damaged, and how many of its two records still read after.
  /// The last is one a change cannot tell cheaply (it checks the length counted, the format
  /// line and the line end there, not every record): a new day's records are added after
  /// it, and reads still refuse until it is mended.
  static let archiveFaults: [(String, Int, @Sendable (String) throws -> Void)] = [
    ("garbage", 0, { try write($0, "garbage\n") }),
    ("emptied", 0, { try write($0, "") }),
    ("missing", 0, { try FileManager.default.removeItem(atPath: $0) }),
    ("cut in its last record", 1, { path in
      let size = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
      #expect(truncate(path, off_t(size - 20)) == 0)
    }),
    // A record made longer by hand that still reads: every record is kept, though the
    // count planner.txt holds now ends inside the last one.
    ("a record made longer by hand", 2, { path in
      let text = try String(contentsOfFile: path, encoding: .utf8)
      let longer =
        text.contains("title=Laundry")
        ? text.replacingOccurrences(of: "title=Laundry", with: "title=Laundry basket")
        : text.replacingOccurrences(of: "done=1\n", with: "done=1\tmood=3\n")
      #expect(longer != text)
      try write(path, longer)
    }),
    ("a value changed by hand", 1, { path in
      let text = try String(contentsOfFile: path, encoding: .utf8)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      var second = String(lines[1])
      second = second.replacingOccurrences(of: "=", with: "~", options: [], range: nil)
      try write(path, ([String(lines[0]), second] + lines[2...].map(String.init)).joined(separator: "\n"))
    }),
  ]

  static let archiveCases = ["done.txt", "days.txt"].flatMap { name in
    archiveFaults.indices.map { (name, $0) }
  }

  /// What reads the archive (`history`, `stats`, `completed`, `export`) and what would add to
  /// it (`new-day`, a day with a task done) refuse, naming the file and `check --repair`, in
  /// one line, and no byte of the data directory changes; the rest works; `check` fails
  /// naming the file.
  @Test(arguments: archiveCases)
  func aDamagedArchiveIsRefusedWhereItIsNeeded(name: String, fault: Int) throws {
    let tmp = TemporaryDirectory()
    let data = try Self.lived(in: tmp)
    for words in [["plan", "4"], ["done", "4"]] {
      try #require(try spoons(words, data: data, environment: Self.day(20)).status == 0)
    }
    let (label, _, damage) = Self.archiveFaults[fault]
    try damage(data + "/" + name)
    let cheaplySeen = fault != Self.archiveFaults.count - 1
    let before = everyFile(in: data)
    let needing: [[String]] =
      (name == "days.txt" ? [["history"], ["stats"]] : [["completed"]])
      + [["export"], ["check"]] + (cheaplySeen ? [["new-day", "8"]] : [])
    for words in needing {
      let run = try spoons(words, data: data, environment: Self.day(21))
      #expect(run.status == 1, "\(name) \(label): \(words): \(run.stdout)")
      #expect(run.stderr.contains(name), "\(name) \(label): \(words): \(run.stderr)")
      if words != ["check"] {
        #expect(run.stderr.contains(" check --repair'"), "\(words): \(run.stderr)")
        #expect(run.stderr.filter { $0 == "\n" }.count == 1, "\(words): \(run.stderr)")
      }
    }
    let after = everyFile(in: data)
    let unchanged = after == before
    #expect(unchanged, "\(name) \(label): \(differences(before, after))")
    for words in [["status"], ["list"], ["todo"], ["show", "5"]] {
      let run = try spoons(words, data: data, environment: Self.day(20))
      #expect(run.status == 0, "\(name) \(label): \(words): \(run.stderr)")
    }
    if !cheaplySeen {
      // Added after the damaged record, which stays as it was; reads still refuse.
      let newDay = try spoons(["new-day", "8"], data: data, environment: Self.day(21))
      #expect(newDay.status == 0, "\(newDay.stderr)")
      #expect(try spoons(["export"], data: data, environment: Self.day(21)).status == 1)
      let text = String(decoding: tmp.dataBytes(name) ?? [], as: UTF8.self)
      #expect(text.contains("~"), "the damaged record is kept: \(text)")
    }
  }

  /// `check --repair` keeps the damaged file whole under a dated name (a missing one is
  /// said to be missing), names each line it could not keep, keeps every record that reads,
  /// and everything works again: `check` passes, history reads, a new day is recorded.
  @Test(arguments: archiveCases)
  func checkRepairKeepsEveryArchiveRecordThatReads(name: String, fault: Int) throws {
    let tmp = TemporaryDirectory()
    let data = try Self.lived(in: tmp)
    let (label, reading, damage) = Self.archiveFaults[fault]
    try damage(data + "/" + name)
    let damaged = tmp.dataBytes(name)
    let repair = try spoons(["check", "--repair"], data: data, environment: Self.day(20))
    #expect(repair.status == 0, "\(name) \(label): \(repair.stderr)")
    #expect(repair.stdout.hasSuffix("Every file reads: nothing is wrong.\n"), "\(repair.stdout)")
    #expect(repair.stdout.contains("kept \(reading == 1 ? "1 record" : "\(reading) records") that read"), "\(repair.stdout)")
    let names = try FileManager.default.contentsOfDirectory(atPath: data)
    let kept = names.filter { $0.hasPrefix(name + ".damaged-") }
    if let damaged {
      #expect(kept.count == 1, "\(names)")
      #expect(kept.first.flatMap { tmp.dataBytes($0) } == damaged, "\(label)")
      if !damaged.isEmpty, reading < 2 {
        #expect(repair.stdout.contains("Repaired: not kept (\(name), line "), "\(repair.stdout)")
      }
    } else {
      #expect(kept.isEmpty, "\(names)")
      #expect(repair.stdout.contains("\(name) is missing"), "\(repair.stdout)")
    }
    let newDay = try spoons(["new-day", "8"], data: data, environment: Self.day(21))
    #expect(newDay.status == 0, "\(newDay.stderr)")
    let history = try spoons(["history"], data: data, environment: Self.day(21))
    #expect(history.status == 0, "\(history.stderr)")
    if name == "days.txt" {
      let rows = ["Wed 18 Nov", "Thu 19 Nov"].filter { history.stdout.contains($0) }
      #expect(rows.count == reading, "\(label): \(history.stdout)")
    } else {
      let completed = try spoons(["completed"], data: data, environment: Self.day(21))
      let titles = ["Laundry", "Tea"].filter { completed.stdout.contains($0) }
      #expect(titles.count == reading, "\(label): \(completed.stdout)")
    }
    #expect(history.stdout.contains("Fri 20 Nov"), "the day ended since: \(history.stdout)")
    #expect(try spoons(["check"], data: data, environment: Self.day(21)).status == 0)
  }

  /// Bytes an archive file holds past what planner.txt counts that are not a killed
  /// checkpoint's own records (an older planner.txt put back, a line added by hand at the
  /// end): the next checkpoint that appends there keeps them in a side file before writing.
  @Test func bytesPastTheCountAreKeptBeforeACheckpointWritesThere() throws {
    let tmp = TemporaryDirectory()
    let data = try Self.lived(in: tmp)
    for words in [["plan", "4"], ["done", "4"]] {
      try #require(try spoons(words, data: data, environment: Self.day(20)).status == 0)
    }
    let extra = "task\tid=99\tthis line was added by hand\n"
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: data + "/done.txt"))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(extra.utf8))
    try handle.close()
    for words in [["new-day", "8"], ["add", "1", "A"], ["add", "1", "B"], ["add", "1", "C"]] {
      let run = try spoons(words, data: data, environment: Self.day(21))
      #expect(run.status == 0, "\(words): \(run.stderr)")
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: data)
    let kept = names.filter { $0.hasPrefix("done.txt.uncounted-") }
    #expect(kept.count == 1, "\(names)")
    #expect(kept.first.flatMap { tmp.dataBytes($0) } == Array(extra.utf8))
    let completed = try spoons(["completed"], data: data, environment: Self.day(21))
    #expect(completed.stdout.contains("Post"), "\(completed.stdout)")
    #expect(try spoons(["check"], data: data, environment: Self.day(21)).status == 0)
  }

  static let backupFaults: [(String, @Sendable (String) throws -> Void)] = [
    ("garbage", { try write($0, "garbage\n") }),
    ("emptied", { try write($0, "") }),
    ("cut short", { path in #expect(truncate(path, 100) == 0) }),
  ]

  /// A damaged `planner.txt.bak` costs nothing until `planner.txt` is damaged too, so every
  /// command works; `check` names it and fails, changing no byte; `check --repair` keeps it
  /// under a dated name and makes a new one, and the way back from a damaged `planner.txt`
  /// works again.
  @Test(arguments: backupFaults.indices) func aDamagedBackupIsFoundAndMadeAnew(fault: Int) throws {
    let tmp = TemporaryDirectory()
    let data = try Self.lived(in: tmp)
    let (label, damage) = Self.backupFaults[fault]
    try damage(data + "/planner.txt.bak")
    let damaged = try #require(tmp.dataBytes("planner.txt.bak"))
    let before = everyFile(in: data)
    let check = try spoons(["check"], data: data, environment: Self.day(20))
    #expect(check.status == 1, "\(label): \(check.stdout)")
    #expect(check.stderr.contains("planner.txt.bak"), "\(label): \(check.stderr)")
    #expect(check.stderr.contains(" check --repair'"), "\(label): \(check.stderr)")
    let after = everyFile(in: data)
    let unchanged = after == before
    #expect(unchanged, "\(label): \(differences(before, after))")
    for words in [["status"], ["list"], ["history"], ["add", "1", "Rest"]] {
      let run = try spoons(words, data: data, environment: Self.day(20))
      #expect(run.status == 0, "\(label): \(words): \(run.stderr)")
    }
    let repair = try spoons(["check", "--repair"], data: data, environment: Self.day(20))
    #expect(repair.status == 0, "\(label): \(repair.stderr)")
    #expect(repair.stdout.contains("made a new planner.txt.bak"), "\(repair.stdout)")
    let names = try FileManager.default.contentsOfDirectory(atPath: data)
    let kept = names.filter { $0.hasPrefix("planner.txt.bak.damaged-") }
    #expect(kept.count == 1, "\(names)")
    #expect(kept.first.flatMap { tmp.dataBytes($0) } == damaged)
    // The way back now works: a bad value in planner.txt, then the repair the error gives.
    let export = try spoons(["export"], data: data, environment: Self.day(20))
    var planner = try String(contentsOfFile: data + "/planner.txt", encoding: .utf8)
    planner = planner.replacingOccurrences(of: "budget=9", with: "budget=nine")
    try Self.write(data + "/planner.txt", planner)
    #expect(try spoons(["status"], data: data, environment: Self.day(20)).status == 1)
    let back = try spoons(["check", "--repair"], data: data, environment: Self.day(20))
    #expect(back.status == 0, "\(back.stderr)")
    #expect(try spoons(["export"], data: data, environment: Self.day(20)).stdout == export.stdout)
  }

  /// Two devices' worth of sync: this one joined a shared folder and synced.
  static func synced(in tmp: TemporaryDirectory) throws -> (data: String, state: String) {
    let data = try lived(in: tmp)
    let join = try spoons(["sync", "--init", tmp.file("shared")], data: data, environment: day(20))
    try #require(join.status == 0, "\(join.stderr)")
    let names = try FileManager.default.contentsOfDirectory(atPath: data)
    // `sync-N.txt`, not the history part it names (`sync-history-N.txt`).
    let state = try #require(
      names.first { $0.hasPrefix("sync-") && $0.hasSuffix(".txt") && Int($0.dropFirst(5).dropLast(4)) != nil })
    return (data, state)
  }

  static let syncFaults: [(String, @Sendable (String) throws -> Void)] = [
    ("garbage", { try write($0, "garbage\n") }),
    ("cut short", { path in #expect(truncate(path, 60) == 0) }),
    ("missing", { try FileManager.default.removeItem(atPath: $0) }),
  ]

  /// A damaged synced state stops only `sync` (without it, the changes made here cannot be
  /// told from those made elsewhere), which refuses naming the file, saying everything else
  /// works, in one line, changing no byte; `check` names it; `check --repair` does not guess.
  @Test(arguments: syncFaults.indices) func aDamagedSyncedStateStopsOnlySync(fault: Int) throws {
    let tmp = TemporaryDirectory()
    let (data, state) = try Self.synced(in: tmp)
    let (label, damage) = Self.syncFaults[fault]
    try damage(data + "/" + state)
    let before = everyFile(in: data)
    for words in [["sync"], ["sync", "--status"], ["check"], ["check", "--repair"]] {
      let run = try spoons(words, data: data, environment: Self.day(20))
      #expect(run.status == 1, "\(label): \(words): \(run.stdout)")
      #expect(run.stderr.contains(state + " (what this device has synced)"), "\(label): \(run.stderr)")
      #expect(run.stderr.contains("Everything but sync works"), "\(label): \(run.stderr)")
    }
    let after = everyFile(in: data)
    let unchanged = after == before
    #expect(unchanged, "\(label): \(differences(before, after))")
    for words in [["status"], ["list"], ["history"], ["add", "1", "Rest"]] {
      let run = try spoons(words, data: data, environment: Self.day(20))
      #expect(run.status == 0, "\(label): \(words): \(run.stderr)")
    }
  }

  /// Sync settings (`sync.txt`) that do not read: `check` names the file and fails.
  @Test func damagedSyncSettingsAreNamedByCheck() throws {
    let tmp = TemporaryDirectory()
    let (data, _) = try Self.synced(in: tmp)
    try Self.write(data + "/sync.txt", "garbage\n")
    let before = everyFile(in: data)
    let check = try spoons(["check"], data: data, environment: Self.day(20))
    #expect(check.status == 1)
    #expect(check.stderr.contains("sync.txt"), "\(check.stderr)")
    let unchanged = everyFile(in: data) == before
    #expect(unchanged)
    #expect(try spoons(["status"], data: data, environment: Self.day(20)).status == 0)
  }
}
