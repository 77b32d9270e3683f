import Foundation
import SpoonsCore
@testable import SpoonsStore
import SpoonsTestSupport
import Testing

/// The synced state in two files: `sync-N.txt` (the live part, written by every sync) and
/// `sync-history-M.txt` (the history part, written only by a round over the whole document).
@Suite("The synced state's live and history parts")
struct SyncPartsTests {
  /// Two data directories on one shared folder; the laptop has two finished days of history.
  static func pair(_ tmp: TemporaryDirectory) throws -> (laptop: PlannerStore, phone: PlannerStore) {
    let laptop = PlannerStore(directory: tmp.file("laptop"))
    let phone = PlannerStore(directory: tmp.file("phone"))
    for (i, day) in [morning, nextMorning].enumerated() {
      try laptop.update(at: day) { p, finished in
        if let done = try p.startNewDay(budget: 10, at: day).finished { finished.append(done) }
        try p.add("Day \(i) walk", spoons: 2, at: day)
        try p.add("Day \(i) call", spoons: 3, at: day)
        let ids = p.category(try SpoonCost(2)).map(\.id) + p.category(try SpoonCost(3)).map(\.id)
        try p.plan(ids, at: day)
        try p.markDone([ids[0]], at: day.plus(hours: 1))
      }
    }
    try laptop.joinSync(tmp.file("shared"), at: nextMorning.plus(hours: 2))
    try phone.joinSync(tmp.file("shared"), at: nextMorning.plus(hours: 2))
    return (laptop, phone)
  }

  static func files(_ tmp: TemporaryDirectory, _ device: String, _ isName: (String) -> Bool)
    -> [String]
  {
    (FileSystem.names(in: tmp.file(device)) ?? []).filter(isName).sorted()
  }

  @Test func aChangeMadeHereIsSyncedWithoutTouchingTheHistoryPart() throws {
    let tmp = TemporaryDirectory()
    let (laptop, phone) = try Self.pair(tmp)
    let history = Self.files(tmp, "laptop", SyncHistoryFile.isFileName)
    try #require(history.count == 1)
    let bytes = try #require(tmp.bytes("laptop/" + history[0]))
    #expect(String(decoding: bytes, as: UTF8.self).contains("Day 0 walk"))

    // An add and a done here, each synced as `--auto` syncs: the history part stays as it was.
    let at = nextMorning.plus(hours: 3)
    for step in 0..<3 {
      try laptop.update(at: at) { p, _ in try p.add("Later \(step)", spoons: 4, at: at) }
      #expect(try laptop.sync(at: at).sent == 1)
      #expect(Self.files(tmp, "laptop", SyncHistoryFile.isFileName) == history)
      #expect(tmp.bytes("laptop/" + history[0]) == bytes)
    }
    // The phone gets them all, and its whole planner is the laptop's.
    try phone.sync(at: at.plus(minutes: 1))
    #expect(try phone.loadWhole() == laptop.loadWhole())

    // Something coming in needs the whole: a new history part, and the one before it (named
    // by the synced state that `planner.txt.bak` counts on) is kept, the older ones not.
    try phone.update(at: at) { p, _ in try p.add("From the phone", spoons: 1, at: at) }
    try phone.sync(at: at.plus(minutes: 2))
    try laptop.sync(at: at.plus(minutes: 3))
    let after = Self.files(tmp, "laptop", SyncHistoryFile.isFileName)
    #expect(after.count == 2 && after.contains(history[0]))
    try laptop.update(at: at) { p, _ in try p.add("One more", spoons: 1, at: at) }
    try laptop.sync(at: at.plus(minutes: 4))
    try phone.sync(at: at.plus(minutes: 5))
    try phone.sync(at: at.plus(minutes: 6))
    try laptop.sync(at: at.plus(minutes: 7))
    #expect(!Self.files(tmp, "laptop", SyncHistoryFile.isFileName).contains(history[0]))
    #expect(try phone.loadWhole() == laptop.loadWhole())
    #expect(try laptop.check().problems.isEmpty)
  }

  /// The history part must be the file the live part names: a damaged or replaced one is
  /// refused whole, by name, by `check` and by the next sync that needs it, and nothing is
  /// changed. A sync of a change made here, which does not read it, still goes through.
  @Test func aDamagedHistoryPartIsNamedAndNothingIsChanged() throws {
    let tmp = TemporaryDirectory()
    let (laptop, phone) = try Self.pair(tmp)
    let name = try #require(Self.files(tmp, "laptop", SyncHistoryFile.isFileName).first)
    let path = tmp.file("laptop/" + name)
    var bytes = try #require(tmp.bytes("laptop/" + name))
    bytes[bytes.count / 2] ^= 0x01
    try Data(bytes).write(to: URL(fileURLWithPath: path))

    #expect(try laptop.check().problems.contains { $0.contains(name) && $0.contains("checksum") })
    let at = nextMorning.plus(hours: 3)
    try laptop.update(at: at) { p, _ in try p.add("Still synced", spoons: 4, at: at) }
    #expect(try laptop.sync(at: at).sent == 1)

    try phone.update(at: at) { p, _ in try p.add("From the phone", spoons: 1, at: at) }
    try phone.sync(at: at)
    let planner = tmp.bytes("laptop/planner.txt")
    #expect {
      try laptop.sync(at: at.plus(minutes: 1))
    } throws: { error in
      "\(error)".contains(name) && "\(error)".contains("checksum")
    }
    #expect(tmp.bytes("laptop/planner.txt") == planner)
    #expect(tmp.bytes("laptop/" + name) == bytes)
  }

  /// Version 1 of `sync-N.txt` held the whole document: it is read whole, and the next sync
  /// writes the two parts.
  @Test func aVersionOneSyncedStateIsReadWholeAndSplitAtTheNextSync() throws {
    let tmp = TemporaryDirectory()
    let (laptop, _) = try Self.pair(tmp)
    // Made version 1: the whole document in sync-N.txt, with no history part.
    let journal = try laptop.readSnapshot().journal
    var base = try laptop.requiredSyncBase(of: journal)
    try laptop.loadHistory(into: &base)
    let whole = base.document
    var v1 = base.encode()
    let header = String(decoding: v1, as: UTF8.self)
      .replacingOccurrences(of: "version=2", with: "version=1")
    v1 = Array(header.utf8)
    let live = tmp.file("laptop/" + SyncBase.fileName(journal.syncFile))
    try Data(v1).write(to: URL(fileURLWithPath: live))
    for name in Self.files(tmp, "laptop", SyncHistoryFile.isFileName) {
      try FileManager.default.removeItem(atPath: tmp.file("laptop/" + name))
    }
    let read = try #require(try laptop.syncBase(of: journal))
    #expect(read.history == nil && read.document == whole)
    let before = try laptop.loadWhole()

    let at = nextMorning.plus(hours: 3)
    try laptop.update(at: at) { p, _ in try p.add("After the upgrade", spoons: 4, at: at) }
    #expect(try laptop.sync(at: at).sent == 1)
    #expect(Self.files(tmp, "laptop", SyncHistoryFile.isFileName).count == 1)
    let now = try laptop.readSnapshot().journal
    #expect(
      String(decoding: tmp.bytes("laptop/" + SyncBase.fileName(now.syncFile)) ?? [], as: UTF8.self)
        .hasPrefix("format\tname=spoons-sync-base\tversion=2\n"))
    let after = try laptop.loadWhole()
    #expect(after.archive == before.archive)
    #expect(
      Set(after.planner.allTasks.map(\.title.text))
        == Set(before.planner.allTasks.map(\.title.text) + ["After the upgrade"]))
  }
}
