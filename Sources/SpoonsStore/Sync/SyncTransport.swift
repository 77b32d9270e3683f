import SpoonsCore
import SpoonsSync

/// Where devices leave their change files for each other: a shared folder (`SyncFolder`) or
/// a git remote (`GitTarget`). Each device writes only its own files, numbered and never
/// rewritten; what is read is the same either way, and `SyncIncoming` makes sense of it.
protocol SyncTransport {
  /// Makes the target ready for `sync --init`: a folder made a sync target, a remote asked
  /// whether it answers. Writes nothing in the data directory.
  func create() throws(SyncError)

  /// Brings what the other devices wrote within reach, or throws when the target cannot be
  /// reached: a folder must be mounted; git fetches. Runs under the exclusive lock, before
  /// anything is written here. With `device`, also checks that this device's own files
  /// there are all this data directory's (`sent`: its newest as the synced state says).
  func refresh(as device: DeviceID?, sent: Int) throws(SyncError)

  /// The newest number among this device's own files, so a number is never used twice.
  func highestSeq(of device: DeviceID) throws(SyncError) -> Int

  /// What the other devices' files hold that `seen` does not, and what could not be read yet.
  func read(except device: DeviceID, seen: Set<String>) throws(SyncError) -> SyncIncoming

  /// Writes this device's own files (its next change file, its `acks.txt`, a snapshot, and
  /// through a folder its `device.txt`), each whole, the change files durable before what
  /// counts on them, and removes others of its own (change files every device has read).
  /// Through git, one commit and one push.
  func updateOwn(
    _ device: DeviceID, name: String, writing files: [String: [UInt8]], removing: Set<String>
  ) throws(SyncError)

  /// The names of this device's own files.
  func ownNames(_ device: DeviceID) throws(SyncError) -> [String]

  /// This device's own change files numbered after `sent`: written by a sync of this
  /// directory that was stopped before it committed, or by this directory before it was put
  /// back from a backup. Taken in like any other device's, nothing they hold is lost.
  func ownFiles(after sent: Int, of device: DeviceID, seen: Set<String>) -> [(file: ChangeFile, sum: String)]
}

extension SyncTransport {
  func ownFiles(after sent: Int, of device: DeviceID, seen: Set<String>) -> [(file: ChangeFile, sum: String)] { [] }
}

/// What the other devices' change files hold, file by file: the one place a change file
/// found in a folder or on a remote is read, sorted out and told apart from copies of it.
struct SyncIncoming {
  var files: [(file: ChangeFile, sum: String)] = []
  /// Devices (by folder name) with a file still arriving.
  var arriving: Set<String> = []
  /// Files from a newer Spoons, as (device folder, format version).
  var newer: [(device: String, version: Int)] = []
  /// Files and folders set aside, unread or not taken in, with what is wrong with each: a
  /// link, a named pipe, a file too large, a checksum that holds over contents that are not
  /// Spoons's. Never removed (they are not this device's); read again next time.
  var damaged: [(path: String, reason: String)] = []
  /// This device's own folder is not a real folder in the target (a link, a file): nothing
  /// is written there or removed from it.
  var ownFolderRefused = false
  /// Something not a file lies where this device writes its `device.txt` (a folder, a link):
  /// that one file is not written, and everything else syncs.
  var deviceFileRefused = false
  /// Where each file taken in was found, by its key, to name one that must be set aside.
  var paths: [String: String] = [:]
  /// Every other device found (by folder name), whether or not it had anything new.
  var devices: Set<String> = []
  /// What each other device has read (its `acks.txt`), by device folder.
  var acks: [String: AckFile] = [:]

  /// Keys of the files taken in so far, to tell a copy of one from a new file.
  private var taken = Set<String>()

  /// The change files `seen` holds, as `<device>/<file name>`: never rewritten, so a sync
  /// need not read again one it has taken in (copies a tool made, under other names, still
  /// are, and are told apart by their checksum).
  static func namesRead(_ seen: Set<String>) -> Set<String> {
    var names = Set<String>()
    for key in seen {
      let parts = key.split(separator: " ")
      if parts.count == 3, let seq = Int(parts[1]) {
        names.insert("\(parts[0])/\(ChangeFile.fileName(seq))")
      }
    }
    return names
  }

  /// Whether a file in a device's folder is one sync reads: change files, snapshots, the
  /// acks file, and the copies tools make of them.
  static func isSyncFile(_ name: String) -> Bool {
    ChangeFile.seq(ofFileNamed: name) != nil || ChangeFile.seq(ofSnapshotNamed: name) != nil
      || AckFile.isAckFileName(name)
  }

  /// Sets aside what is at `path`: named in the sync's report with `reason`, never removed.
  mutating func setAside(_ path: String, _ reason: String) {
    damaged.append((path, reason))
  }

  /// Takes in one file of the device folder `folder`: `bytes` nil when it could not be read
  /// (still arriving). Skips this device's own files and those in `seen` or taken already.
  mutating func take(
    _ bytes: [UInt8]?, folder: String, name: String, path: String, except device: DeviceID,
    seen: Set<String>
  ) {
    devices.insert(folder)
    if AckFile.isAckFileName(name) {
      // Copies of an older acks file only ever say less: the most read wins.
      guard let bytes, let file = AckFile.read(bytes), file.device.text == folder else { return }
      var merged = acks[folder] ?? file
      for (other, upto) in file.acks { merged.acks[other] = max(merged.acks[other] ?? 0, upto) }
      merged.forget.formUnion(file.forget)
      acks[folder] = merged
      return
    }
    guard let bytes else {
      arriving.insert(folder)
      return
    }
    switch ChangeFile.read(bytes) {
    case .whole(let file, let sum):
      // A copy a tool made of a file already read (or of itself) is the same file.
      let key = SyncBase.key(file, sum)
      guard file.device.text == folder else {
        // Taken in, it would count as that device's file of its number, which then goes unread.
        setAside(
          path, "it says it is from device \(file.device), not from the one whose folder holds it")
        return
      }
      guard file.device != device, !seen.contains(key), taken.insert(key).inserted else { return }
      files.append((file, sum))
      paths[key] = path
    case .incomplete: arriving.insert(folder)
    case .newer(let version): newer.append((folder, version))
    case .damaged(let reason): damaged.append((path, reason))
    }
  }
}
