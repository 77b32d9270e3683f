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
  /// written either when `body` changed nothing.
  @discardableResult
  public func update<T>(
    _ body: (inout Planner, inout [FinishedDay]) throws -> T
  ) throws -> T {
    try FileSystem.prepareDirectory(directory)
    let lock = try FileLock(directory: directory, exclusive: true, timeout: lockTimeout)
    defer { withExtendedLifetime(lock) {} }
    FileSystem.sweepTemporaries(in: directory)

    var snapshot = try readSnapshot()
    let before = snapshot.planner
    var finished: [FinishedDay] = []
    let result = try body(&snapshot.planner, &finished)
    guard snapshot.planner != before || !finished.isEmpty else { return result }

    if !finished.isEmpty {
      // Append first; the archive bytes only count once planner.txt names the new lengths.
      let (done, days) = ArchiveFiles.encode(
        finished, doneIsEmpty: snapshot.archive.done == 0, daysIsEmpty: snapshot.archive.days == 0)
      try FileSystem.append(done, to: donePath, truncatingTo: snapshot.archive.done)
      try FileSystem.append(days, to: daysPath, truncatingTo: snapshot.archive.days)
      snapshot.archive.done += done.count
      snapshot.archive.days += days.count
    }
    try FileSystem.replace(
      plannerPath, with: PlannerFile.encode(snapshot), in: directory, backup: backupPath)
    return result
  }

  /// Deletes every task checked off on an earlier day (the archive's done tasks; the day
  /// records stay, for history) and returns how many there were.
  @discardableResult
  public func clearArchivedTasks() throws(StoreError) -> Int {
    try FileSystem.prepareDirectory(directory)
    let lock = try FileLock(directory: directory, exclusive: true, timeout: lockTimeout)
    defer { withExtendedLifetime(lock) {} }
    FileSystem.sweepTemporaries(in: directory)
    var snapshot = try readSnapshot()
    guard snapshot.archive.done > 0 else { return 0 }
    let count = try readArchive(snapshot.archive, live: snapshot.planner).doneTasks.count
    // planner.txt naming length 0 is the commit; the bytes are then cut, not just hidden.
    snapshot.archive.done = 0
    try FileSystem.replace(
      plannerPath, with: PlannerFile.encode(snapshot), in: directory, backup: backupPath)
    try FileSystem.append([], to: donePath, truncatingTo: 0)
    return count
  }

  // MARK: - Internals

  func readSnapshot() throws(StoreError) -> PlannerSnapshot {
    if let bytes = try FileSystem.read(plannerPath) {
      return try PlannerFile.decode(bytes, file: plannerPath)
    }
    // No planner yet. An archive without one means planner.txt was lost: never start over
    // on top of someone's history.
    for path in [donePath, daysPath] where try FileSystem.read(path, limit: 1) != nil {
      throw StoreError.corrupt(
        file: plannerPath, line: nil,
        reason: "the file is missing but \(path) exists; restore it from \(backupPath)")
    }
    return PlannerSnapshot(planner: Planner())
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
}
