import SpoonsCore

/// Where the undo history stands, as committed in `planner.txt`'s `journal` line.
///
/// Like the archive lengths, bytes of the journal past `bytes` belong to no saved state (a
/// writer killed before its rename) and are ignored, then cut off.
public struct JournalState: Hashable, Sendable {
  /// Which `undo-N.txt` holds the history; grows each time the history is rewritten shorter.
  public var generation: Int
  /// Committed length of that file.
  public var bytes: Int
  /// Records (changes, undos, redos) in it, to know when to rewrite it.
  public var records: Int
  /// The number of the newest change; the next one is one more.
  public var lastSeq: Int
  /// The change number the last sync took (0: it has never synced), and the `sync-N.txt` it
  /// wrote unless `syncState` names another. Kept on this line because undo leaves it alone:
  /// undoing a change never takes the planner back to an older sync's state.
  public var syncFile: Int
  /// `records` when that sync was made: an undo or redo since (which takes no new change
  /// number) still leaves something to send.
  public var syncRecords: Int
  /// Where the synced state that sync left is, when it was appended to an earlier sync's
  /// file (`SyncBase`): that file, and how much of it counts. Nil: `sync-<syncFile>.txt`,
  /// all of it (every sync before version 12 of `planner.txt`).
  public var syncState: SyncedStateMark?

  public init(
    generation: Int = 1, bytes: Int = 0, records: Int = 0, lastSeq: Int = 0, syncFile: Int = 0,
    syncRecords: Int = 0, syncState: SyncedStateMark? = nil
  ) {
    self.generation = generation
    self.bytes = bytes
    self.records = records
    self.lastSeq = lastSeq
    self.syncFile = syncFile
    self.syncRecords = syncRecords
    self.syncState = syncState
  }

  /// The number of the `sync-N.txt` that holds the synced state (0: none).
  var syncStateFile: Int { syncState?.file ?? syncFile }

  /// Whether the planner has changed (a change, an undo, a redo) since its last sync.
  public var changedSinceSync: Bool { lastSeq > syncFile || records != syncRecords }

  var fileName: String { "undo-\(generation).txt" }

  /// Whether the next change rotates the history: it has grown to twice what undo keeps, and
  /// is rewritten with the newest changes as the next generation (at a checkpoint).
  var rotatesWithNextRecord: Bool { records + 1 >= 2 * ChangeJournal.limit }
}

/// A synced state that a sync appended its round to: the `sync-N.txt` it is in, and the
/// committed length of that file. Bytes past it belong to no saved state (a sync killed before
/// its rename, or an older `planner.txt` put back), as for the undo history.
public struct SyncedStateMark: Hashable, Sendable {
  public var file: Int
  public var bytes: Int
}

/// One change in the undo history, as `undo` and `history --changes` name it.
public struct RecordedChange: Hashable, Sendable {
  /// Counts every change ever made to this planner.
  public let seq: Int
  public let at: Timestamp
  /// In the user's words: "plan #4 Laundry, #9 Call mum (5 spoons)".
  public let what: String
}

/// The undo and redo stacks, as `history --changes` shows them.
public struct ChangeHistory: Hashable, Sendable {
  /// Newest first: what `undo` takes back, in order.
  public var undoable: [RecordedChange]
  /// Most recently undone first: what `redo` does again, in order.
  public var redoable: [RecordedChange]
}

/// Why `undo` or `redo` did nothing. Nothing was changed.
public enum UndoError: Error, Hashable, Sendable, CustomStringConvertible {
  case nothingToUndo
  case nothingToRedo
  /// `undo N` or `redo N` with fewer steps available.
  case tooMany(asked: Int, available: Int, redo: Bool)
  /// The planner no longer reads as `change` left it: changed by hand, or by a Spoons that
  /// does not record changes. `what` names the part found different.
  case changedSince(RecordedChange, what: String, redo: Bool)
  /// A sync since the change changed what it touched; a sync cannot be undone.
  case syncedSince(RecordedChange, redo: Bool)
  /// The history before the last checkpoint is damaged (an edit). `setAside` is a command that
  /// lets the next change start a new history; nil (as Spoons gives it) when one starts by
  /// itself, at the next checkpoint, which keeps the damaged file under a dated name.
  case historyLost(String, reason: String, setAside: String?)

  public var description: String {
    switch self {
    case .nothingToUndo: return "nothing to undo"
    case .nothingToRedo: return "nothing to redo"
    case .tooMany(let asked, let available, let redo):
      let verb = redo ? "redo" : "undo"
      let steps = available == 1 ? "1 change" : "\(available) changes"
      return "cannot \(verb) \(asked): only \(steps) can be \(redo ? "redone" : "undone")"
        + (available > 0 ? "; try '\(verb) \(available)'" : "")
    case .changedSince(let change, let what, let redo):
      return "cannot \(redo ? "redo" : "undo") '\(change.what)': \(what) has changed since "
        + "(edited by hand or by another program); nothing was changed"
    case .syncedSince(let change, let redo):
      return "cannot \(redo ? "redo" : "undo") '\(change.what)': a sync has changed it since, and "
        + "a sync cannot be undone; nothing was changed"
    case .historyLost(let path, let reason, let setAside):
      return "the undo history in \(path) is damaged (\(reason)), so nothing can be undone; "
        + "nothing was changed. "
        + (setAside.map { "To start a new one with your next change, set it aside: \($0)" }
          ?? "A new one starts by itself within your next few changes, and this one is kept "
          + "beside it under a dated name")
    }
  }
}

/// `undo-N.txt`: the last changes, each as the planner lines it touched, for `undo`, `redo`
/// and `history --changes`. Append-only between rewrites; its committed length lives in
/// `planner.txt`, so the planner's rename commits the history with the change.
///
/// ```
/// change  seq=7  at=...  what=plan #4 Laundry (3 spoons)
/// old     key=task<TAB>id=4  after=...  text=...      the line before the change
/// new     key=task<TAB>id=4  after=...  text=...      the line after it
/// append  file=done.txt  at=1200  bytes=...            archive bytes it added (for redo)
/// end     seq=7
/// undo    seq=7                                        later: it was undone
/// redo    seq=7                                        ... and redone
/// ```
enum ChangeJournal {
  static let format = FileFormat(name: "spoons-undo", version: 1)
  /// How many changes `undo` can go back.
  static let limit = Limits.undoChanges

  /// Archive bytes a change appended, as (file name, committed length before, bytes).
  struct Append: Hashable, Sendable {
    var file: String
    var at: Int
    var bytes: [UInt8]
  }

  /// One recorded change and everything needed to take it back or do it again.
  struct Entry: Equatable {
    var change: RecordedChange
    var touched: [PlannerLines.Touched]
    var appends: [Append] = []
  }

  /// The archive files `entry` refers to (before and after), which must stay while it can be
  /// undone or redone.
  static func archiveFiles(of entry: Entry) -> Set<String> {
    var names = Set(entry.appends.map(\.file))
    for line in entry.touched where line.key == "archive" {
      for state in [line.old, line.new] {
        guard let state else { continue }
        var text = state.text
        text.append(UInt8(ascii: "\n"))
        try? RecordCodec.forEachRecord(in: text) { record throws(DecodeError) in
          let done = try record.optionalInt("donefile", in: 0...Int.max)
          let days = try record.optionalInt("daysfile", in: 0...Int.max)
          names.insert(ArchiveLengths(doneFile: done, daysFile: days).doneName)
          names.insert(ArchiveLengths(doneFile: done, daysFile: days).daysName)
        }
      }
    }
    return names
  }

  // MARK: - Writing

  /// Appends `entry`, its `end` line carrying a checksum of every byte of the entry before
  /// it: the journal is the commit, and a change cut short by a crash or a power cut must read
  /// as not made, never as a different change.
  static func encode(_ entry: Entry, to out: inout [UInt8]) {
    let start = out.count
    out.append(contentsOf: "change".utf8)
    RecordCodec.field("seq", String(entry.change.seq), to: &out)
    RecordCodec.field("at", entry.change.at.description, to: &out)
    RecordCodec.field("what", entry.change.what, to: &out, escape: true)
    out.append(UInt8(ascii: "\n"))
    func state(_ kind: String, _ key: String, _ state: PlannerLines.State) {
      out.append(contentsOf: kind.utf8)
      RecordCodec.field("key", key, to: &out, escape: true)
      RecordCodec.field("after", state.after, to: &out, escape: true)
      RecordCodec.field("text", String(decoding: state.text, as: UTF8.self), to: &out, escape: true)
      out.append(UInt8(ascii: "\n"))
    }
    for line in entry.touched {
      if let old = line.old { state("old", line.key, old) }
      if let new = line.new { state("new", line.key, new) }
    }
    for append in entry.appends {
      out.append(contentsOf: "append".utf8)
      RecordCodec.field("file", append.file, to: &out)
      RecordCodec.field("at", String(append.at), to: &out)
      RecordCodec.field("bytes", String(decoding: append.bytes, as: UTF8.self), to: &out, escape: true)
      out.append(UInt8(ascii: "\n"))
    }
    let sum = checksum(out[start...])
    out.append(contentsOf: "end".utf8)
    RecordCodec.field("seq", String(entry.change.seq), to: &out)
    RecordCodec.field("sum", sum, to: &out)
    out.append(UInt8(ascii: "\n"))
  }

  static func checksum(_ bytes: some Collection<UInt8>) -> String { FNV1a.hex(bytes) }

  static func marker(undo: Bool, seq: Int) -> [UInt8] {
    var out = Array((undo ? "undo" : "redo").utf8)
    RecordCodec.field("seq", String(seq), to: &out)
    out.append(UInt8(ascii: "\n"))
    return out
  }

  /// A whole file holding `stacks`, for a rewrite: the undo stack's changes oldest first,
  /// then the redo stack's changes followed by their undo markers, which replays to the same
  /// stacks.
  static func file(_ stacks: Stacks) -> (bytes: [UInt8], records: Int) {
    var out: [UInt8] = []
    format.encodeHeader(to: &out)
    var records = 0
    for entry in stacks.undo + stacks.redo.reversed() {
      encode(entry, to: &out)
      records += 1
    }
    for entry in stacks.redo {
      out.append(contentsOf: marker(undo: true, seq: entry.change.seq))
      records += 1
    }
    return (out, records)
  }

  // MARK: - Reading

  /// The two stacks, bottom first: `undo.last` is what `undo` takes back next, `redo.last`
  /// what `redo` does next.
  struct Stacks: Equatable {
    var undo: [Entry] = []
    var redo: [Entry] = []
  }

  static func decode(_ bytes: [UInt8], file: String) throws(StoreError) -> Stacks {
    var stacks = Stacks()
    var reader = EntryReader()
    try format.decodeLines(bytes, file: file) { text throws(DecodeError) in
      if reader.isOpen,
        let quick = EntryReader.quickTouched(
          UnsafeBufferPointer(rebasing: text.buffer[text.start..<text.end]))
      {
        try reader.touch(old: quick.old, key: quick.key, state: quick.state, line: text.number)
        return
      }
      let record = try text.record()
      let line = record.line
      switch record.kind {
      case "undo", "redo":
        guard !reader.isOpen else {
          throw DecodeError(line: line, reason: "a mark inside a change")
        }
        try record.expectOnly(["seq"])
        let seq = try record.int("seq")
        let undo = record.kind == "undo"
        guard let top = undo ? stacks.undo.popLast() : stacks.redo.popLast(),
          top.change.seq == seq
        else { throw DecodeError(line: line, reason: "\(record.kind) of a change not on top") }
        if undo { stacks.redo.append(top) } else { stacks.undo.append(top) }
      default:
        guard let entry = try reader.read(record) else { return }
        if let last = stacks.undo.last, last.change.seq >= entry.change.seq {
          throw DecodeError(line: line, reason: "changes out of order")
        }
        stacks.undo.append(entry)
        stacks.redo.removeAll()
      }
    }
    guard !reader.isOpen else {
      throw StoreError.corrupt(file: file, line: nil, reason: "the last change is cut short")
    }
    return stacks
  }

  /// Reads one change record by record (`change`, `old`, `new`, `append`, `end`), for the
  /// whole history and for the changes after the checkpoint alike.
  struct EntryReader {
    private var open: Entry?
    /// The `sum` of the last `end` read (nil in changes written before the journal was the
    /// commit, which carried none).
    private(set) var sum: String?

    /// Asked of every line: told without copying the open change (`open != nil` copied it).
    var isOpen: Bool {
      if case .some = open { return true }
      return false
    }

    /// The change `record` completes, if it is its `end`.
    mutating func read(_ record: RecordCodec.Record) throws(DecodeError) -> Entry? {
      let line = record.line
      // Told by the kind's bytes, with no `String` of each line's kind.
      enum Kind { case change, old, new, append, end, unknown }
      let kind: Kind =
        record.isKind("change") ? .change : record.isKind("old") ? .old
        : record.isKind("new") ? .new : record.isKind("append") ? .append
        : record.isKind("end") ? .end : .unknown
      switch kind {
      case .change:
        guard open == nil else { throw DecodeError(line: line, reason: "a change inside a change") }
        try record.expectOnly(["seq", "at", "what"])
        open = Entry(
          change: RecordedChange(
            seq: try record.int("seq"), at: try record.timestamp("at"),
            what: try record.string("what")),
          touched: [])
      case .old, .new:
        guard open != nil else { throw DecodeError(line: line, reason: "a line outside a change") }
        try record.expectOnly(["key", "after", "text"])
        let key = try record.string("key")
        let state = PlannerLines.State(after: try record.string("after"), text: try record.bytes("text"))
        try touch(old: record.isKind("old"), key: key, state: state, line: line)
      case .append:
        guard open != nil else { throw DecodeError(line: line, reason: "an append outside a change") }
        try record.expectOnly(["file", "at", "bytes"])
        let file = try record.string("file")
        guard ArchiveFiles.isArchiveName(file) else {
          throw DecodeError(line: line, reason: "append names an unknown file")
        }
        open!.appends.append(
          Append(
            file: file, at: try record.int("at", in: 0...Int.max), bytes: try record.bytes("bytes")))
      case .end:
        try record.expectOnly(["seq", "sum"])
        guard let entry = open, try record.int("seq") == entry.change.seq else {
          throw DecodeError(line: line, reason: "an end that closes no change")
        }
        sum = try record.optionalString("sum")
        open = nil
        return entry
      case .unknown:
        throw DecodeError(line: line, reason: "unknown record '\(record.kind)'")
      }
      return nil
    }

    /// An `old` or `new` line read: the line of `planner.txt` the open change found or left.
    mutating func touch(old: Bool, key: String, state: PlannerLines.State, line: Int)
      throws(DecodeError)
    {
      guard open != nil else { throw DecodeError(line: line, reason: "a line outside a change") }
      if old {
        open!.touched.append(PlannerLines.Touched(key: key, old: state, new: nil))
      } else if let last = open!.touched.last, last.key == key, last.new == nil {
        open!.touched[open!.touched.count - 1].new = state
      } else {
        open!.touched.append(PlannerLines.Touched(key: key, old: nil, new: state))
      }
    }

    /// An `old` or `new` line of the shape Spoons writes (`key`, `after` and `text` in that
    /// order, the first two ASCII) read in one pass, with no fields array: a change holds a
    /// few of these and every command reads the changes since the checkpoint. nil means "not
    /// that shape", never "wrong": `read` then reads the line, or refuses it in its words.
    /// Whatever this returns, `read` gives too (tested).
    static func quickTouched(_ line: UnsafeBufferPointer<UInt8>)
      -> (old: Bool, key: String, state: PlannerLines.State)?
    {
      func starts(_ prefix: StaticString, at index: Int) -> Bool {
        index + prefix.utf8CodeUnitCount <= line.count
          && RecordCodec.equal(
            UnsafeBufferPointer(rebasing: line[index..<(index + prefix.utf8CodeUnitCount)]), prefix)
      }
      let old = starts("old\tkey=", at: 0)
      guard old || starts("new\tkey=", at: 0) else { return nil }
      let keyEnd = RecordCodec.nextIndex(of: 9, in: line, from: 8, to: line.count)
      guard starts("\tafter=", at: keyEnd) else { return nil }
      let afterStart = keyEnd + 7
      let afterEnd = RecordCodec.nextIndex(of: 9, in: line, from: afterStart, to: line.count)
      guard starts("\ttext=", at: afterEnd) else { return nil }
      let textStart = afterEnd + 6
      guard RecordCodec.nextIndex(of: 9, in: line, from: textStart, to: line.count) == line.count,
        let key = RecordCodec.quickUnescapedString(UnsafeBufferPointer(rebasing: line[8..<keyEnd])),
        let after = RecordCodec.quickUnescapedString(
          UnsafeBufferPointer(rebasing: line[afterStart..<afterEnd])),
        let text = try? RecordCodec.unescapedBytes(
          UnsafeBufferPointer(rebasing: line[textStart...]), line: 0, key: "")
      else { return nil }
      return (old, key, PlannerLines.State(after: after, text: text))
    }
  }
}
