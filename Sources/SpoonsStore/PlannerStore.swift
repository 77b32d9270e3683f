#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import SpoonsCore

/// The planner on disk: the only door through which anything reads or changes it.
///
/// Every change is a locked read-modify-write that is durable before `update` returns, so a
/// REPL left open all day and a one-shot command in another terminal never lose each other's
/// work: nothing is cached between calls, each call reads the current state under the lock.
///
/// Files in the data directory:
/// - `planner.txt`: the live planner (rewritten atomically on each change), `planner.txt.bak`
///   the one before it;
/// - `done.txt`, `days.txt`: the archive, append-only;
/// - `spoons.lock`: the lock.
public struct PlannerStore: Sendable {
  public let directory: String
  /// How long one other process may hold the lock before waiting gives up with `busy`. Long
  /// enough to outlast a disk that stalls a save's fsync for seconds on a loaded machine (seen
  /// here: over 5 s under heavy fsync traffic), short enough to report a stuck process.
  public var lockTimeout: Double

  public init(directory: String, lockTimeout: Double = 30) {
    self.directory = directory
    self.lockTimeout = lockTimeout
  }

  var plannerPath: String { directory + "/" + PlannerFile.name }
  var backupPath: String { plannerPath + ".bak" }
  var donePath: String { directory + "/" + ArchiveFiles.doneName }
  var daysPath: String { directory + "/" + ArchiveFiles.daysName }

  // MARK: - Reading

  /// The current planner; an empty one when nothing has been saved yet. Creates nothing.
  public func load() throws(StoreError) -> Planner {
    guard try FileSystem.existingDirectory(directory) else { return Planner() }
    let lock = try FileLock(directory: directory, exclusive: false, timeout: lockTimeout)
    defer { withExtendedLifetime(lock) {} }
    return try readSnapshot().planner
  }

  /// The archive of finished days and their done tasks, as of the last saved change.
  public func loadArchive() throws(StoreError) -> Archive {
    guard try FileSystem.existingDirectory(directory) else { return Archive() }
    let lock = try FileLock(directory: directory, exclusive: false, timeout: lockTimeout)
    defer { withExtendedLifetime(lock) {} }
    let snapshot = try readSnapshot()
    return try readArchive(snapshot.archive, live: snapshot.planner)
  }

  // MARK: - Changing

  /// Runs `body` on the current planner under the exclusive lock and saves what it left.
  ///
  /// `finished` collects days that ended during `body` (from `startNewDay`); their records and
  /// done tasks are appended to the archive. If `body` throws, nothing is written. Nothing is
  /// written either when `body` changed nothing. A change is recorded for `undo`, named by
  /// `describe` from what `body` returned.
  @discardableResult
  public func update<T>(
    at time: Timestamp? = nil, describe: (T) -> String = { _ in "a change" },
    _ body: (inout Planner, inout [FinishedDay]) throws -> T
  ) throws -> T {
    try FileSystem.prepareDirectory(directory)
    let lock = try FileLock(directory: directory, exclusive: true, timeout: lockTimeout)
    defer { withExtendedLifetime(lock) {} }
    FileSystem.sweepTemporaries(in: directory)

    var (snapshot, oldBytes) = try readSnapshotAndBytes()
    let before = snapshot.planner
    var finished: [FinishedDay] = []
    let result = try body(&snapshot.planner, &finished)
    guard snapshot.planner != before || !finished.isEmpty else { return result }

    let (done, days) = ArchiveFiles.encode(finished, doneIsEmpty: false, daysIsEmpty: false)
    let what = describe(result)
    try commit(
      &snapshot, oldBytes: oldBytes, appendDone: done, appendDays: days, at: time, what: what)
    return result
  }

  /// Deletes every task checked off on an earlier day (the archive's done tasks; the day
  /// records stay, for history) and returns how many there were.
  ///
  /// A copy of `done.txt` is kept as `done-kept-N.txt` while the change can be undone.
  @discardableResult
  public func clearArchivedTasks(
    at time: Timestamp? = nil, describe: (Int) -> String = { _ in "clear completed" }
  ) throws(StoreError) -> Int {
    try FileSystem.prepareDirectory(directory)
    let lock = try FileLock(directory: directory, exclusive: true, timeout: lockTimeout)
    defer { withExtendedLifetime(lock) {} }
    FileSystem.sweepTemporaries(in: directory)
    var (snapshot, oldBytes) = try readSnapshotAndBytes()
    guard snapshot.archive.done > 0 else { return 0 }
    let count = try readArchive(snapshot.archive, live: snapshot.planner).doneTasks.count
    try commit(
      &snapshot, oldBytes: oldBytes, emptying: [ArchiveFiles.doneName], at: time,
      what: describe(count))
    return count
  }

  // MARK: - Export and import

  /// The whole planner and its archive, as one consistent read.
  public func export() throws(StoreError) -> PlannerExport {
    guard try FileSystem.existingDirectory(directory) else {
      return PlannerExport(planner: Planner(), archive: Archive())
    }
    let lock = try FileLock(directory: directory, exclusive: false, timeout: lockTimeout)
    defer { withExtendedLifetime(lock) {} }
    let snapshot = try readSnapshot()
    return PlannerExport(
      planner: snapshot.planner, archive: try readArchive(snapshot.archive, live: snapshot.planner))
  }

  /// What an import added.
  public struct ImportSummary: Equatable, Sendable {
    public var tasks: Int
    public var routines: Int
    public var days: Int
  }

  /// Merges `incoming` into the planner by id (or, with `replace`, puts it in the planner's
  /// place, archive and all) as one change that `undo` takes back.
  @discardableResult
  public func importPlanner(
    _ incoming: PlannerExport, file: String, replace: Bool, at time: Timestamp? = nil,
    describe: (ImportSummary) -> String = { _ in "import" }
  ) throws -> ImportSummary {
    try FileSystem.prepareDirectory(directory)
    let lock = try FileLock(directory: directory, exclusive: true, timeout: lockTimeout)
    defer { withExtendedLifetime(lock) {} }
    FileSystem.sweepTemporaries(in: directory)
    var (snapshot, oldBytes) = try readSnapshotAndBytes()
    var done: [UInt8] = []
    var days: [UInt8] = []
    let summary: ImportSummary
    if replace {
      snapshot.planner = incoming.planner
      for task in incoming.archive.doneTasks { TaskRecord.encode(task, to: &done) }
      for day in incoming.archive.days { ArchiveFiles.encode(day, to: &days) }
      summary = ImportSummary(
        tasks: incoming.planner.taskCount + incoming.archive.doneTasks.count,
        routines: incoming.planner.routines.count, days: incoming.archive.days.count)
      try commit(
        &snapshot, oldBytes: oldBytes, emptying: [ArchiveFiles.doneName, ArchiveFiles.daysName],
        appendDone: done, appendDays: days, at: time, what: describe(summary))
      return summary
    }
    let current = PlannerExport(
      planner: snapshot.planner, archive: try readArchive(snapshot.archive, live: snapshot.planner))
    let merged = try ExportFormat.merge(incoming, into: current, file: file)
    summary = ImportSummary(
      tasks: merged.planner.taskCount - snapshot.planner.taskCount + merged.newDone.count,
      routines: merged.planner.routines.count - snapshot.planner.routines.count,
      days: merged.newDays.count)
    guard merged.planner != snapshot.planner || !merged.newDone.isEmpty || !merged.newDays.isEmpty
    else { return summary }
    snapshot.planner = merged.planner
    for task in merged.newDone { TaskRecord.encode(task, to: &done) }
    for day in merged.newDays { ArchiveFiles.encode(day, to: &days) }
    try commit(
      &snapshot, oldBytes: oldBytes, appendDone: done, appendDays: days, at: time,
      what: describe(summary))
    return summary
  }

  /// Saves `snapshot` (read as `oldBytes`) as one recorded change: empties the archive
  /// files named in `emptying` (keeping copies for undo), appends the archive records given,
  /// then commits by replacing `planner.txt`.
  ///
  /// Appended bytes past the committed lengths count only once `planner.txt` names the new
  /// lengths, so being killed at any point leaves the old state or the new one, whole.
  private func commit(
    _ snapshot: inout PlannerSnapshot, oldBytes: [UInt8]?, emptying: [String] = [],
    appendDone: [UInt8] = [], appendDays: [UInt8] = [], at time: Timestamp?, what: String
  ) throws(StoreError) {
    let seq = snapshot.journal.lastSeq + 1
    var kept: [ChangeJournal.Kept] = []
    for file in emptying {
      let length = file == ArchiveFiles.doneName ? snapshot.archive.done : snapshot.archive.days
      guard length > 0 else { continue }
      let copy = ChangeJournal.Kept.name(for: file, seq: seq)
      let bytes = try FileSystem.read(directory + "/" + file, limit: length) ?? []
      try FileSystem.replace(directory + "/" + copy, with: bytes, in: directory, backup: nil)
      kept.append(ChangeJournal.Kept(file: file, copy: copy, length: length))
      if file == ArchiveFiles.doneName { snapshot.archive.done = 0 } else { snapshot.archive.days = 0 }
    }
    var appends: [ChangeJournal.Append] = []
    for (file, records) in [(ArchiveFiles.doneName, appendDone), (ArchiveFiles.daysName, appendDays)]
    where !records.isEmpty {
      let isDone = file == ArchiveFiles.doneName
      let at = isDone ? snapshot.archive.done : snapshot.archive.days
      var bytes: [UInt8] = []
      if at == 0 { (isDone ? ArchiveFiles.doneFormat : ArchiveFiles.daysFormat).encodeHeader(to: &bytes) }
      bytes += records
      try FileSystem.append(bytes, to: directory + "/" + file, truncatingTo: at)
      appends.append(.init(file: file, at: at, bytes: bytes))
      if isDone { snapshot.archive.done += bytes.count } else { snapshot.archive.days += bytes.count }
    }
    let body = PlannerFile.body(snapshot)
    let change = RecordedChange(seq: seq, at: time ?? Self.systemNow(), what: what)
    let rewritten = try record(
      change, oldBytes: oldBytes, newBody: body, appends: appends, kept: kept,
      in: &snapshot.journal)
    try FileSystem.replace(
      plannerPath, with: PlannerFile.head(snapshot.journal) + body, in: directory,
      backup: backupPath)
    // Committed: the emptied files' old bytes are cut, not just hidden (their copies stay
    // only while the change can be undone).
    for file in emptying where appends.allSatisfy({ $0.file != file }) {
      try FileSystem.append([], to: directory + "/" + file, truncatingTo: 0)
    }
    if let rewritten { removeOldHistory(keeping: rewritten, generation: snapshot.journal.generation) }
  }

  // MARK: - Undo

  /// The recorded changes: what `undo` and `redo` would take, in order.
  public func changes() throws(StoreError) -> ChangeHistory {
    guard try FileSystem.existingDirectory(directory) else {
      return ChangeHistory(undoable: [], redoable: [])
    }
    let lock = try FileLock(directory: directory, exclusive: false, timeout: lockTimeout)
    defer { withExtendedLifetime(lock) {} }
    let stacks = try readJournal(try readSnapshot().journal)
    return ChangeHistory(
      undoable: stacks.undo.suffix(Self.undoable(stacks)).reversed().map(\.change),
      redoable: stacks.redo.reversed().map(\.change))
  }

  /// Takes back the last `count` changes, newest first, as one save; all or none.
  ///
  /// Whichever process made them: the history is the planner's, shared by every session.
  /// Refused with `UndoError.changedSince` when the planner no longer reads as a change left
  /// it, so an undo never overwrites what it did not record.
  @discardableResult
  public func undo(_ count: Int = 1) throws -> (changes: [RecordedChange], planner: Planner) {
    try step(count, undo: true)
  }

  /// Does again the last `count` undone changes; all or none. A new change forgets them.
  @discardableResult
  public func redo(_ count: Int = 1) throws -> (changes: [RecordedChange], planner: Planner) {
    try step(count, undo: false)
  }

  private func step(_ count: Int, undo: Bool) throws -> (
    changes: [RecordedChange], planner: Planner
  ) {
    try FileSystem.prepareDirectory(directory)
    let lock = try FileLock(directory: directory, exclusive: true, timeout: lockTimeout)
    defer { withExtendedLifetime(lock) {} }
    FileSystem.sweepTemporaries(in: directory)
    var (snapshot, bytes) = try readSnapshotAndBytes()
    var stacks: ChangeJournal.Stacks
    do {
      stacks = try readJournal(snapshot.journal)
    } catch {
      // Lost to a power cut or damaged by hand: set it aside and start afresh, so that the
      // changes from now on can be undone.
      snapshot.journal = JournalState(
        generation: snapshot.journal.generation + 1, lastSeq: snapshot.journal.lastSeq)
      try FileSystem.replace(
        plannerPath, with: PlannerFile.encode(snapshot), in: directory, backup: backupPath)
      let damaged = journalPath(JournalState(generation: snapshot.journal.generation - 1))
      if case .corrupt(_, let line?, let reason) = error {
        throw UndoError.historyLost(damaged, reason: "line \(line): \(reason)")
      } else if case .corrupt(_, nil, let reason) = error {
        throw UndoError.historyLost(damaged, reason: reason)
      }
      throw UndoError.historyLost(damaged, reason: error.description)
    }
    let available = undo ? Self.undoable(stacks) : stacks.redo.count
    guard available > 0 else { throw undo ? UndoError.nothingToUndo : UndoError.nothingToRedo }
    guard count <= available else {
      throw UndoError.tooMany(asked: count, available: available, redo: !undo)
    }
    var lines = PlannerLines.lines(bytes ?? [])
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
    var header: [UInt8] = []
    PlannerFile.format.encodeHeader(to: &header)
    var restored = PlannerSnapshot(planner: Planner())  // before the very first change
    do {
      if !lines.isEmpty {
        restored = try PlannerFile.decode(header + PlannerLines.bytes(lines), file: plannerPath)
      }
    } catch {
      throw UndoError.changedSince(steps.last!.change, what: "the planner", redo: !undo)
    }
    // Archive bytes past the committed lengths are ignored until the commit below, so writing
    // them first is safe if we are killed.
    for entry in steps {
      if undo {
        for kept in entry.kept {
          let copy = directory + "/" + kept.copy
          guard let bytes = try FileSystem.read(copy), bytes.count == kept.length else {
            throw UndoError.missingCopy(entry.change, path: copy)
          }
          try FileSystem.append(bytes, to: directory + "/" + kept.file, truncatingTo: 0)
        }
      } else {
        for append in entry.appends {
          try FileSystem.append(
            append.bytes, to: directory + "/" + append.file, truncatingTo: append.at)
        }
      }
    }
    restored.journal = snapshot.journal
    var marks: [UInt8] = []
    for entry in steps { marks += ChangeJournal.marker(undo: undo, seq: entry.change.seq) }
    if restored.journal.records + steps.count >= 3 * ChangeJournal.limit {
      try rewriteJournal(stacks, in: &restored.journal)
    } else {
      try FileSystem.append(
        marks, to: journalPath(restored.journal), truncatingTo: restored.journal.bytes,
        sync: false)
      restored.journal.bytes += marks.count
      restored.journal.records += steps.count
    }
    try FileSystem.replace(
      plannerPath, with: PlannerFile.encode(restored), in: directory, backup: backupPath)
    if restored.journal.generation != snapshot.journal.generation {
      removeOldHistory(keeping: stacks, generation: restored.journal.generation)
    }
    return (steps.map(\.change), restored.planner)
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
    let id = parts.count > 1 ? String(parts[1].dropFirst(3)) : nil
    switch kind {
    case "task": return "task #\(id ?? "?")"
    case "routine": return "routine r\(id ?? "?")"
    case "day": return "today's day"
    case "archive": return "the archive"
    case "next": return "the next id"
    case "settings": return "the reserve"
    case "end": return "the list of tasks"
    default: return "the planner"
    }
  }

  // MARK: - Internals

  func journalPath(_ journal: JournalState) -> String { directory + "/" + journal.fileName }

  /// Appends `change`, from `oldBytes` to `newBody`, to the journal and advances `journal` to
  /// match. Once the journal has grown to twice the limit it is rewritten with the newest
  /// changes instead, and the stacks it now holds are returned so the caller can remove what
  /// they no longer need once the change is committed.
  private func record(
    _ change: RecordedChange, oldBytes: [UInt8]?, newBody: [UInt8],
    appends: [ChangeJournal.Append] = [], kept: [ChangeJournal.Kept] = [],
    in journal: inout JournalState
  ) throws(StoreError) -> ChangeJournal.Stacks? {
    let touched = PlannerLines.diff(
      old: PlannerLines.lines(oldBytes ?? []), new: PlannerLines.lines(newBody))
    let entry = ChangeJournal.Entry(
      change: change, touched: touched, appends: appends, kept: kept)
    journal.lastSeq = change.seq
    if journal.records + 1 >= 2 * ChangeJournal.limit {
      // A damaged history is no reason to refuse the user's change: start it afresh.
      var stacks = (try? readJournal(journal)) ?? ChangeJournal.Stacks()
      stacks.undo = Array(stacks.undo.suffix(ChangeJournal.limit - 1)) + [entry]
      stacks.redo = []
      try rewriteJournal(stacks, in: &journal)
      return stacks
    }
    var out: [UInt8] = []
    if journal.bytes == 0 { ChangeJournal.format.encodeHeader(to: &out) }
    ChangeJournal.encode(entry, to: &out)
    // Not fsynced, so undo costs a save no extra disk flush: a power cut can lose the
    // history (never the planner), and then `undo` finds it damaged and starts it afresh.
    try FileSystem.append(out, to: journalPath(journal), truncatingTo: journal.bytes, sync: false)
    journal.bytes += out.count
    journal.records += 1
    return nil
  }

  /// The committed journal's stacks.
  func readJournal(_ journal: JournalState) throws(StoreError) -> ChangeJournal.Stacks {
    guard journal.bytes > 0 else { return ChangeJournal.Stacks() }
    let path = journalPath(journal)
    let bytes = try FileSystem.read(path, limit: journal.bytes) ?? []
    guard bytes.count == journal.bytes else {
      throw StoreError.corrupt(
        file: path, line: nil,
        reason: "holds \(bytes.count) bytes but \(PlannerFile.name) expects \(journal.bytes)")
    }
    return try ChangeJournal.decode(bytes, file: path)
  }

  /// Writes `stacks` as the next generation's file (committed by the caller's planner save).
  private func rewriteJournal(_ stacks: ChangeJournal.Stacks, in journal: inout JournalState)
    throws(StoreError)
  {
    let (bytes, records) = ChangeJournal.file(stacks)
    journal.generation += 1
    try FileSystem.replace(journalPath(journal), with: bytes, in: directory, backup: nil)
    journal.bytes = bytes.count
    journal.records = records
  }

  /// After a rewrite is committed: removes older journals and the `clear` copies no change
  /// in `stacks` refers to. Best effort: leftovers are only disk space, removed next time.
  private func removeOldHistory(keeping stacks: ChangeJournal.Stacks, generation: Int) {
    let current = JournalState(generation: generation).fileName
    let copies = Set((stacks.undo + stacks.redo).flatMap { $0.kept.map(\.copy) })
    FileSystem.removeFiles(in: directory) { name in
      (name.hasPrefix("undo-") && name.hasSuffix(".txt") && name != current)
        || (name.contains(ChangeJournal.keptMark) && !copies.contains(name))
    }
  }
  // MARK: - Internals

  func readSnapshot() throws(StoreError) -> PlannerSnapshot {
    try readSnapshotAndBytes().snapshot
  }

  /// The snapshot and the bytes it was read from (nil when there is no file yet).
  func readSnapshotAndBytes() throws(StoreError) -> (snapshot: PlannerSnapshot, bytes: [UInt8]?) {
    if let bytes = try FileSystem.read(plannerPath) {
      return (try PlannerFile.decode(bytes, file: plannerPath), bytes)
    }
    // No planner yet. An archive without one means planner.txt was lost: never start over
    // on top of someone's history.
    for path in [donePath, daysPath] where try FileSystem.read(path, limit: 1) != nil {
      throw StoreError.corrupt(
        file: plannerPath, line: nil,
        reason: "the file is missing but \(path) exists; restore it from \(backupPath)")
    }
    return (PlannerSnapshot(planner: Planner()), nil)
  }

  /// The archive as recorded, less what has come back to life: a task reopened with `undone`
  /// lives in the planner again, and if it was done and archived once more, the newest copy
  /// is the one that counts.
  func readArchive(_ lengths: ArchiveLengths, live planner: Planner) throws(StoreError) -> Archive {
    var archive = try readRecordedArchive(lengths)
    var seen = Set<TaskID>()
    let current = archive.doneTasks.reversed().filter { task in
      planner.task(task.id) == nil && seen.insert(task.id).inserted
    }
    if current.count != archive.doneTasks.count { archive.doneTasks = current.reversed() }
    return archive
  }

  func readRecordedArchive(_ lengths: ArchiveLengths) throws(StoreError) -> Archive {
    func committed(_ path: String, _ length: Int) throws(StoreError) -> [UInt8] {
      guard length > 0 else { return [] }
      let bytes = try FileSystem.read(path, limit: length) ?? []
      guard bytes.count == length else {
        throw StoreError.corrupt(
          file: path, line: nil,
          reason: "holds \(bytes.count) bytes but \(PlannerFile.name) expects \(length)")
      }
      return bytes
    }
    return Archive(
      doneTasks: try ArchiveFiles.decodeDone(committed(donePath, lengths.done), file: donePath),
      days: try ArchiveFiles.decodeDays(committed(daysPath, lengths.days), file: daysPath))
  }

  /// The time a change is recorded at when the caller gives none (the system clock).
  static func systemNow() -> Timestamp {
    var seconds = time(nil)
    var local = tm()
    localtime_r(&seconds, &local)
    return Timestamp(seconds: Int64(seconds), utcOffset: Int(local.tm_gmtoff))
  }
}
