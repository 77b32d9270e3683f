#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The planner the last change made through a store (or a copy of it) committed, with the
/// stamp that change left on the lock (`FileLock.own`) and what `planner.txt` and the undo
/// history were then: the sync right after a change (`sync --auto on`) takes it up instead of
/// reading the planner again, but only when the lock it takes shows that stamp
/// (`FileLock.found`: one that wrote leaves its own stamp, one that wrote nothing puts it
/// back) and the two files are as they were (the same `planner.txt`, by inode, size and time,
/// and the undo history's size), so no other writer wrote in between, even one whose stamp did
/// not land. Taken once; forgotten by any other save. Kept only for a planner that syncs.
/// Debug builds check that it is the planner a read gives (`PlannerStore.sync`).
final class LastCommit: @unchecked Sendable {
  // Copies of a store share this; a mutex keeps them apart should two threads use them.
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private var kept: (stamp: [UInt8], paths: [String], files: [Int64], snapshot: PlannerSnapshot)?

  init() { pthread_mutex_init(mutex, nil) }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Keeps `snapshot`, as committed under `lock` to `files` (`planner.txt`, the undo history).
  func keep(_ snapshot: PlannerSnapshot, committedUnder lock: FileLock, to files: [String]) {
    let facts = Self.facts(files)
    pthread_mutex_lock(mutex)
    kept = lock.own.isEmpty || facts.isEmpty ? nil : (lock.own, files, facts, snapshot)
    pthread_mutex_unlock(mutex)
  }

  /// The snapshot kept, if `lock` found the stamp its commit left and the files it was
  /// committed to are as they were; nil otherwise. Either way it is kept no longer.
  func take(under lock: FileLock) -> PlannerSnapshot? {
    pthread_mutex_lock(mutex)
    let kept = self.kept
    self.kept = nil
    pthread_mutex_unlock(mutex)
    guard let kept, !lock.found.isEmpty, kept.stamp == lock.found,
      Self.facts(kept.paths) == kept.files
    else { return nil }
    return kept.snapshot
  }

  /// Each file's inode, size and last change time, in nanoseconds; empty when one cannot be
  /// looked at.
  private static func facts(_ paths: [String]) -> [Int64] {
    var facts: [Int64] = []
    for path in paths {
      var info = stat()
      guard stat(path, &info) == 0 else { return [] }
      #if canImport(Darwin)
        let time = info.st_mtimespec
      #else
        let time = info.st_mtim
      #endif
      facts += [
        Int64(info.st_ino), Int64(info.st_size),
        Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec),
      ]
    }
    return facts
  }

  /// Forgets what is kept: a commit that did not keep its snapshot.
  func forget() {
    pthread_mutex_lock(mutex)
    kept = nil
    pthread_mutex_unlock(mutex)
  }
}
