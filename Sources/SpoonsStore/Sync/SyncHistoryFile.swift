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
/// record leaves out its `entity=` and `stamp=` when they are the record before it's: most of
/// an archived task's fields were set by one change, so the file is about half as long as
/// version 1's, which names both on every line (and is still read).
enum SyncHistoryFile {
  static let format = FileFormat(name: "spoons-sync-history", version: 2)

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
    var previous: SyncChange?
    for change in registers {
      ChangeFile.encode(change, after: previous, to: &out)
      previous = change
    }
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
    var version1: [UInt8] = []
    FileFormat(name: format.name, version: 1).encodeHeader(to: &version1)
    var records = ChangeRecords()
    records.carriesOver = !bytes.starts(with: version1)
    try format.decodeRecords(bytes, file: file) { record throws(DecodeError) in
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
