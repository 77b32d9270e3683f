import Foundation
import SpoonsCore
@testable import SpoonsStore
import SpoonsTestSupport
import Testing

/// `richPlanner()` saved in `tmp/data`, its finished days archived.
func savedRichPlanner(in tmp: TemporaryDirectory) throws -> (PlannerStore, Planner, [FinishedDay]) {
  let store = PlannerStore(directory: tmp.file("data"))
  let (planner, finished) = try richPlanner()
  try store.update(at: morning) { p, f in
    p = planner
    f = finished
  }
  return (store, planner, finished)
}

@Suite("The planner on disk")
struct StoreTests {
  @Test func aMissingDirectoryIsAFreshStartAndReadingCreatesNothing() throws {
    let tmp = TemporaryDirectory()
    let store = PlannerStore(directory: tmp.file("not/yet"))
    #expect(try store.load() == Planner())
    #expect(try store.loadArchive() == Archive())
    #expect(!FileManager.default.fileExists(atPath: tmp.file("not")))
  }

  @Test func changesAndTheArchiveRoundTripThroughFiles() throws {
    let tmp = TemporaryDirectory()
    let (store, planner, finished) = try savedRichPlanner(in: tmp)
    #expect(try store.load() == planner)
    let archive = try store.loadArchive()
    #expect(archive.doneTasks == finished.flatMap(\.doneTasks))
    #expect(archive.days == finished.map(\.record))

    // A second new day appends to the archive rather than rewriting it.
    let tomorrow = thirdMorning
    try store.update(at: morning) { p, f in
      if let day = try p.startNewDay(budget: 8, at: tomorrow).finished { f.append(day) }
    }
    let later = try store.loadArchive()
    #expect(later.days.map(\.date.description) == ["2026-11-21", "2026-11-22"])
    #expect(later.doneTasks.map(\.id) == [TaskID(5), TaskID(7), TaskID(6)])
  }

  /// A task reopened from the archive lives in the planner again and its archived copy no
  /// longer counts; done and archived once more, only the newest copy does.
  @Test func aReopenedTaskSupersedesItsArchivedCopy() throws {
    let tmp = TemporaryDirectory()
    let (store, _, _) = try savedRichPlanner(in: tmp)
    let archived = try #require(try store.loadArchive().doneTasks.first)
    try store.update(at: morning) { p, _ in try p.reopen(archived, at: nextMorning) }
    #expect(try store.loadArchive().doneTasks.contains { $0.id == archived.id } == false)
    #expect(try store.load().task(archived.id)?.placement == .category)

    let dayAfter = thirdMorning
    try store.update(at: morning) { p, f in
      if let day = try p.startNewDay(budget: 10, at: dayAfter).finished { f.append(day) }
      try p.plan([archived.id], at: dayAfter)
      try p.markDone([archived.id], at: dayAfter)
    }
    try store.update(at: morning) { p, f in
      let later = morning.plus(days: 3)
      if let day = try p.startNewDay(budget: 10, at: later).finished { f.append(day) }
    }
    let copies = try store.loadArchive().doneTasks.filter { $0.id == archived.id }
    #expect(copies.count == 1 && copies.first?.completed == dayAfter)
  }

  @Test func clearingCompletedTasksCutsTheArchiveAndKeepsTheDays() throws {
    let tmp = TemporaryDirectory()
    let (store, planner, _) = try savedRichPlanner(in: tmp)
    let before = try store.loadArchive()
    let oldFile = tmp.bytes("data/done.txt")
    #expect(try store.clearArchivedTasks(at: morning) == before.doneTasks.count)
    let after = try store.loadArchive()
    #expect(after.doneTasks.isEmpty && after.days == before.days)
    // The cleared tasks' file is not written over: a new, empty one takes its place, and the
    // old one stays while undo may need it.
    #expect(tmp.bytes("data/done.txt") == oldFile)
    let text = String(decoding: tmp.bytes("data/planner.txt") ?? [], as: UTF8.self)
    #expect(text.contains("\narchive\tdone=0\tdays="))
    #expect(text.contains("\tdonefile="))
    #expect(try store.load() == planner)
    #expect(try store.clearArchivedTasks(at: morning) == 0)

    // The next finished day starts the file afresh, readable as before.
    try store.update(at: morning) { p, f in
      if let day = try p.startNewDay(budget: 8, at: thirdMorning).finished {
        f.append(day)
      }
    }
    #expect(try store.loadArchive().doneTasks.map(\.id) == planner.todo.filter(\.isDone).map(\.id))
  }

  /// Every file, a checkpoint's too (every change writes one here).
  @Test func filesAre0600AndTheDirectory0700AfterEverySave() throws {
    let tmp = TemporaryDirectory()
    let dir = tmp.file("data")
    try FileManager.default.createDirectory(
      atPath: dir, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
    var store = PlannerStore(directory: dir)
    store.checkpointAfter = 1
    try store.update(at: morning) { p, f in
      try p.startNewDay(budget: 3, at: morning)
      try p.add("A", spoons: 1, at: morning)
      try p.plan([TaskID(1)], at: morning)
      try p.markDone([TaskID(1)], at: morning)
      if let day = try p.startNewDay(budget: 3, at: nextMorning).finished { f.append(day) }
    }
    try store.update(at: morning) { p, _ in try p.add("B", spoons: 1, at: morning) }
    #expect(try tmp.mode("data") == 0o700)
    for name in ["planner.txt", "planner.txt.bak", "done.txt", "days.txt", "spoons.lock"] {
      #expect(try tmp.mode("data/" + name) == 0o600, "\(name)")
    }
  }

  /// The files a change writes: the undo history always, and at a checkpoint (every change
  /// here) the planner and the archive too.
  @Test func filesCopiedInWithLooserModesAreTightenedByTheNextChange() throws {
    let tmp = TemporaryDirectory()
    var store = PlannerStore(directory: tmp.path)
    store.checkpointAfter = 1
    let (planner, finished) = try richPlanner()
    try store.update(at: morning) { p, f in
      p = planner
      f = finished
    }
    for name in ["planner.txt", "done.txt", "days.txt", "spoons.lock", "undo-1.txt"] {
      chmod(tmp.file(name), 0o644)
    }
    try store.update(at: morning) { p, f in
      if let day = try p.startNewDay(budget: 5, at: thirdMorning).finished { f.append(day) }
    }
    for name in ["planner.txt", "done.txt", "days.txt", "spoons.lock", "undo-1.txt"] {
      #expect(try tmp.mode(name) == 0o600, "\(name)")
    }
    // Between checkpoints a change writes the undo history alone, and tightens it.
    store.checkpointAfter = 64
    chmod(tmp.file("undo-1.txt"), 0o644)
    try store.update(at: morning) { p, _ in try p.add("Post", spoons: 1, at: nextMorning) }
    #expect(try tmp.mode("undo-1.txt") == 0o600)
  }

  /// The backup is the checkpoint before the last; between checkpoints a change leaves
  /// `planner.txt` alone and is read from the undo history.
  @Test func theBackupHoldsThePreviousCheckpoint() throws {
    let tmp = TemporaryDirectory()
    var store = PlannerStore(directory: tmp.path)
    store.checkpointAfter = 3
    try store.update(at: morning) { p, _ in try p.add("First", spoons: 1, at: morning) }
    let first = tmp.bytes("planner.txt")
    try store.update(at: morning) { p, _ in try p.add("Second", spoons: 1, at: morning) }
    #expect(tmp.bytes("planner.txt") == first)
    #expect(try store.load().taskCount == 2)
    try store.update(at: morning) { p, _ in try p.add("Third", spoons: 1, at: morning) }
    #expect(tmp.bytes("planner.txt") == first)
    try store.update(at: morning) { p, _ in try p.add("Fourth", spoons: 1, at: morning) }
    #expect(tmp.bytes("planner.txt.bak") == first)
    #expect(tmp.bytes("planner.txt") != first)
    #expect(try store.load().taskCount == 4)
  }

  @Test func aRefusedChangeWritesNothing() throws {
    let tmp = TemporaryDirectory()
    let store = PlannerStore(directory: tmp.path)
    try store.update(at: morning) { p, _ in try p.add("First", spoons: 1, at: morning) }
    let before = tmp.bytes("planner.txt")
    #expect(throws: PlannerError.noDayStarted) {
      try store.update(at: morning) { p, _ in
        try p.add("Second", spoons: 1, at: morning)
        try p.plan([TaskID(2)], at: morning)
      }
    }
    #expect(tmp.bytes("planner.txt") == before)
    #expect(tmp.bytes("planner.txt.bak") == nil)
  }

  /// A change that fails part way (here the undo history cannot be opened, after the new day
  /// was appended to the archive) takes back what it wrote: every file as it was, an
  /// uncommitted tail included, and no temporary file left.
  @Test func aChangeThatFailsPartWayTakesBackItsWrites() throws {
    let tmp = TemporaryDirectory()
    let store = PlannerStore(directory: tmp.path)
    let (planner, finished) = try richPlanner()
    try store.update(at: morning) { p, f in
      p = planner
      f = finished
    }
    let tail = Data("task\tid=999\tspoons=1\tat=do".utf8)  // a killed writer's
    let handle = try #require(FileHandle(forWritingAtPath: tmp.file("done.txt")))
    handle.seekToEndOfFile()
    handle.write(tail)
    handle.closeFile()
    try FileManager.default.removeItem(atPath: tmp.file("undo-1.txt"))
    try FileManager.default.createDirectory(atPath: tmp.file("undo-1.txt"), withIntermediateDirectories: false)
    func files() throws -> [String: [UInt8]] {
      var all: [String: [UInt8]] = [:]
      for name in try FileManager.default.contentsOfDirectory(atPath: tmp.path) where name != "undo-1.txt" {
        all[name] = tmp.bytes(name)
      }
      return all
    }
    let before = try files()
    #expect(throws: StoreError.self) {
      try store.update(at: morning) { p, f in
        if let day = try p.startNewDay(budget: 5, at: Timestamp(seconds: nextMorning.seconds + 86_400, utcOffset: 3600)).finished {
          f.append(day)
        }
      }
    }
    #expect(try files() == before)
  }

  @Test func anUncommittedArchiveTailIsIgnoredThenCutOff() throws {
    let tmp = TemporaryDirectory()
    var store = PlannerStore(directory: tmp.path)
    store.checkpointAfter = 1  // the archive files get their records at a checkpoint
    let (planner, finished) = try richPlanner()
    try store.update(at: morning) { p, f in
      p = planner
      f = finished
    }
    let committed = try #require(tmp.bytes("done.txt"))
    // A writer killed after appending, before renaming planner.txt, leaves a tail (maybe torn).
    let handle = try #require(FileHandle(forWritingAtPath: tmp.file("done.txt")))
    handle.seekToEndOfFile()
    handle.write(Data("task\tid=999\tspoons=1\tat=do".utf8))
    handle.closeFile()
    #expect(try store.loadArchive().doneTasks == finished.flatMap(\.doneTasks))
    try store.update(at: morning) { p, f in
      if let day = try p.startNewDay(budget: 5, at: thirdMorning).finished { f.append(day) }
    }
    let after = try #require(tmp.bytes("done.txt"))
    #expect(Array(after.prefix(committed.count)) == committed)
    #expect(!String(decoding: after, as: UTF8.self).contains("id=999"))
    #expect(try store.loadArchive().days.count == 2)
  }

  @Test func staleTemporaryFilesAreSweptByTheNextWriter() throws {
    let tmp = TemporaryDirectory()
    try tmp.write(".tmp-AbC123", "half a planner")
    try PlannerStore(directory: tmp.path).update(at: morning) { p, _ in try p.add("A", spoons: 1, at: morning) }
    #expect(!FileManager.default.fileExists(atPath: tmp.file(".tmp-AbC123")))
  }

  @Test func aLostPlannerBesideAnArchiveIsRefusedNotRestarted() throws {
    let tmp = TemporaryDirectory()
    let store = PlannerStore(directory: tmp.path)
    let (planner, finished) = try richPlanner()
    try store.update(at: morning) { p, f in
      p = planner
      f = finished
    }
    try FileManager.default.removeItem(atPath: tmp.file("planner.txt"))
    #expect(throws: StoreError.self) { try store.load() }
    #expect(throws: StoreError.self) { try store.update(at: morning) { p, _ in try p.add("x", spoons: 1, at: morning) } }
    #expect(tmp.bytes("planner.txt") == nil)
  }

  @Test func theLockMakesOthersWaitThenSayBusy() throws {
    let tmp = TemporaryDirectory()
    let store = PlannerStore(directory: tmp.path, lockTimeout: 0.2)
    try store.update(at: morning) { p, _ in try p.add("A", spoons: 1, at: morning) }
    let held = try FileLock(directory: tmp.path, exclusive: true, timeout: 1)
    // The holder is this process: the system's list of locks names it, where there is one.
    func isBusy(_ error: StoreError?) -> Bool {
      guard case .busy(tmp.path, 1, let holder) = error else { return false }
      return holder == nil || holder?.pid == getpid()
    }
    #expect(isBusy(#expect(throws: StoreError.self) {
      try store.update(at: morning) { p, _ in try p.add("B", spoons: 1, at: morning) }
    }))
    #expect(isBusy(#expect(throws: StoreError.self) { try store.load() }))
    withExtendedLifetime(held) {}
  }

  /// Busy means one holder stuck for the whole timeout. While the lock keeps changing hands
  /// (here: the stamp rewritten every 0.1 s, as ten writers taking turns would), a waiter
  /// waits on past the timeout and gets its turn.
  @Test func aMovingQueueIsWaitedOutPastTheTimeout() throws {
    let tmp = TemporaryDirectory()
    let path = tmp.path
    let store = PlannerStore(directory: path, lockTimeout: 0.3)
    try store.update(at: morning) { p, _ in try p.add("A", spoons: 1, at: morning) }
    let holding = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      guard let held = try? FileLock(directory: path, exclusive: true, timeout: 1),
        let handle = FileHandle(forWritingAtPath: path + "/" + FileLock.name)
      else {
        holding.signal()
        return
      }
      holding.signal()
      for turn in 0..<10 {  // 1 s in all: over three timeouts
        usleep(100_000)
        try? handle.seek(toOffset: 0)
        handle.write(Data("turn \(turn)\n".utf8))
      }
      withExtendedLifetime(held) {}
    }
    holding.wait()
    let started = Date()
    try store.update(at: morning) { p, _ in try p.add("B", spoons: 1, at: morning) }
    #expect(Date().timeIntervalSince(started) > 0.6, "it waited for the holder to finish")
    #expect(try store.load().taskCount == 2)
  }

  @Test func threadsUpdatingAtOnceLoseNothing() async throws {
    let tmp = TemporaryDirectory()
    let store = PlannerStore(directory: tmp.path)
    await withTaskGroup(of: Void.self) { group in
      for worker in 0..<4 {
        group.addTask {
          for i in 0..<50 {
            _ = try? store.update(at: morning) { p, _ in try p.add("w\(worker) \(i)", spoons: 1, at: morning) }
          }
        }
      }
    }
    let planner = try store.load()
    #expect(planner.taskCount == 200)
    #expect(Set(planner.allTasks.map(\.id)).count == 200)
  }

  @Test func aWorldWritableDirectoryIsRefused() throws {
    let tmp = TemporaryDirectory()
    chmod(tmp.path, 0o777)
    let store = PlannerStore(directory: tmp.path)
    #expect(throws: StoreError.self) { try store.load() }
    #expect(throws: StoreError.self) { try store.update(at: morning) { p, _ in try p.add("A", spoons: 1, at: morning) } }
    #expect(tmp.bytes("planner.txt") == nil)
  }

  @Test(.enabled(if: geteuid() == 0, "needs root to give the directory away"))
  func aDirectoryOfAnotherUserIsRefused() throws {
    let tmp = TemporaryDirectory()
    chown(tmp.path, 65534, 65534)
    #expect(throws: StoreError.self) { try PlannerStore(directory: tmp.path).load() }
  }

  @Test func badFilesAreNeverOverwritten() throws {
    let tmp = TemporaryDirectory()
    let store = PlannerStore(directory: tmp.path)
    for bad in ["", "garbage\n", "format\tname=spoons-planner\tversion=9\n"] {
      try tmp.write("planner.txt", bad)
      #expect(throws: StoreError.self) { try store.update(at: morning) { p, _ in try p.add("A", spoons: 1, at: morning) } }
      #expect(tmp.bytes("planner.txt") == Array(bad.utf8))
    }
    // A directory where the file should be: a clear error, not a crash.
    try FileManager.default.removeItem(atPath: tmp.file("planner.txt"))
    try FileManager.default.createDirectory(atPath: tmp.file("planner.txt"), withIntermediateDirectories: false)
    let problem = StoreError.io(path: tmp.file("planner.txt"), operation: "read", reason: "not a regular file")
    #expect(throws: StoreError.unreadablePlanner(problem, recovery: .noBackup(why: "there is none"))) {
      try store.load()
    }
  }

  @Test(.enabled(if: geteuid() != 0, "root reads any file"))
  func anUnreadableFileIsAnErrorAndLeftAlone() throws {
    let tmp = TemporaryDirectory()
    let store = PlannerStore(directory: tmp.path)
    try store.update(at: morning) { p, _ in try p.add("A", spoons: 1, at: morning) }
    chmod(tmp.file("planner.txt"), 0)
    #expect(throws: StoreError.self) { try store.load() }
  }

  @Test func dataLocationFollowsTheDocumentedOrder() {
    let env = ["SPOONS_HOME": "/s", "XDG_DATA_HOME": "/x", "HOME": "/h"]
    #expect(DataLocation.resolve(explicit: "/d") { env[$0] } == "/d")
    #expect(DataLocation.resolve(explicit: nil) { env[$0] } == "/s")
    #expect(DataLocation.resolve(explicit: nil) { ["XDG_DATA_HOME": "/x", "HOME": "/h"][$0] } == "/x/spoons")
    #expect(DataLocation.resolve(explicit: nil) { ["XDG_DATA_HOME": "rel", "HOME": "/h"][$0] }.hasPrefix("/h/"))
  }
}
