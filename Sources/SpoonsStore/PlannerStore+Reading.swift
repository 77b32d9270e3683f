import SpoonsCore

/// Reading: every read takes the shared lock and reads the files afresh.
extension PlannerStore {
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

  func readSnapshot() throws(StoreError) -> PlannerSnapshot {
    try readSnapshotAndBytes().snapshot
  }

  /// The snapshot and the bytes it was read from (nil when there is no file yet).
  ///
  /// A `planner.txt` that cannot be read is reported with how to get a planner back.
  func readSnapshotAndBytes() throws(StoreError) -> (snapshot: PlannerSnapshot, bytes: [UInt8]?) {
    do {
      if let bytes = try FileSystem.read(plannerPath) {
        return (try PlannerFile.decode(bytes, file: plannerPath), bytes)
      }
    } catch {
      throw .unreadablePlanner(error, recovery: recovery(from: error))
    }
    // No planner yet. An archive without one means planner.txt was lost: never start over
    // on top of someone's history.
    let legacy = [ArchiveFiles.doneName, ArchiveFiles.daysName].map { directory + "/" + $0 }
    for path in legacy where try FileSystem.read(path, limit: 1) != nil {
      let error = StoreError.missing(file: plannerPath, archive: path)
      throw .unreadablePlanner(error, recovery: recovery(from: error))
    }
    return (PlannerSnapshot(planner: Planner()), nil)
  }

  /// What can bring back a planner when reading `planner.txt` failed with `error`: the backup,
  /// when it reads well and differs, else why not; for a file we may not read, the command
  /// that gives it back.
  func recovery(from error: StoreError) -> PlannerRecovery {
    if case .denied(_, _, let fix) = error { return .permissions(fix: fix) }
    let backup: [UInt8]
    do {
      guard let bytes = try FileSystem.read(backupPath) else {
        return .noBackup(why: "there is none")
      }
      backup = bytes
    } catch {
      return .noBackup(why: "it cannot be read either")
    }
    if let current = try? FileSystem.read(plannerPath), current == backup {
      return .noBackup(why: "it is the same file")
    }
    do {
      _ = try PlannerFile.decode(backup, file: backupPath)
      return .restoreBackup(directory: directory)
    } catch {
      if case .newerFormat = error { return .noBackup(why: "it is from the newer Spoons too") }
      return .noBackup(why: "it is damaged too")
    }
  }

  /// The archive as recorded, less what has come back to life: a task reopened with `undone`
  /// lives in the planner again, and if it was done and archived once more, the newest copy
  /// is the one that counts.
  func readArchive(_ lengths: ArchiveLengths, live planner: Planner) throws(StoreError) -> Archive {
    var archive = try readRecordedArchive(lengths)
    archive.doneTasks = ArchivedCopies.newest(archive.doneTasks, live: planner)
    return archive
  }

  /// The bytes of a file that `planner.txt` counts (an archive file, the undo history): only
  /// those are committed, and fewer mean the file was cut short.
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
}
