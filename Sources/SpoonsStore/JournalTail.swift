/// The changes committed after the checkpoint: the whole records in `undo-N.txt` past the
/// bytes `planner.txt` counts.
///
/// A change is committed by appending its record to the undo history and flushing it once;
/// `planner.txt` is only rewritten now and then (a checkpoint). So the planner is the
/// checkpoint with these records laid over it, and a record is part of it only when it is
/// whole: its `end` line is there, and its checksum holds. Only a last record cut short before
/// its `end` line (a crash or a power cut mid-write: the command never said it was saved) is
/// no change; its bytes are kept in a side file by the next writer (`torn`). Anything else
/// that does not read where the checkpoint says the history goes on (a file missing, shorter
/// than counted, cut at another place, edited, a record whose checksum fails, a change whose
/// number does not follow on) holds or may hold confirmed changes, and is refused as
/// `StoreError.damagedHistory`, never skipped or cut off.
///
/// `undo` and `redo` marks are not found past a checkpoint in the normal run of things (they
/// write a checkpoint that counts them), but are once `planner.txt.bak` is put back: they are
/// replayed, taking their changes from the history before the checkpoint. Sync reads the
/// records since its last round the same way, from where that round left the history
/// (`PlannerStore.journalSinceSync`), marks included.
struct JournalTail: Equatable {
  /// The changes made since the checkpoint, in order.
  var entries: [ChangeJournal.Entry] = []
  /// What each record since the checkpoint does to the planner's lines, in order: a change's
  /// lines, an undo's taken back, a redo's made again.
  var steps: [[PlannerLines.Touched]] = []
  /// Archive bytes those records leave added, in order.
  var appends: [ChangeJournal.Append] = []
  /// How many records (changes and marks).
  var records = 0
  /// Bytes of the whole records, from the checkpoint on.
  var length = 0
  /// The number of the newest change.
  var lastSeq = 0
  /// The bytes after them of a last record cut short, never confirmed.
  var torn: [UInt8] = []
  /// With `lenient`, where the records stop reading (those before it are read), instead of
  /// a refusal.
  var damage: JournalDamage?

  /// The tail of `journal`'s file at `path`. `committed` gives the stacks the history held
  /// where the tail starts (the checkpoint, or a sync's mark), asked only when an `undo` or
  /// `redo` mark follows it. With `lenient`
  /// (`check --repair`) damage ends the tail instead of being refused. `marksUpTo`: marks
  /// ending by that byte were committed (a damaged checkpoint set aside for its backup counted
  /// them), even with no change after them.
  static func read(
    _ path: String, journal: JournalState, lenient: Bool = false, marksUpTo: Int? = nil,
    committed: () throws(StoreError) -> ChangeJournal.Stacks
  ) throws(StoreError) -> JournalTail {
    var header: [UInt8] = []
    ChangeJournal.format.encodeHeader(to: &header)
    var bytes: [UInt8]
    var start: Int
    if journal.bytes == 0 {
      // No history counted yet: what a first checkpoint writes (its format line, its change)
      // may follow, from a checkpoint killed before its rename.
      bytes = try FileSystem.read(path) ?? []
      start = bytes.starts(with: header) ? header.count : 0
    } else {
      // From the byte before the checkpoint's end, which ends a record, and the format line:
      // cheap checks that the file is the one the checkpoint counts, not a copy cut short,
      // emptied, replaced or edited before there.
      let read = try FileSystem.read(path, from: journal.bytes - 1, head: header.count + 8)
      let found = read?.rest
      bytes = found ?? []
      start = 1
      let head = read?.head ?? []
      if !head.starts(with: header), let newer = newerFormat(head, path: path) { throw newer }
      if let problem = mismatch(found, head: head, header: header, path: path, journal: journal) {
        guard lenient else {
          throw .damagedHistory(file: path, at: problem.at, reason: problem.reason)
        }
        return JournalTail(lastSeq: journal.lastSeq, damage: problem)
      }
    }
    // `bytes` starts at byte `offset` of the file.
    let offset = journal.bytes == 0 ? 0 : journal.bytes - 1
    var tail = try parse(
      bytes, from: start, offset: offset, file: path, after: journal.lastSeq, lenient: lenient,
      marksUpTo: marksUpTo, committed: committed)
    // With none counted, the format line is part of what the changes add to the count.
    if journal.bytes == 0 && tail.records > 0 { tail.length += start }
    return tail
  }

  /// The refusal of a history a newer Spoons wrote, when `head` is the start of one.
  private static func newerFormat(_ head: [UInt8], path: String) -> StoreError? {
    let opening = Array("format\tname=\(ChangeJournal.format.name)\tversion=".utf8)
    guard head.starts(with: opening),
      let digits = Optional(head.dropFirst(opening.count).prefix { $0 >= 48 && $0 <= 57 }),
      let found = Int(String(decoding: digits, as: UTF8.self)),
      found > ChangeJournal.format.version
    else { return nil }
    return .newerFormat(file: path, found: found, supported: ChangeJournal.format.version)
  }

  /// Why the file does not go on where the checkpoint says, if it does not.
  private static func mismatch(
    _ found: [UInt8]?, head: [UInt8], header: [UInt8], path: String, journal: JournalState
  ) -> JournalDamage? {
    let counted = "\(PlannerFile.name) counts \(journal.bytes) bytes of it"
    let since = "the changes made since the last checkpoint follow them"
    guard let found else {
      return JournalDamage(
        at: 0, reason: "the file is missing, but \(counted) and \(since)", rest: [])
    }
    guard !found.isEmpty else {
      let size = FileSystem.size(path) ?? 0
      return JournalDamage(
        at: size, reason: "it holds \(size) bytes, but \(counted) and \(since): it was cut short "
          + "or replaced", rest: [])
    }
    guard head.starts(with: header) else {
      return JournalDamage(
        at: 0, reason: "it does not start as an undo history (replaced?), and it holds the "
          + "changes made since the last checkpoint", rest: found)
    }
    guard found[0] == 10 else {
      return JournalDamage(
        at: journal.bytes,
        reason: "no record ends where \(counted): bytes were added or removed before there, so "
          + "the changes made since the last checkpoint cannot be found", rest: found)
    }
    return nil
  }

  /// The records in `bytes` from `start`, which is byte `offset + start` of `file`.
  static func parse(
    _ bytes: [UInt8], from start: Int, offset: Int, file: String, after lastSeq: Int,
    lenient: Bool = false, marksUpTo: Int? = nil,
    committed: () throws(StoreError) -> ChangeJournal.Stacks
  ) throws(StoreError) -> JournalTail {
    var tail = JournalTail(lastSeq: lastSeq)
    var at = start
    // The undo and redo stacks, made only once a mark is met.
    var stacks: ChangeJournal.Stacks?
    while at < bytes.count {
      var problem: String?
      if let (entry, next) = wholeEntry(in: bytes, at: at) {
        if entry.change.seq == tail.lastSeq + 1 {
          tail.add(entry, stacks: &stacks)
          at = next
        } else {
          problem = "change \(entry.change.seq) where change \(tail.lastSeq + 1) should follow"
        }
      } else if let (undo, seq, next) = mark(in: bytes, at: at) {
        // An undo or redo is committed by its checkpoint's rename: marks with no change
        // after them are one killed before it (or one `planner.txt.bak` was from before).
        guard followedByChange(bytes, at: next) || offset + next <= marksUpTo ?? 0 else {
          tail.torn = Array(bytes[at...])
          break
        }
        if stacks == nil {
          var made = try committed()
          for entry in tail.entries {
            made.undo.append(entry)
            made.redo.removeAll()
          }
          stacks = made
        }
        if tail.step(undo: undo, seq: seq, stacks: &stacks) {
          at = next
        } else {
          problem = "\(undo ? "an undo" : "a redo") of change \(seq), which is not next"
        }
      } else if isTorn(bytes[at...]) {
        tail.torn = Array(bytes[at...])
        break
      } else {
        let named = startedChanges(bytes[at...]).first.map(\.words) ?? "the record there"
        problem = (bytes[at...].starts(with: "change\t".utf8) ? named : "the record there")
          + " does not read, or fails its checksum (edited?)"
      }
      if let problem {
        let lost = max(1, startedChanges(bytes[at...]).count)
        let damage = JournalDamage(
          at: offset + at,
          reason: problem + "; \(lost == 1 ? "1 confirmed change" : "\(lost) confirmed changes") "
            + "from there on cannot be read",
          rest: Array(bytes[at...]))
        guard lenient else {
          throw .damagedHistory(file: file, at: damage.at, reason: damage.reason)
        }
        tail.damage = damage
        break
      }
      tail.records += 1
    }
    tail.length = at - start
    return tail
  }

  /// `entry` read after the ones before.
  private mutating func add(_ entry: ChangeJournal.Entry, stacks: inout ChangeJournal.Stacks?) {
    lastSeq = entry.change.seq
    entries.append(entry)
    steps.append(entry.touched)
    appends += entry.appends
    stacks?.undo.append(entry)
    stacks?.redo.removeAll()
  }

  /// An `undo` or `redo` mark of change `seq` read; false when that change is not the one it
  /// would take back or do again.
  private mutating func step(undo: Bool, seq: Int, stacks: inout ChangeJournal.Stacks?) -> Bool {
    guard var both = stacks,
      let top = undo ? both.undo.popLast() : both.redo.popLast(), top.change.seq == seq
    else { return false }
    if undo {
      both.redo.append(top)
      steps.append(
        top.touched.reversed().map { PlannerLines.Touched(key: $0.key, old: $0.new, new: $0.old) })
      // Its archive records, when it was made since the checkpoint, are no longer added.
      if !top.appends.isEmpty, appends.suffix(top.appends.count).elementsEqual(top.appends) {
        appends.removeLast(top.appends.count)
      }
    } else {
      both.undo.append(top)
      steps.append(top.touched)
      appends += top.appends
    }
    stacks = both
    return true
  }

  /// The `undo seq=N` or `redo seq=N` line at `start`, and where the next record starts.
  private static func mark(in bytes: [UInt8], at start: Int) -> (Bool, Int, Int)? {
    let end = RecordCodec.nextIndex(of: 10, in: bytes, from: start, to: bytes.count)
    var fields: [(key: ArraySlice<UInt8>, value: ArraySlice<UInt8>)] = []
    guard end < bytes.count,
      let record = try? RecordCodec.parseLine(
        bytes, from: start, to: end, line: 0, fields: &fields),
      record.isKind("undo") || record.isKind("redo"),
      (try? record.expectOnly(["seq"])) != nil, let seq = try? record.int("seq")
    else { return nil }
    return (record.isKind("undo"), seq, end + 1)
  }

  /// Whether a whole change follows the marks from `start` on.
  private static func followedByChange(_ bytes: [UInt8], at start: Int) -> Bool {
    var at = start
    while at < bytes.count {
      if wholeEntry(in: bytes, at: at) != nil { return true }
      guard let (_, _, next) = mark(in: bytes, at: at) else { return false }
      at = next
    }
    return false
  }

  /// Whether `rest` is a last record cut short: the start of a change or mark (or only zeros,
  /// where a file system grew the file before writing it) with no whole `end` line, so its
  /// command never said it was saved.
  static func isTorn(_ rest: ArraySlice<UInt8>) -> Bool {
    let opens = ["change\t", "undo\t", "redo\t"].contains { word in
      let opening = Array(word.utf8)
      let head = rest.prefix(opening.count)
      return head.elementsEqual(opening.prefix(head.count))
    }
    guard opens || rest.allSatisfy({ $0 == 0 }) else { return false }
    var lineStart = rest.startIndex
    while lineStart < rest.endIndex {
      guard let end = rest[lineStart...].firstIndex(of: 10) else { return true }
      if rest[lineStart..<end].starts(with: "end\t".utf8) { return false }
      lineStart = end + 1
    }
    return true
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

  /// The changes that start in `bytes`, their numbers and in words ("change 17
  /// (2026-11-26T08:15:03+01:00): add #16 Tea"), read leniently: what damaged bytes held.
  static func startedChanges(_ bytes: ArraySlice<UInt8>) -> [(seq: Int?, words: String)] {
    var found: [(seq: Int?, words: String)] = []
    var fields: [(key: ArraySlice<UInt8>, value: ArraySlice<UInt8>)] = []
    let all = Array(bytes)
    var lineStart = 0
    while lineStart < all.count {
      let end = RecordCodec.nextIndex(of: 10, in: all, from: lineStart, to: all.count)
      if all[lineStart...].starts(with: "change\t".utf8) {
        fields.removeAll(keepingCapacity: true)
        let record = try? RecordCodec.parseLine(
          all, from: lineStart, to: end, line: 0, fields: &fields)
        let seq = try? record?.int("seq")
        let at = try? record?.optionalString("at")
        let what = try? record?.optionalString("what")
        let words = "change " + (seq.map(String.init) ?? "?") + (at.map { " (\($0))" } ?? "")
          + ": " + (what ?? "(unreadable)")
        found.append((seq, words))
      }
      lineStart = end + 1
    }
    return found
  }
}

/// Where an undo history stops reading as the checkpoint says it goes on.
struct JournalDamage: Hashable, Sendable {
  /// The byte of the file.
  var at: Int
  var reason: String
  /// The bytes from there on.
  var rest: [UInt8]
}


/// For the loader fuzz target: what a read of the planner in `directory` left unread of its
/// undo history past the checkpoint's count, besides a last record cut short; nil when it
/// read every byte (or refused, or counts none). The property: a read either takes in every
/// byte after the count or refuses, never skips any.
public enum TailProbe {
  public static func unread(in directory: String) -> String? {
    let store = PlannerStore(directory: directory)
    guard let snapshot = try? store.readSnapshot(),
      snapshot.tail.version >= PlannerFile.journalCommits, snapshot.tail.folded > 0
    else { return nil }
    let size = FileSystem.size(store.journalPath(snapshot.journal)) ?? 0
    let read = snapshot.journal.bytes + snapshot.tail.torn.count
    guard size != read else { return nil }
    return "the read took in \(read) bytes of \(snapshot.journal.fileName), which holds \(size)"
  }
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
