#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import SpoonsCore

/// Changing: one locked read-modify-write per change, committed by appending it to the undo
/// history and flushing that once; `planner.txt` is rewritten as a checkpoint now and then.
extension PlannerStore {
  /// Runs `body` on the current planner under the exclusive lock and saves what it left.
  ///
  /// `finished` collects days that ended during `body` (from `startNewDay`); their records and
  /// done tasks are appended to the archive. If `body` throws, nothing is written. Nothing is
  /// written either when `body` changed nothing. A change is recorded for `undo`, named by
  /// `describe` from what `body` returned, at `time`: the caller's clock, since the store
  /// reads none.
  @discardableResult
  public func update<T>(
    at time: Timestamp, describe: (T) -> String = { _ in "a change" },
    _ body: (inout Planner, inout [FinishedDay]) throws -> T
  ) throws -> T {
    try exclusively { lock throws -> T in
      var snapshot = try readSnapshot()
      let before = snapshot
      var finished: [FinishedDay] = []
      let result = try body(&snapshot.planner, &finished)
      guard snapshot.planner != before.planner || !finished.isEmpty else { return result }
      let (done, days) = ArchiveFiles.encode(finished, doneIsEmpty: false, daysIsEmpty: false)
      try commit(
        &snapshot, from: before, archive: .append(done: done, days: days), at: time,
        what: describe(result), lock: lock)
      return result
    }
  }

  /// `update` for a change that also takes tasks out of the archive (`delete` and `undone` of
  /// a task checked off on an earlier day): `body` gets the archive's done tasks as
  /// `loadArchive` reads them, and may remove some (anything it adds is ignored).
  ///
  /// Reads the whole archive, so only commands that reach into it use this. When `body`
  /// removed a task, `done.txt` is rewritten without it, as `clear completed` does: to a new
  /// file named after the change, which only the new `planner.txt` names. A kill leaves the
  /// old state or the new one, and `undo` brings the old file back.
  @discardableResult
  public func updateReachingArchive<T>(
    at time: Timestamp, describe: (T) -> String = { _ in "a change" },
    _ body: (inout Planner, inout [SpoonTask]) throws -> T
  ) throws -> T {
    try exclusively { lock throws -> T in
      var snapshot = try readSnapshot()
      let before = snapshot
      let newest = ArchivedCopies.newest(try readDone(snapshot), live: before.planner)
      var archived = newest
      let result = try body(&snapshot.planner, &archived)
      let kept = Set(archived.map(\.id))
      // Copies that no longer count (of live tasks, and older copies) go too: the rewritten
      // file holds the archive as it reads.
      let remaining = newest.filter { kept.contains($0.id) && snapshot.planner.task($0.id) == nil }
      guard remaining.count < newest.count else {
        guard snapshot.planner != before.planner else { return result }
        try commit(
          &snapshot, from: before, archive: .append(done: [], days: []), at: time,
          what: describe(result), lock: lock)
        return result
      }
      var done: [UInt8] = []
      for task in remaining { TaskRecord.encode(task, to: &done) }
      try commit(
        &snapshot, from: before, archive: .replace(done: done, days: nil), at: time,
        what: describe(result), lock: lock)
      return result
    }
  }

  /// Deletes every task checked off on an earlier day (the archive's done tasks; the day
  /// records stay, for history) and returns how many there were.
  ///
  /// The old `done.txt` stays while the change can be undone.
  @discardableResult
  public func clearArchivedTasks(
    at time: Timestamp, describe: (Int) -> String = { _ in "clear completed" }
  ) throws -> Int {
    try exclusively { lock throws -> Int in
      var snapshot = try readSnapshot()
      let before = snapshot
      let count = try readArchive(snapshot).doneTasks.count
      guard count > 0 else { return 0 }
      try commit(
        &snapshot, from: before, archive: .replace(done: [], days: nil), at: time,
        what: describe(count), lock: lock)
      return count
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

  /// Saves `snapshot` (changed from `before`) as one recorded change, and commits it by
  /// appending it to the undo history with one flush: the lines it touched (`PlannerDiff`)
  /// and the archive records it added, so it costs what it changed, not the whole planner.
  ///
  /// Now and then the change is a checkpoint instead (see `appendOnly`): its record is
  /// appended and flushed all the same, after the archive files get every record the changes
  /// since the last checkpoint added, and then `planner.txt` is rewritten to count them all
  /// (see `save`). Nothing before the commit writes a byte a reader counts: appends go after
  /// the committed lengths, and replaced archive files are new files that only the new record
  /// names. A kill at any point leaves the old state or the new one, whole. Without `lock` (a
  /// run of `exclusively` that may not write) it throws `WouldWrite`.
  func commit(
    _ snapshot: inout PlannerSnapshot, from before: PlannerSnapshot, archive write: ArchiveWrite,
    at time: Timestamp, what: String, lock: FileLock?
  ) throws {
    guard let lock else { throw WouldWrite() }
    lastCommit.forget()
    let seq = snapshot.journal.lastSeq + 1
    var writes: [PendingWrite] = []
    var appends: [ChangeJournal.Append] = []
    switch write {
    case .append(let done, let days):
      for (isDone, records) in [(true, done), (false, days)] where !records.isEmpty {
        let name = isDone ? snapshot.archive.doneName : snapshot.archive.daysName
        let at = isDone ? snapshot.archive.done : snapshot.archive.days
        try checkArchiveFile(name, holding: at, of: snapshot)
        var bytes: [UInt8] = []
        if at == 0 {
          (isDone ? ArchiveFiles.doneFormat : ArchiveFiles.daysFormat).encodeHeader(to: &bytes)
        }
        bytes += records
        appends.append(.init(file: name, at: at, bytes: bytes))
        if isDone {
          snapshot.archive.done += bytes.count
        } else {
          snapshot.archive.days += bytes.count
        }
      }
    case .replace(let done, let days):
      for (isDone, records) in [(true, done), (false, days)] {
        guard let records else { continue }
        var bytes: [UInt8] = []
        if !records.isEmpty {
          (isDone ? ArchiveFiles.doneFormat : ArchiveFiles.daysFormat).encodeHeader(to: &bytes)
          bytes += records
        }
        let name = ArchiveFiles.name(
          isDone ? ArchiveFiles.doneName : ArchiveFiles.daysName, number: seq)
        writes.append(PendingWrite(path: directory + "/" + name, bytes: bytes, at: 0))
        if isDone {
          (snapshot.archive.doneFile, snapshot.archive.done) = (seq, bytes.count)
        } else {
          (snapshot.archive.daysFile, snapshot.archive.days) = (seq, bytes.count)
        }
      }
    }
    let entry = ChangeJournal.Entry(
      change: RecordedChange(seq: seq, at: time, what: what),
      touched: PlannerDiff.touched(from: before, to: snapshot), appends: appends)
    // Several `renumbered` lines (after a sync) share one key, which only a whole file orders.
    if writes.isEmpty, max(before.planner.renumbered.count, snapshot.planner.renumbered.count) <= 1,
      try appendOnly(entry, to: &snapshot)
    {
      lock.keepStamp()
      keepCommitted(snapshot, lock)
      return
    }
    for append in appends {
      writes.append(PendingWrite(path: directory + "/" + append.file, bytes: append.bytes, at: append.at))
    }
    let (journal, rewritten, damaged) = record(entry, in: &snapshot.journal)
    if let damaged {  // kept, not removed with the old generations below
      try keepAside(FileSystem.read(directory + "/" + damaged) ?? [], of: damaged, as: "damaged")
    }
    writes.append(journal)
    try save(&snapshot, after: writes, lock: lock)
    if let rewritten { removeUnneeded(keeping: rewritten, snapshot) }
    keepCommitted(snapshot, lock)
  }

  /// Keeps what a change committed for the sync right after it (`LastCommit`), as a read
  /// gives it.
  private func keepCommitted(_ snapshot: PlannerSnapshot, _ lock: FileLock) {
    // Only for a planner that has synced and still syncs: a REPL that does not sync holds one
    // planner, not two, and a planner that never synced asks no `sync.txt` at each change
    // (its first sync reads the planner).
    guard snapshot.journal.syncFile != 0, FileSystem.size(syncSetupPath) != nil else {
      return
    }
    var snapshot = snapshot
    snapshot.tail.tornFile = snapshot.journal.fileName
    lastCommit.keep(
      snapshot, committedUnder: lock, to: [plannerPath, journalPath(snapshot.journal)])
  }

  /// Refuses a change that adds to the archive file `name` when the file does not hold what
  /// the checkpoint counts of it (the changes since keep the rest): its records would reach
  /// it at the next checkpoint, which must not append to a damaged file. Checked now, so the
  /// change that would add to it is the one refused, with the way to mend it.
  func checkArchiveFile(_ name: String, holding length: Int, of snapshot: PlannerSnapshot)
    throws(StoreError)
  {
    let counted = snapshot.tail.appends.first { $0.file == name }?.at ?? length
    guard counted > 0 else { return }
    let path = directory + "/" + name
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)  // a pipe in its place never waits
    guard fd >= 0 else {
      guard errno == ENOENT else { throw archiveDamage(FileSystem.io(path, "read")) }
      throw archiveDamage(
        .corrupt(file: path, line: nil,
          reason: "the file is missing, but \(PlannerFile.name) counts \(counted) bytes of it"))
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw FileSystem.io(path, "read") }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw archiveDamage(.corrupt(file: path, line: nil, reason: "it is not a plain file"))
    }
    do {
      try FileSystem.checkCommitted(fd, size: Int(info.st_size), length: counted, path: path)
    } catch {
      throw archiveDamage(error)
    }
  }

  /// How many changes, and how many bytes of them, may follow a checkpoint before the next
  /// change writes a new one: every read lays them over `planner.txt`, so they stay a small
  /// part of a read, and a checkpoint's cost is shared by this many changes.
  static let checkpointBytes = 64 * 1024

  /// Commits `entry` by appending it to the undo history alone, with one flush, when the
  /// changes since the checkpoint leave room for it; false (nothing written) when the change
  /// must write a checkpoint instead: the first change, one to a planner from before the
  /// history was the commit, one that would rotate the history, or past the limits above.
  func appendOnly(_ entry: ChangeJournal.Entry, to snapshot: inout PlannerSnapshot) throws -> Bool {
    let journal = snapshot.journal
    // A directory Spoons may not write in takes the checkpoint's way, which refuses the
    // change before writing anything: a change must never succeed when the next could not.
    guard snapshot.tail.version >= PlannerFile.journalCommits, journal.bytes > 0,
      !journal.rotatesWithNextRecord,
      snapshot.tail.changes + 1 < checkpointAfter, FileSystem.isWritable(directory)
    else { return false }
    var record: [UInt8] = []
    ChangeJournal.encode(entry, to: &record)
    guard journal.bytes - snapshot.tail.folded + record.count <= Self.checkpointBytes else {
      return false
    }
    // A last record cut short is kept before it is written over. (A history shorter than
    // counted, for which this is false, is refused by the read before it gets here.)
    try keepTorn(&snapshot)
    guard try FileSystem.appendDurably(record, to: journalPath(journal), at: journal.bytes) else {
      return false
    }
    snapshot.journal.bytes += record.count
    snapshot.journal.records += 1
    snapshot.journal.lastSeq = entry.change.seq
    snapshot.tail.changes += 1
    snapshot.tail.appends += entry.appends
    return true
  }

  /// Writes `snapshot` as the new checkpoint, counting the undo history up to where it stands
  /// now: the archive files first get the records the changes since the last checkpoint added,
  /// then `writes` are made, then `planner.txt` is replaced (see `save`).
  func save(_ snapshot: inout PlannerSnapshot, after writes: [PendingWrite], lock: FileLock)
    throws(StoreError)
  {
    try keepTorn(&snapshot)
    try save(PlannerFile.encode(snapshot), after: settled(snapshot.tail) + writes, lock: lock)
    snapshot.tail = CheckpointTail(folded: snapshot.journal.bytes)
  }

  /// Writes that give the archive files the records added since the checkpoint (kept until
  /// now in the undo history), at the lengths the checkpoint counts, so a new checkpoint can
  /// count them in the files.
  func settled(_ tail: CheckpointTail) -> [PendingWrite] {
    var writes: [PendingWrite] = []
    for append in tail.appends {
      if let last = writes.last, last.path == directory + "/" + append.file,
        last.at + last.bytes.count == append.at
      {
        writes[writes.count - 1].bytes += append.bytes
      } else {
        writes.append(PendingWrite(path: directory + "/" + append.file, bytes: append.bytes, at: append.at))
      }
    }
    return writes
  }

  /// Commits a change: `planner` as the new `planner.txt`, once `writes` (to files it alone
  /// names the new bytes of) are made. All or nothing: the new planner is written to a
  /// temporary file first, so that a directory that cannot be written to, or a full disk,
  /// fails before any other file is touched, and a failure before the rename takes back the
  /// writes made so far. Only a failure to flush the directory after the rename, when the
  /// change has happened, is reported as it is.
  func save(_ planner: [UInt8], after writes: [PendingWrite], lock: FileLock) throws(StoreError) {
    // A planner kept for the next sync is not this one (a change keeps its own after this).
    lastCommit.forget()
    FileSystem.sweepTemporaries(in: directory)
    for write in writes { try keepUncounted(write) }
    let staged = try FileSystem.stage(planner, as: plannerPath, in: directory)
    var rollback = FileSystem.Rollback()
    do {
      for write in writes {
        try FileSystem.append(
          write.bytes, to: write.path, truncatingTo: write.at, rollback: &rollback)
      }
      try FileSystem.commit(staged, backup: backupPath)
    } catch {
      rollback.run()
      FileSystem.discard(staged)
      throw archiveDamage(error)
    }
    lock.keepStamp()
    try FileSystem.syncDirectory(directory)
  }
}

extension PlannerStore {
  /// Bytes an archive file holds past the offset a write starts at (which the write cuts off): a
  /// checkpoint killed before its rename leaves the same records the next one writes, which
  /// go; anything else (an older `planner.txt` put back, counting less of a file than it
  /// holds) is kept under a dated name first, so no byte Spoons did not count is dropped.
  func keepUncounted(_ write: PendingWrite) throws(StoreError) {
    // The undo history's own uncounted tail, a record cut short, is kept by `keepTorn`.
    // Only what lies past the offset is read: the archive can be tens of megabytes.
    guard ArchiveFiles.isArchiveName(StoreError.split(write.path).name),
      let size = FileSystem.size(write.path), size > write.at,
      let past = try FileSystem.read(write.path, from: write.at)
    else { return }
    guard !past.elementsEqual(write.bytes.prefix(past.count)) else { return }
    let name = StoreError.split(write.path).name
    _ = try keepAside(past, of: name, as: "uncounted")
  }
}

/// Bytes for a file of the data directory, written at `at` (cutting off what follows) as part
/// of a change: after what `planner.txt` counts, or in a file only the new `planner.txt` names.
/// Each is flushed to disk before the commit.
struct PendingWrite {
  var path: String
  var bytes: [UInt8]
  var at: Int
}
