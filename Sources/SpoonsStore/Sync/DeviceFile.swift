import SpoonsCore
import SpoonsSync

/// Which data directory last synced as a device through a shared folder:
/// `devices/<device>/device.txt`, rewritten by that device alone (whole, then renamed) with
/// each sync that writes there.
///
/// ```
/// format  name=spoons-device  version=1
/// device  id=k3v9q2m8ta  name=laptop  instance=7hq2m4x9ab
/// end     sum=9f2c0a1b33e4d5f6
/// ```
///
/// `instance` is a new random token each time, recorded in the directory's `sync.txt` before
/// it is written here (see `SyncSetup`): a token there that this directory never wrote was
/// written by another copy of it. Other devices never read this file.
struct DeviceFile: Equatable {
  static let format = FileFormat(name: "spoons-device", version: 1)
  static let fileName = "device.txt"

  var device: DeviceID
  var name: String
  var instance: String

  func encode() -> [UInt8] {
    var out: [UInt8] = []
    Self.format.encodeHeader(to: &out)
    out.append(contentsOf: "device".utf8)
    RecordCodec.field("id", device.text, to: &out)
    RecordCodec.field("name", name, to: &out, escape: true)
    RecordCodec.field("instance", instance, to: &out)
    out.append(10)
    let sum = ChangeFile.checksum(out)
    out.append(contentsOf: "end".utf8)
    RecordCodec.field("sum", sum, to: &out)
    out.append(10)
    return out
  }

  /// The file, or nil when it is not whole (still arriving, or cut short), not Spoons's, or
  /// newer: then it says nothing about who wrote it.
  static func read(_ bytes: [UInt8]) -> DeviceFile? {
    guard bytes.last == 10 else { return nil }
    let start = (bytes.dropLast().lastIndex(of: 10) ?? -1) + 1
    var sum: String?
    var file: DeviceFile?
    do {
      try RecordCodec.forEachRecord(in: Array(bytes[start...])) { record throws(DecodeError) in
        guard record.isKind("end") else { throw DecodeError(line: 1, reason: "no end") }
        sum = try record.string("sum")
      }
      guard sum == ChangeFile.checksum(bytes[..<start]) else { return nil }
      try RecordCodec.forEachRecord(in: Array(bytes[..<start])) { record throws(DecodeError) in
        if record.line == 1 {
          _ = try format.checkHeader(record)
          return
        }
        guard record.isKind("device"), let id = DeviceID(try record.string("id")) else {
          throw DecodeError(line: record.line, reason: "not a device line")
        }
        file = DeviceFile(
          device: id, name: try record.string("name"), instance: try record.string("instance"))
      }
    } catch { return nil }
    return file
  }
}

extension SyncFolder {
  /// The token in `device`'s `device.txt` here; nil when there is no such file that reads
  /// (none written yet, one a tool left cut short, or anything but a file: no link followed).
  func instance(of device: DeviceID) -> String? {
    guard case .opened(let root) = SyncDirectory.target(path),
      case .opened(let devices) = root.directory("devices"),
      case .opened(let own) = devices.directory(device.text),
      case .bytes(let bytes) = own.read(DeviceFile.fileName, limit: 64 << 10),
      let file = DeviceFile.read(bytes), file.device == device
    else { return nil }
    return file.instance
  }
}
