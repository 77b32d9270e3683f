#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An advisory lock on `spoons.lock`, held across a whole read-modify-write.
///
/// A separate file, because the data files are replaced by rename (a lock on the old inode
/// would protect nothing), and `flock`, because `fcntl` locks vanish when any descriptor of the
/// file closes. The kernel drops it when the process dies, even by SIGKILL: no stale locks.
final class FileLock {
  static let name = "spoons.lock"

  private let fd: Int32

  /// Waits up to `timeout` seconds, then throws `busy` rather than hang.
  init(directory: String, exclusive: Bool, timeout: Double) throws(StoreError) {
    let path = directory + "/" + Self.name
    let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw FileSystem.io(path, "open") }
    if exclusive { _ = fchmod(fd, 0o600) }  // a writer puts right a mode changed by a copy
    let operation = (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB
    // Polling, not a blocking flock, so the wait can time out. Pauses stay short and
    // jittered: with long pauses a waiter loses every release to newcomers and starves
    // (seen with nine writers: one gave up as busy after 5 s while the others took turns).
    let started = Self.monotonicSeconds()
    var pause = 0.000_1
    while flock(fd, operation) != 0 {
      let code = errno
      guard code == EWOULDBLOCK || code == EINTR else {
        close(fd)
        throw FileSystem.io(path, "lock", code)
      }
      guard Self.monotonicSeconds() - started < timeout else {
        close(fd)
        throw .busy(directory: directory, seconds: Int(timeout.rounded(.up)))
      }
      usleep(useconds_t(pause * Double.random(in: 0.5...1.5) * 1_000_000))
      pause = min(pause * 2, 0.002)
    }
    self.fd = fd
  }

  static func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }

  deinit {
    flock(fd, LOCK_UN)
    close(fd)
  }
}
