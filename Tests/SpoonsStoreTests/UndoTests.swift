import Foundation
import SpoonsCore
@testable import SpoonsStore
import SpoonsTestSupport
import Testing

@Suite("Undo and redo in the store")
struct UndoTests {
  /// For any two files, the diff taken back from the new one gives the old one, and done
  /// again gives the new one: lines added, removed, changed and moved, at either end.
  @Test(arguments: 0..<300) func aDiffTakesBackAndRedoesAnyChange(seed: Int) throws {
    var rng = SeededLines(seed: UInt64(seed))
    let old = rng.lines(count: rng.int(0..<12), firstID: 0)
    var new = old
    var added = 100
    for _ in 0..<rng.int(1..<5) {
      switch rng.int(0..<4) {
      case 0 where !new.isEmpty: new.remove(at: rng.int(0..<new.count))
      case 1:
        added += 1
        new.insert(contentsOf: rng.lines(count: 1, firstID: added), at: rng.int(0..<(new.count + 1)))
      case 2 where !new.isEmpty: new[rng.int(0..<new.count)].text = Array(rng.text().utf8)[...]
      case 3 where new.count > 1:
        let line = new.remove(at: rng.int(0..<new.count))
        new.insert(line, at: rng.int(0..<(new.count + 1)))
      default: break
      }
    }
    let touched = PlannerLines.diff(old: old, new: new)
    #expect(try PlannerLines.apply(touched, to: new, undo: true) == old)
    #expect(try PlannerLines.apply(touched, to: old, undo: false) == new)
    // Only what changed is recorded.
    #expect(touched.count <= old.count + new.count)
    if old == new { #expect(touched.isEmpty) }
  }

  @Test func undoTakesBackEachKindOfChangeAndRedoDoesItAgain() throws {
    let tmp = TemporaryDirectory()
    let (store, planner, _) = try savedRichPlanner(in: tmp)
    let archive = try store.loadArchive()
    try store.update(at: thirdMorning, describe: { "new day" }) { p, f in
      if let day = try p.startNewDay(budget: 8, at: thirdMorning).finished { f.append(day) }
      try p.add("Post", spoons: 2, at: thirdMorning)
    }
    let afterDay = (try store.load(), try store.loadArchive())
    #expect(afterDay.1 != archive)

    let (undone, back) = try store.undo()
    #expect(undone.map(\.what) == ["new day"])
    #expect(back == planner)
    #expect(try store.load() == planner)
    #expect(try store.loadArchive() == archive)

    let (redone, again) = try store.redo()
    #expect(redone.map(\.what) == ["new day"])
    #expect(again == afterDay.0)
    #expect(try store.loadArchive() == afterDay.1)
  }

  @Test func aNewChangeForgetsWhatCouldBeRedone() throws {
    let tmp = TemporaryDirectory()
    let store = PlannerStore(directory: tmp.file("data"))
    try store.update(at: morning, describe: { "add tea" }) { p, _ in try p.add("Tea", spoons: 1, at: morning) }
    try store.update(at: morning, describe: { "add post" }) { p, _ in try p.add("Post", spoons: 1, at: morning) }
    try store.undo()
    #expect(try store.changes().redoable.map(\.what) == ["add post"])
    try store.update(at: morning, describe: { "add bins" }) { p, _ in try p.add("Bins", spoons: 1, at: morning) }
    #expect(throws: UndoError.nothingToRedo) { try store.redo() }
    #expect(try store.changes().undoable.map(\.what) == ["add bins", "add tea"])
  }

  @Test func undoingMoreThanThereIsIsRefusedWhole() throws {
    let tmp = TemporaryDirectory()
    let store = PlannerStore(directory: tmp.file("data"))
    #expect(throws: UndoError.nothingToUndo) { try store.undo() }
    try store.update(at: morning) { p, _ in try p.add("Tea", spoons: 1, at: morning) }
    let before = tmp.bytes("data/planner.txt")
    #expect(throws: UndoError.tooMany(asked: 2, available: 1, redo: false)) { try store.undo(2) }
    #expect(tmp.bytes("data/planner.txt") == before)
  }

  /// The history keeps the last 100 changes; its file is rewritten shorter now and then, so
  /// it never grows with use.
  @Test func theHistoryIsBoundedToTheLastHundredChanges() throws {
    let tmp = TemporaryDirectory()
    let store = PlannerStore(directory: tmp.file("data"))
    for n in 1...250 {
      try store.update(at: morning, describe: { "add \(n)" }) { p, _ in
        try p.add("Task \(n)", spoons: 1, at: morning)
      }
    }
    let history = try store.changes()
    #expect(history.undoable.count == 100)
    #expect(history.undoable.first?.what == "add 250" && history.undoable.last?.what == "add 151")
    let files = try FileManager.default.contentsOfDirectory(atPath: tmp.file("data"))
    #expect(files.filter { $0.hasPrefix("undo-") }.count == 1)
    let journal = try #require(files.first { $0.hasPrefix("undo-") })
    #expect((tmp.bytes("data/" + journal)?.count ?? 0) < 200 * 1_000)

    try store.undo(100)
    #expect(try store.load().taskCount == 150)
    #expect(throws: UndoError.nothingToUndo) { try store.undo() }
    try store.redo(100)
    #expect(try store.load().taskCount == 250)
  }

  @Test func clearingCompletedTasksCanBeUndoneFromTheCopyItKept() throws {
    let tmp = TemporaryDirectory()
    let (store, _, finished) = try savedRichPlanner(in: tmp)
    let archive = try store.loadArchive()
    #expect(!archive.doneTasks.isEmpty)
    #expect(try store.clearArchivedTasks(at: morning) == finished.flatMap(\.doneTasks).count)
    #expect(try store.loadArchive().doneTasks.isEmpty)
    #expect(try store.loadArchive().days == archive.days)

    try store.undo()
    #expect(try store.loadArchive() == archive)
    try store.redo()
    #expect(try store.loadArchive().doneTasks.isEmpty)
    try store.undo()
    #expect(try store.loadArchive() == archive)
  }

  /// A line the change touched that reads differently now (changed by hand here) makes
  /// the undo refuse, naming it, and leaves every file as it was.
  @Test func aPlannerChangedOutsideTheHistoryIsNeverClobbered() throws {
    let tmp = TemporaryDirectory()
    let store = PlannerStore(directory: tmp.file("data"))
    try store.update(at: morning, describe: { "add tea" }) { p, _ in try p.add("Tea", spoons: 1, at: morning) }
    let path = tmp.file("data/planner.txt")
    let edited = try String(contentsOfFile: path, encoding: .utf8)
      .replacingOccurrences(of: "title=Tea", with: "title=Green tea")
    try edited.write(toFile: path, atomically: false, encoding: .utf8)
    #expect(throws: UndoError.self) { try store.undo() }
    do {
      try store.undo()
    } catch let error as UndoError {
      #expect(error.description.contains("cannot undo 'add tea': task #1 has changed since"))
    }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == edited)
  }

  /// Bytes past the committed length (a writer killed before its rename) are not history.
  @Test func anUncommittedJournalTailIsIgnored() throws {
    let tmp = TemporaryDirectory()
    let store = PlannerStore(directory: tmp.file("data"))
    try store.update(at: morning, describe: { "add tea" }) { p, _ in try p.add("Tea", spoons: 1, at: morning) }
    let handle = try #require(FileHandle(forWritingAtPath: tmp.file("data/undo-1.txt")))
    handle.seekToEndOfFile()
    handle.write(Data("change\tseq=9\tat=2026-11-21T08:00:00+01:00\twhat=half".utf8))
    handle.closeFile()
    #expect(try store.changes().undoable.map(\.what) == ["add tea"])
    try store.undo()
    #expect(try store.load().taskCount == 0)
  }

  /// A history damaged by hand before the checkpoint refuses undo with the file's name and
  /// writes nothing; the next checkpoint starts a new one and keeps the damaged file under a
  /// dated name. It never blocks a change. (Every change is a checkpoint here, so the history
  /// holds no change the planner lacks; `aDamagedHistoryWithChangesSinceTheCheckpointHealsAtTheNext`
  /// covers the other case.)
  @Test func aDamagedJournalRefusesUndoButNotChanges() throws {
    let tmp = TemporaryDirectory()
    var store = PlannerStore(directory: tmp.file("data"))
    store.checkpointAfter = 1
    try store.update(at: morning, describe: { "add tea" }) { p, _ in try p.add("Tea", spoons: 1, at: morning) }
    let path = tmp.file("data/undo-1.txt")
    let damaged = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "change\t", with: "chXnge\t")
    try damaged.write(toFile: path, atomically: false, encoding: .utf8)
    let planner = tmp.bytes("data/planner.txt")
    let lost = UndoError.historyLost(path, reason: "line 2: not a Spoons record", setAside: nil)
    #expect(throws: lost) { try store.undo() }
    #expect(throws: lost) { try store.changes() }
    #expect(tmp.bytes("data/planner.txt") == planner)
    // The next checkpoint (every change, here) replaces it with a new one, and keeps it.
    try store.update(at: morning, describe: { "add post" }) { p, _ in
      try p.add("Post", spoons: 1, at: morning)
    }
    #expect(try store.changes().undoable.map(\.what) == ["add post"])
    let kept = try FileManager.default.contentsOfDirectory(atPath: tmp.file("data"))
      .filter { $0.hasPrefix("undo-1.txt.damaged-") }
    #expect(kept.count == 1)
    #expect(kept.first.flatMap { tmp.bytes("data/" + $0) } == Array(damaged.utf8))
  }

  /// A history cut short, or set aside by hand, while the checkpoint counts bytes of it (and
  /// changes since may follow them) is refused by every command, reads included, writing
  /// nothing: never started afresh over. `repair` (`check --repair`) keeps the file under a
  /// dated name and starts a new one; the next change can then be undone.
  @Test(arguments: ["cut", "moved"]) func aJournalCutShortIsRefusedUntilRepaired(fault: String) throws {
    let tmp = TemporaryDirectory()
    var store = PlannerStore(directory: tmp.file("data"))
    store.checkpointAfter = 1
    try store.update(at: morning, describe: { "add tea" }) { p, _ in try p.add("Tea", spoons: 1, at: morning) }
    try store.update(at: morning, describe: { "add post" }) { p, _ in try p.add("Post", spoons: 1, at: morning) }
    let path = tmp.file("data/undo-1.txt")
    if fault == "cut" {
      #expect(truncate(path, 40) == 0)
    } else {
      #expect(rename(path, path + ".damaged") == 0)
    }
    func everyFile() -> [String: Data] {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: tmp.file("data"))) ?? []
      return Dictionary(uniqueKeysWithValues: names.map {
        ($0, FileManager.default.contents(atPath: tmp.file("data/" + $0)) ?? Data())
      })
    }
    let files = everyFile()
    let attempts: [() throws -> Void] = [
      { _ = try store.load() }, { try store.undo() },
      { try store.update(at: morning) { p, _ in _ = try p.add("Bins", spoons: 1, at: morning) } },
    ]
    for attempt in attempts {
      let error = #expect(throws: StoreError.self) { try attempt() }
      if case .damagedHistory(path, _, _)? = error {} else { Issue.record("\(String(describing: error))") }
      #expect(error.map { "\($0)" }?.contains(" check --repair'") == true)
    }
    #expect(everyFile() == files)
    let report = try store.repair(at: Timestamp(seconds: 1_795_340_000))
    #expect(report.problems.isEmpty, "\(report.problems)")
    #expect(report.repairs.count >= 2, "\(report.repairs)")
    #expect(try store.load().taskCount == 2)
    try store.update(at: morning, describe: { "add bins" }) { p, _ in try p.add("Bins", spoons: 1, at: morning) }
    #expect(try store.changes().undoable.map(\.what) == ["add bins"])
    try store.undo()
    #expect(try store.load().taskCount == 2)
    #expect(!(tmp.bytes("data/undo-2.txt") ?? []).contains(0))
  }

  /// A planner saved by version 2 (no journal line) gets a history from its first change.
  @Test func anOlderPlannerStartsItsHistoryAtTheFirstChange() throws {
    let tmp = TemporaryDirectory()
    let store = PlannerStore(directory: tmp.file("data"))
    try store.update(at: morning) { p, _ in try p.add("Tea", spoons: 1, at: morning) }
    let path = tmp.file("data/planner.txt")
    let v2 = try String(contentsOfFile: path, encoding: .utf8)
      .replacingOccurrences(of: "version=3", with: "version=2")
      .split(separator: "\n").filter { !$0.hasPrefix("journal\t") }.joined(separator: "\n") + "\n"
    try v2.write(toFile: path, atomically: false, encoding: .utf8)
    try FileManager.default.removeItem(atPath: tmp.file("data/undo-1.txt"))
    let before = try store.load()
    try store.update(at: morning) { p, _ in try p.add("Post", spoons: 1, at: morning) }
    #expect(try store.changes().undoable.count == 1)
    try store.undo()
    #expect(try store.load() == before)
  }
}

extension UndoTests {
  /// A kill just before a checkpoint's rename leaves the previous `planner.txt` in place,
  /// which is what `planner.txt.bak` holds. A change is committed by then (its record is in
  /// the history, after what that checkpoint counts), so it reads as done; an undo or redo is
  /// not (its mark is no change), so it reads as not done. Either way the state is whole:
  /// nothing a checkpoint counts is written over.
  @Test func aKillBeforeACheckpointsRenameLeavesAWholeState() throws {
    let tmp = TemporaryDirectory()
    var (store, _, _) = try savedRichPlanner(in: tmp)
    store.checkpointAfter = 1
    let later = thirdMorning
    let other = PlannerExport(planner: try { var p = Planner(); try p.add("Other", spoons: 2, at: morning); return p }(), archive: Archive())
    let steps: [(String, () throws -> Void)] = [
      ("clear completed", { try store.clearArchivedTasks(at: morning) }),
      ("new day", {
        try store.update(at: morning) { p, f in if let d = try p.startNewDay(budget: 8, at: later).finished { f.append(d) } }
      }),
      ("import --replace", { try store.importPlanner(other, file: "x", replace: true, at: morning) }),
      ("undo 3", { try store.undo(3) }),
      ("redo 3", { try store.redo(3) }),
    ]
    let plannerPath = tmp.file("data/planner.txt")
    for (name, step) in steps {
      let before = try store.loadWhole()
      try step()
      let after = try store.loadWhole()
      // Simulate the kill: the old planner.txt back in place, whatever was written before it.
      let now = try Data(contentsOf: URL(fileURLWithPath: plannerPath))
      try FileManager.default.removeItem(atPath: plannerPath)
      try FileManager.default.copyItem(atPath: plannerPath + ".bak", toPath: plannerPath)
      let committed = !name.hasPrefix("undo") && !name.hasPrefix("redo")
      #expect(try store.loadWhole() == (committed ? after : before), "\(name)")
      try now.write(to: URL(fileURLWithPath: plannerPath))
      #expect(try store.loadWhole() == after, "\(name)")
    }
  }

  /// An archive file the restored state needs has gone (deleted by hand): undo refuses and
  /// writes nothing.
  @Test func undoRefusesWhenAnArchiveFileItNeedsIsGone() throws {
    let tmp = TemporaryDirectory()
    let (store, _, _) = try savedRichPlanner(in: tmp)
    try store.clearArchivedTasks(at: morning)
    try FileManager.default.removeItem(atPath: tmp.file("data/done.txt"))
    let before = tmp.bytes("data/planner.txt")
    #expect(throws: UndoError.self) { try store.undo() }
    #expect(tmp.bytes("data/planner.txt") == before)
  }

  /// A history written by a newer Spoons is refused as such, and kept.
  @Test func aNewerHistoryIsRefusedAndKept() throws {
    let tmp = TemporaryDirectory()
    let store = PlannerStore(directory: tmp.file("data"))
    try store.update(at: morning) { p, _ in try p.add("Tea", spoons: 1, at: morning) }
    let path = tmp.file("data/undo-1.txt")
    let newer = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "version=1", with: "version=9")
    try newer.write(toFile: path, atomically: false, encoding: .utf8)
    let planner = tmp.bytes("data/planner.txt")
    #expect(throws: StoreError.newerFormat(file: path, found: 9, supported: 1)) { try store.undo() }
    #expect(tmp.bytes("data/planner.txt") == planner)
  }
}

/// Random keyed lines for the diff property test.
struct SeededLines {
  var state: UInt64
  init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }
  mutating func next() -> UInt64 {
    state ^= state << 13
    state ^= state >> 7
    state ^= state << 17
    return state
  }
  mutating func int(_ range: Range<Int>) -> Int {
    range.lowerBound + Int(next() % UInt64(range.count))
  }
  mutating func text() -> String { "text \(int(0..<5))" }
  mutating func lines(count: Int, firstID: Int) -> [PlannerLines.Line] {
    (0..<count).map { n in
      let key = "task\tid=\(firstID + n)"
      return PlannerLines.Line(key: key, text: Array((key + "\t" + text()).utf8)[...])
    }
  }
}
