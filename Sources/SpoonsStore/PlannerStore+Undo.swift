import SpoonsCore

/// Undo and redo: stepping the planner's lines back and forth along the recorded changes.
extension PlannerStore {
  /// The recorded changes: what `undo` and `redo` would take, in order.
  public func changes() throws -> ChangeHistory {
    let stacks = try shared(or: Result<ChangeJournal.Stacks, Error>.success(.init())) {
      () throws(StoreError) in
      let snapshot = try readSnapshot()
      return Result { try readJournalOrLost(snapshot) }
    }.get()
    return ChangeHistory(
      undoable: stacks.undo.suffix(Self.undoable(stacks)).reversed().map(\.change),
      redoable: stacks.redo.reversed().map(\.change))
  }

  /// How many changes `undo` can go back: the history holds the last this many.
  public static let undoLimit = ChangeJournal.limit

  /// Takes back the last `count` changes, newest first, as one save; all or none.
  ///
  /// Whichever process made them: the history is the planner's, shared by every session.
  /// Refused with `UndoError.changedSince` when the planner no longer reads as a change left
  /// it, so an undo never overwrites what it did not record.
  @discardableResult
  public func undo(_ count: Int = 1) throws -> (changes: [RecordedChange], planner: Planner) {
    try exclusively { lock throws in try step(count, undo: true, lock: lock) }
  }

  /// Does again the last `count` undone changes; all or none. A new change forgets them.
  @discardableResult
  public func redo(_ count: Int = 1) throws -> (changes: [RecordedChange], planner: Planner) {
    try exclusively { lock throws in try step(count, undo: false, lock: lock) }
  }

  /// The committed journal's stacks; a damaged one is `UndoError.historyLost`, saying how
  /// the history starts again.
  func readJournalOrLost(_ snapshot: PlannerSnapshot) throws -> ChangeJournal.Stacks {
    let journal = snapshot.journal
    switch readJournalOrDamage(journal) {
    case .success(let stacks): return stacks
    case .failure(let error):
      let reason: String
      switch error {
      case .corrupt(_, let line, let text): reason = line.map { "line \($0): \(text)" } ?? text
      case .foreign(_, _, let holds):
        reason = "it is not an undo history" + (holds.map { ": \($0)" } ?? "")
      default: throw error
      }
      // Nothing is written here: a refusal changes nothing. The next checkpoint (within the
      // next few changes) starts a new history and keeps this file under a dated name (see
      // `record`); setting it aside by hand would lose the changes made since the last
      // checkpoint, which live only there.
      throw UndoError.historyLost(journalPath(journal), reason: reason, setAside: nil)
    }
  }

  /// `undo` and `redo`, under the exclusive lock (none: a run that may not write). Every check
  /// comes before the first write, so a refusal writes nothing.
  func step(_ count: Int, undo: Bool, lock: FileLock?) throws -> (
    changes: [RecordedChange], planner: Planner
  ) {
    do {
      return try stepRecorded(count, undo: undo, lock: lock)
    } catch let error as UndoError {
      // A sync since the change is what changed it: say so, rather than blame a hand edit.
      guard case .changedSince(let change, _, let redo) = error,
        (try? readSnapshot().journal.syncFile).map({ $0 > change.seq }) == true
      else { throw error }
      throw UndoError.syncedSince(change, redo: redo)
    }
  }

  func stepRecorded(_ count: Int, undo: Bool, lock: FileLock?) throws -> (
    changes: [RecordedChange], planner: Planner
  ) {
    let snapshot = try readSnapshot()
    var stacks = try readJournalOrLost(snapshot)
    let available = undo ? Self.undoable(stacks) : stacks.redo.count
    guard available > 0 else { throw undo ? UndoError.nothingToUndo : UndoError.nothingToRedo }
    guard count <= available else {
      throw UndoError.tooMany(asked: count, available: available, redo: !undo)
    }
    // The planner's lines as they read now: the checkpoint with the changes since.
    var lines = snapshot.tail.version == 0 ? [] : PlannerLines.lines(PlannerFile.body(snapshot))
    var steps: [ChangeJournal.Entry] = []
    for _ in 0..<count {
      let entry = undo ? stacks.undo.removeLast() : stacks.redo.removeLast()
      do {
        lines = try PlannerLines.apply(entry.touched, to: lines, undo: undo)
      } catch {
        throw UndoError.changedSince(entry.change, what: Self.describe(key: error.key), redo: !undo)
      }
      steps.append(entry)
      if undo { stacks.redo.append(entry) } else { stacks.undo.append(entry) }
    }
    var restored = PlannerSnapshot(planner: Planner())  // before the very first change
    if !lines.isEmpty {
      var text: [UInt8] = []
      PlannerFile.format.encodeHeader(to: &text)
      do {
        restored = try PlannerFile.decode(text + PlannerLines.bytes(lines), file: plannerPath)
      } catch {
        throw UndoError.changedSince(steps[0].change, what: "the planner", redo: !undo)
      }
    }
    var writes: [PendingWrite] = []
    var appended: Set<String> = []
    if !undo {
      (writes, appended) = try redoAppends(steps, from: snapshot, restoring: restored)
    }
    try checkArchiveHeld(restored, appended: appended, snapshot: snapshot, steps: steps, undo: undo)
    guard let lock else { throw WouldWrite() }
    restored.journal = snapshot.journal
    restored.tail = snapshot.tail
    var marks: [UInt8] = []
    for entry in steps { marks += ChangeJournal.marker(undo: undo, seq: entry.change.seq) }
    var rewritten = false
    if restored.journal.records + steps.count >= 3 * ChangeJournal.limit {
      writes.append(rewriteJournal(stacks, in: &restored.journal))
      rewritten = true
    } else {
      writes.append(appendToJournal(marks, in: &restored.journal))
      restored.journal.records += steps.count
    }
    try save(&restored, after: writes, lock: lock)
    if rewritten { removeUnneeded(keeping: stacks, restored) }
    return (steps.map(\.change), restored.planner)
  }

  /// The archive records a redo's changes added, to append at the committed lengths
  /// (checked: a hand-edited history must not write over committed bytes), since a killed
  /// writer may have put other bytes there; and the files they go to. Undo writes no archive
  /// file: the restored `archive` line names the old files and lengths, which are kept while
  /// undo needs them.
  private func redoAppends(
    _ steps: [ChangeJournal.Entry], from snapshot: PlannerSnapshot, restoring restored: PlannerSnapshot
  ) throws -> (writes: [PendingWrite], files: Set<String>) {
    var writes: [PendingWrite] = []
    var appended: Set<String> = []
    var lengths = snapshot.archive
    for entry in steps {
      for append in entry.appends {
        let isDone = append.file == lengths.doneName
        guard isDone || append.file == lengths.daysName,
          append.at == (isDone ? lengths.done : lengths.days)
        else {
          throw UndoError.changedSince(entry.change, what: "the archive", redo: true)
        }
        writes.append(
          PendingWrite(path: directory + "/" + append.file, bytes: append.bytes, at: append.at))
        appended.insert(append.file)
        if isDone {
          lengths.done += append.bytes.count
        } else {
          lengths.days += append.bytes.count
        }
      }
      // The next change's appends follow on from where this one left the archive.
      if let archive = entry.touched.first(where: { $0.key == "archive" })?.new {
        lengths = (try? PlannerFile.decodeArchiveLine(archive.text)) ?? lengths
      }
    }
    guard lengths == restored.archive else {
      throw UndoError.changedSince(steps[0].change, what: "the archive", redo: true)
    }
    return (writes, appended)
  }

  /// The archive files the restored planner names must still hold what it counts (those a
  /// redo appends to will: their lengths were just checked; and the records the changes
  /// since the checkpoint added are about to be written to them).
  private func checkArchiveHeld(
    _ restored: PlannerSnapshot, appended: Set<String>, snapshot: PlannerSnapshot,
    steps: [ChangeJournal.Entry], undo: Bool
  ) throws {
    var settling: [String: Int] = [:]
    for append in snapshot.tail.appends { settling[append.file] = append.at + append.bytes.count }
    for (name, length) in [
      (restored.archive.doneName, restored.archive.done),
      (restored.archive.daysName, restored.archive.days),
    ] where length > 0 && !appended.contains(name)
      && max(FileSystem.size(directory + "/" + name) ?? 0, settling[name] ?? 0) < length
    {
      throw UndoError.changedSince(steps[0].change, what: "the archive (\(name))", redo: !undo)
    }
  }

  /// How many changes `undo` may take back: those among the last `limit` changes made (the
  /// redo stack holds the newest of them), however many the journal still holds.
  static func undoable(_ stacks: ChangeJournal.Stacks) -> Int {
    max(0, min(stacks.undo.count, ChangeJournal.limit - stacks.redo.count))
  }

  /// A key in words for a refusal: "task #4", "today's day", ...
  static func describe(key: String) -> String {
    let parts = key.split(separator: "\t")
    let kind = parts.first.map(String.init) ?? key
    let id = parts.count > 1 && parts[1].hasPrefix("id=") ? String(parts[1].dropFirst(3)) : "?"
    switch kind {
    case "task": return "task #\(id)"
    case "routine": return "routine r\(id)"
    case "day": return "today's day"
    case "archive": return "the archive"
    case "next": return "the next id"
    case "settings": return "the settings"
    case "end": return "the list of tasks"
    default: return "the planner"
    }
  }
}
