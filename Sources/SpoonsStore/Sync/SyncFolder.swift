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
struct SyncFolder: SyncTransport {
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


  /// Nothing to fetch: the folder must only be there. Each device's own files are its own
  /// folder's, which no other device writes.
  func refresh(as device: DeviceID?, sent: Int) throws(SyncError) {
    guard isReachable else { throw .unreachable(path) }
  }

  func ownFiles(after sent: Int, of device: DeviceID, seen: Set<String>)
    -> [(file: ChangeFile, sum: String)]
  {
    var files: [(file: ChangeFile, sum: String)] = []
    for name in (FileSystem.names(in: devicePath(device)) ?? []).sorted()
    where (ChangeFile.seq(ofFileNamed: name) ?? 0) > sent {
      guard let bytes = (try? FileSystem.read(devicePath(device) + "/" + name, limit: 256 << 20)) ?? nil,
        case .whole(let file, let sum) = ChangeFile.read(bytes), file.device == device,
        !seen.contains(SyncBase.key(file, sum))
      else { continue }
      files.append((file, sum))
    }
    return files
  }

  func read(except device: DeviceID, seen: Set<String>) -> SyncIncoming {
    var incoming = SyncIncoming()
    let read = SyncIncoming.namesRead(seen)
    for folder in (FileSystem.names(in: devicesPath) ?? []).sorted() where folder != device.text {
      guard !folder.hasPrefix(".") else { continue }
      let directory = devicesPath + "/" + folder
      for name in (FileSystem.names(in: directory) ?? []).sorted() {
        guard SyncIncoming.isSyncFile(name), !read.contains(folder + "/" + name) else { continue }
        let path = directory + "/" + name
        incoming.take(
          (try? FileSystem.read(path, limit: 256 << 20)) ?? nil, folder: folder, name: name,
          path: path, except: device, seen: seen)
      }
      incoming.devices.insert(folder)
    }
    return incoming
  }

  /// Each file whole under a temporary name, flushed, then renamed (in name order, so a
  /// change file comes before the acks that count it), so no other device ever reads half of
  /// one from this machine; then the removals.
  func updateOwn(
    _ device: DeviceID, name: String, writing files: [String: [UInt8]], removing: Set<String>
  ) throws(SyncError) {
    let directory = devicePath(device)
    do {
      if FileSystem.names(in: devicesPath) == nil { try FileSystem.prepareDirectory(devicesPath) }
      if FileSystem.names(in: directory) == nil { try FileSystem.prepareDirectory(directory) }
      for (file, bytes) in files.sorted(by: { $0.key < $1.key }) {
        try FileSystem.replace(directory + "/" + file, with: bytes, in: directory, backup: nil)
      }
    } catch { throw .store(error) }
    FileSystem.removeFiles(in: directory) { removing.contains($0) }
  }

  func ownNames(_ device: DeviceID) -> [String] { FileSystem.names(in: devicePath(device)) ?? [] }

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
