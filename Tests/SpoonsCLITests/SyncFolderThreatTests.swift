import Foundation
import SpoonsCore
import SpoonsSync
import SpoonsTestSupport
import Testing

@testable import SpoonsStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A shared folder written by a stranger: a laptop and a desktop sync through it, and a third
/// device, `mallory`, lays hostile files beside theirs. Whatever it lays, the laptop's sync
/// returns, names what it set aside, takes in the desktop's changes, and changes nothing
/// outside its data directory and its own device folder: not the notes beside the shared
/// folder, not a byte of the other devices' folders.
@Suite(.serialized) struct SyncFolderThreatTests {
  static let mallory = "mallory1"

  /// The scene: two devices joined to one shared folder, the desktop with a task sent, and a
  /// folder of notes beside it that no sync may touch.
  struct Scene {
    let dir = TemporaryDirectory()
    let shared: String
    let notes: String
    let laptop: Device
    let desktop: Device
    let laptopID: String
    let desktopID: String

    init() throws {
      shared = dir.file("shared")
      notes = dir.file("notes")
      laptop = Device(name: "laptop", data: dir.file("laptop"), target: shared)
      desktop = Device(name: "desktop", data: dir.file("desktop"), target: shared)
      try laptop.run("sync", "--init", shared, at: morning)
      try desktop.run("sync", "--init", shared, at: morning)
      laptopID = try SyncCLITests.deviceID(laptop)
      desktopID = try SyncCLITests.deviceID(desktop)
      try FileManager.default.createDirectory(atPath: notes, withIntermediateDirectories: true)
      for n in 1...120 {
        try dir.write("notes/" + ChangeFile.fileName(n), "Note \(n): not a change file.\n")
      }
      try desktop.run("add", "2", "From the desktop", at: morning)
      try desktop.run("sync", at: morning)
      try FileManager.default.createDirectory(
        atPath: folder(SyncFolderThreatTests.mallory), withIntermediateDirectories: true)
    }

    func folder(_ device: String) -> String { shared + "/devices/" + device }

    /// A whole change file from `device` setting `changes`.
    func changeFile(from device: String, seq: Int, _ changes: [SyncChange]) -> [UInt8] {
      ChangeFile(device: DeviceID(device)!, name: device, seq: seq, changes: changes).encode()
    }

    /// A task of `device`, as the desktop's file sets one, with `values` changed.
    func task(of device: String, _ values: [String: String], stamp: SyncStamp? = nil) throws
      -> [SyncChange]
    {
      let path = folder(desktopID) + "/00000001.txt"
      let bytes = try #require(FileManager.default.contents(atPath: path))
      guard case .whole(let file, _) = ChangeFile.read(Array(bytes)) else {
        Issue.record("the desktop's change file does not read")
        return []
      }
      let own = DeviceID(device)!
      return file.changes.filter { $0.entity.kind == .task }.map { change in
        SyncChange(
          entity: .task("\(device).1"), field: change.field,
          value: values[change.field] ?? change.value,
          stamp: stamp ?? SyncStamp(seconds: change.stamp.seconds, counter: 0, device: own))
      }
    }

    /// Everything beside the laptop's data directory and its own device folder, as lstat
    /// sees it: the notes, the shared folder's other files, each link's target.
    func surroundings() -> [String: String] {
      var all = tree(notes, as: "notes")
      let own = "shared/devices/\(laptopID)/"
      for (path, entry) in tree(shared, as: "shared") where !path.hasPrefix(own) {
        all[path] = entry
      }
      return all
    }

    /// Syncs the laptop after a change of its own, stopped (and failed) if it hangs.
    func syncLaptop(at now: Timestamp = morning.plus(minutes: 5), under prefix: [String] = [])
      throws -> RunResult
    {
      _ = try runWithin(30, laptop, ["add", "1", "From the laptop"], at: now)
      return try runWithin(30, laptop, ["sync"], at: now, under: prefix)
    }

    /// The sync returned, set `what` aside saying `why`, took in the desktop's task, and left
    /// the surroundings as they were; the desktop then gets the laptop's task.
    func expectSetAside(
      _ synced: RunResult, _ what: String, _ why: String, before: [String: String],
      laptopSends: Bool = true, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
      #expect(synced.status == 0, "\(synced.stdout)\(synced.stderr)", sourceLocation: sourceLocation)
      #expect(
        synced.stdout.contains("Left alone \(what): \(why)"), "\(synced.stdout)",
        sourceLocation: sourceLocation)
      #expect(
        try laptop.run("list", at: morning).stdout.contains("From the desktop"),
        sourceLocation: sourceLocation)
      let after = surroundings()
      #expect(after == before, "\(Self.changed(before, after))", sourceLocation: sourceLocation)
      try runWithin(30, desktop, ["sync"], at: morning.plus(minutes: 10))
      #expect(
        try desktop.run("list", at: morning).stdout.contains("From the laptop") == laptopSends,
        sourceLocation: sourceLocation)
    }

    static func changed(_ a: [String: String], _ b: [String: String]) -> String {
      Set(a.keys).union(b.keys).sorted().filter { a[$0] != b[$0] }
        .map { "\($0): \(a[$0] ?? "none") -> \(b[$0] ?? "none")" }.joined(separator: "\n")
    }
  }

  @Test func aLinkInPlaceOfThisDevicesFolderIsNeitherWrittenNorEmptied() throws {
    let s = try Scene()
    // The laptop's folder swapped for a link to the notes, and every other device claiming
    // to have read all of its files, so that it would compact (remove) them.
    let own = s.folder(s.laptopID)
    try FileManager.default.removeItem(atPath: own)
    try FileManager.default.createSymbolicLink(atPath: own, withDestinationPath: s.notes)
    for device in [SyncFolderThreatTests.mallory, s.desktopID] {
      var acks = AckFile(device: DeviceID(device)!, name: device)
      acks.acks = [s.laptopID: 99_999_999]
      try put(acks.encode(), s.folder(device) + "/acks.txt")
    }
    let before = s.surroundings()
    let synced = try s.syncLaptop()
    try s.expectSetAside(
      synced, own, "this device's own folder: it is a link", before: before, laptopSends: false)
    #expect(synced.stdout.contains("this device's changes wait here until it is a folder again"))
    // The link gone, the laptop's folder is made again and what it held back goes out.
    #expect(unlink(own) == 0)
    try runWithin(30, s.laptop, ["sync"], at: morning.plus(minutes: 20))
    try runWithin(30, s.desktop, ["sync"], at: morning.plus(minutes: 25))
    #expect(try s.desktop.run("list", at: morning).stdout.contains("From the laptop"))
  }

  /// A folder where the laptop's `acks.txt` goes: never removed (it is not a file), so the
  /// laptop writes nothing in its folder until it is gone, and still takes in the others'.
  @Test func aFolderInPlaceOfThisDevicesAcksFileHoldsBackOnlyItsWrites() throws {
    let s = try Scene()
    let acks = s.folder(s.laptopID) + "/acks.txt"
    try FileManager.default.removeItem(atPath: acks)
    try FileManager.default.createDirectory(atPath: acks, withIntermediateDirectories: false)
    let before = s.surroundings()
    let synced = try s.syncLaptop()
    try s.expectSetAside(
      synced, acks, "it lies in this device's own folder and is a folder, not a file",
      before: before, laptopSends: false)
    try FileManager.default.removeItem(atPath: acks)
    try runWithin(30, s.laptop, ["sync"], at: morning.plus(minutes: 20))
    try runWithin(30, s.desktop, ["sync"], at: morning.plus(minutes: 25))
    #expect(try s.desktop.run("list", at: morning).stdout.contains("From the laptop"))
  }

  /// A folder where the laptop's `device.txt` goes: named and left, and only that file is
  /// not written; the laptop still sends its changes and takes in the others'.
  @Test func aFolderInPlaceOfThisDevicesDeviceFileHoldsBackOnlyThatFile() throws {
    let s = try Scene()
    let file = s.folder(s.laptopID) + "/device.txt"
    try? FileManager.default.removeItem(atPath: file)
    try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: false)
    let before = s.surroundings()
    let synced = try s.syncLaptop()
    try s.expectSetAside(
      synced, file, "it lies in this device's own folder and is a folder, not a file",
      before: before)
    var isFolder: ObjCBool = false
    #expect(FileManager.default.fileExists(atPath: file, isDirectory: &isFolder) && isFolder.boolValue)
  }

  /// A link named like one of the laptop's change files in its own folder: named, never
  /// followed nor removed, and the laptop's next file takes a number past it.
  @Test func aLinkAmongThisDevicesOwnFilesIsNamedAndLeftAlone() throws {
    let s = try Scene()
    let link = s.folder(s.laptopID) + "/00000007.txt"
    try FileManager.default.createSymbolicLink(
      atPath: link, withDestinationPath: s.notes + "/00000001.txt")
    let before = s.surroundings()
    let synced = try s.syncLaptop()
    try s.expectSetAside(
      synced, link, "it lies in this device's own folder and is a link", before: before)
    let target = try FileManager.default.destinationOfSymbolicLink(atPath: link)
    #expect(target == s.notes + "/00000001.txt")
    #expect(FileManager.default.fileExists(atPath: s.folder(s.laptopID) + "/00000008.txt"))
  }

  @Test func aChangeFileLinkedToAFileOutsideIsNotFollowed() throws {
    let s = try Scene()
    // Outside the shared folder, a whole change file: followed, its task would arrive.
    let outside = s.notes + "/outside.txt"
    let task = try s.task(of: SyncFolderThreatTests.mallory, ["title": "Through a link"])
    try put(s.changeFile(from: SyncFolderThreatTests.mallory, seq: 1, task), outside)
    let link = s.folder(SyncFolderThreatTests.mallory) + "/00000001.txt"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: outside)
    let before = s.surroundings()
    let synced = try s.syncLaptop()
    try s.expectSetAside(synced, link, "it is a link", before: before)
    #expect(!(try s.laptop.run("list", at: morning).stdout.contains("Through a link")))
  }

  @Test func aNamedPipeNamedLikeAChangeFileDoesNotHangSync() throws {
    let s = try Scene()
    let pipe = s.folder(SyncFolderThreatTests.mallory) + "/00000002.txt"
    #expect(mkfifo(pipe, 0o644) == 0)
    try runWithin(30, s.laptop, ["sync", "--auto", "on"], at: morning)
    let before = s.surroundings()
    // With --auto on, the change itself syncs: it must return too.
    let added = try runWithin(30, s.laptop, ["add", "1", "From the laptop"], at: morning)
    #expect(added.status == 0, "\(added)")
    #expect(added.stderr.contains("Left alone \(pipe): it is a named pipe"), "\(added)")
    let synced = try s.syncLaptop()
    try s.expectSetAside(synced, pipe, "it is a named pipe, not a file", before: before)
  }

  @Test func aHugeSparseFileIsSetAsideUnread() throws {
    let s = try Scene()
    let huge = s.folder(SyncFolderThreatTests.mallory) + "/00000003.txt"
    let fd = open(huge, O_WRONLY | O_CREAT, 0o644)
    #expect(fd >= 0 && ftruncate(fd, 1 << 30) == 0)
    close(fd)
    let before = s.surroundings()
    let synced = try s.syncLaptop()
    try s.expectSetAside(
      synced, huge, "it is 1024 MB, larger than the 256 MB a sync file may be", before: before)
    // Not "still arriving", read at every sync: set aside by its size, each time.
    #expect(!synced.stdout.contains("still arriving"))
    let again = try runWithin(30, s.laptop, ["sync"], at: morning.plus(minutes: 30))
    #expect(again.stdout.contains("Left alone \(huge): it is 1024 MB"))
  }

  @Test func aValueOutOfRangeWithAGoodChecksumSetsAsideItsFileOnly() throws {
    let s = try Scene()
    let bad = s.folder(SyncFolderThreatTests.mallory) + "/00000004.txt"
    let task = try s.task(of: SyncFolderThreatTests.mallory, ["spoons": "99", "title": "Too many"])
    try put(s.changeFile(from: SyncFolderThreatTests.mallory, seq: 4, task), bad)
    let before = s.surroundings()
    let synced = try s.syncLaptop()
    try s.expectSetAside(
      synced, bad,
      "the synced value spoons=\"99\" of task:mallory1.1 is not one Spoons writes; nothing in it "
        + "was taken in", before: before)
    #expect(!(try s.laptop.run("list", at: morning).stdout.contains("Too many")))
  }

  @Test func aFileWhoseNameHoldsTwoDotsIsNotRead() throws {
    let s = try Scene()
    let dotted = s.folder(SyncFolderThreatTests.mallory) + "/00000005..txt"
    let task = try s.task(of: SyncFolderThreatTests.mallory, ["title": "Two dots"])
    try put(s.changeFile(from: SyncFolderThreatTests.mallory, seq: 5, task), dotted)
    let before = s.surroundings()
    let synced = try s.syncLaptop()
    try s.expectSetAside(synced, dotted, "its name is not one Spoons reads", before: before)
    #expect(!(try s.laptop.run("list", at: morning).stdout.contains("Two dots")))
  }

  @Test func aFileFromOneDeviceInAnothersFolderIsSetAside() throws {
    let s = try Scene()
    // Taken in, it would stand for the desktop's file 2, which would then go unread.
    let forged = s.folder(SyncFolderThreatTests.mallory) + "/00000002.txt"
    let task = try s.task(of: s.desktopID, ["title": "Forged"])
    try put(s.changeFile(from: s.desktopID, seq: 2, task), forged)
    let before = s.surroundings()
    let synced = try s.syncLaptop()
    try s.expectSetAside(
      synced, forged, "it says it is from device \(s.desktopID), not from the one whose folder "
        + "holds it", before: before)
  }

  /// A stamp far past any clock would freeze its field: nothing could follow it. Refused,
  /// the field still takes the laptop's later edit, and the desktop gets it.
  @Test func aStampFarAheadIsRefusedAndItsFieldStillSyncs() throws {
    let s = try Scene()
    let ahead = s.folder(SyncFolderThreatTests.mallory) + "/00000006.txt"
    // The title of the laptop's task-to-be (`<device>.<number>.<created>`), stamped with the
    // largest stamp a file may hold.
    let largest = SyncStamp(
      seconds: 1 << 40, counter: 1 << 40, device: DeviceID(SyncFolderThreatTests.mallory)!)
    let frozen = SyncChange(
      entity: .task("\(s.laptopID).1.\(morning.plus(minutes: 5).seconds)"), field: "title",
      value: "Frozen", stamp: largest)
    try put(s.changeFile(from: SyncFolderThreatTests.mallory, seq: 6, [frozen]), ahead)
    let before = s.surroundings()
    let synced = try s.syncLaptop()
    try s.expectSetAside(synced, ahead, "its changes are stamped", before: before)
    #expect(synced.stdout.contains("days ahead of this device's clock, more than the 30"))
    // The laptop's task is #2 now (the desktop's was made first); its title still moves.
    try s.laptop.run("edit", "2", "--title", "Renamed on the laptop", at: morning.plus(minutes: 40))
    try runWithin(30, s.laptop, ["sync"], at: morning.plus(minutes: 40))
    try runWithin(30, s.desktop, ["sync"], at: morning.plus(minutes: 45))
    #expect(try s.desktop.run("list", at: morning).stdout.contains("Renamed on the laptop"))
  }

  /// A device whose clock ran a year ahead: its files are refused by the others; once its
  /// clock is put right, what it changes from then on arrives again (fixing the clock is
  /// enough), and what it made while ahead waits until the time is within reach of it.
  @Test func aClockAYearAheadPutRightSyncsOnAtOnce() throws {
    let dir = TemporaryDirectory()
    let d = try SyncCLITests.devices(dir, count: 2, at: morning)
    var replicator = Replicator(random: SeededGenerator(seed: 3), devices: d)
    let (laptop, desktop) = (d[0], d[1])
    let yearAhead = morning.plus(days: 365)
    try laptop.run("add", "2", "Made a year ahead", at: yearAhead)
    try laptop.run("sync", at: yearAhead)
    replicator.replicate(all: true)
    let refused = try runWithin(30, desktop, ["sync"], at: morning.plus(minutes: 5))
    #expect(refused.stdout.contains("more than the 30"), "\(refused.stdout)")
    // The laptop's clock is put right.
    try laptop.run("add", "3", "Made after the fix", at: morning.plus(minutes: 10))
    try laptop.run("sync", at: morning.plus(minutes: 10))
    replicator.replicate(all: true)
    try runWithin(30, desktop, ["sync"], at: morning.plus(minutes: 15))
    let list = try desktop.run("list", at: morning.plus(minutes: 15)).stdout
    #expect(list.contains("Made after the fix") && !list.contains("Made a year ahead"), "\(list)")
  }

  /// Tests run as root, for whom a folder of mode 000 still opens: there the sync runs
  /// under `setpriv` without the capabilities that override file modes.
  @Test func anUnreadableDeviceFolderIsReported() throws {
    let s = try Scene()
    var prefix: [String] = []
    if geteuid() == 0 {
      guard let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].first(where: {
        FileManager.default.isExecutableFile(atPath: $0)
      }) else {
        print("skipped: as root without setpriv, a folder of mode 000 cannot be made unreadable")
        return
      }
      prefix = [setpriv, "--bounding-set", "-dac_override,-dac_read_search"]
    }
    let locked = s.folder("locked1")
    try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: true)
    let task = try s.task(of: "locked1", ["title": "Behind a lock"])
    try put(s.changeFile(from: "locked1", seq: 1, task), locked + "/00000001.txt")
    #expect(chmod(locked, 0) == 0)
    defer { chmod(locked, 0o700) }
    let before = s.surroundings()
    let synced = try s.syncLaptop(under: prefix)
    try s.expectSetAside(synced, locked, "it could not be read (Permission denied)", before: before)
  }
}

/// Writes `bytes` as the file at `path`.
private func put(_ bytes: [UInt8], _ path: String) throws {
  try Data(bytes).write(to: URL(fileURLWithPath: path))
}

/// Every entry under `path`, keyed by its path with `name` in place of `path`, as lstat sees
/// it: a file by its bytes (or its size, past a megabyte), a link by its target, never
/// followed; a named pipe is never opened.
func tree(_ path: String, as name: String) -> [String: String] {
  var entries: [String: String] = [:]
  var info = stat()
  guard lstat(path, &info) == 0 else { return entries }
  switch info.st_mode & S_IFMT {
  case S_IFDIR:
    entries[name + "/"] = "folder \(info.st_mode & 0o7777)"
    for child in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
      entries.merge(tree(path + "/" + child, as: name + "/" + child)) { $1 }
    }
  case S_IFLNK:
    let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path)
    entries[name] = "link to " + (target ?? "?")
  case S_IFREG where info.st_size <= 1 << 20:
    let bytes = FileManager.default.contents(atPath: path).map { $0.base64EncodedString() }
    entries[name] = "file " + (bytes ?? "unreadable")
  default:
    entries[name] = "\(info.st_mode & S_IFMT) of \(info.st_size) bytes"
  }
  return entries
}

/// Runs a device's command, killed (and recorded as a failure) past `seconds`: a sync that
/// hangs fails its test rather than blocking the suite. `prefix` runs it under another
/// program (`setpriv ...`).
@discardableResult
func runWithin(
  _ seconds: Double, _ device: Device, _ arguments: [String], at now: Timestamp,
  under prefix: [String] = []
) throws -> RunResult {
  var env = ProcessInfo.processInfo.environment
  env["NO_COLOR"] = nil
  env["SPOONS_HOME"] = device.data
  env["SPOONS_NOW"] = now.description
  env["HOME"] = "/nonexistent"
  for (k, v) in device.environment { env[k] = v }
  let scratch = TemporaryDirectory()
  let outPath = scratch.file("out"), errPath = scratch.file("err")
  FileManager.default.createFile(atPath: outPath, contents: nil)
  FileManager.default.createFile(atPath: errPath, contents: nil)
  let process = Process()
  let command = prefix + [spoonsBinary, "--data", device.data] + arguments
  process.executableURL = URL(fileURLWithPath: command[0])
  process.arguments = Array(command.dropFirst())
  process.environment = env
  process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
  process.standardOutput = FileHandle(forWritingAtPath: outPath)
  process.standardError = FileHandle(forWritingAtPath: errPath)
  try process.run()
  let deadline = Date().addingTimeInterval(seconds)
  while process.isRunning && Date() < deadline { usleep(10_000) }
  if process.isRunning {
    kill(process.processIdentifier, SIGKILL)
    Issue.record("\(device.name) \(arguments) did not return within \(Int(seconds)) s")
  }
  process.waitUntilExit()
  return RunResult(
    status: process.terminationStatus,
    stdout: String(decoding: FileManager.default.contents(atPath: outPath) ?? Data(), as: UTF8.self),
    stderr: String(decoding: FileManager.default.contents(atPath: errPath) ?? Data(), as: UTF8.self))
}
