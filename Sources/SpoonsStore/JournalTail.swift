/// The changes committed after the checkpoint: the whole records in `undo-N.txt` past the
/// bytes `planner.txt` counts.
///
/// A change is committed by appending its record to the undo history and flushing it once;
/// `planner.txt` is only rewritten now and then (a checkpoint). So the planner is the
/// checkpoint with these changes laid over it, and a record is part of it only when it is
/// whole: its `end` line is there, and its checksum holds. The first record that is not
/// (a change cut short by a crash or a power cut) ends the tail; the next writer cuts it
/// off. A damaged record with a whole one after it is not a crash, and is reported.
struct JournalTail: Equatable {
  var entries: [ChangeJournal.Entry] = []
  /// Bytes of the whole records, from the checkpoint on.
  var length = 0

  /// The tail of the journal at `path` after `offset`, whose changes all come after change
  /// number `lastSeq`. None when the file is missing or no longer than `offset`.
  static func read(_ path: String, from offset: Int, after lastSeq: Int) throws(StoreError)
    -> JournalTail
  {
    guard let bytes = try FileSystem.read(path, from: offset), !bytes.isEmpty else {
      return JournalTail()
    }
    return try parse(bytes, file: path, after: lastSeq)
  }

  static func parse(_ bytes: [UInt8], file: String, after lastSeq: Int) throws(StoreError)
    -> JournalTail
  {
    var tail = JournalTail()
    var last = lastSeq
    while tail.length < bytes.count {
      guard let (entry, next) = wholeEntry(in: bytes, at: tail.length) else {
        if hasWholeEntry(in: bytes, after: tail.length) {
          throw .corrupt(
            file: file, line: nil,
            reason: "a change after the last checkpoint is damaged, with later changes after it")
        }
        break
      }
      guard entry.change.seq > last else {
        throw .corrupt(
          file: file, line: nil,
          reason: "change \(entry.change.seq) after the last checkpoint is out of order")
      }
      last = entry.change.seq
      tail.entries.append(entry)
      tail.length = next
    }
    return tail
  }

  /// The whole record starting at `start`, and where the next one starts; nil when it is cut
  /// short, does not read, or fails its checksum.
  static func wholeEntry(in bytes: [UInt8], at start: Int) -> (ChangeJournal.Entry, Int)? {
    var reader = ChangeJournal.EntryReader()
    var fields: [(key: ArraySlice<UInt8>, value: ArraySlice<UInt8>)] = []
    var lineStart = start
    while lineStart < bytes.count {
      let end = RecordCodec.nextIndex(of: 10, in: bytes, from: lineStart, to: bytes.count)
      guard end < bytes.count, end > lineStart else { return nil }
      // Most lines of a change are the `old` and `new` lines, read in one pass.
      if reader.isOpen,
        let quick = bytes.withUnsafeBufferPointer({
          ChangeJournal.EntryReader.quickTouched(UnsafeBufferPointer(rebasing: $0[lineStart..<end]))
        })
      {
        do { try reader.touch(old: quick.old, key: quick.key, state: quick.state, line: 0) } catch {
          return nil
        }
        lineStart = end + 1
        continue
      }
      fields.removeAll(keepingCapacity: true)
      guard
        let record = try? RecordCodec.parseLine(
          bytes, from: lineStart, to: end, line: 0, fields: &fields),
        lineStart > start || record.isKind("change")
      else { return nil }
      let entry: ChangeJournal.Entry?
      do { entry = try reader.read(record) } catch { return nil }
      if let entry {
        guard let sum = reader.sum, sum == ChangeJournal.checksum(bytes[start..<lineStart]) else {
          return nil
        }
        return (entry, end + 1)
      }
      lineStart = end + 1
    }
    return nil
  }

  /// Whether a whole record starts anywhere after `start` (at a line start). Looks at the
  /// first few candidates only: enough to tell damage from a record cut short.
  static func hasWholeEntry(in bytes: [UInt8], after start: Int) -> Bool {
    let marker = Array("\nchange\t".utf8)
    var at = start
    var tries = 0
    while tries < 64, at + marker.count <= bytes.count {
      let newline = RecordCodec.nextIndex(of: 10, in: bytes, from: at, to: bytes.count)
      guard newline + marker.count <= bytes.count else { return false }
      if bytes[newline..<(newline + marker.count)].elementsEqual(marker) {
        tries += 1
        if wholeEntry(in: bytes, at: newline + 1) != nil { return true }
      }
      at = newline + 1
    }
    return false
  }

  /// Archive bytes the tail's changes added, in order: the archive files get them at the
  /// next checkpoint; until then they are read from here.
  var appends: [ChangeJournal.Append] { entries.flatMap(\.appends) }
}

/// For the loader fuzz target: an undo history whose `end` lines say `sum=fuzz` where each
/// change's checksum belongs, sealed with the right ones, so random changes get past the
/// checksum to the code that lays them over the checkpoint.
public enum JournalProbe {
  public static func sealed(_ bytes: [UInt8]) -> [UInt8] {
    let placeholder = Array("\tsum=fuzz".utf8)
    var out: [UInt8] = []
    var entryStart = 0
    var lineStart = 0
    while lineStart < bytes.count {
      let end = RecordCodec.nextIndex(of: 10, in: bytes, from: lineStart, to: bytes.count)
      let line = bytes[lineStart..<end]
      if line.starts(with: "change\t".utf8) { entryStart = out.count }
      if line.starts(with: "end\t".utf8), line.count >= placeholder.count,
        line.suffix(placeholder.count).elementsEqual(placeholder)
      {
        let sum = ChangeJournal.checksum(out[min(entryStart, out.count)...])
        out += line.dropLast(4)
        out += Array(sum.utf8)
      } else {
        out += line
      }
      if end < bytes.count { out.append(10) }
      lineStart = end + 1
    }
    return out
  }
}
