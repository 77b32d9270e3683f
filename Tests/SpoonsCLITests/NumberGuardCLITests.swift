import Foundation
import SpoonsCore
import SpoonsTestSupport
import Testing

/// "A number never points at another task": after a sync, a number this device showed that
/// now names another task or routine (or nothing) is refused by every verb that takes one,
/// until the next new day. Each case here once slipped past a check kept command by command;
/// `Planner.resolve(_:)` is now the only way from a number to a task.
@Suite(.serialized) struct NumberGuardCLITests {
  /// The two devices of `SyncCLITests.devices`, and everything each wrote passed to the other.
  static func exchange(_ d: [Device], _ replicator: inout Replicator) {
    replicator.replicate(all: true)
  }

  @Test func aRoutineTaskShownAsNumberOneIsNeverCheckedOffAsAnotherDevicesTask() throws {
    let dir = TemporaryDirectory()
    let d = try SyncCLITests.devices(dir, count: 2, at: morning)
    let (a, b) = (d[0], d[1])
    var replicator = Replicator(random: SeededGenerator(seed: 38), devices: d)
    try a.run("new-day", "10", at: morning)
    try a.run("sync", at: morning)
    Self.exchange(d, &replicator)
    try b.run("sync", at: morning)
    try b.run("add", "2", "Laundry from b", at: morning.plus(hours: 1))
    try a.run(
      "routine", "add", "1", "Take meds", "--days", "daily", "--today", at: morning.plus(hours: 2))
    #expect(try a.run("todo", at: morning.plus(hours: 2)).stdout.contains("#1  Take meds"))
    try b.run("new-day", "10", at: nextMorning)
    try b.run("plan", "1", at: nextMorning)
    try b.run("sync", at: nextMorning)
    Self.exchange(d, &replicator)
    let before = try a.run("export", at: nextMorning).stdout
    try a.run("sync", at: nextMorning.plus(minutes: 3))
    let afterSync = try a.run("export", at: nextMorning.plus(minutes: 3)).stdout
    // Take meds, left undone with its day, keeps #1 and is no longer shown; Laundry moved
    // to #2. Every verb given 1 is refused, and nothing changes.
    for verb in [["done", "1"], ["delete", "1"], ["unplan", "1"], ["edit", "1", "--note", "x"],
      ["show", "1"], ["undone", "1"], ["move", "1", "1"]]
    {
      let refused = try a.run(verb, at: nextMorning.plus(minutes: 4), expect: 1)
      #expect(!refused.stderr.contains("Laundry"), "\(verb): \(refused.stderr)")
    }
    #expect(try a.run("export", at: nextMorning.plus(minutes: 4)).stdout == afterSync)
    #expect(before != afterSync)
    #expect(try a.run("done", "2", at: nextMorning.plus(minutes: 5)).stdout.contains("Laundry"))
  }

  @Test func undoneOfAnArchivedTaskWhoseNumberMovedIsRefused() throws {
    let dir = TemporaryDirectory()
    let d = try SyncCLITests.devices(dir, count: 2, at: morning)
    let (a, b) = (d[0], d[1])
    var replicator = Replicator(random: SeededGenerator(seed: 39), devices: d)
    try b.run("add", "3", "Theirs", at: morning)
    try a.run("new-day", "10", at: morning.plus(hours: 1))
    try a.run("add", "2", "Mine", at: morning.plus(hours: 1))
    try a.run("plan", "1", at: morning.plus(hours: 1))
    try a.run("done", "1", at: morning.plus(hours: 2))
    try a.run("new-day", "10", at: nextMorning)  // "Mine" is archived as #1
    try b.run("sync", at: nextMorning)
    Self.exchange(d, &replicator)
    let synced = try a.run("sync", at: nextMorning.plus(minutes: 1))
    #expect(synced.stdout.contains("#1 from this device is now #2 (Mine)"), "\(synced.stdout)")
    let refused = try a.run("undone", "1", at: nextMorning.plus(minutes: 2), expect: 1)
    #expect(
      refused.stderr.contains("#1 was renumbered by a sync: your 'Mine' is now #2"),
      "\(refused.stderr)")
    let list = try a.run("list", at: nextMorning.plus(minutes: 2)).stdout
    #expect(list.contains("Theirs") && !list.contains("Mine"), "nothing reopened: \(list)")
    try a.run("undone", "2", at: nextMorning.plus(minutes: 3))
    #expect(try a.run("list", at: nextMorning.plus(minutes: 3)).stdout.contains("Mine"))
  }

  @Test func aRoutineNumberMovedBySyncIsRefusedByEveryRoutineVerb() throws {
    let dir = TemporaryDirectory()
    let d = try SyncCLITests.devices(dir, count: 2, at: morning)
    let (a, b) = (d[0], d[1])
    var replicator = Replicator(random: SeededGenerator(seed: 40), devices: d)
    try a.run("new-day", "10", at: morning)
    try b.run("routine", "add", "2", "Walk the dog", at: morning)
    try a.run("routine", "add", "1", "Meds", at: morning.plus(hours: 1))
    try b.run("sync", at: morning.plus(hours: 2))
    Self.exchange(d, &replicator)
    let synced = try a.run("sync", at: morning.plus(hours: 2))
    #expect(
      synced.stdout.contains("Routine r1 from this device is now r2 (Meds)"), "\(synced.stdout)")
    let before = try a.run("export", at: morning.plus(hours: 2)).stdout
    for verb in [["remove", "r1"], ["pause", "r1"], ["resume", "r1"], ["today", "r1"],
      ["edit", "r1", "--spoons", "3"]]
    {
      let refused = try a.run(["routine"] + verb, at: morning.plus(hours: 3), expect: 1)
      #expect(
        refused.stderr.contains(
          "r1 was renumbered by a sync: your 'Meds' is now r2, and r1 is another device's "
            + "routine ('Walk the dog'); use r2 for 'Meds'"),
        "\(verb): \(refused.stderr)")
    }
    #expect(try a.run("export", at: morning.plus(hours: 3)).stdout == before)
    try a.run("routine", "remove", "r2", at: morning.plus(hours: 3))
    let routines = try a.run("routine", "list", at: morning.plus(hours: 3)).stdout
    #expect(routines.contains("Walk the dog") && !routines.contains("Meds"), "\(routines)")
    // The next new day lets r1 name what it names now.
    try a.run("new-day", "10", at: nextMorning)
    try a.run("routine", "pause", "r1", at: nextMorning)
  }

  @Test func aTaskOfThisDeviceRenumberedElsewhereIsNamedAfterThisDevice() throws {
    let dir = TemporaryDirectory()
    let d = try SyncCLITests.devices(dir, count: 3, at: morning)
    var replicator = Replicator(random: SeededGenerator(seed: 41), devices: d)
    try d[1].run("add", "1", "Desktop's", at: morning)
    try d[0].run("add", "1", "Laptop's", at: morning.plus(minutes: 5))
    try d[0].run("sync", at: morning.plus(minutes: 10))
    try d[1].run("sync", at: morning.plus(minutes: 10))
    Self.exchange(d, &replicator)
    // The phone sees both first and decides; the laptop hears of it from the phone too.
    try d[2].run("sync", at: morning.plus(minutes: 11))
    Self.exchange(d, &replicator)
    let laptop = try d[0].run("sync", at: morning.plus(minutes: 12))
    #expect(
      laptop.stdout.contains("#1 from this device is now #2 (Laptop's)"), "\(laptop.stdout)")
    #expect(!laptop.stdout.contains("from phone"), "\(laptop.stdout)")
  }
}

/// The same promise as `NumberGuardModelTests`, through the binary: random histories on three
/// devices syncing through a shared folder (with a replicator that delays, cuts files short
/// and makes conflict copies) or a git remote, checked after every command that names a
/// number: it acts on the task that number showed on that device the last time it was shown
/// (by `add`, a view or a new day, started here or brought by a sync), or it is refused.
@Suite(.serialized) struct NumberGuardRandomCLITests {
  struct Shown {
    var tasks: [[Int: String]]
    var random: SeededGenerator
    var checked = 0
    var titles = 0

    /// Every `#N title` pair an output shows (titles are `X` and a number, so unique).
    static func pairs(_ text: String) -> [(Int, String)] {
      var found: [(Int, String)] = []
      let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" })
      for (word, next) in zip(words, words.dropFirst()) where word.hasPrefix("#") {
        guard let n = Int(word.dropFirst()), next.hasPrefix("X"), Int(next.dropFirst()) != nil
        else { continue }
        found.append((n, String(next)))
      }
      return found
    }

    mutating func view(_ d: Int, _ device: Device, at now: Timestamp) throws {
      tasks[d] = [:]
      for command in ["list", "backlog", "todo"] {
        for (n, title) in Self.pairs(try device.run(command, at: now).stdout) { tasks[d][n] = title }
      }
    }
  }

  /// The random run; returns when it ended.
  static func run(_ d: [Device], seed: UInt64, steps: Int, elsewhere: () -> Void) throws
    -> Timestamp
  {
    var shown = Shown(tasks: Array(repeating: [:], count: d.count), random: SeededGenerator(seed: seed))
    var now = morning
    for i in d.indices { try d[i].run("new-day", "10", at: now) }
    for _ in 0..<steps {
      now = now.plus(minutes: 5 + shown.random.below(30))
      let i = shown.random.below(d.count)
      let device = d[i]
      switch shown.random.below(20) {
      case 0..<5:
        shown.titles += 1
        let title = "X\(shown.titles)"
        let words = shown.random.below(4) == 0
          ? ["routine", "add", "1", title, "--today"] : ["add", String(1 + shown.random.below(3)), title]
        let out = try device.run(words, at: now).stdout
        for (n, t) in Shown.pairs(out) where t == title { shown.tasks[i][n] = t }
      case 5..<7: try shown.view(i, device, at: now)
      case 7..<14:
        guard let n = shown.tasks[i].keys.sorted().randomElement(using: &shown.random) else { continue }
        let verb = [["done"], ["plan"], ["delete"], ["undone"], ["edit", "--note", "n"], ["unplan"]]
          .randomElement(using: &shown.random)!
        let result = try device.run(
          [verb[0], String(n)] + verb.dropFirst(), at: now, expect: nil)
        guard result.status == 0 else { continue }
        let acted = Shown.pairs(result.stdout).filter { $0.0 == n }.map(\.1)
        shown.checked += 1
        #expect(
          acted.allSatisfy { $0 == shown.tasks[i][n] },
          "\(device.name) \(verb[0]) \(n): acted on \(acted), shown as \(shown.tasks[i][n] ?? "-")\n\(result.stdout)")
      case 14..<17:
        // A day another device started is a new day here too: its list is read anew.
        let day = try device.run("status", at: now).stdout.prefix { $0 != "\n" }
        try device.run("sync", at: now)
        if try device.run("status", at: now).stdout.prefix(while: { $0 != "\n" }) != day {
          try shown.view(i, device, at: now)
        }
        elsewhere()
      case 17: elsewhere()
      default:
        if shown.random.below(3) == 0 {
          now = morning.plus(days: 1 + Int(now.seconds - morning.seconds) / 86_400)
          if try device.run("new-day", "10", at: now, expect: nil).status == 0 {
            try shown.view(i, device, at: now)
          }
        }
      }
    }
    #expect(shown.checked >= 15, "few numbers were acted on: \(shown.checked)")
    return now.plus(hours: 1)
  }

  /// Seed 2 found a task made and deleted here between two syncs whose number another
  /// device's task then took (now `Planner.deletedToday`).
  @Test(arguments: [1, 2, 3] as [UInt64])
  func overASharedFolder(seed: UInt64) throws {
    let dir = TemporaryDirectory()
    let d = try SyncCLITests.devices(dir, at: morning)
    var replicator = Replicator(random: SeededGenerator(seed: seed), devices: d)
    let end = try Self.run(d, seed: seed, steps: 260) { replicator.replicate() }
    // And they settle: a third sync sends nothing, and every export is the same.
    try SyncCLITests.syncEverywhere(d, &replicator, at: end)
    try SyncCLITests.expectConverged(d, .init(end: end))
  }

  @Test(.enabled(if: gitCommand != nil, "needs git"), arguments: [1, 2] as [UInt64])
  func overAGitRemote(seed: UInt64) throws {
    let dir = TemporaryDirectory()
    let remote = try GitSyncCLITests.bareRepository(dir)
    let d = try GitSyncCLITests.devices(dir, count: 3, remote: remote, at: morning)
    let end = try Self.run(d, seed: seed, steps: 200) {}
    try GitSyncCLITests.syncEverywhere(d, at: end)
    try SyncCLITests.expectConverged(d, .init(end: end))
  }
}
