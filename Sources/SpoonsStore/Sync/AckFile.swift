import SpoonsCore
import SpoonsSync

/// What one device has read of the others' files: `devices/<device>/acks.txt`, rewritten by
/// that device alone (whole, then renamed) whenever it has read more.
///
/// ```
/// format  name=spoons-acks  version=1
/// from    device=k3v9q2m8ta  name=laptop
/// ack     device=d8fh3k2m9q  upto=41        every file of that device up to 41 is read
/// forget  device=q2m8tak3v9                 gone for good (`sync --forget`)
/// end     records=2  sum=9f2c0a1b33e4d5f6
/// ```
///
/// A device removes its own change files only once every device it knows of, except the
/// forgotten ones, has read them: one offline for a month holds that back rather than miss
/// anything.
struct AckFile: Equatable {
  static let format = FileFormat(name: "spoons-acks", version: 1)
  static let fileName = "acks.txt"

  var device: DeviceID
  var name: String
  var acks: [String: Int] = [:]
  var forget: Set<String> = []

  /// `acks.txt`, and the copies tools make of it (`acks.sync-conflict-....txt`).
  static func isAckFileName(_ name: String) -> Bool {
    name.hasPrefix("acks") && name.hasSuffix(".txt")
  }

  func encode() -> [UInt8] {
    var out: [UInt8] = []
    Self.format.encodeHeader(to: &out)
    out.append(contentsOf: "from".utf8)
    RecordCodec.field("device", device.text, to: &out)
    RecordCodec.field("name", name, to: &out, escape: true)
    out.append(10)
    for (device, upto) in acks.sorted(by: { $0.key < $1.key }) {
      out.append(contentsOf: "ack".utf8)
      RecordCodec.field("device", device, to: &out)
      RecordCodec.field("upto", String(upto), to: &out)
      out.append(10)
    }
    for device in forget.sorted() {
      out.append(contentsOf: "forget".utf8)
      RecordCodec.field("device", device, to: &out)
      out.append(10)
    }
    let sum = ChangeFile.checksum(out)
    out.append(contentsOf: "end".utf8)
    RecordCodec.field("records", String(acks.count + forget.count), to: &out)
    RecordCodec.field("sum", sum, to: &out)
    out.append(10)
    return out
  }

  /// The file, or nil when it is not whole (still arriving), not Spoons's, or newer.
  static func read(_ bytes: [UInt8]) -> AckFile? {
    guard bytes.last == 10 else { return nil }
    let start = (bytes.dropLast().lastIndex(of: 10) ?? -1) + 1
    let endLine = Array(bytes[start...])
    var file = AckFile(device: DeviceID("x")!, name: "")
    var sawFrom = false
    var counted = -1
    do {
      var sum = ""
      try RecordCodec.forEachRecord(in: endLine) { record throws(DecodeError) in
        guard record.isKind("end") else { throw DecodeError(line: 1, reason: "no end") }
        counted = try record.int("records")
        sum = try record.string("sum")
      }
      guard sum == ChangeFile.checksum(bytes[..<start]) else { return nil }
      try RecordCodec.forEachRecord(in: Array(bytes[..<start])) { record throws(DecodeError) in
        if record.line == 1 {
          _ = try format.checkHeader(record)
          return
        }
        switch record.kind {
        case "from":
          guard let device = DeviceID(try record.string("device")) else {
            throw DecodeError(line: record.line, reason: "a bad device id")
          }
          file.device = device
          file.name = try record.string("name")
          sawFrom = true
        case "ack": file.acks[try record.string("device")] = try record.int("upto", in: 0...99_999_999)
        case "forget": file.forget.insert(try record.string("device"))
        default: throw DecodeError(line: record.line, reason: "unknown record")
        }
      }
    } catch { return nil }
    guard sawFrom, counted == file.acks.count + file.forget.count else { return nil }
    return file
  }
}
