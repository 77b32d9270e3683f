import Foundation
import SpoonsCore
@testable import SpoonsStore
import SpoonsTestSupport
import Testing

/// One fixture directory per released format version, loaded by the current code. When the
/// format changes, the old fixture stays and a migration makes it load.
@Suite("Released format versions")
struct FormatVersionTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures").path

  /// A store on a copy of the fixture of `version` (the fixture itself is never written).
  func store(ofVersion version: Int, in tmp: TemporaryDirectory) throws -> PlannerStore {
    for name in try FileManager.default.contentsOfDirectory(atPath: Self.fixtures + "/v\(version)") {
      try FileManager.default.copyItem(
        atPath: Self.fixtures + "/v\(version)/" + name, toPath: tmp.file(name))
    }
    return PlannerStore(directory: tmp.path)
  }

  @Test func version1Loads() throws {
    let tmp = TemporaryDirectory()
    let store = try store(ofVersion: 1, in: tmp)
    let planner = try store.load()
    #expect(planner.day?.budget == 12)
    #expect(planner.todo.map(\.title.text) == ["Shower", "Call mum"])
    #expect(planner.backlog.map(\.title.text) == ["Laundry"])
    #expect(planner.category(try SpoonCost(5)).map(\.title.text) == ["Deep clean kitchen"])
    #expect(planner.nextID == TaskID(7))
    let archive = try store.loadArchive()
    #expect(archive.days.map(\.ledger.spent) == [4])
    #expect(archive.doneTasks.map(\.title.text) == ["Pharmacy run"])
    // And it saves back in the current format.
    try store.update(at: morning) { p, _ in try p.add("New", spoons: 1, at: morning) }
    #expect(try store.load().taskCount == 5)
  }

  /// Version 2 added routines, the reserve, borrowing and rests.
  @Test func version2Loads() throws {
    let tmp = TemporaryDirectory()
    let store = try store(ofVersion: 2, in: tmp)
    let planner = try store.load()
    #expect(planner.routines.map(\.title.text) == ["Take meds", "Walk", "Nap"])
    #expect(planner.routines.map(\.isPaused) == [false, true, false])
    #expect(planner.routines[2].isRest && planner.routines[1].days == .workdays)
    #expect(planner.reserve == 1 && planner.nextRoutineID == RoutineID(4))
    #expect(planner.day?.budget == 12 && planner.day?.repaid == 2
        && planner.ledger?.startedWith == 10)
    #expect(planner.todo.map(\.routine) == [RoutineID(1), RoutineID(3), nil])
    #expect(planner.todoRests.map(\.title.text) == ["Nap"] && planner.ledger!.planned == 4)
    let archive = try store.loadArchive()
    #expect(archive.days.map(\.ledger.borrowed) == [2] && archive.days.map(\.ledger.rested) == [1])
    #expect(archive.doneTasks.map(\.isRest) == [false, false, true])
  }

  /// Version 3 added the undo history: the version 2 fixture, then `add 2 Post the letter`,
  /// `plan 7`, `undo`.
  @Test func version3LoadsWithItsUndoHistory() throws {
    let tmp = TemporaryDirectory()
    let store = try store(ofVersion: 3, in: tmp)
    let tmp2 = TemporaryDirectory()
    let v2 = try withExtendedLifetime(tmp2) { try self.store(ofVersion: 2, in: tmp2).load() }
    #expect(v2.taskCount == 3)
    let history = try store.changes()
    #expect(history.undoable.map(\.what) == ["add #7 Post the letter (2 spoons)"])
    #expect(history.redoable.map(\.what) == ["plan #7 Post the letter (2 spoons)"])
    #expect(try store.load().task(TaskID(7))?.placement == .category)
    try store.redo()
    #expect(try store.load().ledger!.planned == 6)
    try store.undo(2)
    #expect(try store.load() == v2)
  }

  /// Version 4 keeps what each done rest gave back (`back=`) and a finished day's `repaid=`:
  /// two days through the binary (10 asked, 2 borrowed and repaid, a rest on each day).
  @Test func version4KeepsWhatRestsGaveAndWhatDaysRepaid() throws {
    let tmp = TemporaryDirectory()
    let store = try store(ofVersion: 4, in: tmp)
    let whole = try store.loadWhole()
    #expect(whole.planner.day?.budget == 6 && whole.planner.ledger?.repaid == 0)
    let days = whole.archive.days.map(\.ledger)
    #expect(days.map(\.budget) == [10, 10] && days.map(\.repaid) == [0, 2])
    #expect(days.map(\.rested) == [2, 1] && days.map(\.borrowed) == [2, 0])
    let rests = whole.archive.doneTasks.filter(\.isRest)
    #expect(rests.map(\.title.text) == ["Nap", "Tea"] && rests.map(\.gaveBack) == [2, 1])
    #expect(try store.changes().undoable.count > 3)
  }

  @Test func version5KeepsWhenTheDayStarts() throws {
    let tmp = TemporaryDirectory()
    let store = try store(ofVersion: 5, in: tmp)
    let p = try store.load()
    #expect(p.dayStart == DayStart("05:30") && p.day?.budget == 6)
    #expect(try store.changes().undoable.first?.what == "settings day-start 05:30")
    // Every older version gets the standard day start.
    for version in 1...4 {
      let older = TemporaryDirectory()
      #expect(try self.store(ofVersion: version, in: older).load().dayStart == .standard)
    }
  }

  /// Version 6 added the synced state (`journal sync=N`): the version 5 fixture after
  /// `sync --init` with a new shared folder. Undo still reaches the change before the sync,
  /// and leaves the synced state alone.
  @Test func version6KeepsItsSyncedStateThroughAnUndo() throws {
    let tmp = TemporaryDirectory()
    let store = try store(ofVersion: 6, in: tmp)
    #expect(try store.load().dayStart == DayStart("05:30"))
    #expect(try store.syncSetup()?.target == "/tmp/v6target")
    let status = try store.syncStatus()
    #expect(status.lastSynced == Timestamp(iso: "2026-11-22T18:00:00+01:00"))
    #expect(!status.changedSince)
    try store.undo()
    #expect(try store.load().dayStart == .standard)
    #expect(try store.syncStatus().lastSynced == status.lastSynced, "undo keeps the synced state")
  }

  /// Version 7 added pacing: what a done task really took (`took=`, in planner.txt and
  /// done.txt), the morning's mood (`day mood=`, and `mood=` in days.txt), a finished day's
  /// planned side of what it checked off (`checked=`, when it differs from `spent=`), and the
  /// settings `mood=off pacehint=off`. The fixture: three days through the store (a call that
  /// took 4 of 2, a shop that took 3 of 4, a letter that took nothing, a shower that took 3 of
  /// 2 today), both settings turned off, then `sync --init` with a new shared folder.
  @Test func version7KeepsWhatTasksTookAndHowMorningsFelt() throws {
    let tmp = TemporaryDirectory()
    let store = try store(ofVersion: 7, in: tmp)
    let whole = try store.loadWhole()
    let p = whole.planner
    #expect(!p.asksMood && !p.paceHints)
    #expect(p.day?.mood == 1 && p.day?.budget == 6)
    #expect(p.task(TaskID(6))?.took == 3 && p.task(TaskID(6))?.spent == 3)
    #expect(p.task(TaskID(1))?.took == nil && p.task(TaskID(1))?.isDone == false)
    #expect(p.ledger?.spent == 3 && p.ledger?.checked == 2 && p.ledger?.planned == 5)

    let days = whole.archive.days
    #expect(days.map(\.mood) == [2, 4])
    #expect(days.map(\.ledger.spent) == [4, 3] && days.map(\.ledger.checked) == [2, 5])
    #expect(days.map(\.ledger.planned) == [5, 5] && days.map(\.ledger.rested) == [3, 0])
    let done = whole.archive.doneTasks
    #expect(done.map(\.title.text) == ["Call mum", "Nap", "Grocery shop", "Post the letter"])
    #expect(done.map(\.took) == [4, nil, 3, 0])
    #expect(done.map(\.spent) == [4, 0, 3, 0])

    #expect(try store.syncSetup()?.target == "/tmp/v7target")
    // Its `sync.txt` is version 1: the same device, its host name now only its name.
    #expect(try store.syncSetup()?.device.text == "646w6tnxhr")
    #expect(try store.syncSetup()?.name == "vm")
    #expect(try store.syncStatus().changedSince == false)
    // Undo reaches the settings change before the sync; the other setting stays off.
    #expect(try store.changes().undoable.first?.what == "settings pace-hint off")
    try store.undo()
    #expect(try store.load().paceHints && !(try store.load().asksMood))
  }

  /// What each data file of the version 7 fixture reads as writes back byte for byte.
  @Test func version7FilesRoundTripByteForByte() throws {
    let folder = Self.fixtures + "/v7/"
    func bytes(_ name: String) throws -> [UInt8] {
      Array(try Data(contentsOf: URL(fileURLWithPath: folder + name)))
    }
    let planner = try bytes("planner.txt")
    // Written back in the current version: the same lines, read as a checkpoint.
    let current = Array(
      String(decoding: planner, as: UTF8.self)
        .replacingOccurrences(
          of: "name=spoons-planner\tversion=7",
          with: "name=spoons-planner\tversion=\(PlannerFile.format.version)"
        ).utf8)
    #expect(PlannerFile.encode(try PlannerFile.decode(planner)) == current)

    let days = try bytes("days.txt")
    var daysAgain: [UInt8] = []
    ArchiveFiles.daysFormat.encodeHeader(to: &daysAgain)
    for day in try ArchiveFiles.decodeDays(days) { ArchiveFiles.encode(day, to: &daysAgain) }
    #expect(daysAgain == days)

    let done = try bytes("done.txt")
    var doneAgain: [UInt8] = []
    ArchiveFiles.doneFormat.encodeHeader(to: &doneAgain)
    for task in try ArchiveFiles.decodeDone(done) { TaskRecord.encode(task, to: &doneAgain) }
    #expect(doneAgain == done)
    // Every new field is there to be read back.
    let text = String(decoding: planner + days + done, as: UTF8.self)
    for field in ["\ttook=3\t", "\tmood=1\n", "\tmood=off\tpacehint=off\n", "\tchecked=2\t",
      "\tmood=4\n", "\ttook=0\t"]
    {
      #expect(text.contains(field), "\(field)")
    }
  }

  /// Every older version loads, saves in the current format and loads back the same; what
  /// it never had reads as not said: no mood, nothing took other than planned (`checked` is
  /// `spent`), and the check-in's settings on.
  @Test(arguments: 1...6)
  func anOlderVersionReadsAsTakingWhatItPlanned(_ version: Int) throws {
    let tmp = TemporaryDirectory()
    let store = try store(ofVersion: version, in: tmp)
    let whole = try store.loadWhole()
    #expect(whole.planner.asksMood && whole.planner.paceHints)
    #expect(whole.planner.day?.mood == nil)
    #expect((whole.planner.allTasks + whole.archive.doneTasks).allSatisfy { $0.took == nil })
    #expect(!whole.archive.days.isEmpty)
    for day in whole.archive.days {
      #expect(day.mood == nil && day.ledger.checked == day.ledger.spent, "\(day.date)")
    }
    if let ledger = whole.planner.ledger { #expect(ledger.checked == ledger.spent) }
    // A change saves it as the current version, which reads back the same.
    try store.update(at: morning) { p, _ in try p.add("New", spoons: 1, at: morning) }
    let text = String(decoding: tmp.bytes("planner.txt") ?? [], as: UTF8.self)
    #expect(text.hasPrefix("format\tname=spoons-planner\tversion=\(PlannerFile.format.version)\n"))
    let again = try store.loadWhole()
    #expect(again.archive == whole.archive)
    #expect(again.planner.taskCount == whole.planner.taskCount + 1)
  }

  /// Version 2 of `sync-history-N.txt` (and version 5 of `sync-N.txt`'s checkpoint) leaves
  /// out a `set` record's entity, and its stamp, where they are the record before it's. The
  /// fixture (its README says how it was made): a planner of three days synced by the Spoons
  /// before it, its history part in a version 1 file, with its shared folder; moved here
  /// together (`sync.txt` names both paths). The version 1 file reads as the same document its
  /// version 2 does, about half as long; a round over the live part leaves it alone (appended
  /// to the version 3 live part), and the round over the whole writes version 2, and a
  /// version 5 live part.
  @Test func aVersion1SyncHistoryFileIsReadAndWrittenAgainAsVersion2() throws {
    let tmp = TemporaryDirectory()
    let fixture = Self.fixtures + "/sync-history-v1"
    for name in ["laptop", "shared"] {
      try FileManager.default.copyItem(atPath: fixture + "/" + name, toPath: tmp.file(name))
    }
    let data = try #require(FileSystem.realPath(tmp.file("laptop")))
    let shared = try #require(FileSystem.realPath(tmp.file("shared")))
    let setup = String(decoding: try #require(tmp.bytes("laptop/sync.txt")), as: UTF8.self)
    try #require(setup.contains("=/tmp/fx/shared\t") || setup.contains("=/tmp/fx/shared\n"))
    try tmp.write(
      "laptop/sync.txt",
      setup.replacingOccurrences(of: "=/tmp/fx/shared", with: "=" + shared)
        .replacingOccurrences(of: "=/tmp/fx/laptop", with: "=" + data))
    let laptop = PlannerStore(directory: tmp.file("laptop"))
    #expect(laptop.check().problems.isEmpty)
    let before = try laptop.loadWhole()
    #expect(before.archive.doneTasks.count == 2)

    // The file itself: version 1 and version 2 hold one document.
    let name = "sync-history-12.txt"
    let old = try #require(tmp.bytes("laptop/" + name))
    try #require(old.starts(with: Array("format\tname=spoons-sync-history\tversion=1\n".utf8)))
    func reference(_ bytes: [UInt8]) -> SyncHistoryFile.Reference {
      let registers = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
        .filter { $0.hasPrefix("set\t") }.count
      return .init(name: name, registers: registers, bytes: bytes.count, sum: FNV1a.hex(bytes))
    }
    let document = try SyncHistoryFile.decode(old, file: name, reference: reference(old))
    let (new, registers) = SyncHistoryFile.encode(document)
    #expect(registers == reference(old).registers)
    #expect(new.starts(with: Array("format\tname=spoons-sync-history\tversion=2\n".utf8)))
    #expect(new.count * 10 < old.count * 6, "\(new.count) bytes against \(old.count)")
    #expect(try SyncHistoryFile.decode(new, file: name, reference: reference(new)) == document)
    // Only a record after another may leave them out; nor may a version 1 file.
    for (version, lines) in [
      (2, "set\tfield=title\tvalue=A\n"),
      (2, "set\tentity=task:a\tfield=title\tvalue=A\n"),
      (1, "set\tentity=task:a\tfield=title\tstamp=1.0.xr6p2bpsfb\tvalue=A\nset\tfield=n\tvalue=1\n"),
    ] {
      let count = lines.split(separator: "\n").count
      let bytes = Array(
        "format\tname=spoons-sync-history\tversion=\(version)\n\(lines)end\tregisters=\(count)\n"
          .utf8)
      #expect(throws: StoreError.self) {
        try SyncHistoryFile.decode(bytes, file: name, reference: reference(bytes))
      }
    }

    // A change synced over the live part: the version 1 file stays as it was.
    let at = try #require(Timestamp(iso: "2026-11-22T09:00:00+01:00"))
    try laptop.update(at: at) { p, _ in try p.add("Stretch", spoons: 1, at: at) }
    #expect(try laptop.sync(at: at).sent == 1)
    let kept = tmp.bytes("laptop/" + name) == old
    #expect(kept, "the version 1 file as it was")
    // Its round appended to the version 3 live part, whose lines all name their entity.
    let live = String(decoding: try #require(tmp.bytes("laptop/sync-12.txt")), as: UTF8.self)
    #expect(live.hasPrefix("format\tname=spoons-sync-base\tversion=3\n"))
    #expect(live.contains("value=Stretch"))
    // A device that joins gets it all.
    let phone = PlannerStore(directory: tmp.file("phone"))
    try phone.joinSync(tmp.file("shared"), at: at.plus(minutes: 1))
    #expect(try phone.loadWhole() == laptop.loadWhole())

    // A task checked off on an earlier day deleted: the round over the whole reads the
    // version 1 file and writes version 2 in its place.
    try laptop.updateReachingArchive(at: at.plus(minutes: 2)) { _, archived in
      archived.removeAll { $0.id == TaskID(1) }
    }
    try laptop.sync(at: at.plus(minutes: 2))
    // (The version 1 file stays beside it while `planner.txt.bak` names it.)
    let files = (FileSystem.names(in: tmp.file("laptop")) ?? []).filter(SyncHistoryFile.isFileName)
    #expect(files.count == 2 && files.max() != name)
    let written = try #require(files.max().flatMap { tmp.bytes("laptop/" + $0) })
    #expect(written.starts(with: Array("format\tname=spoons-sync-history\tversion=2\n".utf8)))
    let state = try #require(try laptop.readSnapshot().journal.syncState)
    let checkpoint = try #require(tmp.bytes("laptop/" + SyncBase.fileName(state.file)))
    #expect(checkpoint.starts(with: Array("format\tname=spoons-sync-base\tversion=5\n".utf8)))
    try phone.sync(at: at.plus(minutes: 3))
    #expect(try phone.loadWhole() == laptop.loadWhole())
    #expect(try phone.loadWhole().archive.doneTasks.count == 1)
    #expect(laptop.check().problems.isEmpty)
    #expect(phone.check().problems.isEmpty)
  }
}

