import Foundation
import SpoonsCore
import SpoonsTestSupport
import Testing

/// One device for the sync tests: its own data directory and its own copy of the shared
/// folder, which only `Replicator` fills with the other devices' files, as Syncthing or
/// Dropbox would: late, out of order, sometimes as conflict copies or cut short.
struct Device {
  let name: String
  let data: String
  let target: String
  /// More environment for every run (git's, for a device that syncs through git).
  var environment: [String: String] = [:]

  @discardableResult
  func run(_ arguments: String..., at now: Timestamp, expect status: Int32? = 0) throws -> RunResult {
    try run(arguments, at: now, expect: status)
  }

  @discardableResult
  func run(_ arguments: [String], at now: Timestamp, expect status: Int32? = 0) throws -> RunResult {
    let result = try spoons(
      arguments, data: data,
      environment: environment.merging(
        ["SPOONS_NOW": now.description, "HOME": "/nonexistent"]) { mine, _ in mine })
    if let status, result.status != status {
      Issue.record("\(name) \(arguments): exit \(result.status)\n\(result.stdout)\(result.stderr)")
    }
    return result
  }

  func export(at now: Timestamp) throws -> String { try run("export", at: now).stdout }
}

/// Copies change files between the devices' copies of the shared folder.
struct Replicator {
  var random: SeededGenerator
  var devices: [Device]
  /// Copies it left cut short (as a transfer still under way): never passed on from there.
  var partial = Set<String>()

  init(random: SeededGenerator, devices: [Device]) {
    self.random = random
    self.devices = devices
  }

  /// Every file of every device's own folder, as (device folder, file name, bytes).
  func files(in target: String) -> [(folder: String, name: String, bytes: [UInt8])] {
    let devices = target + "/devices"
    var all: [(String, String, [UInt8])] = []
    for folder in (try? FileManager.default.contentsOfDirectory(atPath: devices)) ?? [] {
      for name in (try? FileManager.default.contentsOfDirectory(atPath: devices + "/" + folder)) ?? [] {
        if let data = FileManager.default.contents(atPath: devices + "/\(folder)/\(name)") {
          all.append((folder, name, Array(data)))
        }
      }
    }
    return all
  }

  func put(_ bytes: [UInt8], _ folder: String, _ name: String, in target: String) {
    let directory = target + "/devices/" + folder
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    FileManager.default.createFile(atPath: directory + "/" + name, contents: Data(bytes))
  }

  /// Copies some files each device wrote to some other devices: a random part of them, some
  /// as a conflict copy beside the original, some cut short (made whole by a later copy).
  mutating func replicate(all: Bool = false) {
    for source in devices {
      for (folder, name, bytes) in files(in: source.target)
      where !partial.contains(source.target + "/\(folder)/\(name)") {
        for destination in devices where destination.target != source.target {
          let there = destination.target + "/devices/\(folder)/\(name)"
          let existing = FileManager.default.contents(atPath: there).map(Array.init)
          if existing == bytes { continue }
          if !all && random.below(3) == 0 { continue }  // later
          if !all && random.below(6) == 0 {
            put(Array(bytes.prefix(random.below(bytes.count))), folder, name, in: destination.target)
            partial.insert(destination.target + "/\(folder)/\(name)")
            continue
          }
          put(bytes, folder, name, in: destination.target)
          partial.remove(destination.target + "/\(folder)/\(name)")
          if random.below(8) == 0 {
            let copy = name.dropLast(4) + ".sync-conflict-20261123-101010-ABCDEFG.txt"
            put(bytes, folder, String(copy), in: destination.target)
          }
        }
      }
    }
  }
}

@Suite(.serialized) struct SyncCLITests {
  /// Three devices joined to one shared folder (each with its own copy of it).
  static func devices(_ dir: TemporaryDirectory, count: Int = 3, at now: Timestamp) throws -> [Device] {
    let names = ["laptop", "desktop", "phone"]
    var devices: [Device] = []
    for i in 0..<count {
      let device = Device(name: names[i], data: dir.file(names[i]), target: dir.file("shared-\(names[i])"))
      devices.append(device)
    }
    // The first device makes the target; the replicator gives the others its marker.
    try devices[0].run("sync", "--init", devices[0].target, at: now)
    for device in devices.dropFirst() {
      try FileManager.default.createDirectory(atPath: device.target, withIntermediateDirectories: true)
      try FileManager.default.copyItem(
        atPath: devices[0].target + "/spoons-sync.txt", toPath: device.target + "/spoons-sync.txt")
      try device.run("sync", "--init", device.target, at: now)
    }
    return devices
  }

  static func syncEverywhere(_ devices: [Device], _ replicator: inout Replicator, at now: Timestamp) throws {
    // As a live replicating tool would: each device's files reach the others before the
    // next one syncs.
    for _ in 0..<2 {
      for device in devices {
        replicator.replicate(all: true)
        try device.run("sync", at: now)
      }
    }
    replicator.replicate(all: true)
  }

  @Test func aTaskAddedOnOneDeviceArrivesOnTheOtherWithItsNumber() throws {
    let dir = TemporaryDirectory()
    let d = try Self.devices(dir, count: 2, at: morning)
    var replicator = Replicator(random: SeededGenerator(seed: 1), devices: d)
    try d[0].run("add", "2", "Call mum's GP", at: morning)
    try d[0].run("sync", at: morning)
    replicator.replicate(all: true)
    let synced = try d[1].run("sync", at: morning.plus(minutes: 5))
    #expect(synced.stdout.contains("got 1 change from"), "\(synced.stdout)")
    #expect(try d[1].run("show", "1", at: morning).stdout.contains("Call mum's GP"))
  }

  @Test func twoTasksGivenOneNumberOfflineKeepTheEarlierAndTheLaterIsToldWhereItWent() throws {
    let dir = TemporaryDirectory()
    let d = try Self.devices(dir, count: 2, at: morning)
    var replicator = Replicator(random: SeededGenerator(seed: 2), devices: d)
    try d[0].run("add", "2", "Laptop's", at: morning)
    try d[1].run("add", "3", "Desktop's", at: morning.plus(minutes: 1))
    try d[0].run("sync", at: morning.plus(minutes: 2))
    replicator.replicate(all: true)
    let moved = try d[1].run("sync", at: morning.plus(minutes: 3))
    #expect(moved.stdout.contains("#1 from this device is now #2 (Desktop's)"), "\(moved.stdout)")
    // The number typed from memory is refused until the next new day, naming both tasks.
    let refused = try d[1].run("edit", "1", "--note", "x", at: morning.plus(minutes: 3), expect: 1)
    #expect(
      refused.stderr.contains(
        "#1 was renumbered by a sync: your 'Desktop's' is now #2, and #1 is another device's task ('Laptop's')"),
      "\(refused.stderr)")
    try d[1].run("edit", "2", "--note", "mine", at: morning.plus(minutes: 3))
    try d[1].run("new-day", "10", at: nextMorning)
    try d[1].run("edit", "1", "--note", "theirs", at: nextMorning)
    try Self.syncEverywhere(d, &replicator, at: nextMorning)
    for device in d {
      let list = try device.run("list", at: nextMorning).stdout
      #expect(list.contains("#1  Laptop's") && list.contains("#2  Desktop's"), "\(list)")
      #expect(try device.run("show", "2", at: nextMorning).stdout.contains("mine"))
    }
  }

  @Test func undoAfterASyncTakesBackOwnChangesOnlyWhereTheSyncLeftThemAlone() throws {
    let dir = TemporaryDirectory()
    let d = try Self.devices(dir, count: 2, at: morning)
    var replicator = Replicator(random: SeededGenerator(seed: 9), devices: d)
    try d[0].run("add", "2", "Renamed elsewhere", at: morning)
    try d[0].run("add", "3", "Mine alone", at: morning)
    try Self.syncEverywhere(d, &replicator, at: morning)
    try d[1].run("edit", "1", "--title", "Renamed on the desktop", at: morning.plus(minutes: 1))
    try d[1].run("sync", at: morning.plus(minutes: 1))
    replicator.replicate(all: true)
    try d[0].run("sync", at: morning.plus(minutes: 2))
    // The add of #2 is untouched by the sync: undo takes it back, and the next sync sends that.
    try d[0].run("undo", at: morning.plus(minutes: 3))
    #expect(!(try d[0].run("list", at: morning).stdout.contains("Mine alone")))
    // The add of #1 was changed by the sync: refused, saying why.
    let refused = try d[0].run("undo", at: morning.plus(minutes: 4), expect: 1)
    #expect(refused.stderr.contains("a sync has changed it since, and a sync cannot be undone"), "\(refused.stderr)")
    try Self.syncEverywhere(d, &replicator, at: morning.plus(minutes: 5))
    #expect(!(try d[1].run("list", at: morning).stdout.contains("Mine alone")))
  }

  /// With `--auto on`, what the change says comes first, then what the sync after it
  /// changed: a number taken by another device's task reads as what followed the `Added`
  /// line, never as a line before it that the `Added` line then contradicts.
  @Test func withAutoOnTheChangeIsSaidBeforeWhatTheSyncChanged() throws {
    let dir = TemporaryDirectory()
    let d = try Self.devices(dir, count: 2, at: morning)
    var replicator = Replicator(random: SeededGenerator(seed: 11), devices: d)
    for device in d { try device.run("sync", "--auto", "on", at: morning) }
    try d[0].run("add", "1", "First elsewhere", at: morning.plus(minutes: 1))
    replicator.replicate(all: true)
    // Both streams into one, as a terminal shows them.
    var env = ProcessInfo.processInfo.environment
    env["SPOONS_NOW"] = morning.plus(minutes: 2).description
    env["HOME"] = "/nonexistent"
    env["NO_COLOR"] = "1"
    let both = try run(
      "/bin/sh", ["-c", "exec \"$0\" \"$@\" 2>&1", spoonsBinary, "--data", d[1].data, "add", "1", "Second here"],
      environment: env)
    #expect(both.status == 0, "\(both.stdout)")
    let lines = both.stdout.split(separator: "\n").map(String.init)
    let added = try #require(lines.firstIndex { $0.hasPrefix("Added #") }, "\(both.stdout)")
    let moved = try #require(lines.firstIndex { $0.contains("is now #") }, "\(both.stdout)")
    #expect(added < moved, "\(both.stdout)")
    #expect(try d[1].run("list", at: morning.plus(minutes: 3)).stdout.contains("Second here"))
  }

  @Test func withAutoOnEveryChangeIsSentAndAnUnreachableFolderCostsOneLine() throws {
    let dir = TemporaryDirectory()
    let d = try Self.devices(dir, count: 2, at: morning)
    var replicator = Replicator(random: SeededGenerator(seed: 10), devices: d)
    #expect(try d[0].run("sync", "--auto", "on", at: morning).stdout.contains("Every change will be synced"))
    let added = try d[0].run("add", "2", "Sent at once", at: morning)
    #expect(added.stdout == "Added #1 Sent at once (2 spoons).\n", "a sync that only sent says nothing")
    #expect(!(try d[0].run("status", at: morning).stdout.contains("wait to be synced")))
    replicator.replicate(all: true)
    try d[1].run("sync", at: morning)
    #expect(try d[1].run("list", at: morning).stdout.contains("Sent at once"))
    // The folder gone: the change is made, one line says it was not synced.
    try FileManager.default.moveItem(atPath: d[0].target, toPath: d[0].target + "-away")
    let offline = try d[0].run("add", "1", "Made offline", at: morning)
    #expect(offline.stdout.contains("Added #2 Made offline"))
    #expect(offline.stderr.contains("Not synced: could not reach"), "\(offline.stderr)")
    // A command that changes nothing does not sync, and scripts read clean output.
    let json = try d[0].run("todo", "--json", at: morning)
    #expect(json.stdout == "[]\n" && json.stderr.isEmpty, "\(json)")
    // Nor does a refused one: it wrote nothing.
    let refused = try d[0].run("edit", "99", "--title", "Nothing", at: morning, expect: 1)
    #expect(!refused.stderr.contains("Not synced"), "\(refused.stderr)")
    #expect(try d[0].run("status", at: morning).stdout.contains("wait to be synced"))
    try d[0].run("sync", "--auto", "off", at: morning)
    try FileManager.default.moveItem(atPath: d[0].target + "-away", toPath: d[0].target)
    let off = try d[0].run("add", "1", "Not sent", at: morning)
    #expect(!off.stdout.contains("synced") && !off.stderr.contains("synced"))
    let usage = try d[0].run("sync", "--auto", "maybe", at: morning, expect: 64)
    #expect(usage.stderr.contains("--auto takes on or off"))
  }

  /// `sync --auto on` syncs as it is set, as after a change: a task another device added is
  /// here for the next command, and a folder out of reach costs one line, not the setting.
  @Test func turningAutoOnSyncsAtOnce() throws {
    let dir = TemporaryDirectory()
    let d = try Self.devices(dir, count: 2, at: morning)
    var replicator = Replicator(random: SeededGenerator(seed: 11), devices: d)
    try d[0].run("new-day", "10", at: morning)
    try d[1].run("add", "3", "Added on the desktop", at: morning)
    try d[1].run("sync", at: morning)
    replicator.replicate(all: true)
    let on = try d[0].run("sync", "--auto", "on", at: morning.plus(minutes: 1))
    #expect(on.stdout.contains("Every change will be synced"), "\(on.stdout)")
    #expect(on.stderr.contains("got 1 change from"), "\(on.stderr)")
    let planned = try d[0].run("plan", "1", at: morning.plus(minutes: 2))
    #expect(planned.stdout.contains("Added on the desktop"), "\(planned.stdout)")
    // Off says nothing of a sync and makes none.
    try d[1].run("add", "2", "Not fetched", at: morning.plus(minutes: 3))
    try d[1].run("sync", at: morning.plus(minutes: 3))
    replicator.replicate(all: true)
    let off = try d[0].run("sync", "--auto", "off", at: morning.plus(minutes: 4))
    #expect(off.stderr.isEmpty, "\(off.stderr)")
    #expect(!(try d[0].run("list", at: morning.plus(minutes: 4)).stdout.contains("Not fetched")))
    // Out of reach: set all the same, with one line saying the sync waits.
    try FileManager.default.moveItem(atPath: d[0].target, toPath: d[0].target + "-away")
    let away = try d[0].run("sync", "--auto", "on", at: morning.plus(minutes: 5))
    #expect(away.stdout.contains("Every change will be synced"), "\(away.stdout)")
    #expect(away.stderr.contains("Not synced yet: could not reach"), "\(away.stderr)")
    #expect(!away.stderr.contains("the change is saved"), "\(away.stderr)")
    let added = try d[0].run("add", "1", "Made offline", at: morning.plus(minutes: 6))
    #expect(added.stderr.contains("Not synced: could not reach"), "\(added.stderr)")
  }

  /// A change that comes in after a later one made here to the same task is not counted as
  /// got: the round that takes it in reads that task's registers alone, and the report asks
  /// them what was known (not only the registers read before the round).
  @Test func aChangeThatLostToALaterOneHereIsNotCountedAsGot() throws {
    let dir = TemporaryDirectory()
    let d = try Self.devices(dir, count: 2, at: morning)
    var replicator = Replicator(random: SeededGenerator(seed: 12), devices: d)
    try d[0].run("add", "2", "Ring the bank", at: morning)
    try Self.syncEverywhere(d, &replicator, at: morning)
    try d[1].run("edit", "1", "--title", "Ring the bank today", at: morning.plus(minutes: 1))
    try d[1].run("sync", at: morning.plus(minutes: 1))
    try d[0].run("edit", "1", "--title", "Ring the bank at ten", at: morning.plus(minutes: 2))
    try d[0].run("sync", at: morning.plus(minutes: 2))
    replicator.replicate(all: true)
    let synced = try d[0].run("sync", at: morning.plus(minutes: 3)).stdout
    #expect(synced.contains("nothing new from other devices"), "\(synced)")
    #expect(try d[0].run("list", at: morning.plus(minutes: 3)).stdout.contains("Ring the bank at ten"))
  }

  @Test func plansMadeApartAddUpPastTheBudgetAndStatusShowsHowFar() throws {
    let dir = TemporaryDirectory()
    let d = try Self.devices(dir, count: 2, at: morning)
    var replicator = Replicator(random: SeededGenerator(seed: 3), devices: d)
    for n in 1...4 { try d[0].run("add", "4", "Task \(n)", at: morning) }
    try d[0].run("new-day", "12", at: morning)
    try Self.syncEverywhere(d, &replicator, at: morning)
    try d[0].run("plan", "1", "2", at: morning.plus(hours: 1))
    try d[1].run("plan", "3", "4", at: morning.plus(hours: 1))
    try d[0].run("sync", at: morning.plus(hours: 2))
    replicator.replicate(all: true)
    let synced = try d[1].run("sync", at: morning.plus(hours: 2))
    #expect(synced.stdout.contains("over budget by 4 spoons after sync"), "\(synced.stdout)")
    let status = try d[1].run("status", at: morning.plus(hours: 2)).stdout
    #expect(status.contains("planned 16 of 12 · spent 0 · over by 4"), "\(status)")
    // Nothing more can be planned until it is back within; unplanning works.
    try d[1].run("unplan", "4", at: morning.plus(hours: 3))
  }

  @Test func aDeleteAndADoneMadeApartKeepTheTaskAndSaySo() throws {
    let dir = TemporaryDirectory()
    let d = try Self.devices(dir, count: 2, at: morning)
    var replicator = Replicator(random: SeededGenerator(seed: 4), devices: d)
    try d[0].run("add", "2", "Ring the bank", at: morning)
    try d[0].run("new-day", "10", at: morning)
    try d[0].run("plan", "1", at: morning)
    try Self.syncEverywhere(d, &replicator, at: morning)
    try d[0].run("delete", "1", at: morning.plus(hours: 1))
    try d[1].run("done", "1", at: morning.plus(minutes: 30))
    try d[0].run("sync", at: morning.plus(hours: 1))
    replicator.replicate(all: true)
    let synced = try d[1].run("sync", at: morning.plus(hours: 2))
    #expect(synced.stdout.contains("#1 Ring the bank was deleted on one device"), "\(synced.stdout)")
    try Self.syncEverywhere(d, &replicator, at: morning.plus(hours: 3))
    for device in d {
      #expect(try device.run("todo", at: morning.plus(hours: 3)).stdout.contains("[✓] #1  Ring the bank"))
    }
  }

  @Test func oneDayStartedOnTwoDevicesIsOneDayWithOneTaskPerRoutine() throws {
    let dir = TemporaryDirectory()
    let d = try Self.devices(dir, count: 2, at: morning)
    var replicator = Replicator(random: SeededGenerator(seed: 5), devices: d)
    try d[0].run("routine", "add", "1", "Take meds", at: morning)
    try Self.syncEverywhere(d, &replicator, at: morning)
    try d[0].run("new-day", "10", at: nextMorning)
    try d[1].run("new-day", "12", at: nextMorning.plus(minutes: 5))
    try d[0].run("sync", at: nextMorning.plus(minutes: 10))
    replicator.replicate(all: true)
    let synced = try d[1].run("sync", at: nextMorning.plus(minutes: 10))
    _ = synced
    replicator.replicate(all: true)
    let told = try d[0].run("sync", at: nextMorning.plus(minutes: 11))
    #expect(told.stdout.contains("Sun 22 Nov's budget is now 12 spoons, the one set last"), "\(told.stdout)")
    try Self.syncEverywhere(d, &replicator, at: nextMorning.plus(minutes: 12))
    for device in d {
      let todo = try device.run("todo", at: nextMorning.plus(minutes: 12)).stdout
      #expect(todo.components(separatedBy: "Take meds").count == 2, "one routine task: \(todo)")
      #expect(try device.run("status", at: nextMorning.plus(minutes: 12)).stdout.contains("/12"))
    }
    // One day on both: a second new-day is refused on either, and the budget changes instead,
    // everywhere, the later change kept.
    let before = everyFile(in: d[0].data)
    let again = try d[0].run("new-day", "8", at: nextMorning.plus(minutes: 20), expect: 1)
    #expect(again.stderr == "error: today (Sun 22 Nov) has begun with 12 spoons; to make it 8, "
      + "type: spoons budget 8\n")
    #expect(everyFile(in: d[0].data) == before)
    try d[0].run("budget", "8", at: nextMorning.plus(minutes: 21))
    try Self.syncEverywhere(d, &replicator, at: nextMorning.plus(minutes: 30))
    for device in d {
      let status = try device.run("status", at: nextMorning.plus(minutes: 30)).stdout
      #expect(status.contains("/8") && status.contains("budget 8"), "\(device.name): \(status)")
      let history = try device.run("history", at: nextMorning.plus(minutes: 30)).stdout
      #expect(history.components(separatedBy: "\nSun 22 Nov").count == 2, "one row: \(history)")
    }
  }

  @Test func aClockHoursAheadIsReportedAndTheLaterEditStillWins() throws {
    let dir = TemporaryDirectory()
    let d = try Self.devices(dir, count: 2, at: morning)
    var replicator = Replicator(random: SeededGenerator(seed: 6), devices: d)
    try d[0].run("add", "2", "Draft", at: morning)
    try Self.syncEverywhere(d, &replicator, at: morning)
    let ahead = morning.plus(hours: 3)  // the desktop's clock
    try d[1].run("edit", "1", "--title", "Desktop's title", at: ahead)
    try d[1].run("sync", at: ahead)
    replicator.replicate(all: true)
    let synced = try d[0].run("sync", at: morning.plus(minutes: 5))
    #expect(synced.stdout.contains("clock is about 3 h ahead"), "\(synced.stdout)")
    try d[0].run("edit", "1", "--title", "Laptop's title", at: morning.plus(minutes: 6))
    try Self.syncEverywhere(d, &replicator, at: morning.plus(minutes: 7))
    for device in d {
      #expect(try device.run("show", "1", at: morning.plus(minutes: 8)).stdout.contains("Laptop's title"))
    }
  }

  @Test func aClockHoursBehindStillWinsWithAnEditMadeAfterSeeingTheOther() throws {
    let dir = TemporaryDirectory()
    let d = try Self.devices(dir, count: 2, at: morning)
    var replicator = Replicator(random: SeededGenerator(seed: 16), devices: d)
    try d[0].run("add", "2", "Draft", at: morning)
    try Self.syncEverywhere(d, &replicator, at: morning)
    try d[0].run("edit", "1", "--title", "Laptop's title", at: morning.plus(hours: 1))
    try d[0].run("sync", at: morning.plus(hours: 1))
    replicator.replicate(all: true)
    let behind = morning.plus(hours: -4)  // the desktop's clock, 5 hours slow
    try d[1].run("sync", at: behind)
    try d[1].run("edit", "1", "--title", "Desktop's later title", at: behind)
    try Self.syncEverywhere(d, &replicator, at: morning.plus(hours: 2))
    for device in d {
      #expect(try device.run("show", "1", at: morning.plus(hours: 2)).stdout.contains("Desktop's later title"))
    }
  }

  /// Gives each device its test name as its sync name, so notes can be told apart.
  static func nameDevices(_ devices: [Device]) throws {
    for device in devices { try device.run("sync", "--name", device.name, at: morning) }
  }

  @Test func aDayStartedOnAClockDaysAheadIsNoOtherDevicesTodayAndFixingThatClockIsEnough() throws {
    let dir = TemporaryDirectory()
    let d = try Self.devices(dir, count: 2, at: morning)
    try Self.nameDevices(d)
    var replicator = Replicator(random: SeededGenerator(seed: 17), devices: d)
    try d[0].run("new-day", "10", at: morning)
    try d[0].run("add", "2", "Laptop's task", at: morning)
    try d[0].run("plan", "1", at: morning)
    try Self.syncEverywhere(d, &replicator, at: morning)
    let fast = morning.plus(days: 3)  // the desktop's clock says Tuesday
    try d[1].run("new-day", "6", at: fast)
    try d[1].run("add", "3", "Desktop's task", at: fast)
    try d[1].run("plan", "2", at: fast)
    try d[1].run("sync", at: fast)
    replicator.replicate(all: true)
    let synced = try d[0].run("sync", at: morning.plus(hours: 1))
    #expect(synced.stdout.contains("desktop's clock is about 3 days ahead"), "\(synced.stdout)")
    let status = try d[0].run("status", at: morning.plus(hours: 1)).stdout
    #expect(status.contains("Sat 21 Nov") && status.contains("/10"), "\(status)")
    #expect(try d[0].run("todo", at: morning.plus(hours: 1)).stdout.contains("Laptop's task"))
    #expect(try d[0].run("backlog", at: morning.plus(hours: 1)).stdout.contains("Desktop's task"))
    // The laptop's own next day starts on time.
    try d[0].run("new-day", "9", at: nextMorning)
    try d[0].run("sync", at: nextMorning)
    replicator.replicate(all: true)
    // The desktop's clock is put right: its next sync brings it back to the real day, which
    // the laptop has begun: one date is one day, so the desktop changes its budget.
    try d[1].run("sync", at: nextMorning.plus(hours: 1))
    let back = try d[1].run("status", at: nextMorning.plus(hours: 1)).stdout
    #expect(back.contains("Sun 22 Nov"), "\(back)")
    let again = try d[1].run("new-day", "8", at: nextMorning.plus(hours: 2), expect: 1)
    #expect(again.stderr.contains("has begun with 9 spoons; to make it 8, type: spoons budget 8"))
    try d[1].run("budget", "8", at: nextMorning.plus(hours: 2))
    try d[1].run("sync", at: nextMorning.plus(hours: 2))
    replicator.replicate(all: true)
    let quiet = try d[0].run("sync", at: nextMorning.plus(hours: 3))
    #expect(!quiet.stdout.contains("clock is about"), "\(quiet.stdout)")
    let end = nextMorning.plus(hours: 4)
    try Self.syncEverywhere(d, &replicator, at: end)
    #expect(try d[0].export(at: end) == d[1].export(at: end))
    for device in d {
      let todo = try device.run("status", at: end).stdout
      #expect(todo.contains("Sun 22 Nov") && todo.contains("/8"), "\(device.name): \(todo)")
      #expect(try device.run("sync", at: end).stdout.contains("nothing to send, nothing new"))
    }
  }

  @Test func aDayStartedOnAClockAheadIsTakenOnceThisClockGetsThere() throws {
    let dir = TemporaryDirectory()
    let d = try Self.devices(dir, count: 2, at: morning)
    var replicator = Replicator(random: SeededGenerator(seed: 19), devices: d)
    try d[0].run("new-day", "10", at: morning)
    try Self.syncEverywhere(d, &replicator, at: morning)
    let fast = morning.plus(days: 3)
    try d[1].run("new-day", "6", at: fast)
    try d[1].run("add", "3", "Desktop's task", at: fast)
    try d[1].run("plan", "1", at: fast)
    try d[1].run("sync", at: fast)
    replicator.replicate(all: true)
    try d[0].run("sync", at: morning.plus(hours: 1))
    #expect(try d[0].run("status", at: morning.plus(hours: 1)).stdout.contains("Sat 21 Nov"))
    // Nothing new to send or read, but the laptop's clock has reached the desktop's day.
    let later = fast.plus(hours: 1)
    #expect(try d[0].run("sync", at: later).stdout.contains("nothing to send, nothing new"))
    let status = try d[0].run("status", at: later).stdout
    #expect(status.hasPrefix("Tue 24 Nov") && status.contains("#1  Desktop's task"), "\(status)")
  }

  @Test func anEditLostToAClockDaysAheadIsNamedOnTheDeviceBehind() throws {
    let dir = TemporaryDirectory()
    let d = try Self.devices(dir, count: 2, at: morning)
    try Self.nameDevices(d)
    var replicator = Replicator(random: SeededGenerator(seed: 18), devices: d)
    try d[0].run("add", "2", "Draft", at: morning)
    try Self.syncEverywhere(d, &replicator, at: morning)
    try d[0].run("edit", "1", "--title", "Laptop's title", at: morning.plus(hours: 1))
    try d[0].run("sync", at: morning.plus(hours: 1))
    replicator.replicate(all: true)
    let slow = morning.plus(days: -3, hours: 2)  // the desktop's clock, 3 days behind
    try d[1].run("edit", "1", "--title", "Desktop's title", "--note", "Desk", at: slow)
    let synced = try d[1].run("sync", at: slow)
    #expect(
      synced.stdout.contains(
        "#1 Laptop's title: the title set here lost to laptop's change, stamped 3 days ahead"),
      "\(synced.stdout)")
    #expect(synced.stdout.contains("If this clock is behind, correct it"), "\(synced.stdout)")
    #expect(!synced.stdout.contains("note set here"), "\(synced.stdout)")
    try Self.syncEverywhere(d, &replicator, at: morning.plus(hours: 2))
    for device in d {
      let shown = try device.run("show", "1", at: morning.plus(hours: 2)).stdout
      #expect(shown.contains("Laptop's title") && shown.contains("Desk"), "\(shown)")
    }
  }

  @Test func aDataDirectoryInsideAReplicatedFolderIsWarnedAbout() throws {
    let dir = TemporaryDirectory()
    try FileManager.default.createDirectory(atPath: dir.file("Sync/.stfolder"), withIntermediateDirectories: true)
    let inside = Device(name: "inside", data: dir.file("Sync/spoons-data"), target: dir.file("shared"))
    try inside.run("add", "1", "x", at: morning)
    let joined = try inside.run("sync", "--init", inside.target, at: morning)
    #expect(joined.stdout.contains("Warning: the data directory is inside"), "\(joined.stdout)")
    #expect(try inside.run("sync", "--status", at: morning).stdout.contains("Warning"))
  }

  @Test func anUnreachableFolderChangesNothingAndAnEmptyOneDeletesNothing() throws {
    let dir = TemporaryDirectory()
    let d = try Self.devices(dir, count: 1, at: morning)
    try d[0].run("add", "2", "Keep me", at: morning)
    try d[0].run("sync", at: morning)
    let before = everyFile(in: d[0].data)
    try FileManager.default.moveItem(atPath: d[0].target, toPath: d[0].target + "-unmounted")
    let refused = try d[0].run("sync", at: morning.plus(hours: 1), expect: 1)
    #expect(refused.stderr.contains("could not reach") && refused.stderr.contains("your changes are safe here"))
    #expect(everyFile(in: d[0].data) == before, "\(differences(before, everyFile(in: d[0].data)))")
    // The folder back, but emptied (a sync tool that lost everything): nothing is deleted.
    try FileManager.default.createDirectory(atPath: d[0].target, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: d[0].target + "-unmounted/spoons-sync.txt", toPath: d[0].target + "/spoons-sync.txt")
    try d[0].run("sync", at: morning.plus(hours: 2))
    #expect(try d[0].run("show", "1", at: morning.plus(hours: 2)).stdout.contains("Keep me"))
    // Emptied of everything, its mark too: joining it again publishes everything anew, and a
    // device that joins afterwards finds it.
    try FileManager.default.removeItem(atPath: d[0].target)
    try FileManager.default.createDirectory(atPath: d[0].target, withIntermediateDirectories: true)
    try d[0].run("sync", at: morning.plus(hours: 3), expect: 1)
    try d[0].run("sync", "--init", d[0].target, at: morning.plus(hours: 3))
    let late = Device(name: "late", data: dir.file("late"), target: d[0].target)
    try late.run("sync", "--init", d[0].target, at: morning.plus(hours: 3))
    #expect(try late.run("show", "1", at: morning.plus(hours: 3)).stdout.contains("Keep me"))
  }

  @Test func aChangeFileFromANewerSpoonsIsLeftAloneAndAHalfCopiedOneWaits() throws {
    let dir = TemporaryDirectory()
    let d = try Self.devices(dir, count: 2, at: morning)
    var replicator = Replicator(random: SeededGenerator(seed: 7), devices: d)
    try d[1].run("add", "2", "From the desktop", at: morning)
    try d[1].run("sync", at: morning)
    let files = replicator.files(in: d[1].target)
    let file = try #require(files.first { $0.name == "00000001.txt" })
    // Half of it arrives first.
    replicator.put(Array(file.bytes.prefix(file.bytes.count / 2)), file.folder, file.name, in: d[0].target)
    replicator.partial.insert(d[0].target + "/\(file.folder)/\(file.name)")
    let waiting = try d[0].run("sync", at: morning.plus(minutes: 1))
    #expect(waiting.stdout.contains("still arriving"), "\(waiting.stdout)")
    #expect(try d[0].run("list", at: morning).stdout.contains("From the desktop") == false)
    replicator.replicate(all: true)
    try d[0].run("sync", at: morning.plus(minutes: 2))
    #expect(try d[0].run("list", at: morning).stdout.contains("From the desktop"))
    // A newer format is named and left as it is.
    let newer = Array("format\tname=spoons-changes\tversion=9\nsomething new\n".utf8)
    replicator.put(newer, file.folder, "00000002.txt", in: d[0].target)
    let told = try d[0].run("sync", at: morning.plus(minutes: 3))
    #expect(told.stdout.contains("runs a newer Spoons (change format 9)"), "\(told.stdout)")
    #expect(
      FileManager.default.contents(atPath: d[0].target + "/devices/\(file.folder)/00000002.txt")
        .map(Array.init) == newer)
  }

  @Test func aCopiedDataDirectoryBecomesANewDevice() throws {
    let dir = TemporaryDirectory()
    let d = try Self.devices(dir, count: 1, at: morning)
    try d[0].run("add", "2", "Shared", at: morning)
    try d[0].run("sync", at: morning)
    let copy = Device(name: "copy", data: dir.file("copy"), target: d[0].target)
    try FileManager.default.copyItem(atPath: d[0].data, toPath: copy.data)
    let devices = try FileManager.default.contentsOfDirectory(atPath: d[0].target + "/devices")
    let synced = try copy.run("sync", at: morning.plus(minutes: 1))
    #expect(synced.stdout.contains("This data directory was copied or moved"), "\(synced.stdout)")
    #expect(synced.stdout.contains("spoons sync --forget \(devices[0])"), "\(synced.stdout)")
    try copy.run("add", "3", "Only in the copy", at: morning.plus(minutes: 2))
    try copy.run("sync", at: morning.plus(minutes: 3))
    #expect(try FileManager.default.contentsOfDirectory(atPath: d[0].target + "/devices").count == devices.count + 1)
    try d[0].run("sync", at: morning.plus(minutes: 4))
    #expect(try d[0].run("list", at: morning).stdout.contains("Only in the copy"))
  }

  @Test func syncBeforeInitSaysHowToStartAndStatusNamesTheDevices() throws {
    let dir = TemporaryDirectory()
    let lone = Device(name: "lone", data: dir.file("lone"), target: dir.file("none"))
    try lone.run("add", "1", "x", at: morning)
    let refused = try lone.run("sync", at: morning, expect: 1)
    #expect(refused.stderr.contains("spoons sync --init ~/Sync/spoons"))
    let usage = try lone.run("sync", "--init", at: morning, expect: 64)
    #expect(usage.stderr.contains("--init needs the shared folder"))
    let d = try Self.devices(dir, count: 2, at: morning)
    var replicator = Replicator(random: SeededGenerator(seed: 8), devices: d)
    try Self.syncEverywhere(d, &replicator, at: morning)
    try d[0].run("add", "1", "Waiting", at: morning)
    let status = try d[0].run("sync", "--status", at: morning.plus(hours: 2)).stdout
    #expect(status.contains("last synced 2 h ago"), "\(status)")
    #expect(status.contains("Changes made here since then wait to be sent"), "\(status)")
    #expect(status.contains("this one"), "\(status)")
    #expect(try d[0].run("status", at: morning).stdout.hasSuffix("Changes made here wait to be synced: spoons sync\n"))
    try d[0].run("sync", at: morning)
    #expect(!(try d[0].run("status", at: morning).stdout.contains("wait to be synced")))
  }

  /// Seeded random commands on three devices, syncs at random moments, files copied late,
  /// out of order, as conflict copies or cut short; then two full rounds. Every device
  /// exports the same planner, every task made is there once unless deleted, and a further
  /// sync sends nothing.
  @Test(arguments: [11, 12, 13] as [UInt64])
  func randomCommandsConvergeOverASharedFolder(seed: UInt64) throws {
    let dir = TemporaryDirectory()
    let d = try Self.devices(dir, at: morning)
    var replicator = Replicator(random: SeededGenerator(seed: seed), devices: d)
    let run = try Self.randomCommands(on: d, seed: seed, from: morning, steps: 350) {
      replicator.replicate()
    }
    try Self.syncEverywhere(d, &replicator, at: run.end)
    try Self.expectConverged(d, run)
  }

  /// The same with routines added now and then, some onto today's list: every device's new
  /// day makes their tasks and drops the undone ones, numbers clash with tasks made apart, and
  /// the devices still settle. Seeds 42 and 44 never settled while a dropped routine's task
  /// took a new number at every sync without writing it back.
  @Test(arguments: [41, 42, 43, 44] as [UInt64])
  func randomCommandsWithRoutinesConvergeOverASharedFolder(seed: UInt64) throws {
    let dir = TemporaryDirectory()
    let d = try Self.devices(dir, at: morning)
    var replicator = Replicator(random: SeededGenerator(seed: seed), devices: d)
    let run = try Self.randomCommands(
      on: d, seed: seed, from: morning, steps: 250, routines: true
    ) {
      replicator.replicate()
    }
    try Self.syncEverywhere(d, &replicator, at: run.end)
    try Self.expectConverged(d, run)
  }

  /// What `randomCommands` did: the titles added, those deleted, and when it ended.
  struct RandomRun {
    var titles: [String] = []
    var deleted = Set<String>()
    var end: Timestamp
  }

  /// 70 seeded random commands (add, plan, done, delete, new-day, undo, edit, sync) on random
  /// devices, minutes apart; `elsewhere` runs at random moments too (a tool copying files).
  /// `routines`: `routine add` too, some with `--today` (their titles are not counted).
  static func randomCommands(
    on d: [Device], seed: UInt64, from start: Timestamp, steps: Int = 70,
    routines: Bool = false, elsewhere: () -> Void = {}
  ) throws -> RandomRun {
    var run = RandomRun(end: start)
    var random = SeededGenerator(seed: seed &* 31)
    for step in 0..<steps {
      run.end = run.end.plus(minutes: 10 + random.below(40))
      let now = run.end
      let device = d[random.below(d.count)]
      switch random.below(routines ? 14 : 12) {
      case 12, 13:
        let today = random.below(2) == 0 ? ["--today"] : []
        let routine = ["routine", "add", String(1 + random.below(3)), "R\(step) \(device.name)"]
        try device.run(routine + ["--days", "daily"] + today, at: now, expect: nil)
      case 0, 1, 2:
        let title = "T\(step) \(device.name)"
        run.titles.append(title)
        try device.run("add", String(1 + random.below(6)), title, at: now)
      case 3: try device.run("plan", String(1 + random.below(run.titles.count + 1)), at: now, expect: nil)
      case 4: try device.run("done", String(1 + random.below(run.titles.count + 1)), at: now, expect: nil)
      case 5:
        let id = 1 + random.below(run.titles.count + 1)
        let shown = try device.run("show", String(id), at: now, expect: nil).stdout
        if try device.run("delete", String(id), at: now, expect: nil).status == 0,
          let title = run.titles.first(where: { shown.contains($0 + "\n") || shown.contains($0 + " ") })
        {
          run.deleted.insert(title)
        }
      case 6: if random.below(3) == 0 { try device.run("new-day", String(8 + random.below(8)), at: now, expect: nil) }
      case 7:
        // An undo may take back an add (or a delete, or bring it back with redo): the task
        // it names may then rightly be missing.
        let said = try device.run(random.below(3) == 0 ? "redo" : "undo", at: now, expect: nil)
        for title in run.titles where said.stdout.contains(" \(title) (") { run.deleted.insert(title) }
      case 8: try device.run("edit", String(1 + random.below(run.titles.count + 1)), "--note", "n\(step)", at: now, expect: nil)
      case 9: elsewhere()
      default: try device.run("sync", at: now)
      }
    }
    run.end = run.end.plus(hours: 1)
    return run
  }

  /// After every device synced twice: they export the same planner, byte for byte (`next`
  /// too), a third sync on each sends nothing and changes nothing, and every task made is
  /// there once, unless it was deleted (or its add was undone).
  static func expectConverged(_ d: [Device], _ run: RandomRun) throws {
    let exports = try d.map { try $0.export(at: run.end) }
    #expect(Set(exports).count == 1, "the devices differ")
    for device in d {
      let again = try device.run("sync", at: run.end).stdout
      #expect(again.contains("nothing to send, nothing new"), "\(device.name): \(again)")
    }
    let after = try d.map { try $0.export(at: run.end) }
    #expect(after == exports, "a third sync changed a planner")
    let export = exports[0]
    for title in run.titles {
      let count = export.components(separatedBy: "\"\(title)\"").count - 1
      if run.deleted.contains(title) {
        #expect(count <= 1, "\(title) twice")
      } else {
        #expect(count == 1, "\(title): \(count) times")
      }
    }
  }

  /// A sync killed at random moments, with a reader alongside: the planner always loads whole,
  /// every change acknowledged here is kept and reaches the other device, no change file
  /// number ever gets a second content, and the next sync picks up where the killed one left.
  @Test func killedSyncsLeaveAWholePlannerAndLoseNothing() throws {
    let dir = TemporaryDirectory()
    let shared = dir.file("shared")
    // Compaction after every 2 files read by all, so kills land in it too.
    let compact = ["SPOONS_SYNC_COMPACT_AFTER": "2"]
    let a = Device(name: "laptop", data: dir.file("laptop"), target: shared, environment: compact)
    let b = Device(name: "desktop", data: dir.file("desktop"), target: shared, environment: compact)
    // A planner big enough that a sync takes a while.
    var seed = ["new-day 99"]
    for n in 1...300 { seed.append("add \(1 + n % 10) Seed task \(n)") }
    seed += ["plan 1-20", "done 1-10"]
    _ = try spoons([], stdin: Data((seed.joined(separator: "\n") + "\n").utf8), data: a.data)
    try a.run("sync", "--init", shared, at: morning)
    try b.run("sync", "--init", shared, at: morning)
    var rng = SeededGenerator(seed: 20261123)
    var contents: [String: Data] = [:]  // every change file ever seen, by path
    var killedMidway = 0
    let trials = max(20, ReliabilityTests.trials / 4)
    for trial in 0..<trials {
      try a.run("add", "1", "Laptop \(trial)", at: morning)
      // Every other sync killed has something coming in; the others send a change made here
      // alone, which reads and writes the live part of the synced state alone.
      let incoming = trial % 2 == 0
      if incoming {
        try b.run("add", "1", "Desktop \(trial)", at: morning)
        try b.run("sync", at: morning)
      }
      let out = dir.file("out-\(trial)")
      let writer = try ReliabilityTests.startWriter(
        data: a.data, lines: ["sync"], out: out, environment: compact)
      let reader = try ReliabilityTests.startWriter(
        data: a.data, lines: Array(repeating: "status --json", count: 12), out: out + "-reader")
      usleep(UInt32.random(in: 0...40_000, using: &rng))
      kill(writer.processIdentifier, SIGKILL)
      writer.waitUntilExit()
      if writer.terminationReason == .uncaughtSignal { killedMidway += 1 }
      reader.waitUntilExit()
      #expect(reader.terminationStatus == 0, "trial \(trial): a read failed")
      try ReliabilityTests.expectWholeStates(readBy: out + "-reader", trial: trial)
      // Whatever the kill left, the planner loads and the next sync goes on from it.
      let list = try a.run("search", "Laptop", at: morning).stdout
      for earlier in 0...trial {
        #expect(list.contains("Laptop \(earlier),"), "trial \(trial): Laptop \(earlier) lost")
      }
      try a.run("sync", at: morning)
      if incoming {
        #expect(try a.run("search", "Desktop \(trial)", at: morning).stdout.contains("Desktop \(trial)"))
      }
      // No change file number ever gets a second content.
      for folder in try FileManager.default.contentsOfDirectory(atPath: shared + "/devices") {
        for name in try FileManager.default.contentsOfDirectory(atPath: shared + "/devices/" + folder)
        where name.first?.isNumber == true {  // acks.txt is the one file a device rewrites
          let path = "\(folder)/\(name)"
          let bytes = FileManager.default.contents(atPath: shared + "/devices/" + path)
          if let before = contents[path] {
            #expect(bytes == before, "trial \(trial): \(path) was rewritten")
          }
          contents[path] = bytes
        }
      }
    }
    #expect(killedMidway > trials / 4, "many syncs should die midway (\(killedMidway))")
    #expect(try !Self.ownFiles(a).snapshots.isEmpty, "compaction ran between the kills")
    try b.run("sync", at: morning)
    try a.run("sync", at: morning)
    try b.run("sync", at: morning)
    #expect(try a.export(at: morning) == b.export(at: morning))
  }

  /// The sync after a day ended here, killed at random moments (it writes a history file and
  /// a new synced state before the planner names them): the planner loads whole, every task
  /// done on a day ended is still in the history and reaches the other device, and the next
  /// sync goes on, over the live part and what the archive gained since the last sync that
  /// committed, however many days that is.
  @Test func killedSyncsAfterANewDayLoseNothing() throws {
    let dir = TemporaryDirectory()
    let shared = dir.file("shared")
    let a = Device(name: "laptop", data: dir.file("laptop"), target: shared)
    let b = Device(name: "desktop", data: dir.file("desktop"), target: shared)
    var seed = ["new-day 20"]
    for n in 1...200 { seed.append("add \(1 + n % 10) Seed task \(n)") }
    _ = try spoons([], stdin: Data((seed.joined(separator: "\n") + "\n").utf8), data: a.data)
    try a.run("sync", "--init", shared, at: morning)
    try b.run("sync", "--init", shared, at: morning)
    var rng = SeededGenerator(seed: 20261127)
    var killedMidway = 0
    var chained = 0
    let trials = max(12, ReliabilityTests.trials / 8)
    for trial in 0..<trials {
      // A new day ends the day before (with its walk done), then a task done today.
      let day = morning.plus(hours: 24 * (trial + 1))
      try a.run("new-day", "9", at: day)
      let added = try a.run("add", "1", "Walk n\(trial)n", at: day).stdout
      let id = try #require(added.split(separator: "#").dropFirst().first?.prefix { $0.isNumber })
      try a.run("plan", String(id), at: day)
      try a.run("done", String(id), at: day)
      let out = dir.file("out-\(trial)")
      let writer = try ReliabilityTests.startWriter(
        data: a.data, lines: ["sync"], out: out,
        environment: ["SPOONS_NOW": day.plus(hours: 1).description])
      usleep(UInt32.random(in: 0...30_000, using: &rng))
      kill(writer.processIdentifier, SIGKILL)
      writer.waitUntilExit()
      if writer.terminationReason == .uncaughtSignal { killedMidway += 1 }
      // Whatever the kill left, the planner loads, keeps every walk, and syncs on.
      let found = try a.run("search", "Walk", at: day.plus(hours: 2)).stdout
      for earlier in 0...trial {
        #expect(found.contains("Walk n\(earlier)n"), "trial \(trial): Walk \(earlier) lost")
      }
      try a.run("sync", at: day.plus(hours: 2))
      if try Self.historyFiles(a) > 1 { chained += 1 }
    }
    #expect(killedMidway > trials / 4, "many syncs should die midway (\(killedMidway))")
    #expect(chained > 0, "some syncs after a new day went over the live part")
    let end = morning.plus(hours: 24 * (trials + 1))
    try b.run("sync", at: end)
    try a.run("sync", at: end)
    try b.run("sync", at: end)
    #expect(try a.export(at: end) == b.export(at: end))
    let walks = try b.run("search", "Walk", at: end).stdout
    #expect((0..<trials).allSatisfy { walks.contains("Walk n\($0)n") })
    try a.run("check", at: end)
  }

  /// The sync that takes in a day ended on the other device, killed at each step of it in
  /// turn (debug builds stop themselves at `SPOONS_TEST_CRASH_AT=N`: every write, flush and
  /// rename, here and in the shared folder; it appends the day and its tasks to the archive,
  /// and writes a history file and a new synced state, before the planner names them), a new
  /// day each time: the planner loads whole, every walk done on the other device is here,
  /// and the next sync goes on, taking the day in over the live part.
  @Test func killedSyncsTakingInADayEndedElsewhereLoseNothing() throws {
    let dir = TemporaryDirectory()
    let shared = dir.file("shared")
    let a = Device(name: "laptop", data: dir.file("laptop"), target: shared)
    let b = Device(name: "desktop", data: dir.file("desktop"), target: shared)
    var seed = ["new-day 20"]
    for n in 1...200 { seed.append("add \(1 + n % 10) Seed task \(n)") }
    _ = try spoons([], stdin: Data((seed.joined(separator: "\n") + "\n").utf8), data: b.data)
    try b.run("sync", "--init", shared, at: morning)
    try a.run("sync", "--init", shared, at: morning)
    // A change made on the laptop too (a device whose undo history is empty has no record of
    // what changed since its last sync, and the whole decides).
    try a.run("add", "2", "Laptop task", at: morning)
    try a.run("sync", at: morning)
    try b.run("sync", at: morning)
    var step = 1
    var killed = 0
    var resumed = 0
    while step < 60 {
      // The desktop ends the day before (with its walk done) and does a walk today.
      let day = morning.plus(hours: 24 * step)
      try b.run("new-day", "9", at: day)
      let added = try b.run("add", "1", "Walk n\(step)n", at: day).stdout
      let id = try #require(added.split(separator: "#").dropFirst().first?.prefix { $0.isNumber })
      try b.run("plan", String(id), at: day)
      try b.run("done", String(id), at: day)
      try b.run("sync", at: day)
      var crashing = a
      crashing.environment["SPOONS_TEST_CRASH_AT"] = String(step)
      let sync = try crashing.run("sync", at: day.plus(hours: 1), expect: nil)
      // Whatever the kill left, the planner loads, and syncs on: every walk is here.
      let before = try Self.historyFiles(a)
      try a.run("sync", at: day.plus(hours: 2))
      if try Self.historyFiles(a) > before { resumed += 1 }
      let found = try a.run("search", "Walk", at: day.plus(hours: 2)).stdout
      for earlier in 1...step {
        #expect(found.contains("Walk n\(earlier)n"), "step \(step): Walk \(earlier) lost")
      }
      if sync.status == 0 { break }  // it got past every step
      killed += 1
      step += 1
    }
    #expect(killed > 8, "a sync taking in a day has many steps (\(killed))")
    // Killed before its commit, the next sync took the day in, over the live part.
    #expect(resumed > killed / 2, "\(resumed) of \(killed)")
    let end = morning.plus(hours: 24 * (step + 1))
    try a.run("sync", at: end)
    try b.run("sync", at: end)
    try a.run("sync", at: end)
    #expect(try a.export(at: end) == b.export(at: end))
    try a.run("check", at: end)
    try b.run("check", at: end)
  }

  /// How many history files the synced state `planner.txt` names holds (its `syncfile=`).
  static func historyFiles(_ device: Device) throws -> Int {
    let planner = try String(contentsOfFile: device.data + "/planner.txt", encoding: .utf8)
    let number = try #require(
      planner.split(separator: "\t").first { $0.hasPrefix("syncfile=") }?.dropFirst(9))
    let state = try String(contentsOfFile: device.data + "/sync-\(number).txt", encoding: .utf8)
    return state.split(separator: "\n").filter { $0.hasPrefix("history\t") }.count
  }

  /// The device id a data directory syncs as, from its `sync.txt`.
  static func deviceID(_ device: Device) throws -> String {
    let setup = try String(contentsOfFile: device.data + "/sync.txt", encoding: .utf8)
    let line = try #require(setup.split(separator: "\n").first { $0.hasPrefix("device\t") })
    let field = try #require(line.split(separator: "\t").first { $0.hasPrefix("id=") })
    return String(field.dropFirst(3))
  }

  /// A device's own files in the shared folder: its change files, and its snapshots.
  static func ownFiles(_ device: Device) throws -> (changes: [String], snapshots: [String]) {
    let names = try FileManager.default.contentsOfDirectory(
      atPath: device.target + "/devices/" + deviceID(device))
    return (
      names.filter { $0.first?.isNumber == true }.sorted(),
      names.filter { $0.hasPrefix("snapshot-") }.sorted()
    )
  }

  @Test func compactionWaitsForADeviceAwayForAMonthAndANewcomerCatchesUpFromTheSnapshots() throws {
    let dir = TemporaryDirectory()
    let shared = dir.file("shared")
    func device(_ name: String) -> Device {
      Device(name: name, data: dir.file(name), target: shared, environment: ["SPOONS_SYNC_COMPACT_AFTER": "3"])
    }
    let a = device("laptop"), b = device("desktop"), away = device("phone")
    try a.run("add", "1", "First", at: morning)
    for d in [a, b, away] { try d.run("sync", "--init", shared, at: morning) }
    try a.run("sync", at: morning)
    for day in 1...30 {
      let now = morning.plus(days: day)
      try a.run("add", "1", "Laptop \(day)", at: now)
      try a.run("sync", at: now)
      try b.run("add", "1", "Desktop \(day)", at: now)
      try b.run("sync", at: now)
    }
    // The phone has read none of it: nothing it has not read goes.
    #expect(try Self.ownFiles(a).changes.count >= 30)
    #expect(try Self.ownFiles(a).snapshots.isEmpty)
    let back = morning.plus(days: 31)
    try away.run("sync", at: back)
    let list = try away.run("list", at: back).stdout
    #expect(list.contains("Laptop 30") && list.contains("Desktop 30") && list.contains("First"))
    // Now everyone has read them: each device replaces its own with a snapshot.
    for d in [a, b, a, b] { try d.run("sync", at: back) }
    let compacted = try Self.ownFiles(a)
    #expect(compacted.changes.count < 3, "\(compacted)")
    #expect(compacted.snapshots.count == 1)
    #expect(try Self.ownFiles(b).changes.count < 3)
    // A device that joins afterwards finds everything in the snapshots.
    let late = device("tablet")
    try late.run("sync", "--init", shared, at: back)
    for d in [away, a, b, late] { try d.run("sync", at: back) }
    let exports = try [a, b, away, late].map { try $0.export(at: back) }
    #expect(Set(exports).count == 1)
    #expect(exports[0].contains("Laptop 17") && exports[0].contains("Desktop 4"))

    // The phone goes silent for good: compaction waits for it until it is forgotten.
    for day in 32...40 {
      let now = morning.plus(days: day)
      try a.run("add", "1", "Later \(day)", at: now)
      for d in [a, b, late] { try d.run("sync", at: now) }
    }
    #expect(try Self.ownFiles(a).changes.count >= 9)
    let end = morning.plus(days: 41)
    let ambiguous = try a.run("sync", "--forget", "vm", at: end, expect: nil)
    _ = ambiguous  // every test device shares this machine's name
    let forgot = try a.run("sync", "--forget", Self.deviceID(away), at: end)
    #expect(forgot.stdout.contains("Forgot"), "\(forgot.stdout)")
    let unknown = try a.run("sync", "--forget", "nosuchdevice", at: end, expect: 1)
    #expect(unknown.stderr.contains("no device called nosuchdevice"))
    for d in [a, b, late, a] { try d.run("sync", at: end) }
    let afterForgetting = try Self.ownFiles(a)
    #expect(afterForgetting.changes.count < 3, "\(afterForgetting)")
    // And if it comes back after all, it catches up.
    try away.run("sync", at: end)
    #expect(try away.export(at: end) == a.export(at: end))
  }

  // MARK: - Found by trying it, and by review

  @Test func aRoutineCheckedOffOnOneDeviceStaysCheckedOffWhenBothStartedTheDay() throws {
    let dir = TemporaryDirectory()
    let d = try Self.devices(dir, count: 2, at: morning)
    var replicator = Replicator(random: SeededGenerator(seed: 31), devices: d)
    try d[0].run("routine", "add", "1", "Take meds", at: morning)
    try Self.syncEverywhere(d, &replicator, at: morning)
    try d[1].run("new-day", "10", at: nextMorning)  // started first, synced last
    try d[0].run("new-day", "10", at: nextMorning.plus(minutes: 10))
    try d[0].run("done", "1", at: nextMorning.plus(minutes: 20))
    try d[0].run("sync", at: nextMorning.plus(minutes: 30))
    replicator.replicate(all: true)
    try d[1].run("sync", at: nextMorning.plus(hours: 2))
    try Self.syncEverywhere(d, &replicator, at: nextMorning.plus(hours: 3))
    for device in d {
      let todo = try device.run("todo", at: nextMorning.plus(hours: 3)).stdout
      #expect(todo.contains("[✓] #1  Take meds"), "\(device.name): \(todo)")
    }
  }

  /// Issue 38's recipe: a routine's task left undone on a day that ended on another device
  /// shares its number with a task made there. The dropped task keeps its number, so it names
  /// no other task where it was shown; the other task moves, and its device is told and
  /// guarded; and the devices settle (`next` no longer grew by 3 at every sync).
  @Test func aRoutinesTaskDroppedWithItsDayKeepsItsNumberAndTheDevicesSettle() throws {
    let dir = TemporaryDirectory()
    let d = try Self.devices(dir, count: 2, at: morning)
    var replicator = Replicator(random: SeededGenerator(seed: 36), devices: d)
    try d[0].run("new-day", "10", at: morning)
    try Self.syncEverywhere(d, &replicator, at: morning)
    try d[1].run("add", "2", "Laundry", at: morning.plus(hours: 1))
    try d[0].run(
      "routine", "add", "1", "Take meds", "--days", "daily", "--today", at: morning.plus(hours: 2))
    #expect(try d[0].run("todo", at: morning.plus(hours: 2)).stdout.contains("#1  Take meds"))
    try d[1].run("new-day", "10", at: nextMorning)
    try d[1].run("plan", "1", at: nextMorning)
    try d[1].run("sync", at: nextMorning)
    replicator.replicate(all: true)
    try d[0].run("sync", at: nextMorning.plus(minutes: 2))
    replicator.replicate(all: true)
    let told = try d[1].run("sync", at: nextMorning.plus(minutes: 3))
    #expect(told.stdout.contains("is now #2 (Laundry)"), "\(told.stdout)")
    let refused = try d[1].run("done", "1", at: nextMorning.plus(minutes: 4), expect: nil)
    #expect(refused.status != 0 && refused.stderr.contains("renumbered by a sync"), "\(refused)")
    let end = nextMorning.plus(minutes: 10)
    try Self.syncEverywhere(d, &replicator, at: end)
    let exports = try d.map { try $0.export(at: end) }
    for device in d {
      let again = try device.run("sync", at: end).stdout
      #expect(again.contains("nothing to send, nothing new"), "\(device.name): \(again)")
      #expect(try device.export(at: end) == exports[0], "\(device.name)")
      #expect(try device.run("show", "1", at: end, expect: nil).status != 0, "\(device.name)")
      #expect(try device.run("todo", at: end).stdout.contains("#2  Laundry"), "\(device.name)")
    }
    #expect(exports[0].contains("\"next\": {\"id\": 3,"), "\(exports[0])")
  }

  @Test func theDeviceWhoseTaskMovedIsToldAndGuardedWhoeverDecided() throws {
    let dir = TemporaryDirectory()
    let d = try Self.devices(dir, count: 2, at: morning)
    var replicator = Replicator(random: SeededGenerator(seed: 32), devices: d)
    try d[1].run("add", "1", "Desktop's, made first", at: morning.plus(hours: 1))
    try d[0].run("add", "1", "Laptop's, made later", at: morning.plus(hours: 2))
    try d[0].run("sync", at: morning.plus(hours: 3))
    replicator.replicate(all: true)
    try d[1].run("sync", at: morning.plus(hours: 3))  // decides: the laptop's task moves
    replicator.replicate(all: true)
    let told = try d[0].run("sync", at: morning.plus(hours: 4))
    #expect(told.stdout.contains("#1 from "), "\(told.stdout)")
    #expect(told.stdout.contains("is now #2 (Laptop's, made later)"), "\(told.stdout)")
    let refused = try d[0].run("edit", "1", "--note", "mine", at: morning.plus(hours: 4), expect: nil)
    #expect(refused.status != 0 && refused.stderr.contains("renumbered by a sync"), "\(refused)")
  }

  @Test func ofTwoStartsOfOneDateTheLaterBudgetIsKeptWhicheverSyncsFirst() throws {
    for laptopFirst in [true, false] {
      let dir = TemporaryDirectory()
      let d = try Self.devices(dir, count: 2, at: morning)
      var replicator = Replicator(random: SeededGenerator(seed: 33), devices: d)
      try d[0].run("new-day", "10", at: nextMorning)  // the laptop at 08:00
      try d[1].run("new-day", "8", at: nextMorning.plus(hours: 1))  // the desktop, later
      for device in laptopFirst ? d : d.reversed() {
        try device.run("sync", at: nextMorning.plus(hours: 2))
        replicator.replicate(all: true)
      }
      try Self.syncEverywhere(d, &replicator, at: nextMorning.plus(hours: 3))
      for device in d {
        let status = try device.run("status", at: nextMorning.plus(hours: 3)).stdout
        #expect(status.contains("budget 8"), "\(laptopFirst) \(device.name): \(status)")
      }
    }
  }

  /// A data directory put back from a backup in its place looks like a copy of the one that
  /// synced after the backup was taken (on another machine, it could be): it becomes a new
  /// device, and takes in what the old one sent since as another device's.
  @Test func aDataDirectoryPutBackFromABackupSyncsAsANewDeviceAndKeepsBoth() throws {
    let dir = TemporaryDirectory()
    let d = try Self.devices(dir, count: 1, at: morning)
    try d[0].run("sync", at: morning)
    let id = try Self.deviceID(d[0])
    try FileManager.default.copyItem(atPath: d[0].data, toPath: dir.file("backup"))
    try d[0].run("add", "2", "Pay rent", at: morning)
    try d[0].run("sync", at: morning)
    try FileManager.default.removeItem(atPath: d[0].data)
    try FileManager.default.moveItem(atPath: dir.file("backup"), toPath: d[0].data)
    try d[0].run("add", "1", "Water plants", at: morning.plus(minutes: 5))
    let synced = try d[0].run("sync", at: morning.plus(minutes: 6)).stdout
    #expect(synced.contains("or put back from a backup") && synced.contains("--forget \(id)"), "\(synced)")
    #expect(try Self.deviceID(d[0]) != id)
    let list = try d[0].run("list", at: morning.plus(minutes: 6)).stdout
    #expect(list.contains("Pay rent") && list.contains("Water plants"), "\(list)")
  }

  @Test func aCopiedDataDirectoryKeepsTheTasksItWasCopiedWithOnce() throws {
    let dir = TemporaryDirectory()
    let d = try Self.devices(dir, count: 1, at: morning)
    try d[0].run("add", "1", "Synced before", at: morning)
    try d[0].run("sync", at: morning)
    try d[0].run("add", "2", "Unsynced call", at: morning.plus(minutes: 1))
    let copy = Device(name: "copy", data: dir.file("copy"), target: d[0].target)
    try FileManager.default.copyItem(atPath: d[0].data, toPath: copy.data)
    for device in [d[0], copy, d[0], copy] { try device.run("sync", at: morning.plus(minutes: 2)) }
    let export = try d[0].export(at: morning)
    #expect(export.components(separatedBy: "\"Unsynced call\"").count == 2, "\(export)")
    #expect(try copy.export(at: morning) == export)
  }

  @Test func aDoneTaskKeepsItsCheckOffWhenItsDayIsUndoneElsewhere() throws {
    let dir = TemporaryDirectory()
    let d = try Self.devices(dir, count: 2, at: morning)
    var replicator = Replicator(random: SeededGenerator(seed: 34), devices: d)
    try d[0].run("add", "2", "Alpha", at: morning)
    try d[0].run("new-day", "10", at: morning)
    try d[0].run("plan", "1", at: morning)
    try Self.syncEverywhere(d, &replicator, at: morning)
    try d[1].run("done", "1", at: morning.plus(hours: 1))
    try d[0].run("undo", "2", at: morning.plus(hours: 2))  // the plan and the new day
    try d[0].run("sync", at: morning.plus(hours: 2))
    replicator.replicate(all: true)
    try Self.syncEverywhere(d, &replicator, at: morning.plus(hours: 3))
    for device in d {
      let shown = try device.run("show", "1", at: morning.plus(hours: 3), expect: nil)
      #expect(shown.stdout.contains("done") || shown.stdout.contains("checked off"), "\(device.name): \(shown)")
    }
  }

  @Test func aRoutinesTaskThatArrivesBeforeItsRoutineWaitsForIt() throws {
    let dir = TemporaryDirectory()
    let d = try Self.devices(dir, count: 2, at: morning)
    var replicator = Replicator(random: SeededGenerator(seed: 35), devices: d)
    try d[0].run("routine", "add", "1", "Take meds", at: morning)
    try d[0].run("sync", at: morning)
    try d[0].run("new-day", "10", at: nextMorning)
    try d[0].run("sync", at: nextMorning)
    // Only the second file reaches the desktop at first.
    let files = replicator.files(in: d[0].target).filter { $0.name.hasPrefix("0000000") }.sorted { $0.name < $1.name }
    let later = try #require(files.last)
    replicator.put(later.bytes, later.folder, later.name, in: d[1].target)
    let waiting = try d[1].run("sync", at: nextMorning)
    #expect(!waiting.stdout.contains("Take meds"))
    replicator.replicate(all: true)
    try d[1].run("sync", at: nextMorning)
    #expect(try d[1].run("todo", at: nextMorning).stdout.contains("Take meds"))
  }

  @Test func anUndoAfterASyncWaitsToBeSentLikeAnyChange() throws {
    let dir = TemporaryDirectory()
    let d = try Self.devices(dir, count: 1, at: morning)
    try d[0].run("add", "1", "Tea", at: morning)
    try d[0].run("sync", at: morning)
    try d[0].run("undo", at: morning)
    #expect(try d[0].run("sync", "--status", at: morning).stdout.contains("wait to be sent"))
    #expect(try d[0].run("sync", at: morning).stdout.contains("sent 1 change"))
  }

  @Test func puttingPlannerBakBackAfterASyncStillSyncs() throws {
    let dir = TemporaryDirectory()
    let d = try Self.devices(dir, count: 1, at: morning)
    try d[0].run("add", "1", "Tea", at: morning)
    try d[0].run("sync", at: morning)
    try d[0].run("add", "1", "Coffee", at: morning)
    try d[0].run("sync", at: morning)
    let planner = d[0].data + "/planner.txt"
    try FileManager.default.removeItem(atPath: planner)
    try FileManager.default.copyItem(atPath: planner + ".bak", toPath: planner)
    try d[0].run("sync", at: morning)
  }
}
