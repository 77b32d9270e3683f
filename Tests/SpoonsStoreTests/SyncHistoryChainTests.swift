import Foundation
import SpoonsCore
import SpoonsSync
@testable import SpoonsStore
import SpoonsTestSupport
import Testing

/// A day ended here is synced over the live part and what the archive gained: the history part
/// gains a file of what the live part no longer names, and is never read or written whole for
/// it (`PlannerStore.dayEndedRound`; debug builds, so every test here, check each such round
/// against the round over the whole).
@Suite("The history part as files added one a day")
struct SyncHistoryChainTests {
  typealias Parts = SyncPartsTests

  /// The laptop ends `days` days, each with a task done, syncing after each as `--auto` does.
  static func endDays(_ laptop: PlannerStore, from start: Timestamp, _ days: Int) throws {
    for i in 0..<days {
      let day = start.plus(hours: 24 * i)
      try laptop.update(at: day) { p, finished in
        if let done = try p.startNewDay(budget: 10, at: day).finished { finished.append(done) }
      }
      try laptop.sync(at: day.plus(minutes: 1))
      try laptop.update(at: day.plus(hours: 1)) { p, _ in
        try p.add("Chain \(i)", spoons: 2, at: day.plus(hours: 1))
        let id = try #require(p.category(try SpoonCost(2)).last?.id)
        try p.plan([id], at: day.plus(hours: 1))
        try p.markDone([id], at: day.plus(hours: 2))
      }
      try laptop.sync(at: day.plus(hours: 2))
    }
  }

  /// What the synced state the planner names says of its history files, and its version line.
  static func state(_ tmp: TemporaryDirectory, _ device: String) throws -> (format: String, history: [String]) {
    let store = PlannerStore(directory: tmp.file(device))
    let journal = try store.readSnapshot().journal
    let bytes = try #require(tmp.bytes(device + "/" + SyncBase.fileName(journal.syncStateFile)))
    let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
    return (
      String(lines[0]),
      lines.filter { $0.hasPrefix("history\t") }.map {
        String($0.split(separator: "\t")[1].dropFirst("file=".count))
      }
    )
  }

  @Test func aDayEndedHereAddsAHistoryFileAndLeavesTheOthersAsTheyWere() throws {
    let tmp = TemporaryDirectory()
    let (laptop, phone) = try Parts.pair(tmp)
    let before = try Self.state(tmp, "laptop")
    #expect(before.history.count == 1 && before.format.hasSuffix("version=5"))
    let first = try #require(tmp.bytes("laptop/" + before.history[0]))

    try Self.endDays(laptop, from: nextMorning.plus(hours: 24), 3)
    let after = try Self.state(tmp, "laptop")
    #expect(after.history.count == 4 && after.history[0] == before.history[0])
    #expect(after.format.hasSuffix("version=5"), "a Spoons that reads one history file refuses it")
    #expect(tmp.bytes("laptop/" + before.history[0]) == first, "written once, never again")
    // Each new day's file holds the tasks done on the day it ended, and no other file does.
    for (i, name) in after.history.enumerated().dropFirst() {
      let text = String(decoding: try #require(tmp.bytes("laptop/" + name)), as: UTF8.self)
      let ended = i == 1 ? "Day 1 walk" : "Chain \(i - 2)"
      #expect(text.contains(ended) && !text.contains("Chain \(i - 1)"), "\(name)")
    }
    // The archive was appended to by each new day, never written again by a sync.
    #expect(Parts.files(tmp, "laptop", ArchiveFiles.isArchiveName) == ["days.txt", "done.txt"])

    // The phone takes it all in, and the two hold the same planner and archive.
    try phone.sync(at: nextMorning.plus(hours: 24 * 4))
    try laptop.sync(at: nextMorning.plus(hours: 24 * 4, minutes: 1))
    #expect(try phone.loadWhole() == laptop.loadWhole())
    #expect(try laptop.loadWhole().archive.doneTasks.map(\.title.text).suffix(2) == ["Chain 0", "Chain 1"])
    #expect(laptop.check().problems.isEmpty)
    #expect(phone.check().problems.isEmpty)
  }

  /// Days ended on the other device, each taken in here over the live part
  /// (`PlannerStore.dayTakenInRound`): the archive here is appended to (its files keep their
  /// names), the history part gains a file a day, and the two devices hold the same planner
  /// and archive.
  @Test func aDayEndedOnTheOtherDeviceIsTakenInOverTheLivePart() throws {
    let tmp = TemporaryDirectory()
    let (laptop, phone) = try Parts.pair(tmp)
    try laptop.sync(at: nextMorning.plus(hours: 3))
    try phone.sync(at: nextMorning.plus(hours: 3, minutes: 1))
    let history = try Self.state(tmp, "laptop").history
    let archive = Parts.files(tmp, "laptop", ArchiveFiles.isArchiveName)
    for i in 0..<3 {
      let day = nextMorning.plus(hours: 24 * (i + 1))
      try phone.update(at: day) { p, finished in
        if let done = try p.startNewDay(budget: 10, at: day).finished { finished.append(done) }
      }
      try phone.sync(at: day.plus(minutes: 1))
      try laptop.sync(at: day.plus(minutes: 2))
      #expect(try Self.state(tmp, "laptop").history.count == history.count + i + 1)
      #expect(try laptop.load().day?.date == phone.load().day?.date)
      try phone.update(at: day.plus(hours: 1)) { p, _ in
        try p.add("Chain \(i)", spoons: 2, at: day.plus(hours: 1))
        let id = try #require(p.category(try SpoonCost(2)).last?.id)
        try p.plan([id], at: day.plus(hours: 1))
        try p.markDone([id], at: day.plus(hours: 2))
      }
      try phone.sync(at: day.plus(hours: 2))
      try laptop.sync(at: day.plus(hours: 2, minutes: 1))
    }
    #expect(Parts.files(tmp, "laptop", ArchiveFiles.isArchiveName) == archive, "appended to")
    #expect(try laptop.loadWhole() == phone.loadWhole())
    #expect(try laptop.loadWhole().archive.doneTasks.map(\.title.text).suffix(2) == ["Chain 0", "Chain 1"])
    #expect(laptop.check().problems.isEmpty)
    #expect(phone.check().problems.isEmpty)
  }

  /// A task reopened from the archive here, then archived again by a day ended on the phone,
  /// or deleted there: taken in over the live part, the two devices end with the same
  /// archive, the task in it once (or not at all).
  @Test func aReopenedTaskArchivedAgainOrDeletedElsewhereEndsTheSameOnBothDevices() throws {
    let tmp = TemporaryDirectory()
    let (laptop, phone) = try Parts.pair(tmp)
    func reopen(_ title: String, at: Timestamp) throws -> TaskID {
      let archived = try #require(try laptop.loadArchive().doneTasks.first { $0.title.text == title })
      try laptop.update(at: at) { p, _ in _ = try p.reopen(archived, at: at) }
      try laptop.sync(at: at)
      try phone.sync(at: at.plus(minutes: 1))
      try laptop.sync(at: at.plus(minutes: 2))
      return archived.id
    }
    func archivedCopies(_ store: PlannerStore, _ id: TaskID) throws -> Int {
      try store.loadArchive().doneTasks.filter { $0.id == id }.count
    }
    // Archived again by a day ended on the phone.
    let at = nextMorning.plus(hours: 3)
    let walk = try reopen("Day 0 walk", at: at)
    try phone.update(at: at.plus(hours: 1)) { p, _ in
      try p.plan([walk], at: at.plus(hours: 1))
      try p.markDone([walk], at: at.plus(hours: 1))
    }
    try phone.sync(at: at.plus(hours: 1))
    try laptop.sync(at: at.plus(hours: 1, minutes: 1))
    let next = nextMorning.plus(hours: 24)
    try phone.update(at: next) { p, finished in
      if let done = try p.startNewDay(budget: 10, at: next).finished { finished.append(done) }
    }
    try phone.sync(at: next)
    try laptop.sync(at: next.plus(minutes: 1))
    #expect(try Self.state(tmp, "laptop").history.count == 2, "over the live part")
    #expect(try archivedCopies(laptop, walk) == 1)
    #expect(try laptop.loadWhole() == phone.loadWhole())

    // Deleted on the phone.
    let call = try reopen("Day 1 walk", at: next.plus(hours: 1))
    try phone.update(at: next.plus(hours: 2)) { p, _ in _ = try p.delete([call]) }
    try phone.sync(at: next.plus(hours: 2))
    try laptop.sync(at: next.plus(hours: 2, minutes: 1))
    #expect(try archivedCopies(laptop, call) == 0)
    #expect(try laptop.loadWhole() == phone.loadWhole())
    #expect(laptop.check().problems.isEmpty)
  }

  /// Once the state names `historyFilesAtMost` files, the next day ended is synced over the
  /// whole, which writes the history part as one file again.
  @Test func theHistoryFilesBecomeOneOnceThereAreTheMostAllowed() throws {
    let tmp = TemporaryDirectory()
    let (laptop, phone) = try Parts.pair(tmp)
    let most = SyncBase.historyFilesAtMost
    try Self.endDays(laptop, from: nextMorning.plus(hours: 24), most - 1)
    #expect(try Self.state(tmp, "laptop").history.count == most)
    try Self.endDays(laptop, from: nextMorning.plus(hours: 24 * most), 1)
    let after = try Self.state(tmp, "laptop")
    #expect(after.history.count == 1 && after.format.hasSuffix("version=5"))
    // The files the state before it named are kept (`planner.txt.bak` names that state), no
    // older ones.
    #expect(Parts.files(tmp, "laptop", SyncHistoryFile.isFileName).count <= most + 1)
    try phone.sync(at: nextMorning.plus(hours: 24 * (most + 1)))
    #expect(try phone.loadWhole() == laptop.loadWhole())
    #expect(laptop.check().problems.isEmpty)
  }

  /// A new day started, undone and started again before a sync: the undo history since the
  /// last sync holds an undo, so what the archive gained is not told from it, and the whole
  /// decides; the other device gets the day as it ended.
  @Test func aNewDayUndoneBeforeTheSyncIsSyncedWhole() throws {
    let tmp = TemporaryDirectory()
    let (laptop, phone) = try Parts.pair(tmp)
    let next = nextMorning.plus(hours: 24)
    func start(_ budget: Int) throws {
      try laptop.update(at: next) { p, finished in
        if let done = try p.startNewDay(budget: budget, at: next).finished { finished.append(done) }
      }
    }
    try start(12)
    try laptop.undo()
    try laptop.update(at: next) { p, _ in try p.setBudget(11, at: nextMorning.plus(hours: 5)) }
    try start(13)
    try laptop.sync(at: next.plus(minutes: 1))
    #expect(try Self.state(tmp, "laptop").history.count == 1, "the whole decided")
    try phone.sync(at: next.plus(minutes: 2))
    #expect(try phone.loadWhole().archive.days.last?.ledger.budget == 11)
    #expect(try phone.load().day?.budget == 13)
    #expect(try phone.loadWhole() == laptop.loadWhole())
  }

  /// A file of the history part damaged (same size, so the everyday rounds do not look at
  /// it): `check` names it, and so does the next sync that reads the history whole; nothing is
  /// changed. One cut short: the next day ended here is synced over the whole (its size is
  /// not the one named), which names it too.
  @Test func aDamagedHistoryFileOfManyIsNamedAndNothingIsChanged() throws {
    let tmp = TemporaryDirectory()
    let (laptop, phone) = try Parts.pair(tmp)
    try Self.endDays(laptop, from: nextMorning.plus(hours: 24), 2)
    let names = try Self.state(tmp, "laptop").history
    try #require(names.count == 3)
    let path = tmp.file("laptop/" + names[1])
    var bytes = try #require(tmp.bytes("laptop/" + names[1]))
    let at = try #require(bytes.lastIndex(of: UInt8(ascii: "a")))
    bytes[at] = UInt8(ascii: "o")
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let problems = laptop.check().problems
    #expect(problems.contains { $0.contains(names[1]) }, "\(problems)")

    let later = nextMorning.plus(hours: 24 * 3)
    try laptop.update(at: later) { p, _ in try p.add("Everyday", spoons: 1, at: later) }
    #expect(try laptop.sync(at: later).sent == 1, "a change made here does not read it")

    try Data(bytes.prefix(bytes.count / 2)).write(to: URL(fileURLWithPath: path))
    try laptop.update(at: later.plus(hours: 24)) { p, finished in
      if let done = try p.startNewDay(budget: 9, at: later.plus(hours: 24)).finished {
        finished.append(done)
      }
    }
    let committed = try #require(tmp.bytes("laptop/planner.txt"))
    let state = try Self.state(tmp, "laptop")
    #expect {
      try laptop.sync(at: later.plus(hours: 24, minutes: 1))
    } throws: { error in
      guard case StoreError.damagedSyncState(let file, _) = error else { return false }
      return file.hasSuffix(names[1])
    }
    #expect(tmp.bytes("laptop/planner.txt") == committed, "nothing changed")
    #expect(try Self.state(tmp, "laptop") == state)
    _ = phone
  }

  /// A synced state is a file someone may edit: one that names a history file twice, or far
  /// more of them than Spoons writes, is refused, never half read.
  @Test(arguments: [2, 1100])
  func aStateNamingAHistoryFileTwiceOrTooManyIsRefused(count: Int) throws {
    var text = "format\tname=spoons-sync-base\tversion=4\nclock\tlast=\nsent\tseq=0\n"
    for i in 0..<count {
      let name = count == 2 ? "sync-history-7.txt" : "sync-history-\(i + 1).txt"
      text += "history\tfile=\(name)\tregisters=0\tbytes=58\tsum=a770b533ba156b90\n"
    }
    text += "end\tregisters=0\n"
    #expect {
      _ = try SyncBase.decode(Array(text.utf8), file: "sync-9.txt")
    } throws: { error in
      "\(error)".contains(count == 2 ? "named twice" : "more history files")
    }
  }

  /// Version 3 names one history file: one that names two is refused, never read as the
  /// history part of either (a Spoons that reads one takes the last).
  @Test func aVersionThreeStateNamingTwoHistoryFilesIsRefused() throws {
    var text = "format\tname=spoons-sync-base\tversion=3\nclock\tlast=\nsent\tseq=0\n"
    for name in ["sync-history-7.txt", "sync-history-9.txt"] {
      text += "history\tfile=\(name)\tregisters=0\tbytes=58\tsum=a770b533ba156b90\n"
    }
    text += "end\tregisters=0\n"
    #expect {
      _ = try SyncBase.decode(Array(text.utf8), file: "sync-9.txt")
    } throws: { error in
      "\(error)".contains("more history files than its version holds")
    }
    let four = text.replacingOccurrences(of: "version=3", with: "version=4")
    #expect(try SyncBase.decode(Array(four.utf8), file: "sync-9.txt").history.count == 2)
  }

  /// A synced state edited to name a history file numbered after the planner's last change
  /// (a file the next sync would write over) is refused, naming it, before anything is sent.
  @Test func aStateNamingAHistoryFileNoSyncHasWrittenIsRefusedBeforeAnythingIsSent() throws {
    let tmp = TemporaryDirectory()
    let (laptop, _) = try Parts.pair(tmp)
    let journal = try laptop.readSnapshot().journal
    let path = tmp.file("laptop/" + SyncBase.fileName(journal.syncStateFile))
    let name = try #require(try Self.state(tmp, "laptop").history.first)
    let ahead = String(repeating: "9", count: name.count - "sync-history-.txt".count)
    try #require(Int(ahead)! > journal.lastSeq)
    let text = String(
      decoding: try #require(FileManager.default.contents(atPath: path)), as: UTF8.self)
    try Data(text.replacingOccurrences(of: name, with: "sync-history-\(ahead).txt").utf8)
      .write(to: URL(fileURLWithPath: path))
    func shared() -> [String: Data] {
      var files: [String: Data] = [:]
      let root = tmp.file("shared")
      for case let relative as String in FileManager.default.enumerator(atPath: root)! {
        files[relative] = FileManager.default.contents(atPath: root + "/" + relative)
      }
      return files
    }
    let before = shared()
    let at = nextMorning.plus(hours: 3)
    try laptop.update(at: at) { p, _ in try p.add("Waiting", spoons: 1, at: at) }
    #expect {
      try laptop.sync(at: at)
    } throws: { error in
      guard case StoreError.damagedSyncState(_, let reason) = error else { return false }
      return reason.contains("sync-history-\(ahead).txt")
    }
    #expect(shared() == before, "nothing sent")
  }
}
