import SpoonsCore
import SpoonsSync

/// One device's changes from one sync: `TARGET/devices/<device>/<seq>.txt`, written once and
/// never rewritten.
///
/// ```
/// format  name=spoons-changes  version=1
/// from    device=k3v9q2m8ta  name=laptop  seq=12
/// set     entity=task:k3v9q2m8ta.41  field=title  stamp=1795340000.0.k3v9q2m8ta  value=Call mum's GP
/// end     changes=1  sum=9f2c0a1b33e4d5f6
/// ```
///
/// The end line counts the changes and carries a checksum of every byte before it, so a file a
/// replicating tool has only half copied is recognised and skipped until it is whole.
struct ChangeFile: Equatable {
  static let format = FileFormat(name: "spoons-changes", version: 1)

  var device: DeviceID
  /// The device's name for people ("laptop"): its host name when it joined.
  var name: String
  /// This file's number among the device's files: 1, 2, 3...
  var seq: Int
  var changes: [SyncChange]
  /// A snapshot (`snapshot-<seq>.txt`): every field the device knew after its file `seq`,
  /// written before it removes its own older files, so a device that joins later, or comes
  /// back after being forgotten, still finds everything.
  var snapshot = false
  /// For a snapshot: each device's files it includes, as the number up to which it had read
  /// them all (its own: `seq`).
  var covers: [String: Int] = [:]

  init(device: DeviceID, name: String, seq: Int, changes: [SyncChange], snapshot: Bool = false,
    covers: [String: Int] = [:])
  {
    self.device = device
    self.name = name
    self.seq = seq
    self.changes = changes
    self.snapshot = snapshot
    self.covers = covers
  }

  /// `snapshot-00000012.txt`.
  static func snapshotName(_ seq: Int) -> String { "snapshot-" + fileName(seq) }

  /// The number of a snapshot's file name (or of a copy a tool made of it).
  static func seq(ofSnapshotNamed name: String) -> Int? {
    guard name.hasPrefix("snapshot-") else { return nil }
    return seq(ofFileNamed: String(name.dropFirst(9)))
  }

  /// This file's name where its device keeps it.
  var storedName: String { snapshot ? Self.snapshotName(seq) : Self.fileName(seq) }

  /// `00000012.txt`: numbers sort as text, and a copy a tool makes of it
  /// (`00000012.sync-conflict-....txt`, `00000012 (conflicted copy).txt`) still starts so.
  static func fileName(_ seq: Int) -> String {
    let digits = String(seq)
    return String(repeating: "0", count: max(0, 8 - digits.count)) + digits + ".txt"
  }

  /// The number a file's name starts with, for this file and the copies tools make of it.
  static func seq(ofFileNamed name: String) -> Int? {
    guard name.hasSuffix(".txt"), !name.hasPrefix(".") else { return nil }
    let digits = name.prefix { $0.isASCII && $0.isNumber }
    guard digits.count == 8 else { return nil }
    return Int(digits)
  }

  func encode() -> [UInt8] {
    var out: [UInt8] = []
    Self.format.encodeHeader(to: &out)
    out.append(contentsOf: "from".utf8)
    RecordCodec.field("device", device.text, to: &out)
    RecordCodec.field("name", name, to: &out, escape: true)
    RecordCodec.field("seq", String(seq), to: &out)
    if snapshot { RecordCodec.field("snapshot", "1", to: &out) }
    out.append(10)
    for (device, upto) in covers.sorted(by: { $0.key < $1.key }) {
      out.append(contentsOf: "covers".utf8)
      RecordCodec.field("device", device, to: &out)
      RecordCodec.field("upto", String(upto), to: &out)
      out.append(10)
    }
    for change in changes { Self.encode(change, to: &out) }
    let sum = Self.checksum(out)
    out.append(contentsOf: "end".utf8)
    RecordCodec.field("changes", String(changes.count), to: &out)
    RecordCodec.field("sum", sum, to: &out)
    out.append(10)
    return out
  }

  /// A `set` record read back: what `encode(_:to:)` writes.
  static func decode(change record: RecordCodec.Record) throws(DecodeError) -> SyncChange {
    var reader = ChangeRecords()
    return try reader.change(record)
  }

  /// A `set` record. With `after` (the record right before it, in a file whose format carries
  /// them over: `SyncHistoryFile` from version 2, `SyncBase`'s checkpoint from version 5), a
  /// record of the same entity leaves out `entity=`, and `stamp=` too when that record's is
  /// the same (`ChangeRecords.carriesOver`).
  static func encode(
    _ change: SyncChange, after previous: SyncChange? = nil, to out: inout [UInt8]
  ) {
    RecordCodec.appendUTF8("set", to: &out)
    let sameEntity = previous?.entity == change.entity
    if !sameEntity {
      RecordCodec.field("entity", change.entity.name, to: &out, escape: true)
    }
    RecordCodec.field("field", change.field, to: &out, escape: true)
    if !sameEntity || previous?.stamp != change.stamp {
      // `SyncStamp.description`, written without making the text first.
      RecordCodec.appendUTF8("\tstamp=", to: &out)
      RecordCodec.appendDecimal(Int(change.stamp.seconds), to: &out)
      out.append(UInt8(ascii: "."))
      RecordCodec.appendDecimal(Int(change.stamp.counter), to: &out)
      out.append(UInt8(ascii: "."))
      RecordCodec.appendUTF8(change.stamp.device.text, to: &out)
    }
    RecordCodec.field("value", change.value, to: &out, escape: true)
    out.append(10)
  }

  /// `registers` as `set` records, each entity's fields after its first carrying its entity
  /// and, where it is the same, its stamp over (`SyncBase`'s checkpoint, `SyncHistoryFile`).
  static func encode(carryingOver registers: [SyncChange], to out: inout [UInt8]) {
    var previous: SyncChange?
    for change in registers {
      encode(change, after: previous, to: &out)
      previous = change
    }
  }

  /// FNV-1a, 64 bits, as 16 hex digits: enough to tell a whole file from a cut or mixed one.
  static func checksum(_ bytes: some Collection<UInt8>) -> String { FNV1a.hex(bytes) }

  /// What reading a file found.
  enum Reading: Equatable {
    case whole(ChangeFile, sum: String)
    /// Cut short or mixed: a copy still arriving. Read again next time.
    case incomplete
    /// Written by a newer Spoons; left alone.
    case newer(version: Int)
    /// Whole (its checksum holds) but not something Spoons writes.
    case damaged(String)
  }

  static func read(_ bytes: [UInt8]) -> Reading {
    // The format line first, so a newer file is named as such whatever follows.
    let firstLine = bytes.prefix { $0 != 10 }
    guard firstLine.count < bytes.count else { return .incomplete }
    do {
      var version = 0
      try RecordCodec.forEachRecord(in: Array(bytes[...firstLine.endIndex])) { record throws(DecodeError) in
        version = try format.checkHeader(record)
      }
      _ = version
    } catch {
      if let newer = error.newerVersion { return .newer(version: newer) }
      return bytes.starts(with: Array("format\tname=spoons-changes\t".utf8))
        ? .damaged(error.reason) : .damaged("it is not a Spoons change file")
    }
    // The end line: the last line, whole, with a checksum of everything before it.
    guard bytes.last == 10 else { return .incomplete }
    let start = (bytes.dropLast().lastIndex(of: 10) ?? -1) + 1
    let endLine = Array(bytes[start...])
    guard endLine.starts(with: Array("end\t".utf8)) else { return .incomplete }
    var file = ChangeFile(device: DeviceID("x")!, name: "", seq: 0, changes: [])
    var records = ChangeRecords()
    var counted = -1
    var sum = ""
    do {
      try RecordCodec.forEachRecord(in: endLine) { record throws(DecodeError) in
        try record.expectOnly(["changes", "sum"])
        counted = try record.int("changes")
        sum = try record.string("sum")
      }
    } catch { return .incomplete }
    guard sum == checksum(bytes[..<start]) else { return .incomplete }
    do {
      var sawFrom = false
      try RecordCodec.forEachRecord(in: Array(bytes[..<start])) { record throws(DecodeError) in
        if record.line == 1 { return }
        if record.isKind("from") {
          try record.expectOnly(["device", "name", "seq", "snapshot"])
          guard !sawFrom, let device = DeviceID(try record.string("device")) else {
            throw DecodeError(line: record.line, reason: "a bad from line")
          }
          sawFrom = true
          file.device = device
          file.name = try record.string("name")
          file.seq = try record.int("seq", in: 1...99_999_999)
          file.snapshot = try record.flag("snapshot")
          return
        }
        if sawFrom, record.isKind("covers"), file.changes.isEmpty {
          try record.expectOnly(["device", "upto"])
          guard let device = DeviceID(try record.string("device")) else {
            throw DecodeError(line: record.line, reason: "a bad device id")
          }
          file.covers[device.text] = try record.int("upto", in: 0...99_999_999)
          return
        }
        guard sawFrom, record.isKind("set") else {
          throw DecodeError(line: record.line, reason: "unknown record '\(record.kind)'")
        }
        try record.expectOnly(["entity", "field", "stamp", "value"])
        file.changes.append(try records.change(record))
      }
      guard sawFrom, counted == file.changes.count else {
        return .damaged("its end line counts \(counted) changes but it holds \(file.changes.count)")
      }
    } catch {
      return .damaged("line \(error.line ?? 0): \(error.reason)")
    }
    return .whole(file, sum: sum)
  }
}

/// A change file read and written again, for the `changes` fuzz target: nil unless the bytes
/// are a whole change file.
public enum ChangeFileProbe {
  public static func read(_ bytes: [UInt8]) -> (changes: [SyncChange], again: [UInt8])? {
    guard case .whole(let file, _) = ChangeFile.read(bytes) else { return nil }
    return (file.changes, file.encode())
  }

  /// The same bytes read as a device's `acks.txt`, written again when whole: nil otherwise.
  public static func readAcks(_ bytes: [UInt8]) -> (acks: [String: Int], again: [UInt8])? {
    guard let file = AckFile.read(bytes) else { return nil }
    return (file.acks, file.encode())
  }
}

extension ChangeFileProbe {
  /// The bytes with `sum=fuzz` on their last line, an `end` line, replaced by the checksum of
  /// every byte before that line, as a change file or `acks.txt` carries it: a fuzz input then
  /// reaches what the checksum guards.
  public static func sealed(_ bytes: [UInt8]) -> [UInt8] {
    let body = bytes.last == 10 ? bytes.dropLast() : bytes[...]
    let start = (body.lastIndex(of: 10) ?? -1) + 1
    let line = String(decoding: body[start...], as: UTF8.self)
    guard line.hasPrefix("end\t"), line.contains("\tsum=fuzz") else { return bytes }
    let sum = "sum=" + ChangeFile.checksum(bytes[..<start])
    let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
    let sealed = fields.map { $0 == "sum=fuzz" ? sum : String($0) }.joined(separator: "\t")
    return Array(bytes[..<start]) + Array(sealed.utf8) + [10]
  }
}

/// Reads `set` records one after another, as `ChangeFile.encode(_:after:to:)` writes them. A file
/// lists each thing's fields together, so the entity named by the line before is used again
/// when the next line names it in the same bytes; a stamp is read from its bytes. Reading a
/// synced state is reading tens of thousands of these.
struct ChangeRecords {
  /// Whether a record right after a `set` record may leave out `entity=`: it is then that
  /// record's entity, and may leave out `stamp=` too, which is then that record's stamp
  /// (`SyncHistoryFile` from version 2, `SyncBase` from version 5). A record that names its
  /// entity names its stamp, so each entity's first line reads alone (`SyncStateIndex`). A
  /// change file's records name both.
  var carriesOver = false
  private var lastName: ArraySlice<UInt8> = []
  private var last: SyncEntity?
  /// The entity and stamp a record right after this one may leave out; nil after any other
  /// record (`interrupt`).
  private var carried: (entity: SyncEntity, stamp: SyncStamp)?

  /// A record that is not a `set` record came between: the next one names its entity.
  mutating func interrupt() { carried = nil }

  mutating func change(_ record: RecordCodec.Record) throws(DecodeError) -> SyncChange {
    if carriesOver, record.raw("entity") == nil, let carried {
      let stamp = record.raw("stamp") == nil ? carried.stamp : try Self.stamp(record)
      self.carried = (carried.entity, stamp)
      return SyncChange(
        entity: carried.entity, field: try record.string("field"),
        value: try record.string("value"), stamp: stamp)
    }
    let stamp = try Self.stamp(record)
    let entity: SyncEntity
    if let last, let raw = record.raw("entity"), raw.elementsEqual(lastName) {
      entity = last
    } else {
      entity = SyncEntity(try record.string("entity"))
      last = entity
      lastName = record.raw("entity") ?? []
    }
    carried = (entity, stamp)
    return SyncChange(
      entity: entity, field: try record.string("field"), value: try record.string("value"),
      stamp: stamp)
  }

  private static func stamp(_ record: RecordCodec.Record) throws(DecodeError) -> SyncStamp {
    if let raw = record.raw("stamp"), let read = SyncStamp(utf8: raw) { return read }
    // Missing, escaped or not a stamp: read as text, which says which.
    guard let read = SyncStamp(try record.string("stamp")) else {
      throw DecodeError(line: record.line, reason: "a bad stamp")
    }
    return read
  }
}

/// A document read from `set` records: the changes to one entity are applied together.
struct DocumentLoader {
  private(set) var document = SyncDocument()
  private var pending: [SyncChange] = []

  mutating func add(_ change: SyncChange) {
    if let first = pending.first, first.entity != change.entity { flush() }
    pending.append(change)
  }

  /// The document, every change applied.
  mutating func finish() -> SyncDocument {
    flush()
    return document
  }

  private mutating func flush() {
    guard let entity = pending.first?.entity else { return }
    document.apply(pending, to: entity)
    pending.removeAll(keepingCapacity: true)
  }
}
