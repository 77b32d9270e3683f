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
        archive: try readArchive(snapshot))
    }
  }

  /// The data files' bytes as `planner.txt` counts them: itself, the undo history's committed
  /// length and the archive's (older files kept for `undo` are not counted). What a synced
  /// state mirrors, which the benchmark holds it to.
  public func countedBytes() throws(StoreError) -> Int {
    try shared(or: 0) { () throws(StoreError) in
      let snapshot = try readSnapshot()
      return (FileSystem.size(plannerPath) ?? 0) + snapshot.journal.bytes
        + snapshot.archive.done + snapshot.archive.days
    }
  }

  /// The planner and the finished days' records, without the done tasks: all that `history`
  /// and `chart` show, and a small part of the archive's bytes.
  public func loadDays() throws(StoreError) -> (planner: Planner, days: [DayRecord]) {
    try shared(or: (Planner(), [])) { () throws(StoreError) in
      let snapshot = try readSnapshot()
      return (snapshot.planner, try readDays(snapshot))
    }
  }

  /// The planner as committed: the checkpoint `planner.txt` with the changes after it (see
  /// `JournalTail`). A `planner.txt` that cannot be read is reported with how to get a
  /// planner back; changes after it that cannot be read, as the damaged history they are.
  ///
  /// - Parameter blockSize: how much of `planner.txt` is read at a time (smaller for tests and
  ///   the loader fuzz target, which hold the reads in blocks to the read of the whole file).
  /// - Parameter lenient: changes after the checkpoint that do not read end them instead of
  ///   refusing the read (`tail.damage` says where): for `check --repair` only.
  /// - Parameter marksUpTo: see `JournalTail.read`.
  func readSnapshot(
    blockSize: Int = BlockReader.blockSize, lenient: Bool = false, marksUpTo: Int? = nil
  ) throws(StoreError) -> PlannerSnapshot {
    let opened: BlockReader?
    do {
      opened = try BlockReader(path: plannerPath, blockSize: blockSize)
    } catch {
      throw .unreadablePlanner(error, recovery: recovery(from: error))
    }
    guard let file = opened else { return try noPlannerYet() }
    let snapshot: PlannerSnapshot
    do {
      snapshot = try self.snapshot(from: file, lenient: lenient, marksUpTo: marksUpTo)
    } catch {
      // A read that failed part way ended the lines early: that, not what they seemed to say.
      if let failure = file.failure {
        throw .unreadablePlanner(failure, recovery: recovery(from: failure))
      }
      throw error
    }
    if let failure = file.failure {
      throw .unreadablePlanner(failure, recovery: recovery(from: failure))
    }
    return snapshot
  }

  /// `readSnapshot` once `planner.txt` is open: its lines and the changes after them.
  ///
  /// With `explain` false, a `planner.txt` that does not read is thrown as it is, without the
  /// way back (for `recovery`, which reads the backup this way).
  func snapshot(
    from file: BlockReader, lenient: Bool, marksUpTo: Int? = nil, explain: Bool = true
  ) throws(StoreError) -> PlannerSnapshot {
    var tail = JournalTail()
    var version = PlannerFile.format.version
    var overlay: PlannerLines.Overlay?
    var journalFile = ""
    var journalName = ""
    if let head = PlannerFile.peek(file.head) {
      version = head.version
      if head.version >= PlannerFile.journalCommits, let journal = head.journal {
        journalFile = journalPath(journal)
        journalName = journal.fileName
        tail = try JournalTail.read(
          journalFile, journal: journal, lenient: lenient, marksUpTo: marksUpTo
        ) {
          () throws(StoreError) in try readJournal(journal)
        }
        if !tail.steps.isEmpty {
          do {
            overlay = try PlannerLines.Overlay(tail.steps, file: journalFile)
          } catch {
            throw .corrupt(
              file: journalFile, line: nil,
              reason: "the changes after the last checkpoint do not follow on from each other "
                + "(\(Self.describe(key: error.key)))")
          }
        }
      }
    }
    var snapshot: PlannerSnapshot
    do {
      snapshot = try PlannerFile.decode(file, file: plannerPath, over: overlay)
    } catch {
      if case .corrupt(let file, _, _) = error, file == journalFile { throw error }
      guard explain else { throw error }
      throw .unreadablePlanner(error, recovery: recovery(from: error))
    }
    snapshot.tail = CheckpointTail(
      version: version, folded: snapshot.journal.bytes, changes: tail.records,
      appends: tail.appends, torn: tail.torn, tornFile: journalName, damage: tail.damage)
    if tail.records > 0 {
      snapshot.journal.bytes += tail.length
      snapshot.journal.records += tail.records
      snapshot.journal.lastSeq = tail.lastSeq
    }
    return snapshot
  }

  /// No planner yet. An archive without one means planner.txt was lost: never start over on
  /// top of someone's history.
  private func noPlannerYet() throws(StoreError) -> PlannerSnapshot {
    // The undo history too, beside a backup (so a planner was saved twice at least): it holds
    // the changes since the lost checkpoint. Alone it may be a first change killed before
    // its rename, which saved nothing.
    let histories = FileSystem.size(backupPath) == nil ? [] : (FileSystem.names(in: directory) ?? []).filter {
      $0.hasPrefix("undo-") && $0.hasSuffix(".txt")
    }
    let legacy = ([ArchiveFiles.doneName, ArchiveFiles.daysName] + histories.sorted()).map {
      directory + "/" + $0
    }
    for path in legacy where try FileSystem.read(path, limit: 1) != nil {
      let error = StoreError.missing(file: plannerPath, archive: path)
      throw .unreadablePlanner(error, recovery: recovery(from: error))
    }
    var empty = PlannerSnapshot(planner: Planner())
    empty.tail.version = 0
    return empty
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
    } catch {
      if case .newerFormat = error { return .noBackup(why: "it is from the newer Spoons too") }
      return .noBackup(why: "it is damaged too")
    }
    // As the restored planner would read: with the changes made since laid over it.
    guard let reader = try? BlockReader(path: backupPath),
      (try? snapshot(from: reader, lenient: false, explain: false)) != nil
    else { return .noBackup(why: "the changes made since it do not follow on from it") }
    return .restoreBackup(directory: directory)
  }

  /// The archive as recorded, less what has come back to life: a task reopened with `undone`
  /// lives in the planner again, and if it was done and archived once more, the newest copy
  /// is the one that counts.
  func readArchive(_ snapshot: PlannerSnapshot) throws(StoreError) -> Archive {
    var archive = try readRecordedArchive(snapshot)
    archive.doneTasks = ArchivedCopies.newest(archive.doneTasks, live: snapshot.planner)
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

  /// The committed bytes of an archive file: what the checkpoint counts from the file, then
  /// what the changes since added, from the undo history (the file gets them at the next
  /// checkpoint, so a power cut before then loses nothing).
  func archiveBytes(_ name: String, _ length: Int, of snapshot: PlannerSnapshot)
    throws(StoreError) -> [UInt8]
  {
    let added = snapshot.tail.appends.filter { $0.file == name }
    guard let first = added.first else { return try committed(name, length) }
    var bytes = try committed(name, first.at)
    for append in added {
      guard append.at == bytes.count else { break }
      bytes += append.bytes
    }
    guard bytes.count == length else {
      throw StoreError.corrupt(
        file: journalPath(snapshot.journal), line: nil,
        reason: "the changes after the last checkpoint add \(bytes.count - first.at) bytes to "
          + "\(name) but \(PlannerFile.name) with them expects \(length - first.at)")
    }
    return bytes
  }

  func readDays(_ snapshot: PlannerSnapshot) throws(StoreError) -> [DayRecord] {
    let name = snapshot.archive.daysName
    do {
      return try ArchiveFiles.decodeDays(
        archiveBytes(name, snapshot.archive.days, of: snapshot), file: directory + "/" + name)
    } catch {
      throw archiveDamage(error)
    }
  }

  func readDone(_ snapshot: PlannerSnapshot) throws(StoreError) -> [SpoonTask] {
    let name = snapshot.archive.doneName
    do {
      return try ArchiveFiles.decodeDone(
        archiveBytes(name, snapshot.archive.done, of: snapshot), file: directory + "/" + name)
    } catch {
      throw archiveDamage(error)
    }
  }

  /// `error` as `damagedArchive` when it is about an archive file not reading (so it says how
  /// `check --repair` mends it); as it is otherwise (the undo history, a newer format).
  func archiveDamage(_ error: StoreError) -> StoreError {
    switch error {
    case .corrupt(let file, let line, let reason)
    where ArchiveFiles.isArchiveName(StoreError.split(file).name):
      return .damagedArchive(file: file, line: line, reason: reason)
    case .foreign(let file, let kind, let holds)
    where ArchiveFiles.isArchiveName(StoreError.split(file).name):
      return .damagedArchive(
        file: file, line: nil,
        reason: "it is not a Spoons \(kind) file" + (holds.map { " (\($0))" } ?? ""))
    default: return error
    }
  }

  func readRecordedArchive(_ snapshot: PlannerSnapshot) throws(StoreError) -> Archive {
    Archive(doneTasks: try readDone(snapshot), days: try readDays(snapshot))
  }
}
