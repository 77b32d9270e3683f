import Foundation
import SpoonsCore
@testable import SpoonsStore
import SpoonsTestSupport
import Testing

/// The undo history as the commit: a change is one record appended and flushed, `planner.txt`
/// a checkpoint written now and then, and a read the checkpoint with the changes after it.
@Suite("Changes committed through the undo history")
struct JournalCommitTests {
  /// One random everyday change to `p`, named, or nil when it did not apply.
  static func randomChange(_ p: inout Planner, _ rng: inout SeededLines, day: inout Int) -> String? {
    let now = morning.plus(days: day)
    let ids = p.allTaskIDs
    let some = ids.isEmpty ? TaskID(1) : ids[rng.int(0..<ids.count)]
    do {
      switch rng.int(0..<9) {
      case 0, 1:
        _ = p.add(try Title("Task \(rng.int(0..<1000))"), spoons: try SpoonCost(1 + rng.int(0..<10)), at: now)
        return "add"
      case 2: try p.plan([some], at: now); return "plan"
      case 3: try p.markDone([some], at: now); return "done"
      case 4: try p.unplan([some], at: now); return "unplan"
      case 5: try p.edit(some, TaskEdit(title: try Title("Edited \(rng.int(0..<99))")), at: now); return "edit"
      case 6: _ = try p.delete([some]); return "delete"
      case 7: try p.markUndone([some], at: now); return "undone"
      default:
        day += 1
        _ = try p.startNewDay(budget: 10 + rng.int(0..<20), at: morning.plus(days: day))
        return "new-day"
      }
    } catch {
      return nil
    }
  }

  /// The lines found by id and place are the lines a diff of the two whole files finds.
  @Test(arguments: 0..<60) func theQuickDiffFindsWhatAWholeDiffFinds(seed: Int) throws {
    var rng = SeededLines(seed: UInt64(seed) &+ 99)
    var (planner, _) = try richPlanner()
    var day = 1
    for _ in 0..<40 {
      var next = planner
      guard Self.randomChange(&next, &rng, day: &day) != nil, next != planner else { continue }
      let old = PlannerSnapshot(planner: planner, archive: ArchiveLengths(done: 10, days: 20))
      let new = PlannerSnapshot(planner: next, archive: ArchiveLengths(done: 10 + day, days: 20))
      let quick = PlannerDiff.touched(from: old, to: new)
      let whole = PlannerLines.diff(
        old: PlannerLines.lines(PlannerFile.body(old)), new: PlannerLines.lines(PlannerFile.body(new)))
      #expect(quick.sorted { $0.key < $1.key } == whole.sorted { $0.key < $1.key }, "seed \(seed)")
      // The same when the two share no storage (the diff then cannot skip what is shared),
      // and when found id by id over every task.
      let reread = try PlannerFile.decode(PlannerFile.encode(new))
      #expect(
        PlannerDiff.touched(from: old, to: reread).sorted { $0.key < $1.key }
          == whole.sorted { $0.key < $1.key }, "seed \(seed), reread")
      let lines = PlannerDiff.TaskLines(old: planner, new: next, oldLeading: "x", newLeading: "y")
      #expect(
        lines.byPlace()?.sorted { $0.key < $1.key } == lines.byID().sorted { $0.key < $1.key },
        "seed \(seed), by place")
      planner = next
    }
  }

  /// The same when the open tasks' ids lie far apart, across the pages the diff keeps places
  /// in (1,024 ids each): a planner that has given out thousands of ids and kept a few.
  @Test(arguments: 0..<12) func theQuickDiffFindsWhatAWholeDiffFindsAcrossPagesOfIDs(seed: Int)
    throws
  {
    var rng = SeededLines(seed: UInt64(seed) &+ 7)
    var (planner, _) = try richPlanner()
    for n in 0..<3_100 { try planner.add("Old task \(n)", spoons: 1 + n % 10, at: morning) }
    let kept: Set<Int> = [1, 2, 3, 1_023, 1_024, 1_025, 2_047, 2_048, 3_000, 3_100]
    _ = try planner.delete(planner.allTaskIDs.filter { !kept.contains($0.rawValue) && $0.rawValue > 6 })
    var day = 1
    for _ in 0..<40 {
      var next = planner
      guard Self.randomChange(&next, &rng, day: &day) != nil, next != planner else { continue }
      let old = PlannerSnapshot(planner: planner, archive: ArchiveLengths(done: 10, days: 20))
      let new = PlannerSnapshot(planner: next, archive: ArchiveLengths(done: 10 + day, days: 20))
      let quick = PlannerDiff.touched(from: old, to: new)
      let whole = PlannerLines.diff(
        old: PlannerLines.lines(PlannerFile.body(old)), new: PlannerLines.lines(PlannerFile.body(new)))
      #expect(quick.sorted { $0.key < $1.key } == whole.sorted { $0.key < $1.key }, "seed \(seed)")
      planner = next
    }
  }

  /// Laid over a checkpoint as it streams past, the changes give the lines `apply` gives,
  /// change after change: lines added, removed, changed and moved, at either end.
  @Test(arguments: 0..<200) func theOverlayReadsAsApplyingEachChangeWould(seed: Int) throws {
    var rng = SeededLines(seed: UInt64(seed))
    let checkpoint = rng.lines(count: rng.int(0..<12), firstID: 0)
    var current = checkpoint
    var changes: [[PlannerLines.Touched]] = []
    var added = 100
    for _ in 0..<rng.int(1..<5) {
      var next = current
      for _ in 0..<rng.int(1..<4) {
        switch rng.int(0..<4) {
        case 0 where !next.isEmpty: next.remove(at: rng.int(0..<next.count))
        case 1:
          added += 1
          next.insert(contentsOf: rng.lines(count: 1, firstID: added), at: rng.int(0..<(next.count + 1)))
        case 2 where !next.isEmpty:
          let i = rng.int(0..<next.count)
          next[i].text = Array((next[i].key + "\t" + rng.text() + "!").utf8)[...]
        case 3 where next.count > 1:
          let moved = next.remove(at: rng.int(0..<next.count))
          next.insert(moved, at: rng.int(0..<(next.count + 1)))
        default: break
        }
      }
      changes.append(PlannerLines.diff(old: current, new: next))
      current = try PlannerLines.apply(changes.last!, to: current, undo: false)
    }
    let file = Array("format\tname=spoons-planner\tversion=8\n".utf8) + PlannerLines.bytes(checkpoint)
    var read: [[UInt8]] = []
    let overlay = try PlannerLines.Overlay(changes)
    try file.withUnsafeBufferPointer { buffer in
      try PlannerLines.forEachLine(in: buffer, over: overlay) { line in
        if line.number != 1 { read.append(Array(line.buffer[line.start..<line.end])) }
      }
    }
    #expect(read == current.map { Array($0.text) }, "seed \(seed)")
  }

  /// Between checkpoints a change writes one record to the history and nothing else;
  /// every read sees each change, and the checkpoint folds them into `planner.txt`.
  @Test func aChangeIsOneRecordUntilTheCheckpoint() throws {
    let tmp = TemporaryDirectory()
    var store = PlannerStore(directory: tmp.file("data"))
    store.checkpointAfter = 5
    var expected = Planner()
    var rng = SeededLines(seed: 7)
    var day = 0
    try store.update(at: morning) { p, _ in try p.startNewDay(budget: 20, at: morning) }
    _ = try expected.startNewDay(budget: 20, at: morning)
    var checkpoints = 0
    for _ in 0..<60 {
      var next = expected
      guard Self.randomChange(&next, &rng, day: &day) != nil, next != expected else { continue }
      let planner = tmp.bytes("data/planner.txt")
      try store.update(at: morning) { p, finished in
        if next.day?.date != p.day?.date, let ended = try p.startNewDay(
          budget: next.day!.budget, at: morning.plus(days: day)).finished
        {
          finished.append(ended)
        }
        p = next
      }
      if tmp.bytes("data/planner.txt") != planner { checkpoints += 1 }
      expected = next
      #expect(try store.load() == expected)
    }
    #expect(checkpoints > 3 && checkpoints < 20, "\(checkpoints) checkpoints")
  }

  /// A record cut short anywhere (a crash or a power cut mid-write) is no change: the
  /// planner reads as before it, and the next change takes its place.
  @Test func aRecordCutShortAtAnyByteIsNoChange() throws {
    let tmp = TemporaryDirectory()
    let store = PlannerStore(directory: tmp.file("data"))
    try store.update(at: morning) { p, _ in try p.add("Tea", spoons: 1, at: morning) }
    let before = try store.loadWhole()
    let path = tmp.file("data/undo-1.txt")
    let committed = try #require(tmp.bytes("data/undo-1.txt"))
    try store.update(at: morning) { p, f in
      try p.add("Post", spoons: 2, at: morning)
      if let ended = try p.startNewDay(budget: 9, at: nextMorning).finished { f.append(ended) }
    }
    let after = try store.loadWhole()
    let whole = try #require(tmp.bytes("data/undo-1.txt"))
    #expect(whole.count > committed.count)
    for cut in committed.count..<whole.count {
      try Data(whole[..<cut]).write(to: URL(fileURLWithPath: path))
      #expect(try store.loadWhole() == before, "cut at \(cut)")
    }
    // Garbage after a whole record (a torn next one) is not a change either.
    try Data(whole + Array("change\tseq=3\tat=x".utf8)).write(to: URL(fileURLWithPath: path))
    #expect(try store.loadWhole() == after)
    try store.update(at: morning) { p, _ in try p.add("Bins", spoons: 1, at: nextMorning) }
    #expect(try store.load().taskCount == after.planner.taskCount + 1)
    #expect(!(tmp.bytes("data/undo-1.txt").map { String(decoding: $0, as: UTF8.self) } ?? "").contains("at=x"))
  }

  /// A damaged record with a whole one after it is not a crash: the read says where.
  @Test func aDamagedRecordBeforeAWholeOneIsReported() throws {
    let tmp = TemporaryDirectory()
    let store = PlannerStore(directory: tmp.file("data"))
    try store.update(at: morning) { p, _ in try p.add("Tea", spoons: 1, at: morning) }
    let committed = try #require(tmp.bytes("data/undo-1.txt")).count
    try store.update(at: morning) { p, _ in try p.add("Post", spoons: 1, at: morning) }
    try store.update(at: morning) { p, _ in try p.add("Cake", spoons: 1, at: morning) }
    var bytes = try #require(tmp.bytes("data/undo-1.txt"))
    let title = try #require(String(decoding: bytes, as: UTF8.self).range(of: "title=Post"))
    let offset = String(decoding: bytes, as: UTF8.self).utf8.distance(
      from: String(decoding: bytes, as: UTF8.self).startIndex, to: title.lowerBound)
    #expect(offset > committed)
    bytes[offset + 6] = UInt8(ascii: "X")
    try Data(bytes).write(to: URL(fileURLWithPath: tmp.file("data/undo-1.txt")))
    #expect(throws: StoreError.self) { try store.load() }
  }

  /// The records a new day archives wait in the history until the checkpoint, and read the
  /// same before it and after it.
  @Test func archiveRecordsWaitInTheHistoryUntilTheCheckpoint() throws {
    let tmp = TemporaryDirectory()
    var store = PlannerStore(directory: tmp.file("data"))
    store.checkpointAfter = 4
    try store.update(at: morning) { p, _ in
      try p.startNewDay(budget: 10, at: morning)
      let id = try p.add("Laundry", spoons: 3, at: morning).id
      try p.plan([id], at: morning)
      try p.markDone([id], at: morning)
    }
    try store.update(at: morning) { p, f in
      if let ended = try p.startNewDay(budget: 8, at: nextMorning).finished { f.append(ended) }
    }
    #expect(tmp.bytes("data/done.txt") == nil)
    let archive = try store.loadArchive()
    #expect(archive.doneTasks.map(\.title.text) == ["Laundry"] && archive.days.count == 1)
    #expect(try store.loadDays().days == archive.days)
    for n in 0..<3 { try store.update(at: morning) { p, _ in try p.add("T\(n)", spoons: 1, at: nextMorning) } }
    #expect(tmp.bytes("data/done.txt") != nil)
    #expect(try store.loadArchive() == archive)
    try store.undo(4)
    #expect(try store.loadArchive() == Archive())
    try store.redo(4)
    #expect(try store.loadArchive() == archive)
  }

  /// Before version 8 the bytes after what `planner.txt` counted belonged to no saved state:
  /// a whole record there (a writer killed before its rename) is still not a change, and the
  /// first change writes a version 8 checkpoint.
  @Test func anOlderCheckpointsTailIsNoChangeAndTheFirstChangeUpgradesIt() throws {
    let tmp = TemporaryDirectory()
    let store = PlannerStore(directory: tmp.file("data"))
    try store.update(at: morning) { p, _ in try p.add("Tea", spoons: 1, at: morning) }
    let path = tmp.file("data/planner.txt")
    let current = "version=\(PlannerFile.format.version)"
    let v8 = try String(contentsOfFile: path, encoding: .utf8)
    try v8.replacingOccurrences(of: current, with: "version=7").write(toFile: path, atomically: false, encoding: .utf8)
    let before = try store.load()
    try store.update(at: morning) { p, _ in try p.add("Post", spoons: 1, at: morning) }
    #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("format\tname=spoons-planner\t\(current)\n"))
    let after = try store.load()
    #expect(after.taskCount == 2)
    // A version 7 planner with a whole record after it: not read.
    let committed = try String(contentsOfFile: path, encoding: .utf8)
    try committed.replacingOccurrences(of: current, with: "version=7").write(toFile: path, atomically: false, encoding: .utf8)
    try store.update(at: morning) { _, _ in }  // nothing: no write
    var seven = store
    seven.checkpointAfter = 64
    _ = before
    #expect(try seven.load() == after)
  }

  /// A history damaged by hand while it holds changes made since the checkpoint: undo is
  /// refused without telling to set it aside (that would lose them), and the next checkpoint
  /// starts a new one holding every change.
  @Test func aDamagedHistoryWithChangesSinceTheCheckpointHealsAtTheNext() throws {
    let tmp = TemporaryDirectory()
    var store = PlannerStore(directory: tmp.file("data"))
    store.checkpointAfter = 3
    try store.update(at: morning, describe: { "add tea" }) { p, _ in try p.add("Tea", spoons: 1, at: morning) }
    try store.update(at: morning, describe: { "add post" }) { p, _ in try p.add("Post", spoons: 1, at: morning) }
    let path = tmp.file("data/undo-1.txt")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let first = try #require(text.range(of: "what=add tea"))
    try text.replacingCharacters(in: first, with: "whaX=add tea").write(toFile: path, atomically: false, encoding: .utf8)
    #expect(try store.load().taskCount == 2)
    let error = #expect(throws: UndoError.self) { try store.undo() }
    if case .historyLost(_, _, nil)? = error {} else { Issue.record("\(String(describing: error))") }
    try store.update(at: morning, describe: { "add cake" }) { p, _ in try p.add("Cake", spoons: 1, at: morning) }
    try store.update(at: morning, describe: { "add bins" }) { p, _ in try p.add("Bins", spoons: 1, at: morning) }
    #expect(try store.load().taskCount == 4)
    #expect(try store.changes().undoable.map(\.what).first == "add bins")
    try store.undo()
    #expect(try store.load().taskCount == 3)
  }
}
