import Foundation
import SpoonsCore
import SpoonsSync
import SpoonsFuzzing
import SpoonsStore
import XCTest

/// Every input the fuzzers were seeded with or ever found a crash with stays in `Corpus/`,
/// one folder per target, and runs through the same target here on every `swift test`.
final class CorpusReplayTests: XCTestCase {
  static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Corpus")

  func inputs(_ target: String) throws -> [(String, [UInt8])] {
    let folder = Self.corpus.appendingPathComponent(target)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    return try names.map { name in
      (name, [UInt8](try Data(contentsOf: folder.appendingPathComponent(name))))
    }
  }

  func scratch() throws -> String {
    let path = NSTemporaryDirectory() + "/spoons-fuzz-replay-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
    return path
  }

  func testEveryTargetHasACorpus() throws {
    for target in FuzzTargets.names {
      XCTAssertGreaterThan(try inputs(target).count, 0, "no inputs kept for \(target)")
    }
  }

  func testParserCorpus() throws {
    for (_, bytes) in try inputs("parser") { FuzzTargets.parser(bytes) }
  }

  func testReplCorpus() throws {
    let dir = try scratch()
    for (_, bytes) in try inputs("repl") { FuzzTargets.repl(bytes, scratch: dir) }
  }

  func testLoaderCorpus() throws {
    let dir = try scratch()
    for (_, bytes) in try inputs("loader") { FuzzTargets.loader(bytes, scratch: dir) }
  }

  func testChangesCorpus() throws {
    let dir = try scratch()
    for (_, bytes) in try inputs("changes") { FuzzTargets.changes(bytes, scratch: dir) }
  }

  /// The `changes` target's folder mode really syncs: of the hostile folder's files, the
  /// good one's task arrives and none of the others' does; with this device's folder a link
  /// to the notes, nothing is written there.
  func testTheFolderInputsReachASync() throws {
    let dir = try scratch()
    let hostile = try XCTUnwrap(try inputs("changes").first { $0.0 == "folder-hostile-files" }?.1)
    FuzzTargets.changes(hostile, scratch: dir)
    let titles = try PlannerStore(directory: dir + "/data").load().allTasks.map(\.title.text)
    XCTAssertEqual(Set(titles), ["From the desktop", "Fuzz"])
    let own = try XCTUnwrap(try inputs("changes").first { $0.0 == "folder-own-folder-a-link" }?.1)
    FuzzTargets.changes(own, scratch: dir)
    let notes = try FileManager.default.contentsOfDirectory(atPath: dir + "/notes").sorted()
    XCTAssertEqual(notes, ["00000001.txt", "00000002.txt", "00000003.txt"])
    let planner = try PlannerStore(directory: dir + "/data").load()
    XCTAssertEqual(Set(planner.allTasks.map(\.title.text)), ["From mallory", "Fuzz"])
  }

  /// The REPL target really runs commands: a seed that adds tasks leaves them in the store.
  func testReplTargetSavesWhatTheScriptDid() throws {
    let dir = try scratch()
    FuzzTargets.repl(Array("add 3 Laundry\nadd 2 Call mum\n".utf8), scratch: dir)
    // Committed in the undo history, until a checkpoint writes them into planner.txt.
    let planner = try String(contentsOfFile: dir + "/data/planner.txt", encoding: .utf8)
      + String(contentsOfFile: dir + "/data/undo-1.txt", encoding: .utf8)
    XCTAssertTrue(planner.contains("title=Laundry"), planner)
    XCTAssertTrue(planner.contains("title=Call mum"), planner)
  }

  /// The loader target splits its input into the three data files at the marker lines.
  func testLoaderInputSplitsIntoFiles() {
    let files = FuzzTargets.split(Array("a\nb\n=== done.txt\nc\n=== days.txt\nd".utf8))
    XCTAssertEqual(files.map(\.0), ["planner.txt", "done.txt", "days.txt"])
    XCTAssertEqual(files.map { String(decoding: $0.1, as: UTF8.self) }, ["a\nb\n", "c\n", "d"])

    // Each file starts once; a repeated marker is content, so every file is written once.
    let repeated = FuzzTargets.split(Array("a\n=== done.txt\nb\n=== done.txt\nc".utf8))
    XCTAssertEqual(repeated.map(\.0), ["planner.txt", "done.txt"])
    XCTAssertEqual(String(decoding: repeated[1].1, as: UTF8.self), "b\n=== done.txt\nc")
  }

  /// The version 7 seeds hold the pacing fields and are taken in whole, not refused, so the
  /// fuzzers start from inputs that reach `took`, `mood` and a day record's fourth number.
  func testThePacingSeedsReachTheNewFields() throws {
    let dir = try scratch()
    let loader = try XCTUnwrap(try inputs("loader").first { $0.0 == "seed-fixture-v7" }?.1)
    for (name, content) in FuzzTargets.split(loader) {
      try FileManager.default.createDirectory(atPath: dir + "/data", withIntermediateDirectories: true)
      FileManager.default.createFile(atPath: dir + "/data/" + name, contents: Data(content))
    }
    let whole = try PlannerStore(directory: dir + "/data").loadWhole()
    XCTAssertEqual(whole.planner.day?.mood, 1)
    XCTAssertFalse(whole.planner.asksMood || whole.planner.paceHints)
    XCTAssertEqual(whole.archive.doneTasks.map(\.took), [4, nil, 3, 0])
    XCTAssertEqual(whole.archive.days.map(\.ledger.checked), [2, 5])

    let bytes = try XCTUnwrap(try inputs("changes").first { $0.0 == "seed-fixture-v7" }?.1)
    let changes = try XCTUnwrap(ChangeFileProbe.read(bytes)?.changes)
    XCTAssertTrue(changes.contains { $0.field == "record" && $0.value.split(separator: " ").count == 4 })
    let round = try SyncRound(
      base: SyncDocument(), local: SyncedState(planner: Planner()), incoming: changes,
      clock: HybridClock(device: DeviceID("fuzz")!), now: Timestamp(seconds: 1_795_340_000))
    XCTAssertEqual(round.state.done.map(\.took), [4, nil, 3, 0])
    XCTAssertEqual(round.state.days.map(\.mood), [2, 4])
    XCTAssertEqual(round.state.days.map(\.ledger.checked), [2, 5])
    XCTAssertEqual(round.state.planner.day?.mood, 1)
    XCTAssertFalse(round.state.planner.asksMood || round.state.planner.paceHints)
  }

  /// The tag seeds are read, tags and all: the fuzzers start from inputs that reach them.
  func testTheTagSeedsReachTheTags() throws {
    let dir = try scratch()
    let loader = try XCTUnwrap(try inputs("loader").first { $0.0 == "seed-tags-v10" }?.1)
    for (name, content) in FuzzTargets.split(loader) {
      try FileManager.default.createDirectory(atPath: dir + "/data", withIntermediateDirectories: true)
      FileManager.default.createFile(atPath: dir + "/data/" + name, contents: Data(content))
    }
    let whole = try PlannerStore(directory: dir + "/data").loadWhole()
    XCTAssertEqual(whole.planner.task(TaskID(1))?.tags.map(\.description), ["+chores", "@home"])
    XCTAssertEqual(whole.archive.doneTasks.first?.tags.map(\.description), ["+family", "@phone"])

    let bytes = try XCTUnwrap(try inputs("changes").first { $0.0 == "seed-tags" }?.1)
    let changes = try XCTUnwrap(ChangeFileProbe.read(bytes)?.changes)
    let round = try SyncRound(
      base: SyncDocument(), local: SyncedState(planner: Planner()), incoming: changes,
      clock: HybridClock(device: DeviceID("fuzz")!), now: Timestamp(seconds: 1_795_750_000))
    XCTAssertEqual(
      round.state.planner.allTasks.map { $0.tags.map(\.description) }.sorted { $0.count < $1.count },
      [["+fun", "@bed"], ["+health", "@phone"]])
  }

  /// The recurrence seeds reach what they are for: a v11 planner's routines that are no set
  /// of weekdays, and a change file's `repeat` fields.
  func testTheRecurrenceSeedsReachTheRecurrences() throws {
    let dir = try scratch()
    let loader = try XCTUnwrap(try inputs("loader").first { $0.0 == "seed-routines-v11" }?.1)
    for (name, content) in FuzzTargets.split(loader) {
      try FileManager.default.createDirectory(atPath: dir + "/data", withIntermediateDirectories: true)
      FileManager.default.createFile(atPath: dir + "/data/" + name, contents: Data(content))
    }
    let planner = try PlannerStore(directory: dir + "/data").load()
    XCTAssertEqual(planner.routines.map(\.days.storedForm), [
      "every 3 days from 2026-11-20", "31st", "last fri",
    ])

    let bytes = try XCTUnwrap(try inputs("changes").first { $0.0 == "seed-routine-repeat" }?.1)
    let changes = try XCTUnwrap(ChangeFileProbe.read(bytes)?.changes)
    let round = try SyncRound(
      base: SyncDocument(), local: SyncedState(planner: Planner()), incoming: changes,
      clock: HybridClock(device: DeviceID("fuzz")!), now: Timestamp(seconds: 1_795_750_000))
    XCTAssertEqual(round.state.planner.routines.map(\.days.storedForm), [
      "every 3 days from 2026-11-26", "last fri", "mon,wed",
    ])
  }

  /// The parser target reads its bytes as another program's file too: the moving-in seeds
  /// are read whole, as a Taskwarrior export and as a todo.txt file.
  func testTheMovingInSeedsAreReadWhole() throws {
    let offset: (Int64) -> Int = { _ in 3600 }
    let tw = try XCTUnwrap(try inputs("parser").first { $0.0 == "seed-moving-in-taskwarrior" }?.1)
    XCTAssertGreaterThan(try MovingInFile.taskwarrior(tw, file: "tw.json", utcOffset: offset).tasks.count, 5)
    let todo = try XCTUnwrap(try inputs("parser").first { $0.0 == "seed-moving-in-todotxt" }?.1)
    let batch = try MovingInFile.todoTxt(
      todo, file: "todo.txt", now: Timestamp(seconds: 1_795_158_000, utcOffset: 3600), utcOffset: offset)
    XCTAssertGreaterThan(batch.tasks.count, 5)
  }
}
