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
    for verb in [["done", "1"], ["delete", "1"], ["unplan", "1"], ["edit", "1", "--note", "x"],
      ["show", "1"], ["undone", "1"], ["move", "1", "1"]]
    {
      let refused = try a.run(verb, at: nextMorning.plus(minutes: 4), expect: 1)
      #expect(refused.stderr.contains("#1 was"), "\(verb): \(refused.stderr)")
      #expect(refused.stderr.contains("Take meds"), "\(verb): \(refused.stderr)")
    }
    #expect(try a.run("export", at: nextMorning.plus(minutes: 5)).stdout == afterSync)
    #expect(before != afterSync)
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
