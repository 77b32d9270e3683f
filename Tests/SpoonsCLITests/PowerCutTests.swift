import Foundation
import SpoonsCore
import SpoonsStore
import SpoonsTestSupport
import Testing

/// The commit, step by step: a writer killed at each write, flush and rename in turn (debug
/// builds stop themselves at `SPOONS_TEST_CRASH_AT=N`), with a reader alongside, and a power
/// cut that drops everything after the last flush (`SPOONS_TEST_POWER_CUT`, see
/// `Durability`). The data always reads as the state before the change or after it, whole,
/// and nothing acknowledged is lost.
@Suite("Kills at every step and power cuts", .serialized)
struct PowerCutTests {
  static func copyItem(_ from: String, _ to: String) throws {
    try? FileManager.default.removeItem(atPath: to)
    try FileManager.default.copyItem(atPath: from, toPath: to)
  }

  /// A planner with a day to finish (so `new-day` archives), tasks to plan, and a history.
  static func seeded(_ tmp: TemporaryDirectory) throws -> String {
    let data = tmp.file("seed")
    for line in [
      "new-day 20", "add 3 Laundry", "add 2 Call mum's GP", "add 1 Post", "plan 1 2", "done 1",
    ] {
      _ = try spoons(line.split(separator: " ").map(String.init), data: data)
    }
    return data
  }

  /// What `command` leaves, uncrashed, in a copy of `seed`.
  static func outcome(_ command: [String], seed: String, in tmp: TemporaryDirectory, env: [String: String])
    throws -> PlannerExport
  {
    let copy = tmp.file("outcome")
    try copyItem(seed, copy)
    let result = try spoons(command, data: copy, environment: env)
    #expect(result.status == 0, "\(command): \(result.stderr)")
    return try PlannerStore(directory: copy).loadWhole()
  }

  @Test(arguments: [
    (["new-day", "12"], "1"), (["add", "2", "Bins"], "1"), (["undo"], "1"), (["delete", "3"], "1"),
    (["new-day", "12"], "64"), (["add", "2", "Bins"], "64"), (["edit", "3", "--spoons", "4"], "64"),
  ])
  func aWriterKilledAtEveryStepLeavesTheStateBeforeOrAfter(command: [String], checkpointAfter: String)
    throws
  {
    let tmp = TemporaryDirectory()
    let seed = try Self.seeded(tmp)
    let later = morning.plus(days: 1).description
    let env = ["SPOONS_CHECKPOINT_AFTER": checkpointAfter, "SPOONS_NOW": later]
    let before = try PlannerStore(directory: seed).loadWhole()
    let after = try Self.outcome(command, seed: seed, in: tmp, env: env)
    #expect(before != after)
    var step = 1
    var sawBefore = false
    var sawAfter = false
    while step < 60 {
      let data = tmp.file("trial-\(step)")
      try Self.copyItem(seed, data)
      let reader = try ReliabilityTests.startWriter(
        data: data, lines: Array(repeating: "status --json", count: 12), out: tmp.file("reader-\(step)"),
        environment: ["SPOONS_NOW": later])
      let writer = try spoons(
        command, data: data, environment: env.merging(["SPOONS_TEST_CRASH_AT": String(step)]) { $1 })
      reader.waitUntilExit()
      #expect(reader.terminationStatus == 0, "step \(step): a read failed")
      try ReliabilityTests.expectWholeStates(readBy: tmp.file("reader-\(step)"), trial: step)
      let store = PlannerStore(directory: data)
      let state = try store.loadWhole()
      #expect(state == before || state == after, "\(command) killed at step \(step)")
      sawBefore = sawBefore || state == before
      sawAfter = sawAfter || state == after
      // The next writer carries on from there, cutting off whatever the kill left half made.
      let next = try spoons(["add", "1", "Next"], data: data, environment: env)
      #expect(next.status == 0, "after step \(step): \(next.stderr)")
      #expect(try store.loadWhole().planner.taskCount == state.planner.taskCount + 1)
      if writer.status == 0 { break }  // it got past every step
      step += 1
    }
    #expect(step > 3 && step < 60, "\(step) steps")
    #expect(sawBefore && sawAfter)
  }

  /// The data directory as the disk holds it after a power cut: each name the last directory
  /// flush recorded, with the bytes its file had at its last flush.
  static func afterPowerCut(_ shadow: String, into directory: String) throws {
    try? FileManager.default.removeItem(atPath: directory)
    try FileManager.default.createDirectory(
      atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let names = (try? String(contentsOfFile: shadow + "/names", encoding: .utf8)) ?? ""
    for line in names.split(separator: "\n") {
      let parts = line.split(separator: "\t", maxSplits: 1)
      guard parts.count == 2 else { continue }
      let bytes = FileManager.default.contents(atPath: shadow + "/inode-\(parts[0])") ?? Data()
      FileManager.default.createFile(
        atPath: directory + "/" + parts[1], contents: bytes, attributes: [.posixPermissions: 0o600])
    }
  }

  /// Records every file of `directory` as durable in `shadow`, as a flush of each and of the
  /// directory would.
  static func record(_ directory: String, in shadow: String) throws {
    var names = ""
    for name in try FileManager.default.contentsOfDirectory(atPath: directory).sorted() {
      let path = directory + "/" + name
      let inode = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as! Int
      names += "\(inode)\t\(name)\n"
      try FileManager.default.copyItem(atPath: path, toPath: shadow + "/inode-\(inode)")
    }
    try names.write(toFile: shadow + "/names", atomically: false, encoding: .utf8)
  }

  /// After each acknowledged command, and at every step inside the next one, a power cut
  /// leaves a planner that reads whole and holds every change acknowledged so far.
  @Test(arguments: ["1", "3", "64"]) func aPowerCutKeepsEveryAcknowledgedChange(checkpointAfter: String)
    throws
  {
    let tmp = TemporaryDirectory()
    let data = tmp.file("data")
    let shadow = tmp.file("shadow")
    try FileManager.default.createDirectory(atPath: shadow, withIntermediateDirectories: true)
    var env = ["SPOONS_TEST_POWER_CUT": shadow, "SPOONS_CHECKPOINT_AFTER": checkpointAfter]
    let commands = [
      "new-day 20", "add 3 Laundry", "add 2 Call mum's GP", "plan 1 2", "done 1", "edit 2 --spoons 4",
      "undo", "redo", "add 1 Post", "unplan 2", "delete 3",
    ]
    var acknowledged: [PlannerExport] = []
    for (index, line) in commands.enumerated() {
      let arguments = line.split(separator: " ").map(String.init)
      // Cut at every step inside this command, on a copy.
      for step in 1..<40 {
        // The trial starts from what the disk holds now, recorded as durable.
        let trial = tmp.file("trial")
        let trialShadow = tmp.file("trial-shadow")
        try? FileManager.default.removeItem(atPath: trial)
        try? FileManager.default.removeItem(atPath: trialShadow)
        try FileManager.default.createDirectory(atPath: trialShadow, withIntermediateDirectories: true)
        if !acknowledged.isEmpty {
          try Self.afterPowerCut(shadow, into: trial)
          try Self.record(trial, in: trialShadow)
        }
        let run = try spoons(
          arguments, data: trial,
          environment: env.merging(["SPOONS_TEST_POWER_CUT": trialShadow, "SPOONS_TEST_CRASH_AT": String(step)]) { $1 })
        let cut = tmp.file("cut")
        try Self.afterPowerCut(trialShadow, into: cut)
        let state = acknowledged.isEmpty && !FileManager.default.fileExists(atPath: cut + "/planner.txt")
          ? nil : try PlannerStore(directory: cut).loadWhole()
        if run.status == 0 {
          #expect(state == (try PlannerStore(directory: trial).loadWhole()), "\(line): acknowledged, then lost")
          break
        }
        if let last = acknowledged.last {
          let possible = [last, try PlannerStore(directory: trial).loadWhole()]
          #expect(state.map(possible.contains) == true, "\(line) cut at step \(step)")
        }
      }
      let result = try spoons(arguments, data: data, environment: env)
      #expect(result.status == 0, "\(line): \(result.stderr)")
      let cut = tmp.file("cut-\(index)")
      try Self.afterPowerCut(shadow, into: cut)
      let now = try PlannerStore(directory: data).loadWhole()
      #expect(try PlannerStore(directory: cut).loadWhole() == now, "power cut after '\(line)'")
      acknowledged.append(now)
    }
    env["SPOONS_TEST_POWER_CUT"] = nil
    #expect(acknowledged.last?.planner.taskCount == 2)
  }
}
