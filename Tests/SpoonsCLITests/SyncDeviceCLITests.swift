import Foundation
import SpoonsCore
import SpoonsTestSupport
import Testing

/// Which device a data directory is, and what it is called: an id kept in the data directory,
/// a name that is only a label (`SPOONS_TEST_HOSTNAME` stands for the host name).
@Suite(.serialized) struct SyncDeviceCLITests {
  /// A data directory in `dir` syncing through the one folder `shared`, on the host `host`.
  static func device(_ name: String, in dir: TemporaryDirectory, shared: String, host: String)
    -> Device
  {
    Device(
      name: name, data: dir.file(name), target: shared,
      environment: ["SPOONS_TEST_HOSTNAME": host])
  }

  static func on(_ device: Device, host: String) -> Device {
    var moved = device
    moved.environment["SPOONS_TEST_HOSTNAME"] = host
    return moved
  }

  static func devices(in shared: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: shared + "/devices").sorted()
  }

  @Test func aNewHostNameKeepsTheDeviceAndItsName() throws {
    let dir = TemporaryDirectory()
    let shared = dir.file("shared")
    let laptop = Self.device("laptop", in: dir, shared: shared, host: "oldbox")
    try laptop.run("sync", "--init", shared, at: morning)
    let id = try SyncCLITests.deviceID(laptop)
    #expect(try laptop.run("sync", "--status", at: morning).stdout.contains("as oldbox;"))
    let renamed = Self.on(laptop, host: "newbox")
    try renamed.run("add", "2", "After the new host name", at: morning.plus(minutes: 1))
    let synced = try renamed.run("sync", at: morning.plus(minutes: 2))
    #expect(!synced.stdout.contains("copied or moved"), "\(synced.stdout)")
    #expect(!synced.stdout.contains("new device"), "\(synced.stdout)")
    #expect(synced.stdout.contains("sent 1 change"), "\(synced.stdout)")
    #expect(try SyncCLITests.deviceID(renamed) == id)
    #expect(try Self.devices(in: shared) == [id], "no second device in the folder")
    let status = try renamed.run("sync", "--status", at: morning.plus(minutes: 3)).stdout
    #expect(status.contains("as oldbox;") && status.contains("oldbox  (\(id))  this one"), "\(status)")
  }

  @Test func twoDataDirectoriesOnOneHostAreToldApartAndARenameReachesTheOthers() throws {
    let dir = TemporaryDirectory()
    let shared = dir.file("shared")
    let a = Self.device("a", in: dir, shared: shared, host: "box")
    let b = Self.device("b", in: dir, shared: shared, host: "box")
    try a.run("sync", "--init", shared, at: morning)
    try b.run("sync", "--init", shared, at: morning)
    let (idA, idB) = (try SyncCLITests.deviceID(a), try SyncCLITests.deviceID(b))
    let before = try b.run("sync", "--status", at: morning).stdout
    #expect(before.contains("as box-2;"), "\(before)")
    #expect(before.contains("  box  (\(idA))"), "\(before)")

    let told = try a.run("sync", "--name", "Study PC", at: morning)
    #expect(told.stdout == "This device is now called Study PC (it was box); the other devices "
      + "see the new name after its next sync.\n")
    #expect(try a.run("sync", "--status", at: morning).stdout.contains("as Study PC;"))
    try a.run("add", "2", "From the study", at: morning.plus(minutes: 1))
    try a.run("sync", at: morning.plus(minutes: 2))
    let got = try b.run("sync", at: morning.plus(minutes: 3)).stdout
    #expect(got.contains("got 1 change from Study PC"), "\(got)")
    let after = try b.run("sync", "--status", at: morning.plus(minutes: 4)).stdout
    #expect(after.contains("  Study PC  (\(idA))") && !after.contains("  box  ("), "\(after)")

    // A rename with nothing else to send reaches the others too.
    try b.run("sync", "--name", "Kitchen", at: morning.plus(minutes: 5))
    try b.run("sync", at: morning.plus(minutes: 5))
    try a.run("sync", at: morning.plus(minutes: 6))
    let seen = try a.run("sync", "--status", at: morning.plus(minutes: 6)).stdout
    #expect(seen.contains("  Kitchen  (\(idB))"), "\(seen)")

    // Another device's name is refused; so is one that is not a name.
    let taken = try a.run("sync", "--name", "kitchen", at: morning, expect: 1)
    #expect(taken.stderr.contains("another device (\(idB)) is already called kitchen"))
    for (name, why) in [
      ("", "a device's name cannot be empty"),
      (String(repeating: "x", count: 41), "the device's name is 41 characters long; at most 40"),
      ("bad\u{7}name", "the device's name contains the control character U+0007"),
    ] {
      let refused = try a.run("sync", "--name", name, at: morning, expect: 64)
      #expect(refused.stderr.contains(why), "\(refused.stderr)")
      #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
    }
    #expect(try a.run("sync", "--status", at: morning).stdout.contains("as Study PC;"))
    let forgot = try b.run("sync", "--forget", "study pc", at: morning.plus(minutes: 7))
    #expect(forgot.stdout.hasPrefix("Forgot Study PC (\(idA))"), "\(forgot.stdout)")
  }

  /// Devices that joined apart may share a name: `--forget` by it is refused, naming both
  /// ids, and either id is taken.
  @Test func forgettingANameTwoDevicesShareNamesBothIds() throws {
    let dir = TemporaryDirectory()
    var d: [Device] = []
    for name in ["laptop", "desktop", "phone"] {
      // Each joins its own copy of the folder, so none knows of the others yet.
      let device = Self.device(name, in: dir, shared: dir.file("shared-" + name), host: "box")
      if let first = d.first {
        try FileManager.default.createDirectory(atPath: device.target, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
          atPath: first.target + "/spoons-sync.txt", toPath: device.target + "/spoons-sync.txt")
      }
      try device.run("sync", "--init", device.target, at: morning)
      d.append(device)
    }
    var replicator = Replicator(random: SeededGenerator(seed: 40), devices: d)
    try SyncCLITests.syncEverywhere(d, &replicator, at: morning)
    let ids = try d.map(SyncCLITests.deviceID)
    let refused = try d[0].run("sync", "--forget", "box", at: morning, expect: 1)
    let others = ids.dropFirst().sorted()
    #expect(
      refused.stderr.contains("more than one device is called box")
        && refused.stderr.contains("(ids: \(others[0]), \(others[1]))"), "\(refused.stderr)")
    let forgot = try d[0].run("sync", "--forget", ids[2], at: morning)
    #expect(forgot.stdout.hasPrefix("Forgot box (\(ids[2]))"), "\(forgot.stdout)")
  }

  /// The same data directory on two machines, at the same path: the second to sync finds
  /// the other's token in the folder and becomes a new device, named after its host; both
  /// keep everything.
  @Test func aCopyAtTheSamePathOnAnotherMachineBecomesANewDevice() throws {
    let dir = TemporaryDirectory()
    let shared = dir.file("shared")
    let laptop = Self.device("spoons", in: dir, shared: shared, host: "laptop")
    try laptop.run("add", "1", "Before the copy", at: morning)
    try laptop.run("sync", "--init", shared, at: morning)
    let id = try SyncCLITests.deviceID(laptop)
    let desktopsCopy = dir.file("desktop-disk")
    try FileManager.default.copyItem(atPath: laptop.data, toPath: desktopsCopy)
    try laptop.run("add", "2", "On the laptop", at: morning.plus(minutes: 1))
    try laptop.run("sync", at: morning.plus(minutes: 2))

    // The desktop's copy, at the same path there.
    let laptopsDisk = dir.file("laptop-disk")
    try FileManager.default.moveItem(atPath: laptop.data, toPath: laptopsDisk)
    try FileManager.default.moveItem(atPath: desktopsCopy, toPath: laptop.data)
    let desktop = Self.on(laptop, host: "desktop")
    try desktop.run("add", "3", "On the desktop", at: morning.plus(minutes: 3))
    let found = try desktop.run("sync", at: morning.plus(minutes: 4)).stdout
    #expect(
      found.contains("Another copy of this data directory has synced as this device since")
        && found.contains("it now syncs as a new device, desktop,")
        && found.contains("spoons sync --forget \(id)"), "\(found)")
    let newID = try SyncCLITests.deviceID(desktop)
    #expect(newID != id)
    #expect(try Self.devices(in: shared) == [id, newID].sorted())
    #expect(try desktop.run("list", at: morning).stdout.contains("On the laptop"))
    #expect(!(try desktop.run("sync", at: morning.plus(minutes: 5)).stdout.contains("copy")))

    try FileManager.default.moveItem(atPath: laptop.data, toPath: desktopsCopy)
    try FileManager.default.moveItem(atPath: laptopsDisk, toPath: laptop.data)
    let back = try laptop.run("sync", at: morning.plus(minutes: 6)).stdout
    #expect(!back.contains("copy") && back.contains("from desktop"), "\(back)")
    #expect(try SyncCLITests.deviceID(laptop) == id)
    let list = try laptop.run("list", at: morning).stdout
    #expect(list.contains("On the desktop") && list.contains("Before the copy"), "\(list)")
  }

  /// A `sync.txt` from before (version 1, naming the machine) on a machine since renamed:
  /// the same device, and the file is written anew without the machine.
  @Test func anOlderSetupNamingAnotherMachineKeepsItsDevice() throws {
    let dir = TemporaryDirectory()
    let shared = dir.file("shared")
    let laptop = Self.device("laptop", in: dir, shared: shared, host: "newbox")
    try laptop.run("sync", "--init", shared, at: morning)
    let id = try SyncCLITests.deviceID(laptop)
    let path = laptop.data + "/sync.txt"
    let written = try String(contentsOfFile: path, encoding: .utf8)
    let line = try #require(written.split(separator: "\n").first { $0.hasPrefix("device\t") })
    let data = try #require(line.split(separator: "\t").first { $0.hasPrefix("dir=") })
    let old = "format\tname=spoons-sync\tversion=1\ntarget\tpath=\(shared)\n"
      + "device\tid=\(id)\tname=oldbox\tmachine=oldbox\t\(data)\n"
    try old.write(toFile: path, atomically: true, encoding: .utf8)
    // As a Spoons from before wrote none.
    try? FileManager.default.removeItem(atPath: shared + "/devices/\(id)/device.txt")
    try laptop.run("add", "1", "After the upgrade", at: morning.plus(minutes: 1))
    let synced = try laptop.run("sync", at: morning.plus(minutes: 2)).stdout
    #expect(!synced.contains("copied or moved") && synced.contains("sent 1 change"), "\(synced)")
    #expect(try SyncCLITests.deviceID(laptop) == id)
    let now = try String(contentsOfFile: path, encoding: .utf8)
    #expect(now.hasPrefix("format\tname=spoons-sync\tversion=2\n") && !now.contains("machine="))
    #expect(now.contains("\tname=oldbox\t"), "\(now)")
  }

  /// The warning for a data directory inside a replicated folder names a setting Spoons
  /// reads.
  @Test func theWarningForADataDirectoryInDropboxNamesARealSetting() throws {
    let dir = TemporaryDirectory()
    let inDropbox = Device(name: "laptop", data: dir.file("Dropbox") + "/spoons", target: dir.file("shared"))
    try FileManager.default.createDirectory(atPath: dir.file("Dropbox"), withIntermediateDirectories: true)
    let joined = try inDropbox.run("sync", "--init", inDropbox.target, at: morning).stdout
    #expect(joined.contains("Warning: the data directory is inside"), "\(joined)")
    #expect(joined.contains("set SPOONS_HOME, or run spoons --data DIR"), "\(joined)")
    #expect(!joined.contains("SPOONS_DIR"))
    // And that setting is the data directory's.
    let elsewhere = dir.file("elsewhere")
    let moved = try spoons(["add", "1", "Tea"], environment: ["SPOONS_HOME": elsewhere])
    #expect(moved.status == 0)
    #expect(FileManager.default.fileExists(atPath: elsewhere + "/planner.txt"))
  }
}
