#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import SpoonsCore

/// The shared folder devices sync through (a Syncthing or Dropbox folder, a network drive):
/// a marker file, and one folder per device that only that device writes.
///
/// ```
/// TARGET/spoons-sync.txt                  says the folder is a sync target
/// TARGET/devices/<device>/00000001.txt    that device's change files, never rewritten
/// ```
struct SyncFolder {
  static let markerName = "spoons-sync.txt"
  static let marker = FileFormat(name: "spoons-sync-target", version: 1)

  let path: String

  var devicesPath: String { path + "/devices" }
  func devicePath(_ device: DeviceID) -> String { devicesPath + "/" + device.text }

  /// Whether the folder is there and is a sync target: an unmounted drive or a folder not yet
  /// synced to this machine is not, and then nothing is read or written.
  var isReachable: Bool {
    (try? FileSystem.read(path + "/" + Self.markerName, limit: 4096))??
      .starts(with: Array("format\tname=spoons-sync-target\t".utf8)) ?? false
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
    do {
      try FileSystem.replace(path + "/" + Self.markerName, with: bytes, in: path, backup: nil)
    } catch { throw .store(error) }
  }

  /// The newest number among this device's own files (copies included), so a number is never
  /// used twice even when the last sync was cut short after writing its file.
  func highestSeq(of device: DeviceID) -> Int {
    (FileSystem.names(in: devicePath(device)) ?? []).compactMap(ChangeFile.seq(ofFileNamed:)).max() ?? 0
  }

  /// Writes this device's next change file: whole under a temporary name, flushed, then
  /// renamed, so no other device ever reads half of it from this machine.
  func write(_ file: ChangeFile) throws(SyncError) {
    let directory = devicePath(file.device)
    do {
      if FileSystem.names(in: devicesPath) == nil { try FileSystem.prepareDirectory(devicesPath) }
      if FileSystem.names(in: directory) == nil { try FileSystem.prepareDirectory(directory) }
      try FileSystem.replace(
        directory + "/" + ChangeFile.fileName(file.seq), with: file.encode(), in: directory,
        backup: nil)
    } catch { throw .store(error) }
  }

  /// What the other devices' files hold that `seen` does not, and what could not be read yet.
  struct Incoming {
    var files: [(file: ChangeFile, sum: String)] = []
    /// Devices (by folder name) with a file still arriving.
    var arriving: Set<String> = []
    /// Files from a newer Spoons, as (device folder, format version).
    var newer: [(device: String, version: Int)] = []
    /// Files whose checksum holds but whose contents are not Spoons's.
    var damaged: [(path: String, reason: String)] = []
  }

  func read(except device: DeviceID, seen: Set<String>) -> Incoming {
    var incoming = Incoming()
    for folder in (FileSystem.names(in: devicesPath) ?? []).sorted() where folder != device.text {
      guard !folder.hasPrefix(".") else { continue }
      let directory = devicesPath + "/" + folder
      for name in (FileSystem.names(in: directory) ?? []).sorted() {
        guard ChangeFile.seq(ofFileNamed: name) != nil else { continue }
        let path = directory + "/" + name
        guard let bytes = (try? FileSystem.read(path, limit: 256 << 20)) ?? nil else {
          incoming.arriving.insert(folder)
          continue
        }
        switch ChangeFile.read(bytes) {
        case .whole(let file, let sum):
          // A copy a tool made of a file already read (or of itself) is the same file.
          let key = SyncBase.key(file.device, file.seq, sum)
          guard file.device != device, !seen.contains(key),
            !incoming.files.contains(where: { SyncBase.key($0.file.device, $0.file.seq, $0.sum) == key })
          else { continue }
          incoming.files.append((file, sum))
        case .incomplete: incoming.arriving.insert(folder)
        case .newer(let version): incoming.newer.append((folder, version))
        case .damaged(let reason): incoming.damaged.append((path, reason))
        }
      }
    }
    return incoming
  }

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

/// Why a sync did nothing. Nothing was changed, here or in the shared folder.
public enum SyncError: Error, Equatable, Sendable, CustomStringConvertible {
  /// `sync` before `sync --init`.
  case notSetUp
  /// The shared folder is missing or not a sync target (unmounted, not synced here yet).
  case unreachable(String)
  /// `sync --init` of a folder that holds other files.
  case notEmpty(String)
  /// `sync --init` of a folder inside the data directory, or the other way round.
  case nested(target: String, data: String)
  /// `sync --init` when this planner already syncs elsewhere.
  case alreadySetUp(String)
  /// A change file held a value no Spoons writes.
  case unreadable(device: String, problem: String)
  case store(StoreError)

  public var description: String {
    switch self {
    case .notSetUp:
      return "this planner does not sync yet; to start, name a shared folder: "
        + "spoons sync --init ~/Sync/spoons"
    case .unreachable(let path):
      return "could not reach \(path) (is it mounted, or not synced to this machine yet?); "
        + "your changes are safe here and nothing was changed"
    case .notEmpty(let path):
      return "\(path) already holds other files; name an empty folder (it is created if "
        + "missing) or one Spoons syncs with; nothing was changed"
    case .nested(let target, let data):
      return "\(target) and the data directory \(data) must not be inside each other; "
        + "name a folder elsewhere; nothing was changed"
    case .alreadySetUp(let path):
      return "this planner already syncs with \(path); nothing was changed"
    case .unreadable(let device, let problem):
      return "could not use the changes from \(device): \(problem); nothing was changed"
    case .store(let error): return error.description
    }
  }
}
