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

  /// Runs `body` holding the shared lock; `empty` when there is no data directory yet (then
  /// nothing is created).
  func shared<T>(or empty: T, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
    guard try FileSystem.existingDirectory(directory) else { return empty }
    let lock = try FileLock(directory: directory, exclusive: false, timeout: lockTimeout)
    defer { withExtendedLifetime(lock) {} }
    return try body()
  }

  /// Runs `body` holding the exclusive lock, in a data directory made ready for writing.
  func exclusively<T>(_ body: () throws -> T) throws -> T {
    try FileSystem.prepareDirectory(directory)
    let lock = try FileLock(directory: directory, exclusive: true, timeout: lockTimeout)
    defer { withExtendedLifetime(lock) {} }
    FileSystem.sweepTemporaries(in: directory)
    return try body()
  }
}
