import Foundation
import SpoonsCore
import SpoonsSync
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

    // A task the phone adds comes in through the live part too.
    try phone.update(at: at) { p, _ in try p.add("From the phone", spoons: 1, at: at) }
    try phone.sync(at: at.plus(minutes: 2))
    try laptop.sync(at: at.plus(minutes: 3))
    #expect(Self.files(tmp, "laptop", SyncHistoryFile.isFileName) == history)
    #expect(try laptop.load().allTasks.contains { $0.title.text == "From the phone" })

    // A new day started on the phone archives the day before: taken in over the live part
    // too, it adds a file to the history part and leaves the one before as it was; so does
    // the next.
    let next = at.plus(hours: 24)
    try phone.update(at: next) { p, finished in
      if let done = try p.startNewDay(budget: 9, at: next).finished { finished.append(done) }
    }
    try phone.sync(at: next)
    try laptop.sync(at: next.plus(minutes: 1))
    let after = Self.files(tmp, "laptop", SyncHistoryFile.isFileName)
    #expect(after.count == 2 && after.contains(history[0]))
    #expect(tmp.bytes("laptop/" + history[0]) == bytes)
    #expect(try laptop.load().day?.budget == 9)
    try phone.update(at: next) { p, finished in
      if let done = try p.startNewDay(budget: 8, at: next.plus(hours: 24)).finished {
        finished.append(done)
      }
    }
    try phone.sync(at: next.plus(hours: 24))
    try laptop.sync(at: next.plus(hours: 24, minutes: 1))
    #expect(Self.files(tmp, "laptop", SyncHistoryFile.isFileName).count == 3)
    #expect(tmp.bytes("laptop/" + history[0]) == bytes)
    try phone.sync(at: next.plus(hours: 24, minutes: 2))
    #expect(try phone.loadWhole() == laptop.loadWhole())
    #expect(try laptop.check().problems.isEmpty)
  }

  /// A device that joined and has changed nothing since (an empty undo history) takes in what
  /// another sends over the live part, as one that has changed something does; so does its
  /// first change, whose record follows the history's format line. It was the round over the
  /// whole, every sync, for as long as the device changed nothing.
  @Test func aDeviceThatHasChangedNothingTakesInOverTheLivePart() throws {
    let tmp = TemporaryDirectory()
    let (laptop, phone) = try Self.pair(tmp)
    let history = Self.files(tmp, "phone", SyncHistoryFile.isFileName)
    try #require(history.count == 1)
    let bytes = try #require(tmp.bytes("phone/" + history[0]))
    try #require(Self.files(tmp, "phone", { $0.hasPrefix("undo-") }).isEmpty)
    let at = nextMorning.plus(hours: 3)
    for step in 0..<3 {
      let now = at.plus(minutes: 10 * step)
      try laptop.update(at: now) { p, _ in try p.add("Later \(step)", spoons: 4, at: now) }
      try laptop.sync(at: now)
      #expect(try phone.sync(at: now.plus(minutes: 1)).received.map(\.changes) == [1], "step \(step)")
      #expect(Self.files(tmp, "phone", SyncHistoryFile.isFileName) == history, "step \(step)")
      let kept = tmp.bytes("phone/" + history[0]) == bytes
      #expect(kept, "the history part as it was")
      #expect(try phone.loadWhole() == laptop.loadWhole())
    }
    // Its first change, sent and then taken in on the laptop.
    let later = at.plus(hours: 1)
    try phone.update(at: later) { p, _ in try p.add("From the phone", spoons: 1, at: later) }
    try laptop.update(at: later) { p, _ in try p.add("From the laptop", spoons: 2, at: later) }
    try laptop.sync(at: later)
    // (Both took the same number: which device moves its own to the next depends on their
    // ids, so the phone sends its task, and perhaps its move.)
    #expect(try phone.sync(at: later.plus(minutes: 1)).sent > 0)
    #expect(Self.files(tmp, "phone", SyncHistoryFile.isFileName) == history)
    let kept = tmp.bytes("phone/" + history[0]) == bytes
    #expect(kept, "the history part as it was")
    try laptop.sync(at: later.plus(minutes: 2))
    #expect(try phone.loadWhole() == laptop.loadWhole())
    let titles = try phone.load().allTasks.map(\.title.text)
    #expect(titles.contains("From the phone") && titles.contains("From the laptop"))
    #expect(try phone.check().problems.isEmpty)
  }

  /// A day started and synced; the start undone, the day before given another budget (as
  /// long as the old one) and the new day started again: the archive is as long as before,
  /// but the changes since the last sync say it changed, so the whole decides and the other
  /// device gets the finished day's new budget.
  @Test func aNewDayUndoneAndStartedAgainIsSyncedWhole() throws {
    let tmp = TemporaryDirectory()
    let (laptop, phone) = try Self.pair(tmp)
    let next = nextMorning.plus(hours: 24)
    func start(_ budget: Int) throws {
      try laptop.update(at: next) { p, finished in
        if let done = try p.startNewDay(budget: budget, at: next).finished { finished.append(done) }
      }
    }
    try start(12)
    try laptop.sync(at: next)
    try phone.sync(at: next.plus(minutes: 1))
    #expect(try phone.load().day?.budget == 12)
    let archive = tmp.bytes("laptop/days.txt")?.count
    try laptop.undo()
    try laptop.update(at: next) { p, _ in try p.setBudget(11, at: nextMorning.plus(hours: 5)) }
    try start(12)
    try laptop.sync(at: next.plus(minutes: 2))
    try phone.sync(at: next.plus(minutes: 3))
    #expect(try laptop.loadWhole().archive.days.last?.ledger.budget == 11)
    #expect(tmp.bytes("laptop/days.txt")?.count == archive, "as long as before")
    #expect(try phone.loadWhole().archive.days.last?.ledger.budget == 11)
    #expect(try phone.loadWhole() == laptop.loadWhole())
  }

  /// An `undo` or a `redo` synced as `--auto` syncs it goes over what it changed, as a change
  /// does (the lines it took back or made again, from the undo history before the sync): the
  /// history part is left as it was, and the phone gets the planner as it is here. An `add`
  /// undone too (the planner made from the document then skips the number the task had, as
  /// the whole does). A new day undone (which takes back what the archive gained) is decided
  /// by the whole.
  @Test func anUndoAndARedoAreSyncedWithoutTouchingTheHistoryPart() throws {
    let tmp = TemporaryDirectory()
    let (laptop, phone) = try Self.pair(tmp)
    let history = Self.files(tmp, "laptop", SyncHistoryFile.isFileName)
    let bytes = try #require(tmp.bytes("laptop/" + history[0]))
    let at = nextMorning.plus(hours: 3)
    try laptop.update(at: at) { p, _ in try p.add("Plan me", spoons: 4, at: at) }
    #expect(try laptop.sync(at: at).sent > 0)
    let id = try #require(try laptop.load().allTasks.first { $0.title.text == "Plan me" }?.id)
    try laptop.update(at: at) { p, _ in try p.plan([id], at: at) }
    #expect(try laptop.sync(at: at).sent > 0)
    try phone.sync(at: at.plus(minutes: 1))
    for (step, undo) in [(1, true), (2, false), (3, true)] {
      let now = at.plus(minutes: 10 * step)
      _ = undo ? try laptop.undo() : try laptop.redo()
      #expect(try laptop.sync(at: now).sent > 0)
      #expect(Self.files(tmp, "laptop", SyncHistoryFile.isFileName) == history, "step \(step)")
      #expect(tmp.bytes("laptop/" + history[0]) == bytes)
      try phone.sync(at: now.plus(minutes: 1))
      #expect(try phone.load().todo.contains { $0.id == id } == !undo)
      #expect(try phone.loadWhole() == laptop.loadWhole())
    }
    // The add undone: over the live part too, and the next task added here takes the next
    // number, on both devices.
    _ = try laptop.undo()
    try laptop.sync(at: at.plus(hours: 1))
    #expect(Self.files(tmp, "laptop", SyncHistoryFile.isFileName) == history)
    try phone.sync(at: at.plus(hours: 1, minutes: 1))
    #expect(try phone.load().task(id) == nil)
    #expect(try phone.loadWhole() == laptop.loadWhole())
    try laptop.update(at: at.plus(hours: 2)) { p, _ in try p.add("Next", spoons: 1, at: at) }
    try laptop.sync(at: at.plus(hours: 2))
    try phone.sync(at: at.plus(hours: 2, minutes: 1))
    #expect(try phone.load().allTasks.first { $0.title.text == "Next" }?.id == TaskID(id.rawValue + 1))
    #expect(try phone.loadWhole() == laptop.loadWhole())
    // A new day undone: the whole decides, and the phone's planner and archive are the
    // laptop's.
    let next = at.plus(hours: 24)
    try laptop.update(at: next) { p, finished in
      if let done = try p.startNewDay(budget: 9, at: next).finished { finished.append(done) }
    }
    try laptop.sync(at: next)
    try phone.sync(at: next.plus(minutes: 1))
    _ = try laptop.undo()
    try laptop.sync(at: next.plus(minutes: 2))
    try phone.sync(at: next.plus(minutes: 3))
    #expect(try phone.loadWhole() == laptop.loadWhole())
    #expect(try laptop.check().problems.isEmpty)
  }

  /// A round over the live part is taken only while every task whose archived copy the
  /// planner hid stays in the planner it makes (`PlannerStore.hiddenStay`): one that left it
  /// would show that copy again, where the round over the whole leaves it out.
  @Test func aRoundThatTakesAHiddenTaskOutOfThePlannerIsNotOverTheLivePart() throws {
    let tmp = TemporaryDirectory()
    let store = PlannerStore(directory: tmp.file("laptop"))
    var planner = Planner()
    try planner.add("Kept", spoons: 2, at: morning)
    try planner.add("Gone", spoons: 3, at: morning)
    func round(_ planner: Planner) throws -> SyncRound {
      try SyncRound(
        base: SyncDocument(), local: SyncedState(planner: planner), incoming: [],
        clock: HybridClock(device: DeviceID("laptop")!), now: morning)
    }
    var base = SyncBase()
    #expect(store.hiddenStay(base, try round(planner)), "nothing hidden")
    base.hidden = [1, 2]
    #expect(store.hiddenStay(base, try round(planner)))
    _ = try planner.delete([TaskID(2)])
    #expect(!store.hiddenStay(base, try round(planner)))
  }

  /// The history part must be the file the live part names: a damaged or replaced one is
  /// refused whole, by name, by `check` and by the next sync that needs it, and nothing is
  /// changed. A sync of a change made here, or of a new day started on the other device,
  /// which do not read it, still goes through.
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

    // A new day on the phone is taken in over the live part, which does not read it either.
    let next = at.plus(hours: 24)
    try phone.update(at: next) { p, finished in
      if let done = try p.startNewDay(budget: 9, at: next).finished { finished.append(done) }
    }
    try phone.sync(at: next)
    try laptop.sync(at: next.plus(minutes: 1))
    #expect(try laptop.load().day?.budget == 9)

    // A task done on an earlier day, deleted on the phone: the history part holds it, and
    // the sync that takes that in needs the whole.
    try phone.updateReachingArchive(at: next.plus(hours: 1)) { _, archived in
      archived.removeAll { $0.title.text == "Day 0 walk" }
    }
    try phone.sync(at: next.plus(hours: 1))
    let planner = tmp.bytes("laptop/planner.txt")
    #expect {
      try laptop.sync(at: next.plus(hours: 1, minutes: 1))
    } throws: { error in
      "\(error)".contains(name) && "\(error)".contains("checksum")
    }
    #expect(tmp.bytes("laptop/planner.txt") == planner)
    #expect(tmp.bytes("laptop/" + name) == bytes)
  }

  /// A sync that would not read the history part still looks at its size: one of another
  /// size (a byte added) sends even a change made here through the whole, which refuses it by
  /// name and changes nothing.
  @Test func aHistoryPartOfAnotherSizeIsReadAndRefused() throws {
    let tmp = TemporaryDirectory()
    let (laptop, _) = try Self.pair(tmp)
    let name = try #require(Self.files(tmp, "laptop", SyncHistoryFile.isFileName).first)
    let handle = try #require(FileHandle(forWritingAtPath: tmp.file("laptop/" + name)))
    handle.seekToEndOfFile()
    handle.write(Data("x".utf8))
    handle.closeFile()
    let at = nextMorning.plus(hours: 3)
    try laptop.update(at: at) { p, _ in try p.add("Made here", spoons: 4, at: at) }
    let planner = tmp.bytes("laptop/planner.txt")
    #expect {
      try laptop.sync(at: at)
    } throws: { error in
      "\(error)".contains(name) && "\(error)".contains("checksum")
    }
    #expect(tmp.bytes("laptop/planner.txt") == planner)
  }

  /// Version 1 of `sync-N.txt` held the whole document: it is read whole, and the next sync
  /// writes the two parts.
  @Test func aVersionOneSyncedStateIsReadWholeAndSplitAtTheNextSync() throws {
    let tmp = TemporaryDirectory()
    let (laptop, _) = try Self.pair(tmp)
    // Made version 1: the whole document in sync-N.txt, with no history part.
    var journal = try laptop.readSnapshot().journal
    var base = try laptop.requiredSyncBase(of: journal)
    try laptop.loadHistory(into: &base)
    let whole = base.document
    var v1 = base.encode()
    let header = String(decoding: v1, as: UTF8.self)
      .replacingOccurrences(of: "version=2", with: "version=1")
    v1 = Array(header.utf8)
    let live = tmp.file("laptop/" + SyncBase.fileName(journal.syncStateFile))
    try Data(v1).write(to: URL(fileURLWithPath: live))
    // As a planner of then named it: the file, whole.
    let plannerPath = tmp.file("laptop/planner.txt")
    let planner = try String(contentsOfFile: plannerPath, encoding: .utf8)
      .replacingOccurrences(of: #"\tsyncfile=\d+\tsyncbytes=\d+"#, with: "", options: .regularExpression)
    try planner.write(toFile: plannerPath, atomically: true, encoding: .utf8)
    journal = try laptop.readSnapshot().journal
    #expect(journal.syncState == nil)
    for name in Self.files(tmp, "laptop", SyncHistoryFile.isFileName) {
      try FileManager.default.removeItem(atPath: tmp.file("laptop/" + name))
    }
    let read = try #require(try laptop.syncBase(of: journal))
    #expect(read.history.isEmpty && read.document == whole)
    let before = try laptop.loadWhole()

    let at = nextMorning.plus(hours: 3)
    try laptop.update(at: at) { p, _ in try p.add("After the upgrade", spoons: 4, at: at) }
    #expect(try laptop.sync(at: at).sent == 1)
    #expect(Self.files(tmp, "laptop", SyncHistoryFile.isFileName).count == 1)
    let now = try laptop.readSnapshot().journal
    #expect(
      String(decoding: tmp.bytes("laptop/" + SyncBase.fileName(now.syncStateFile)) ?? [], as: UTF8.self)
        .hasPrefix("format\tname=spoons-sync-base\tversion=5\n"))
    let after = try laptop.loadWhole()
    #expect(after.archive == before.archive)
    #expect(
      Set(after.planner.allTasks.map(\.title.text))
        == Set(before.planner.allTasks.map(\.title.text) + ["After the upgrade"]))
  }

  // MARK: - Rounds appended to the state they read

  /// `pair`, with a task added on the laptop and synced: its synced state is one the next
  /// everyday sync appends to. Returns when that was.
  static func syncedPair(_ tmp: TemporaryDirectory) throws
    -> (laptop: PlannerStore, phone: PlannerStore, at: Timestamp)
  {
    let (laptop, phone) = try pair(tmp)
    let at = nextMorning.plus(hours: 3)
    try laptop.update(at: at) { p, _ in try p.add("First", spoons: 4, at: at) }
    try laptop.sync(at: at)
    return (laptop, phone, at)
  }

  /// The file holding the synced state, and the length the planner counts.
  static func stateFile(_ store: PlannerStore, _ tmp: TemporaryDirectory, _ device: String) throws
    -> (name: String, counted: Int, size: Int)
  {
    let mark = try #require(try store.readSnapshot().journal.syncState)
    let name = SyncBase.fileName(mark.file)
    return (name, mark.bytes, tmp.bytes(device + "/" + name)?.count ?? -1)
  }

  /// An everyday sync appends its round to the file it read, as the undo history grows: the
  /// file stays, grows by what the round changed, and reads as the state the round left
  /// (checked on every appended round in debug builds, `PlannerStore.readsBack`); the other
  /// device gets every change.
  @Test func anEverydayRoundIsAppendedToTheStateItRead() throws {
    let tmp = TemporaryDirectory()
    let (laptop, phone, at) = try Self.syncedPair(tmp)
    let first = try Self.stateFile(laptop, tmp, "laptop")
    #expect(first.counted == first.size)
    var size = first.size
    for step in 0..<4 {
      let when = at.plus(minutes: step + 1)
      try laptop.update(at: when) { p, _ in try p.add("Later \(step)", spoons: 2, at: when) }
      let syncedBefore = try laptop.readSnapshot().journal.syncFile
      #expect(try laptop.sync(at: when).sent == 1)
      let now = try Self.stateFile(laptop, tmp, "laptop")
      #expect(now.name == first.name)
      #expect(now.counted == now.size && now.size > size && now.size - size < 2_000)
      // The sync still takes a change number of its own, as `undo` and `sync --status` count.
      #expect(try laptop.readSnapshot().journal.syncFile > syncedBefore)
      size = now.size
    }
    #expect(Self.files(tmp, "laptop", SyncBase.isFileName) == [first.name])
    try phone.sync(at: at.plus(minutes: 10))
    #expect(try phone.loadWhole() == laptop.loadWhole())
    // And what comes in is appended too.
    try phone.update(at: at.plus(minutes: 11)) { p, _ in
      try p.add("From the phone", spoons: 1, at: at.plus(minutes: 11))
    }
    try phone.sync(at: at.plus(minutes: 11))
    try laptop.sync(at: at.plus(minutes: 12))
    #expect(try Self.stateFile(laptop, tmp, "laptop").name == first.name)
    #expect(try laptop.loadWhole() == phone.loadWhole())
  }

  /// The sync right after a change takes the planner that change committed instead of
  /// reading it again (`LastCommit`), but only when no other writer wrote since: a change
  /// another writer made in between (here a second store on the same directory, as another
  /// process would be) is read and synced too.
  @Test func theSyncAfterAChangeReadsAChangeMadeInBetween() throws {
    let tmp = TemporaryDirectory()
    let (laptop, phone, at) = try Self.syncedPair(tmp)
    let other = PlannerStore(directory: laptop.directory)
    let when = at.plus(minutes: 1)
    try laptop.update(at: when) { p, _ in try p.add("Mine", spoons: 2, at: when) }
    try other.update(at: when) { p, _ in try p.add("Theirs", spoons: 2, at: when) }
    #expect(try laptop.sync(at: when).sent == 2)
    try laptop.update(at: when) { p, _ in try p.add("Mine again", spoons: 2, at: when) }
    #expect(try laptop.sync(at: when).sent == 1)
    try phone.sync(at: when.plus(minutes: 1))
    let titles = Set(try phone.loadWhole().planner.allTasks.map(\.title.text))
    #expect(titles.isSuperset(of: ["Mine", "Theirs", "Mine again"]))
    #expect(try laptop.loadWhole() == phone.loadWhole())
  }

  /// A sync killed after its round was appended, before the planner that counts it was
  /// saved, leaves bytes no planner counts: they are not read, and the next round is written
  /// over them. A file shorter than the planner counts is damage, named, and nothing changes.
  @Test func bytesPastTheCountedLengthAreNotReadAndAShorterFileIsDamage() throws {
    let tmp = TemporaryDirectory()
    let (laptop, phone, at) = try Self.syncedPair(tmp)
    let state = try Self.stateFile(laptop, tmp, "laptop")
    let path = tmp.file("laptop/" + state.name)
    let handle = try #require(FileHandle(forWritingAtPath: path))
    handle.seekToEndOfFile()
    handle.write(Data("set\tentity=task:x\tfield=title\tstamp=1.0.aaaaaaaaaa\tvalue=never\n".utf8))
    handle.closeFile()
    try laptop.update(at: at.plus(minutes: 1)) { p, _ in
      try p.add("Second", spoons: 2, at: at.plus(minutes: 1))
    }
    #expect(try laptop.sync(at: at.plus(minutes: 1)).sent == 1)
    let text = String(decoding: tmp.bytes("laptop/" + state.name) ?? [], as: UTF8.self)
    #expect(!text.contains("never") && text.contains("Second"))
    try phone.sync(at: at.plus(minutes: 2))
    #expect(try phone.loadWhole() == laptop.loadWhole())

    // Cut short of what the planner counts.
    let now = try Self.stateFile(laptop, tmp, "laptop")
    let bytes = try #require(tmp.bytes("laptop/" + now.name))
    try Data(bytes.dropLast(10)).write(to: URL(fileURLWithPath: path))
    try laptop.update(at: at.plus(minutes: 3)) { p, _ in
      try p.add("Third", spoons: 2, at: at.plus(minutes: 3))
    }
    let planner = tmp.bytes("laptop/planner.txt")
    #expect {
      try laptop.sync(at: at.plus(minutes: 3))
    } throws: { error in
      "\(error)".contains(now.name) && "\(error)".contains("shorter than planner.txt counts")
    }
    #expect(tmp.bytes("laptop/planner.txt") == planner)
  }

  /// Once the rounds appended hold more records than the checkpoint (and than
  /// `appendedAtLeast`), the next sync writes a new checkpoint: the file stays within about
  /// twice what it holds. The file before it is kept (`planner.txt.bak` names it), the older
  /// ones go.
  @Test func roundsThatOutgrowTheCheckpointAreWrittenAsANewOne() throws {
    let tmp = TemporaryDirectory()
    let (laptop, phone, at) = try Self.syncedPair(tmp)
    var names = [try Self.stateFile(laptop, tmp, "laptop").name]
    for step in 0..<400 where names.count < 3 {
      let when = at.plus(minutes: step + 1)
      try laptop.update(at: when) { p, _ in try p.add("Later \(step)", spoons: 2, at: when) }
      try laptop.sync(at: when)
      let now = try Self.stateFile(laptop, tmp, "laptop")
      if now.name != names.last { names.append(now.name) }
      let base = try #require(try laptop.syncBase(of: laptop.readSnapshot().journal))
      #expect(base.appendedRecords <= max(base.checkpointRecords, SyncBase.appendedAtLeast))
    }
    #expect(names.count == 3)
    #expect(Self.files(tmp, "laptop", SyncBase.isFileName) == Array(names.suffix(2)).sorted())
    try phone.sync(at: at.plus(hours: 1))
    #expect(try phone.loadWhole() == laptop.loadWhole())
  }

  // MARK: - The round over what changed

  /// With nothing come in, a sync looks only at the lists the changes since the last sync
  /// touched (named by the undo history), and sends, saves and says what the round over the
  /// whole live part does. On another date it does not: the whole decides.
  @Test func aRoundWithNothingComeInLooksOnlyAtWhatChanged() throws {
    let tmp = TemporaryDirectory()
    let (laptop, _, at) = try Self.syncedPair(tmp)
    let later = at.plus(minutes: 5)
    var added: [TaskID] = []
    try laptop.update(at: later) { p, _ in
      added.append(try p.add("Made since", spoons: 5, at: later).id)
      added.append(try p.add("Also since", spoons: 1, at: later).id)
    }
    let snapshot = try laptop.readSnapshot()
    let base = try laptop.requiredSyncBase(of: snapshot.journal)
    let changed = try #require(laptop.tasksChangedSinceSync(base, snapshot.journal))
    // The tasks added, and those whose line now follows another (the line after each).
    #expect(changed.isSuperset(of: added) && changed.count <= 2 * added.count)
    let device = try #require(try laptop.syncSetup()).device
    func round(_ fast: Bool, at now: Timestamp) throws -> SyncRound? {
      let clock = HybridClock(device: device, last: base.clock)
      return fast
        ? try SyncRound.overChanged(
          base.document, limits: base.limits, planner: snapshot.planner, changed: changed,
          clock: clock, now: now, lastSynced: base.syncedAt, handedOut: base.handedOut)
        : try SyncRound.overLivePart(
          base.document, limits: base.limits, planner: snapshot.planner, clock: clock, now: now,
          lastSynced: base.syncedAt, handedOut: base.handedOut)
    }
    let fast = try #require(try round(true, at: later))
    #expect(fast.outgoing.contains { $0.value == "Made since" })
    #expect(fast.outgoing.contains { $0.value == "Also since" })
    #expect(try round(false, at: later).map { fast.agrees(with: $0, joinedTo: base.document) } == true)
    #expect(try round(true, at: later.plus(hours: 24)) == nil)
  }

  // MARK: - The state read in part

  /// `syncedPair`, with tasks in several lists synced: a state whose live part holds many
  /// tasks.
  static func stateWithManyTasks(_ tmp: TemporaryDirectory) throws
    -> (laptop: PlannerStore, phone: PlannerStore, at: Timestamp)
  {
    let (laptop, phone, at) = try syncedPair(tmp)
    try laptop.update(at: at) { p, _ in
      for spoons in 1...6 {
        for n in 0..<3 { try p.add("Cost \(spoons) number \(n)", spoons: spoons, at: at) }
      }
    }
    try laptop.sync(at: at.plus(minutes: 1))
    return (laptop, phone, at.plus(minutes: 1))
  }

  /// Read in part (for the round over what changed), the state is the state read whole: the
  /// same registers once the rest is read, the same part of it for any tasks, the same
  /// routines' tasks, and it names the same entities.
  @Test func aStateReadInPartIsTheStateReadWhole() throws {
    let tmp = TemporaryDirectory()
    let (laptop, _, _) = try Self.stateWithManyTasks(tmp)
    let journal = try laptop.readSnapshot().journal
    let whole = try laptop.requiredSyncBase(of: journal)
    var inPart = try laptop.requiredSyncBase(of: journal, inPart: true)
    let index = try #require(inPart.unread)
    #expect(whole.unread == nil && inPart.document.entities.isEmpty)
    let numbers = whole.document.entities.compactMap { $0.value["n"].flatMap { Int($0.value) } }
    #expect(numbers.count > 18)
    for holding in [Set<Int>(), Set(numbers.prefix(3)), Set(numbers), [999_999]] {
      #expect(try index.part(holding: holding) == whole.document.part(holding: holding))
    }
    #expect(index.routineTaskNumbers.sorted() == whole.document.routineTaskNumbers.sorted())
    for entity in whole.document.entities.keys { #expect(index.holds(entity)) }
    #expect(!index.holds(SyncEntity("task:nobody.1.1")))
    try inPart.readWhole()
    #expect(inPart == whole)
  }

  /// From version 5 the checkpoint names each entity and its stamp on its first line alone
  /// (`ChangeRecords.carriesOver`): the state reads the same in part as whole, and as the same
  /// registers written in full (version 3) read. A line may carry them over only right after a
  /// `set` line, and only once its entity was named; one that names its entity names its stamp;
  /// a version 3 file carries nothing over. Each of those is refused, read in part or whole.
  @Test func aCheckpointCarriesEachEntityAndItsStampOver() throws {
    let tmp = TemporaryDirectory()
    let (laptop, _, _) = try Self.stateWithManyTasks(tmp)
    let journal = try laptop.readSnapshot().journal
    let whole = try laptop.requiredSyncBase(of: journal)
    // A new checkpoint (what the next sync over the whole writes): shorter than the same
    // registers in full, and the same state.
    var written = whole
    written.unread = nil
    let bytes = written.encode()
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.hasPrefix("format\tname=spoons-sync-base\tversion=5\n"))
    let lines = text.split(separator: "\n")
    let sets = lines.filter { $0.hasPrefix("set\t") }
    let named = sets.filter { $0.hasPrefix("set\tentity=") }
    #expect(named.count == whole.document.entities.count, "each entity named once")
    #expect(named.allSatisfy { $0.contains("\tstamp=") })
    #expect(sets.count > 3 * named.count)
    var full = Array("format\tname=spoons-sync-base\tversion=3\n".utf8)
    for line in lines.dropFirst() where !line.hasPrefix("set\t") && !line.hasPrefix("end\t") {
      full += Array((line + "\n").utf8)
    }
    for change in whole.document.changes { ChangeFile.encode(change, to: &full) }
    full += Array("end\tregisters=\(sets.count)\n".utf8)
    #expect(bytes.count * 10 < full.count * 7, "\(bytes.count) bytes against \(full.count)")
    #expect(try SyncBase.decode(bytes, file: "sync-1.txt") == SyncBase.decode(full, file: "sync-1.txt"))
    #expect(SyncStateProbe.disagreement(bytes) == nil)
    let inPart = try SyncBase.decode(bytes, file: "sync-1.txt", inPart: true)
    #expect(inPart.unread != nil, "indexed, not read whole")

    // Hostile: a carried line after an `end` line (the round after the checkpoint), a line
    // that names its entity but not its stamp, the first `set` line carrying, and a version 3
    // file that carries.
    let firstTask = try #require(named.first { $0.contains("entity=task:") })
    let carried = try #require(sets.first { !$0.hasPrefix("set\tentity=") })
    let cases: [(String, String)] = [
      ("after an end line",
       text + (lines.first { $0.hasPrefix("clock\t") } ?? "") + "\n" + carried + "\nend\tregisters=1\n"),
      ("a named line without its stamp",
       text.replacingOccurrences(
        of: firstTask,
        with: firstTask.split(separator: "\t").filter { !$0.hasPrefix("stamp=") }.joined(separator: "\t"))),
      ("a version 3 file that carries",
       text.replacingOccurrences(of: "version=5\n", with: "version=3\n")),
    ]
    for (what, hostile) in cases {
      let hostileBytes = Array(hostile.utf8)
      #expect("\(what), whole") {
        try SyncBase.decode(hostileBytes, file: "sync-1.txt")
      } throws: { error in
        "\(error)".contains("entity") || "\(error)".contains("stamp")
      }
      #expect(throws: StoreError.self, "\(what), in part then whole") {
        var read = try SyncBase.decode(hostileBytes, file: "sync-1.txt", inPart: true)
        try read.readWhole()
      }
      #expect(SyncStateProbe.disagreement(hostileBytes) == nil, "\(what)")
    }
  }

  /// A `set` line not as Spoons writes it (its fields in another order) is not indexed: the
  /// state is read whole, which reads it as it always did.
  @Test func aLineTheIndexCannotTakeHasTheStateReadWhole() throws {
    let tmp = TemporaryDirectory()
    let (laptop, _, _) = try Self.syncedPair(tmp)
    let state = try Self.stateFile(laptop, tmp, "laptop")
    var text = String(decoding: try #require(tmp.bytes("laptop/" + state.name)), as: UTF8.self)
    let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("set\tentity=task:") })
    let fields = line.split(separator: "\t")
    let reordered = ([fields[0], fields[2], fields[1]] + fields[3...]).joined(separator: "\t")
    text = text.replacingOccurrences(of: line, with: reordered)
    let bytes = Array(text.utf8)
    let inPart = try SyncBase.decode(bytes, file: "sync.txt", inPart: true)
    #expect(inPart.unread == nil)
    #expect(inPart == (try SyncBase.decode(bytes, file: "sync.txt")))

    // A field named with an escape (`\x6e` is `n`, a task's number) is read as the whole
    // reads it.
    let number = try #require(text.split(separator: "\n").first { $0.contains("\tfield=n\t") })
    let escaped = Array(
      String(decoding: try #require(tmp.bytes("laptop/" + state.name)), as: UTF8.self)
        .replacingOccurrences(
          of: number, with: number.replacingOccurrences(of: "\tfield=n\t", with: "\tfield=\\x6e\t")
        ).utf8)
    #expect(try SyncBase.decode(escaped, file: "sync.txt", inPart: true).unread == nil)
    #expect(SyncStateProbe.disagreement(body: Array(escaped.drop { $0 != 10 }.dropFirst())) == nil)
  }

  /// A damaged register of a task no round looks at is not read by a sync that sends a change
  /// to another list, nor by one that takes in a change to another list; the next sync that
  /// reads it (one that takes in a change to its list) names the file and the line, and
  /// changes nothing.
  @Test func aDamagedRegisterNotReadIsNamedByTheNextSyncThatReadsIt() throws {
    let tmp = TemporaryDirectory()
    let (laptop, phone, at) = try Self.stateWithManyTasks(tmp)
    let state = try Self.stateFile(laptop, tmp, "laptop")
    let path = tmp.file("laptop/" + state.name)
    var text = String(decoding: try #require(tmp.bytes("laptop/" + state.name)), as: UTF8.self)
    // The title of a task costing 6, damaged without changing the file's length.
    let title = "value=Cost 6 number 1"
    try #require(text.contains(title))
    text = text.replacingOccurrences(of: title, with: "value=Cost 6 number\\q")
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    #expect(text.utf8.count == state.size)

    // A change to the 1-spoon list is sent: the damaged task is not looked at.
    let when = at.plus(minutes: 1)
    try laptop.update(at: when) { p, _ in try p.add("Cheap", spoons: 1, at: when) }
    #expect(try laptop.sync(at: when).sent == 1)
    #expect(tmp.bytes("laptop/" + state.name)?.starts(with: Array(text.utf8)) == true)

    // A task added to the 2-spoon list comes in: only the lists it touches are read.
    try phone.sync(at: when.plus(minutes: 1))
    try phone.update(at: when.plus(minutes: 1)) { p, _ in
      try p.add("From the phone", spoons: 2, at: when.plus(minutes: 1))
    }
    try phone.sync(at: when.plus(minutes: 1))
    let took = try laptop.sync(at: when.plus(minutes: 2))
    #expect(took.received.count == 1, "\(took)")
    #expect(try laptop.load().category(try SpoonCost(2)).contains { $0.title.text == "From the phone" })

    // One comes in for the damaged task's list: it is read, and the damage named.
    try phone.update(at: when.plus(minutes: 3)) { p, _ in
      try p.add("Dear", spoons: 6, at: when.plus(minutes: 3))
    }
    try phone.sync(at: when.plus(minutes: 3))
    let planner = tmp.bytes("laptop/planner.txt")
    #expect {
      try laptop.sync(at: when.plus(minutes: 4))
    } throws: { error in
      "\(error)".contains(state.name) && "\(error)".contains("line")
    }
    #expect(tmp.bytes("laptop/planner.txt") == planner)
  }

  /// A sync whose round would outgrow the checkpoint writes the state whole, so it reads it
  /// whole before anything goes where it syncs: a damaged line stops it with nothing sent.
  @Test func aDamagedRegisterStopsASyncThatWritesTheStateWholeBeforeAnythingIsSent() throws {
    let tmp = TemporaryDirectory()
    let (laptop, _, at) = try Self.stateWithManyTasks(tmp)
    let state = try Self.stateFile(laptop, tmp, "laptop")
    let path = tmp.file("laptop/" + state.name)
    var text = String(decoding: try #require(tmp.bytes("laptop/" + state.name)), as: UTF8.self)
    text = text.replacingOccurrences(of: "value=Cost 6 number 1", with: "value=Cost 6 number\\q")
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    let when = at.plus(minutes: 1)
    try laptop.update(at: when) { p, _ in
      for n in 0..<60 { try p.add("Cheap \(n)", spoons: 1, at: when) }
    }
    func shared() -> [String] {
      (FileManager.default.enumerator(atPath: tmp.file("shared"))?.allObjects as? [String] ?? [])
        .sorted()
    }
    let before = shared()
    let planner = tmp.bytes("laptop/planner.txt")
    #expect {
      try laptop.sync(at: when)
    } throws: { error in
      "\(error)".contains(state.name) && "\(error)".contains("line")
    }
    #expect(shared() == before)
    #expect(tmp.bytes("laptop/planner.txt") == planner)
  }

  /// Both devices add a task while apart, so both give it the same number: the sync that
  /// takes in the other's still goes over the live part alone (one of the two tasks is
  /// numbered anew), and the history part stays as it was.
  @Test func twoTasksAddedApartAreSyncedOverTheLivePartAlone() throws {
    let tmp = TemporaryDirectory()
    let (laptop, phone, at) = try Self.syncedPair(tmp)
    try phone.sync(at: at)
    let history = Self.files(tmp, "laptop", SyncHistoryFile.isFileName)
    let when = at.plus(minutes: 1)
    try phone.update(at: when.plus(seconds: 30)) { p, _ in
      try p.add("From the phone", spoons: 1, at: when.plus(seconds: 30))
    }
    try phone.sync(at: when.plus(seconds: 30))
    try laptop.update(at: when) { p, _ in try p.add("From the laptop", spoons: 3, at: when) }
    try laptop.sync(at: when)
    #expect(Self.files(tmp, "laptop", SyncHistoryFile.isFileName) == history)
    try phone.sync(at: when.plus(minutes: 1))
    #expect(try phone.loadWhole() == laptop.loadWhole())
    #expect(Set(try laptop.load().allTasks.map(\.title.text)).isSuperset(of: ["From the phone", "From the laptop"]))
  }

  /// Two routines added apart share a number; the laptop's has a done task archived before the
  /// phone, which moved the laptop's to the next number, is heard from: the archived task
  /// follows its routine (the round that renames it reads the archive), on both devices.
  @Test func anArchivedRoutineTaskFollowsItsRoutineNumberedAnewElsewhere() throws {
    let tmp = TemporaryDirectory()
    let (laptop, phone) = try Self.pair(tmp)
    let t0 = nextMorning.plus(hours: 2)
    try phone.update(at: t0.plus(minutes: 5)) { p, _ in
      _ = try p.addRoutine(try Title("Yoga"), spoons: try SpoonCost(1), at: t0.plus(minutes: 5))
    }
    try laptop.update(at: t0.plus(minutes: 10)) { p, _ in
      let r = try p.addRoutine(try Title("Stretch"), spoons: try SpoonCost(1), at: t0.plus(minutes: 10))
      let t = try p.planRoutineToday(r.id.typed, at: t0.plus(minutes: 10))
      try p.markDone([t.id], at: t0.plus(minutes: 20))
    }
    try laptop.sync(at: t0.plus(minutes: 20))
    try laptop.update(at: thirdMorning) { p, finished in
      if let done = try p.startNewDay(budget: 10, at: thirdMorning).finished { finished.append(done) }
    }
    try laptop.sync(at: thirdMorning)
    try phone.sync(at: thirdMorning.plus(minutes: 30))
    try laptop.sync(at: thirdMorning.plus(hours: 1))
    for store in [laptop, phone] {
      try store.sync(at: thirdMorning.plus(hours: 2))
      let whole = try store.loadWhole()
      let stretch = try #require(whole.planner.routines.first { $0.title.text == "Stretch" })
      let archived = whole.archive.doneTasks.filter { $0.title.text == "Stretch" }
      #expect(!archived.isEmpty && archived.allSatisfy { $0.routine == stretch.id })
    }
  }
}
