import SpoonsCore
import SpoonsSync

/// A file of the history part of the synced document (`SyncParts`): `sync-history-N.txt` in
/// the data directory, N the change number of the sync that wrote it. Written whole, by a sync
/// that needed the whole document (the history part in one file) or after a day ended here
/// (what the live part no longer names, added to the files before it), never changed after,
/// and named (with its size and checksum) by every `sync-N.txt` that builds on it, so one that
/// is not the file named is refused, never taken for it.
///
/// ```
/// format  name=spoons-sync-history  version=2
/// set     entity=task:...  field=created  stamp=...  value=...
/// set     field=n  value=...
/// end     registers=2
/// ```
///
/// The registers come entity by entity, each one's fields in order. From version 2 a `set`
/// record right after another of the same entity leaves out `entity=`, and `stamp=` when that
/// record's is the same (`ChangeRecords.carriesOver`, as `SyncBase`'s checkpoint does): most of
/// an archived task's fields were set by one change, so the file is under half as long as
/// version 1's, which names both on every line (and is still read).
enum SyncHistoryFile {
  static let format = FileFormat(name: "spoons-sync-history", version: 2)
  /// The first version whose records carry entities and stamps over.
  static let carriesOverFrom = 2

  /// What a `sync-N.txt` says of the history file it builds on.
  struct Reference: Equatable {
    var name: String
    var registers: Int
    /// Its size, looked at by a sync that does not read it, and the FNV-1a of all of it.
    var bytes: Int
    var sum: String
  }

  static func fileName(_ number: Int) -> String { "sync-history-\(number).txt" }

  static func isFileName(_ name: String) -> Bool { number(of: name) != nil }

  /// N of `sync-history-N.txt`; nil for any other name.
  static func number(of name: String) -> Int? {
    let prefix = "sync-history-"
    guard name.hasPrefix(prefix), name.hasSuffix(".txt"),
      let number = Int(name.dropFirst(prefix.count).dropLast(4)), number > 0
    else { return nil }
    return number
  }

  static func encode(_ document: SyncDocument) -> (bytes: [UInt8], registers: Int) {
    var out: [UInt8] = []
    format.encodeHeader(to: &out)
    let registers = document.changes
    ChangeFile.encode(carryingOver: registers, to: &out)
    out.append(contentsOf: "end".utf8)
    RecordCodec.field("registers", String(registers.count), to: &out)
    out.append(10)
    return (out, registers.count)
  }

  /// The history part in `bytes`, which must be the file `reference` names.
  static func decode(_ bytes: [UInt8], file: String, reference: Reference) throws(StoreError)
    -> SyncDocument
  {
    guard FNV1a.hex(bytes) == reference.sum else {
      throw .damagedSyncState(
        file: file, reason: "is not the file the synced state counts on (its checksum differs)")
    }
    var loader = DocumentLoader()
    var end: Int?
    var count = 0
    var records = ChangeRecords()
    try format.decodeRecords(
      bytes, file: file, header: { records.carriesOver = $0 >= Self.carriesOverFrom }
    ) { record throws(DecodeError) in
      guard end == nil else { throw DecodeError(line: record.line, reason: "a record after the end line") }
      switch record.kind {
      case "set":
        loader.add(try records.change(record))
        count += 1
      case "end": end = try record.int("registers")
      default: throw DecodeError(line: record.line, reason: "unknown record '\(record.kind)'")
      }
    }
    guard end == count, count == reference.registers else {
      throw .corrupt(file: file, line: nil, reason: "the file is cut short")
    }
    return loader.finish()
  }
}

/// What the `changes` fuzz target checks of a history file: the bytes as its records, in
/// either version, read as a document or are refused (never a crash), and any document reads
/// back the same once written (so records that leave out their entity and stamp carry the
/// right ones).
public enum SyncHistoryProbe {
  /// `body` as the records of a version 1 and a version 2 file, ended as Spoons ends one.
  public static func disagreement(body: [UInt8]) -> String? {
    let count = body.split(separator: 10).filter { $0.starts(with: "set\t".utf8) }.count
    for version in 1...SyncHistoryFile.format.version {
      var bytes: [UInt8] = []
      FileFormat(name: SyncHistoryFile.format.name, version: version).encodeHeader(to: &bytes)
      bytes += body
      if bytes.last != 10 { bytes.append(10) }
      bytes += Array("end\tregisters=\(count)\n".utf8)
      guard
        let document = try? SyncHistoryFile.decode(bytes, file: name, reference: reference(bytes))
      else { continue }
      if let disagreement = disagreement(document) { return "version \(version): " + disagreement }
    }
    return nil
  }

  /// `registers` as a history file's document.
  public static func disagreement(registers: [SyncChange]) -> String? {
    var loader = DocumentLoader()
    for change in registers { loader.add(change) }
    return disagreement(loader.finish())
  }

  static func disagreement(_ document: SyncDocument) -> String? {
    let (bytes, registers) = SyncHistoryFile.encode(document)
    guard registers == document.changes.count else { return "the end line miscounts" }
    do {
      let again = try SyncHistoryFile.decode(bytes, file: name, reference: reference(bytes))
      return again == document ? nil : "a history file did not read back the same once written"
    } catch {
      return "a history file Spoons wrote was refused: \(error)"
    }
  }

  private static let name = "sync-history-1.txt"

  private static func reference(_ bytes: [UInt8]) -> SyncHistoryFile.Reference {
    let registers = bytes.split(separator: 10).filter { $0.starts(with: "set\t".utf8) }.count
    return .init(name: name, registers: registers, bytes: bytes.count, sum: FNV1a.hex(bytes))
  }
}
