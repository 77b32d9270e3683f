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
/// - `done.txt`, `days.txt`: the archive, append-only (`done-N.txt`, `days-N.txt` once change N
///   rewrote it);
/// - `undo-N.txt`: the last changes, for undo and redo;
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

  // MARK: - Reading

  /// The current planner; an empty one when nothing has been saved yet. Creates nothing.
  public func load() throws(StoreError) -> Planner {
    try shared(or: Planner()) { () throws(StoreError) in try readSnapshot().planner }
  }

  /// The archive of finished days and their done tasks, as of the last saved change.
  public func loadArchive() throws(StoreError) -> Archive {
    try loadWhole().archive
  }

  /// The planner and its archive in one read, consistent with each other: for commands that
  /// need both (`export`, `history`, `stats`, `search`...).
  public func loadWhole() throws(StoreError) -> PlannerExport {
    try shared(or: PlannerExport(planner: Planner(), archive: Archive())) {
      () throws(StoreError) in
      let snapshot = try readSnapshot()
      return PlannerExport(
        planner: snapshot.planner,
        archive: try readArchive(snapshot.archive, live: snapshot.planner))
    }
  }

  /// The planner and the finished days' records, without the done tasks: all that `history`
  /// and `chart` show, and a small part of the archive's bytes.
  public func loadDays() throws(StoreError) -> (planner: Planner, days: [DayRecord]) {
    try shared(or: (Planner(), [])) { () throws(StoreError) in
      let snapshot = try readSnapshot()
      return (snapshot.planner, try readDays(snapshot.archive))
    }
  }

  /// Runs `body` holding the shared lock; `empty` when there is no data directory yet (then
  /// nothing is created).
  private func shared<T>(or empty: T, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
    guard try FileSystem.existingDirectory(directory) else { return empty }
    let lock = try FileLock(directory: directory, exclusive: false, timeout: lockTimeout)
    defer { withExtendedLifetime(lock) {} }
    return try body()
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
    try exclusively { () throws -> T in
      var (snapshot, oldBytes) = try readSnapshotAndBytes()
      let before = snapshot.planner
      var finished: [FinishedDay] = []
      let result = try body(&snapshot.planner, &finished)
      guard snapshot.planner != before || !finished.isEmpty else { return result }
      let (done, days) = ArchiveFiles.encode(finished, doneIsEmpty: false, daysIsEmpty: false)
      try commit(
        &snapshot, oldBytes: oldBytes, archive: .append(done: done, days: days), at: time,
        what: describe(result))
      return result
    }
  }

  /// Deletes every task checked off on an earlier day (the archive's done tasks; the day
  /// records stay, for history) and returns how many there were.
  ///
  /// The old `done.txt` stays while the change can be undone.
  @discardableResult
  public func clearArchivedTasks(
    at time: Timestamp? = nil, describe: (Int) -> String = { _ in "clear completed" }
  ) throws -> Int {
    try exclusively { () throws -> Int in
      var (snapshot, oldBytes) = try readSnapshotAndBytes()
      let count = try readArchive(snapshot.archive, live: snapshot.planner).doneTasks.count
      guard count > 0 else { return 0 }
      try commit(
        &snapshot, oldBytes: oldBytes, archive: .replace(done: [], days: nil), at: time,
        what: describe(count))
      return count
    }
  }

  // MARK: - Export and import

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
    try exclusively { () throws -> ImportSummary in
      var (snapshot, oldBytes) = try readSnapshotAndBytes()
      var done: [UInt8] = []
      var days: [UInt8] = []
      if replace {
        snapshot.planner = incoming.planner
        for task in incoming.archive.doneTasks { TaskRecord.encode(task, to: &done) }
        for day in incoming.archive.days { ArchiveFiles.encode(day, to: &days) }
        let summary = ImportSummary(
          tasks: incoming.planner.taskCount + incoming.archive.doneTasks.count,
          routines: incoming.planner.routines.count, days: incoming.archive.days.count)
        try commit(
          &snapshot, oldBytes: oldBytes, archive: .replace(done: done, days: days), at: time,
          what: describe(summary))
        return summary
      }
      let current = PlannerExport(
        planner: snapshot.planner,
        archive: try readArchive(snapshot.archive, live: snapshot.planner))
      let merged = try ExportFormat.merge(incoming, into: current, file: file)
      let summary = ImportSummary(
        tasks: merged.planner.taskCount - snapshot.planner.taskCount + merged.newDone.count,
        routines: merged.planner.routines.count - snapshot.planner.routines.count,
        days: merged.newDays.count)
      guard
        merged.planner != snapshot.planner || !merged.newDone.isEmpty || !merged.newDays.isEmpty
      else { return summary }
      snapshot.planner = merged.planner
      for task in merged.newDone { TaskRecord.encode(task, to: &done) }
      for day in merged.newDays { ArchiveFiles.encode(day, to: &days) }
      try commit(
        &snapshot, oldBytes: oldBytes, archive: .append(done: done, days: days), at: time,
        what: describe(summary))
      return summary
    }
  }

  /// What a change does to the archive files.
  enum ArchiveWrite {
    /// Records appended after the committed bytes.
    case append(done: [UInt8], days: [UInt8])
    /// New contents (records, without the format line; nil leaves that file alone), written
    /// to new files named after the change.
    case replace(done: [UInt8]?, days: [UInt8]?)
  }

  /// Saves `snapshot` (read as `oldBytes`) as one recorded change: writes the archive, appends
  /// the change to the undo history, then commits by replacing `planner.txt`.
  ///
  /// Nothing before the commit writes a byte `planner.txt` still counts: appends go after the
  /// committed lengths, and replaced archive files are new files that only the new
  /// `planner.txt` names. A kill at any point leaves the old state or the new one, whole.
  private func commit(
    _ snapshot: inout PlannerSnapshot, oldBytes: [UInt8]?, archive write: ArchiveWrite,
    at time: Timestamp?, what: String
  ) throws(StoreError) {
    let seq = snapshot.journal.lastSeq + 1
    var appends: [ChangeJournal.Append] = []
    switch write {
    case .append(let done, let days):
      for (isDone, records) in [(true, done), (false, days)] where !records.isEmpty {
        let name = isDone ? snapshot.archive.doneName : snapshot.archive.daysName
        let at = isDone ? snapshot.archive.done : snapshot.archive.days
        var bytes: [UInt8] = []
        if at == 0 { (isDone ? ArchiveFiles.doneFormat : ArchiveFiles.daysFormat).encodeHeader(to: &bytes) }
        bytes += records
        try FileSystem.append(bytes, to: directory + "/" + name, truncatingTo: at)
        appends.append(.init(file: name, at: at, bytes: bytes))
        if isDone { snapshot.archive.done += bytes.count } else { snapshot.archive.days += bytes.count }
      }
    case .replace(let done, let days):
      for (isDone, records) in [(true, done), (false, days)] {
        guard let records else { continue }
        var bytes: [UInt8] = []
        if !records.isEmpty {
          (isDone ? ArchiveFiles.doneFormat : ArchiveFiles.daysFormat).encodeHeader(to: &bytes)
          bytes += records
        }
        let name = ArchiveFiles.name(isDone ? ArchiveFiles.doneName : ArchiveFiles.daysName, number: seq)
        try FileSystem.append(bytes, to: directory + "/" + name, truncatingTo: 0)
        if isDone {
          (snapshot.archive.doneFile, snapshot.archive.done) = (seq, bytes.count)
        } else {
          (snapshot.archive.daysFile, snapshot.archive.days) = (seq, bytes.count)
        }
      }
    }
    let body = PlannerFile.body(snapshot)
    let change = RecordedChange(seq: seq, at: time ?? Self.systemNow(), what: what)
    let rewritten = try record(
      change, oldBytes: oldBytes, newBody: body, appends: appends, in: &snapshot.journal)
    try FileSystem.replace(
      plannerPath, with: PlannerFile.head(snapshot.journal) + body, in: directory,
      backup: backupPath)
    if let rewritten { removeUnneeded(keeping: rewritten, snapshot) }
  }

  // MARK: - Undo

  /// The recorded changes: what `undo` and `redo` would take, in order.
  public func changes() throws(StoreError) -> ChangeHistory {
    try shared(or: ChangeHistory(undoable: [], redoable: [])) { () throws(StoreError) in
      let stacks = try readJournal(try readSnapshot().journal)
      return ChangeHistory(
        undoable: stacks.undo.suffix(Self.undoable(stacks)).reversed().map(\.change),
        redoable: stacks.redo.reversed().map(\.change))
    }
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
    try exclusively { () throws in try step(count, undo: true) }
  }

  /// Does again the last `count` undone changes; all or none. A new change forgets them.
  @discardableResult
  public func redo(_ count: Int = 1) throws -> (changes: [RecordedChange], planner: Planner) {
    try exclusively { () throws in try step(count, undo: false) }
  }

  /// `undo` and `redo`, under the exclusive lock.
  private func step(_ count: Int, undo: Bool) throws -> (
    changes: [RecordedChange], planner: Planner
  ) {
    var (snapshot, bytes) = try readSnapshotAndBytes()
    let stacks0: ChangeJournal.Stacks
    switch readJournalOrDamage(snapshot.journal) {
    case .success(let read): stacks0 = read
    case .failure(let error):
      guard case .corrupt(_, let line, let reason) = error else { throw error }
      // Lost to a power cut (it is not fsynced) or damaged by hand: set it aside and start
      // afresh, so that the changes from now on can be undone. planner.txt.bak is left alone.
      let damaged = journalPath(snapshot.journal)
      snapshot.journal = JournalState(
        generation: snapshot.journal.generation + 1, lastSeq: snapshot.journal.lastSeq)
      try FileSystem.replace(
        plannerPath, with: PlannerFile.encode(snapshot), in: directory, backup: nil)
      throw UndoError.historyLost(damaged, reason: line.map { "line \($0): \(reason)" } ?? reason)
    }
    var stacks = stacks0
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
    if !undo {
      // A redo appends the archive records its changes added, at the committed lengths
      // (checked: a hand-edited history must not write over committed bytes), since a killed
      // writer may have put other bytes there. Undo writes no archive file: the restored
      // `archive` line names the old files and lengths, which are kept while undo needs them.
      var lengths = snapshot.archive
      for entry in steps {
        for append in entry.appends {
          let isDone = append.file == lengths.doneName
          guard isDone || append.file == lengths.daysName,
            append.at == (isDone ? lengths.done : lengths.days)
          else {
            throw UndoError.changedSince(entry.change, what: "the archive", redo: true)
          }
          try FileSystem.append(
            append.bytes, to: directory + "/" + append.file, truncatingTo: append.at)
          if isDone { lengths.done += append.bytes.count } else { lengths.days += append.bytes.count }
        }
        // The next change's appends follow on from where this one left the archive.
        if let archive = entry.touched.first(where: { $0.key == "archive" })?.new {
          lengths = (try? PlannerFile.decodeArchiveLine(archive.text)) ?? lengths
        }
      }
      guard lengths == restored.archive else {
        throw UndoError.changedSince(steps[0].change, what: "the archive", redo: true)
      }
    }
    // The archive files the restored planner names must still hold what it counts.
    for (name, length) in [
      (restored.archive.doneName, restored.archive.done),
      (restored.archive.daysName, restored.archive.days),
    ] where length > 0 && FileSystem.size(directory + "/" + name) ?? 0 < length {
      throw UndoError.changedSince(steps[0].change, what: "the archive (\(name))", redo: !undo)
    }
    restored.journal = snapshot.journal
    var marks: [UInt8] = []
    for entry in steps { marks += ChangeJournal.marker(undo: undo, seq: entry.change.seq) }
    var rewritten = false
    if restored.journal.records + steps.count >= 3 * ChangeJournal.limit {
      try rewriteJournal(stacks, in: &restored.journal)
      rewritten = true
    } else {
      try appendToJournal(marks, in: &restored.journal)
      restored.journal.records += steps.count
    }
    try FileSystem.replace(
      plannerPath, with: PlannerFile.encode(restored), in: directory, backup: backupPath)
    if rewritten { removeUnneeded(keeping: stacks, restored) }
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
    let id = parts.count > 1 && parts[1].hasPrefix("id=") ? String(parts[1].dropFirst(3)) : "?"
    switch kind {
    case "task": return "task #\(id)"
    case "routine": return "routine r\(id)"
    case "day": return "today's day"
    case "archive": return "the archive"
    case "next": return "the next id"
    case "settings": return "the reserve"
    case "end": return "the list of tasks"
    default: return "the planner"
    }
  }

  /// Runs `body` holding the exclusive lock, in a data directory made ready for writing.
  private func exclusively<T>(_ body: () throws -> T) throws -> T {
    try FileSystem.prepareDirectory(directory)
    let lock = try FileLock(directory: directory, exclusive: true, timeout: lockTimeout)
    defer { withExtendedLifetime(lock) {} }
    FileSystem.sweepTemporaries(in: directory)
    return try body()
  }

  // MARK: - Internals

  func journalPath(_ journal: JournalState) -> String { directory + "/" + journal.fileName }

  /// Appends `change`, from `oldBytes` to `newBody`, to the journal and advances `journal` to
  /// match. Once the journal has grown to twice the limit it is rewritten with the newest
  /// changes instead, and the stacks it now holds are returned so the caller can remove what
  /// they no longer need once the change is committed.
  private func record(
    _ change: RecordedChange, oldBytes: [UInt8]?, newBody: [UInt8],
    appends: [ChangeJournal.Append], in journal: inout JournalState
  ) throws(StoreError) -> ChangeJournal.Stacks? {
    let touched = PlannerLines.diff(
      old: PlannerLines.lines(oldBytes ?? []), new: PlannerLines.lines(newBody))
    let entry = ChangeJournal.Entry(change: change, touched: touched, appends: appends)
    journal.lastSeq = change.seq
    if journal.records + 1 >= 2 * ChangeJournal.limit {
      var stacks = ChangeJournal.Stacks()
      switch readJournalOrDamage(journal) {
      case .success(let read): stacks = read
      case .failure(.corrupt): break  // damaged: start afresh with this change
      case .failure: return try appendEntry(entry, in: &journal)  // unreadable now: later
      }
      stacks.undo = Array(stacks.undo.suffix(ChangeJournal.limit - 1)) + [entry]
      stacks.redo = []
      try rewriteJournal(stacks, in: &journal)
      return stacks
    }
    return try appendEntry(entry, in: &journal)
  }

  private func appendEntry(_ entry: ChangeJournal.Entry, in journal: inout JournalState)
    throws(StoreError) -> ChangeJournal.Stacks?
  {
    var out: [UInt8] = []
    if FileSystem.size(journalPath(journal)) ?? 0 < journal.bytes {
      // Shorter than committed (a power cut): the history is lost; start a new one rather
      // than fill the gap with zeros.
      journal = JournalState(generation: journal.generation + 1, lastSeq: journal.lastSeq)
    }
    if journal.bytes == 0 { ChangeJournal.format.encodeHeader(to: &out) }
    ChangeJournal.encode(entry, to: &out)
    try appendToJournal(out, in: &journal)
    journal.records += 1
    return nil
  }

  /// Appends to the journal after its committed bytes. Not fsynced, so undo costs a save no
  /// extra disk flush: a power cut can lose the history (never the planner), and then `undo`
  /// finds it damaged and starts it afresh.
  private func appendToJournal(_ bytes: [UInt8], in journal: inout JournalState)
    throws(StoreError)
  {
    try FileSystem.append(bytes, to: journalPath(journal), truncatingTo: journal.bytes, sync: false)
    journal.bytes += bytes.count
  }

  func readJournalOrDamage(_ journal: JournalState) -> Result<ChangeJournal.Stacks, StoreError> {
    do { return .success(try readJournal(journal)) } catch { return .failure(error) }
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

  /// After a rewrite is committed: removes older journals, and archive files that neither
  /// `snapshot` nor any change in `stacks` refers to. Best effort: leftovers are only disk
  /// space, removed next time.
  private func removeUnneeded(keeping stacks: ChangeJournal.Stacks, _ snapshot: PlannerSnapshot) {
    let current = snapshot.journal.fileName
    var needed: Set<String> = [snapshot.archive.doneName, snapshot.archive.daysName]
    for entry in stacks.undo + stacks.redo { needed.formUnion(ChangeJournal.archiveFiles(of: entry)) }
    FileSystem.removeFiles(in: directory) { name in
      (name.hasPrefix("undo-") && name.hasSuffix(".txt") && name != current)
        || (ArchiveFiles.isArchiveName(name) && !needed.contains(name))
    }
  }


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
    let legacy = [ArchiveFiles.doneName, ArchiveFiles.daysName].map { directory + "/" + $0 }
    for path in legacy where try FileSystem.read(path, limit: 1) != nil {
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
    // From the newest back, drop a task that is live again or an older copy of an id. Ids are
    // marked in a bitset (12 KB for 100,000 tasks, no hashing), ids past 2^24 in a set; the
    // array is rebuilt only when something is dropped, which is rare.
    var marked: [UInt64] = []
    var markedLarge = Set<TaskID>()
    func firstSighting(_ id: TaskID) -> Bool {
      let raw = id.rawValue
      guard raw >= 0 && raw < 1 << 24 else { return markedLarge.insert(id).inserted }
      if raw / 64 >= marked.count { marked += repeatElement(0, count: raw / 64 + 1 - marked.count) }
      let bit = UInt64(1) << UInt64(raw % 64)
      defer { marked[raw / 64] |= bit }
      return marked[raw / 64] & bit == 0
    }
    var dropped: [Int] = []
    for index in archive.doneTasks.indices.reversed() {
      let id = archive.doneTasks[index].id
      if planner.task(id) != nil || !firstSighting(id) { dropped.append(index) }
    }
    if !dropped.isEmpty {
      let drop = Set(dropped)
      let kept = archive.doneTasks.indices.filter { !drop.contains($0) }
      archive.doneTasks = kept.map { archive.doneTasks[$0] }
    }
    return archive
  }

  /// The committed bytes of one archive file.
  func committed(_ name: String, _ length: Int) throws(StoreError) -> [UInt8] {
    let path = directory + "/" + name
    guard length > 0 else { return [] }
    let bytes = try FileSystem.read(path, limit: length) ?? []
    guard bytes.count == length else {
      throw StoreError.corrupt(
        file: path, line: nil,
        reason: "holds \(bytes.count) bytes but \(PlannerFile.name) expects \(length)")
    }
    return bytes
  }

  func readDays(_ lengths: ArchiveLengths) throws(StoreError) -> [DayRecord] {
    try ArchiveFiles.decodeDays(
      committed(lengths.daysName, lengths.days), file: directory + "/" + lengths.daysName)
  }

  func readRecordedArchive(_ lengths: ArchiveLengths) throws(StoreError) -> Archive {
    Archive(
      doneTasks: try ArchiveFiles.decodeDone(
        committed(lengths.doneName, lengths.done), file: directory + "/" + lengths.doneName),
      days: try readDays(lengths))
  }

  /// The time a change is recorded at when the caller gives none (the system clock).
  static func systemNow() -> Timestamp {
    var seconds = time(nil)
    var local = tm()
    localtime_r(&seconds, &local)
    return Timestamp(seconds: Int64(seconds), utcOffset: Int(local.tm_gmtoff))
  }
}
