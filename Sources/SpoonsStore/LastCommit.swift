#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The planner the last change made through a store (or a copy of it) committed, with the
/// stamp that change left on the lock (`FileLock.own`): the sync right after a change
/// (`sync --auto on`) takes it up instead of reading the planner again, but only when the
/// lock it takes shows that stamp (`FileLock.found`), so no other writer wrote in between (one
/// that wrote leaves its own stamp; one that wrote nothing puts the stamp back). Taken once.
/// Debug builds check that it is the planner a read gives (`PlannerStore.sync`).
final class LastCommit: @unchecked Sendable {
  // Copies of a store share this; a mutex keeps them apart should two threads use them.
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private var kept: (stamp: [UInt8], snapshot: PlannerSnapshot)?

  init() { pthread_mutex_init(mutex, nil) }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Keeps `snapshot`, as committed under `lock`.
  func keep(_ snapshot: PlannerSnapshot, committedUnder lock: FileLock) {
    pthread_mutex_lock(mutex)
    kept = lock.own.isEmpty ? nil : (lock.own, snapshot)
    pthread_mutex_unlock(mutex)
  }

  /// The snapshot kept, if `lock` found the stamp its commit left; nil otherwise. Either way
  /// it is kept no longer.
  func take(under lock: FileLock) -> PlannerSnapshot? {
    pthread_mutex_lock(mutex)
    defer {
      kept = nil
      pthread_mutex_unlock(mutex)
    }
    guard let kept, !lock.found.isEmpty, kept.stamp == lock.found else { return nil }
    return kept.snapshot
  }

  /// Forgets what is kept: a commit that did not keep its snapshot.
  func forget() {
    pthread_mutex_lock(mutex)
    kept = nil
    pthread_mutex_unlock(mutex)
  }
}
