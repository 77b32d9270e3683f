#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import SpoonsCore
import SpoonsSync

/// The shared folder devices sync through (a Syncthing or Dropbox folder, a network drive):
/// a marker file, and one folder per device that only that device writes.
///
/// ```
/// TARGET/spoons-sync.txt                  says the folder is a sync target
/// TARGET/devices/<device>/00000001.txt    that device's change files, never rewritten
/// ```
struct SyncFolder: SyncTransport {
  static let markerName = "spoons-sync.txt"
  static let marker = FileFormat(name: "spoons-sync-target", version: 1)

  let path: String

  var devicesPath: String { path + "/devices" }
  func devicePath(_ device: DeviceID) -> String { devicesPath + "/" + device.text }

  /// The target, opened: every file below it is reached through `SyncDirectory`, never by a
  /// path, so no link in it is followed.
  private func root() -> SyncDirectory? {
    guard case .opened(let root) = SyncDirectory.target(path) else { return nil }
    return root
  }

  /// `devices/`, or why it cannot be used.
  private func devices() -> SyncDirectory.Opening {
    root()?.directory("devices") ?? .missing
  }

  /// This device's own folder, when it is a real folder inside the target.
  private func ownFolder(_ device: DeviceID) -> SyncDirectory? {
    guard case .opened(let devices) = devices(),
      case .opened(let own) = devices.directory(device.text)
    else { return nil }
    return own
  }

  /// Whether the folder is there and is a sync target: an unmounted drive or a folder not yet
  /// synced to this machine is not, and then nothing is read or written.
  var isReachable: Bool {
    guard let root = root(), case .bytes(let bytes) = root.read(Self.markerName, limit: 4096)
    else { return false }
    return bytes.starts(with: Array("format\tname=spoons-sync-target\t".utf8))
  }

  /// Makes the folder a sync target: creates it when missing; an existing folder must be
  /// empty or a target already, so no other files get mixed in.
  func create() throws(SyncError) {
    if isReachable { return }
    if let names = FileSystem.names(in: path) {
      let visible = names.filter { !$0.hasPrefix(".") }
      guard visible.isEmpty else { throw .notEmpty(path) }
    } else {
      do { try FileSystem.prepareDirectory(path) } catch { throw .store(error) }
    }
    var bytes: [UInt8] = []
    Self.marker.encodeHeader(to: &bytes)
    guard let root = root() else { throw .unreachable(path) }
    do { try root.write(Self.markerName, bytes) } catch { throw .store(error) }
  }

  /// The newest number among this device's own files (copies included), so a number is never
  /// used twice even when the last sync was cut short after writing its file.
  func highestSeq(of device: DeviceID) -> Int {
    (ownFolder(device)?.names() ?? []).compactMap(ChangeFile.seq(ofFileNamed:)).max() ?? 0
  }

  /// Nothing to fetch: the folder must only be there. Each device's own files are its own
  /// folder's, which no other device writes.
  func refresh(as device: DeviceID?, sent: Int) throws(SyncError) {
    guard isReachable else { throw .unreachable(path) }
  }

  func ownFiles(after sent: Int, of device: DeviceID, seen: Set<String>)
    -> [(file: ChangeFile, sum: String)]
  {
    guard let own = ownFolder(device) else { return [] }
    var files: [(file: ChangeFile, sum: String)] = []
    for name in (own.names() ?? []).sorted() where (ChangeFile.seq(ofFileNamed: name) ?? 0) > sent {
      guard case .bytes(let bytes) = own.read(name),
        case .whole(let file, let sum) = ChangeFile.read(bytes), file.device == device,
        !seen.contains(SyncBase.key(file, sum))
      else { continue }
      files.append((file, sum))
    }
    return files
  }

  /// Every other device's folder, each file read through `SyncDirectory`: what cannot be
  /// read (a link, a named pipe, a file too large, a folder that cannot be opened) is set
  /// aside by name and the rest read on. A link or anything but a folder where this device's
  /// own folder should be is set aside too, and then nothing is written there.
  func read(except device: DeviceID, seen: Set<String>) -> SyncIncoming {
    var incoming = SyncIncoming()
    let devices: SyncDirectory
    switch self.devices() {
    case .opened(let opened): devices = opened
    case .missing: return incoming
    case .refused(let reason):
      incoming.setAside(devicesPath, reason)
      incoming.ownFolderRefused = true
      return incoming
    }
    guard let folders = devices.names() else {
      incoming.setAside(devicesPath, SyncDirectory.unreadable())
      incoming.ownFolderRefused = true
      return incoming
    }
    let read = SyncIncoming.namesRead(seen)
    for folder in folders.sorted() where !folder.hasPrefix(".") {
      let place = devicesPath + "/" + folder
      let opening = devices.directory(folder)
      if folder == device.text {
        checkOwn(opening, at: place, into: &incoming)
        continue
      }
      guard DeviceID(folder) != nil else {
        incoming.setAside(place, "it is not a device's folder (its name is not a device id)")
        continue
      }
      // A real folder is a device's, read or not: it holds compaction back until it acks.
      if devices.kind(of: folder) == .directory { incoming.devices.insert(folder) }
      guard case .opened(let directory) = opening else {
        if case .refused(let reason) = opening { incoming.setAside(place, reason) }
        continue
      }
      guard let names = directory.names() else {
        incoming.setAside(place, SyncDirectory.unreadable())
        continue
      }
      for name in names.sorted() where !name.hasPrefix(".") {
        guard SyncIncoming.isSyncFile(name), !read.contains(folder + "/" + name) else { continue }
        let path = place + "/" + name
        switch directory.read(name) {
        case .bytes(let bytes):
          incoming.take(bytes, folder: folder, name: name, path: path, except: device, seen: seen)
        case .missing: continue
        case .refused(let reason): incoming.setAside(path, reason)
        }
      }
    }
    return incoming
  }

  /// This device's own folder must be a real folder, and the files it rewrites there
  /// (`acks.txt`, its snapshot) must have no folder, link or pipe in their place, which it
  /// would never remove, not being files: else that is set aside and nothing is written
  /// there. What was to go there waits here, and goes out as a snapshot once it is put right
  /// (its files are then missing). Anything else there named like its files but not a file is
  /// named and left alone: a change file's number is always past every name there.
  private func checkOwn(
    _ opening: SyncDirectory.Opening, at place: String, into incoming: inout SyncIncoming
  ) {
    switch opening {
    case .missing: return
    case .refused(let reason):
      incoming.setAside(place, "this device's own folder: \(reason); nothing is written there, "
        + "and this device's changes wait here until it is a folder again")
      incoming.ownFolderRefused = true
    case .opened(let own):
      for name in (own.names() ?? []).sorted()
      where SyncIncoming.isSyncFile(name) && !name.hasPrefix(".") || name == DeviceFile.fileName {
        guard let kind = own.kind(of: name), !kind.isFile else { continue }
        if name == DeviceFile.fileName {
          incoming.setAside(
            place + "/" + name, "it lies in this device's own folder and "
              + kind.notAFile.dropFirst(3) + "; this device's device.txt is not written there "
              + "while it does (everything else syncs)")
          incoming.deviceFileRefused = true
          continue
        }
        let blocks = name == AckFile.fileName || ChangeFile.seq(ofSnapshotNamed: name) != nil
        incoming.setAside(
          place + "/" + name, "it lies in this device's own folder and "
            + kind.notAFile.dropFirst(3)
            + (blocks
              ? "; nothing is written there while it does, and this device's changes wait "
                + "here until it is put right" : ""))
        if blocks { incoming.ownFolderRefused = true }
      }
    }
  }

  /// Each file whole under a temporary name, flushed, then renamed, so no other device ever
  /// reads half of one from this machine; then the removals. The change files (and
  /// `device.txt`, which only this device reads) go first, and the folder is flushed once for
  /// them; then anything that counts on them (`acks.txt`, a snapshot), and the folder again:
  /// so a power cut never keeps a snapshot or the acks without the change files before them.
  /// Only inside this device's own folder, reached through real folders from the target
  /// (never a link), and only its own files: change files and snapshots (and the copies tools
  /// make of them, by name), and regular files.
  func updateOwn(
    _ device: DeviceID, name: String, writing files: [String: [UInt8]], removing: Set<String>
  ) throws(SyncError) {
    guard let root = root() else { throw .unreachable(path) }
    let own: SyncDirectory
    do {
      own = try root.makeDirectory("devices").makeDirectory(device.text)
      let first = files.filter {
        ChangeFile.seq(ofFileNamed: $0.key) != nil || $0.key == DeviceFile.fileName
      }
      for group in [first, files.filter { first[$0.key] == nil }] where !group.isEmpty {
        for (file, bytes) in group.sorted(by: { $0.key < $1.key }) {
          try own.write(file, bytes, flushingDirectory: false)
        }
        try own.flush()
      }
    } catch { throw .store(error) }
    for file in removing.sorted() where Self.isOwnFileName(file) { own.remove(file) }
  }

  /// Whether a device may remove a file of this name from its own folder: one of its change
  /// files or snapshots, or a copy a tool made of one. Nothing else there is its own.
  static func isOwnFileName(_ name: String) -> Bool {
    ChangeFile.seq(ofFileNamed: name) != nil || ChangeFile.seq(ofSnapshotNamed: name) != nil
  }

  func ownNames(_ device: DeviceID) -> [String] { ownFolder(device)?.names() ?? [] }

  /// Whether `directory` lies inside a folder a replicating tool manages (Dropbox, iCloud
  /// Drive, Syncthing): the data directory must not, since its lock holds on one machine only.
  static func replicatedFolder(containing directory: String) -> String? {
    var path = FileSystem.realPath(directory) ?? directory
    while !path.isEmpty && path != "/" {
      let last = path.split(separator: "/").last.map(String.init) ?? ""
      if last == "Dropbox" || last.hasPrefix("Dropbox (") || last == "Mobile Documents"
        || last == "iCloud Drive" || FileSystem.size(path + "/.stfolder") != nil
        || FileSystem.size(path + "/.dropbox") != nil
      {
        return path
      }
      path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
    }
    return nil
  }
}
