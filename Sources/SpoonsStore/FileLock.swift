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
    var waited = 0.0
    var pause = 0.000_5
    while flock(fd, operation) != 0 {
      let code = errno
      guard code == EWOULDBLOCK || code == EINTR else {
        close(fd)
        throw FileSystem.io(path, "lock", code)
      }
      guard waited < timeout else {
        close(fd)
        throw .busy(directory: directory, seconds: Int(timeout.rounded(.up)))
      }
      usleep(useconds_t(pause * 1_000_000))
      waited += pause
      pause = min(pause * 2, 0.02)
    }
    self.fd = fd
  }

  deinit {
    flock(fd, LOCK_UN)
    close(fd)
  }
}
