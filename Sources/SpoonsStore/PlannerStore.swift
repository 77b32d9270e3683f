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
/// work: each call reads the current state under the lock. The one thing kept between calls is
/// the planner a change committed, for the sync right after it (`LastCommit`), taken only when
/// nothing has written since.
///
/// Files in the data directory:
/// - `planner.txt`: the planner as of its last checkpoint (rewritten atomically every so many
///   changes), `planner.txt.bak` the one before it;
/// - `done.txt`, `days.txt`: the archive, append-only (`done-N.txt`, `days-N.txt` once change N
///   rewrote it);
/// - `undo-N.txt`: the last changes, for undo and redo, and the commit: a change is one
///   record appended to it and flushed, laid over `planner.txt` when read;
/// - `spoons.lock`: the lock.
public struct PlannerStore: Sendable {
  public let directory: String
  /// How long one other process may hold the lock before waiting gives up with `busy`. Long
  /// enough to outlast a disk that stalls a save's fsync for seconds on a loaded machine (seen
  /// here: over 5 s under heavy fsync traffic), short enough to report a stuck process.
  public var lockTimeout: Double
  /// Told, once, when one other process has held the lock for a second while this one waits:
  /// whom it waits for (nil when nothing says). The front says so, so a wait is never silent.
  public var waiting: (@Sendable (LockHolder?) -> Void)?
  /// How `sync` runs git when it syncs through a git remote.
  public var git = GitOptions()
  /// How many of its own change files every other device has read before a device replaces
  /// them with a snapshot (`SPOONS_SYNC_COMPACT_AFTER`, for tests).
  public var syncCompactAfter = 100
  /// The host name `sync` names a new device after, when not this machine's
  /// (`SPOONS_TEST_HOSTNAME`, for tests): only ever a label, never who the device is.
  public var hostName: String?
  /// How many changes may follow a checkpoint before the next one rewrites `planner.txt`
  /// (`SPOONS_CHECKPOINT_AFTER`, for tests): see `PlannerStore.appendOnly`. Every command
  /// reads the changes since the checkpoint (about 50k instructions each, callgrind), and a
  /// checkpoint costs a write of the planner shared by this many changes: at 16 a read carries
  /// 8 changes on average, where 64 made the everyday commands a third slower.
  public var checkpointAfter = 16
  /// What the last change committed, for the sync right after it (`LastCommit`).
  let lastCommit = LastCommit()

  public init(
    directory: String, lockTimeout: Double = 30,
    waiting: (@Sendable (LockHolder?) -> Void)? = nil
  ) {
    self.directory = directory
    self.lockTimeout = lockTimeout
    self.waiting = waiting
  }

  var plannerPath: String { directory + "/" + PlannerFile.name }
  var backupPath: String { plannerPath + ".bak" }
  var lockPath: String { directory + "/" + FileLock.name }

  /// Runs `body` holding the shared lock; `empty` when there is no data directory yet (then
  /// nothing is created).
  func shared<T>(or empty: T, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
    do {
      guard try FileSystem.existingDirectory(directory) else { return empty }
      // No lock file: nothing has written here, so there is nothing to wait for, and a read
      // must not create one.
      guard FileSystem.size(lockPath) != nil else { return try body() }
      let lock = try FileLock(
        directory: directory, exclusive: false, timeout: lockTimeout, waiting: waiting)
      defer { withExtendedLifetime(lock) {} }
      return try body()
    } catch {
      throw explained(error)
    }
  }

  /// Runs `body` holding the exclusive lock, in a data directory made ready for writing.
  ///
  /// `body` is given the lock, to keep its stamp once it writes (see `FileLock`). Where there
  /// is no lock file yet, taking the lock would create it (and the directory): then `body`
  /// first runs with no lock, reading without writing, and only when it would write (it
  /// throws `WouldWrite`) does it run again for real. So a command that changes nothing, a
  /// refusal above all, leaves no directory or file behind. With no lock file there is no
  /// writer to race with but one creating it this instant, whose rename a read sees whole.
  func exclusively<T>(_ body: (_ lock: FileLock?) throws -> T) throws -> T {
    do {
      // On read-only media too (where the lock cannot be taken): a refusal is then told as
      // itself, and only a change that would write is told that the place is read-only.
      if !(try FileSystem.existingDirectory(directory)) || FileSystem.size(lockPath) == nil
        || !FileSystem.isWritable(directory)
      {
        do { return try body(nil) } catch is WouldWrite {}
      }
      try FileSystem.prepareDirectory(directory)
      let lock = try FileLock(
        directory: directory, exclusive: true, timeout: lockTimeout, waiting: waiting)
      defer { withExtendedLifetime(lock) {} }
      return try body(lock)
    } catch let error as StoreError {
      throw explained(error)
    }
  }

  /// Thrown by a write in a run of `exclusively`'s body without the lock.
  struct WouldWrite: Error {}

  /// `error`, with the command that gives a file or the directory back when the system
  /// refused Spoons access to it.
  func explained(_ error: StoreError) -> StoreError {
    switch error {
    case .io(_, _, let reason) where reason == FileSystem.errorText(EROFS):
      return .readOnly(directory: directory)
    case .io(let path, let operation, let reason)
    where reason == FileSystem.errorText(EACCES) || reason == FileSystem.errorText(EPERM):
      var info = stat()
      var target = path
      if stat(path, &info) != 0 {  // inside a directory we may not enter: that is the fault
        target = directory
        guard stat(directory, &info) == 0 else { return error }
      }
      let isDirectory = (info.st_mode & S_IFMT) == S_IFDIR
      let quoted = Shell.quoted(target)
      let fix = (info.st_uid != geteuid() ? "sudo chown \"$USER\" \(quoted) && " : "")
        + "chmod \(isDirectory ? "700" : "600") \(quoted)"
      return .denied(path: path, operation: operation, fix: fix)
    case .unreadablePlanner(let problem, _):
      let explained = explained(problem)
      guard explained != problem else { return error }
      return .unreadablePlanner(explained, recovery: recovery(from: explained))
    default:
      return error
    }
  }
}
