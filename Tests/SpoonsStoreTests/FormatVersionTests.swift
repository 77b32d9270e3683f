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
}
