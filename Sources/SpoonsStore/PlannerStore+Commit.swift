import SpoonsCore

/// Changing: one locked read-modify-write per change, committed by replacing `planner.txt`.
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
    try exclusively { () throws -> T in
      var (snapshot, oldBytes) = try readSnapshotAndBytes()
      let before = snapshot.planner
      let recorded = try ArchiveFiles.decodeDone(
        committed(snapshot.archive.doneName, snapshot.archive.done),
        file: directory + "/" + snapshot.archive.doneName)
      let newest = ArchivedCopies.newest(recorded, live: before)
      var archived = newest
      let result = try body(&snapshot.planner, &archived)
      let kept = Set(archived.map(\.id))
      // Copies that no longer count (of live tasks, and older copies) go too: the rewritten
      // file holds the archive as it reads.
      let remaining = newest.filter { kept.contains($0.id) && snapshot.planner.task($0.id) == nil }
      guard remaining.count < newest.count else {
        guard snapshot.planner != before else { return result }
        try commit(
          &snapshot, oldBytes: oldBytes, archive: .append(done: [], days: []), at: time,
          what: describe(result))
        return result
      }
      var done: [UInt8] = []
      for task in remaining { TaskRecord.encode(task, to: &done) }
      try commit(
        &snapshot, oldBytes: oldBytes, archive: .replace(done: done, days: nil), at: time,
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
    at time: Timestamp, describe: (Int) -> String = { _ in "clear completed" }
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
  func commit(
    _ snapshot: inout PlannerSnapshot, oldBytes: [UInt8]?, archive write: ArchiveWrite,
    at time: Timestamp, what: String
  ) throws(StoreError) {
    let seq = snapshot.journal.lastSeq + 1
    var appends: [ChangeJournal.Append] = []
    switch write {
    case .append(let done, let days):
      for (isDone, records) in [(true, done), (false, days)] where !records.isEmpty {
        let name = isDone ? snapshot.archive.doneName : snapshot.archive.daysName
        let at = isDone ? snapshot.archive.done : snapshot.archive.days
        var bytes: [UInt8] = []
        if at == 0 {
          (isDone ? ArchiveFiles.doneFormat : ArchiveFiles.daysFormat).encodeHeader(to: &bytes)
        }
        bytes += records
        try FileSystem.append(bytes, to: directory + "/" + name, truncatingTo: at)
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
        try FileSystem.append(bytes, to: directory + "/" + name, truncatingTo: 0)
        if isDone {
          (snapshot.archive.doneFile, snapshot.archive.done) = (seq, bytes.count)
        } else {
          (snapshot.archive.daysFile, snapshot.archive.days) = (seq, bytes.count)
        }
      }
    }
    let body = PlannerFile.body(snapshot)
    let change = RecordedChange(seq: seq, at: time, what: what)
    let rewritten = try record(
      change, oldBytes: oldBytes, newBody: body, appends: appends, in: &snapshot.journal)
    try FileSystem.replace(
      plannerPath, with: PlannerFile.head(snapshot.journal) + body, in: directory,
      backup: backupPath)
    if let rewritten { removeUnneeded(keeping: rewritten, snapshot) }
  }
}
