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
///
/// Each writer that gets the lock stamps the file with its pid and the time. A waiter gives
/// up as `busy` only when the same holder has kept the lock for the whole timeout: a stuck
/// process is reported, while a queue of writers that keep taking turns is waited out, however
/// long the queue (polling is not fair, so under nine writers some waiter loses many turns).
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
    // jittered, so a waiter is not always the last to look after a release.
    var waitingSince = Self.monotonicSeconds()
    var holder = Self.stamp(in: fd)
    var pause = 0.000_1
    while flock(fd, operation) != 0 {
      let code = errno
      guard code == EWOULDBLOCK || code == EINTR else {
        close(fd)
        throw FileSystem.io(path, "lock", code)
      }
      let now = Self.monotonicSeconds()
      let current = Self.stamp(in: fd)
      if current != holder {  // someone else had a turn: the queue is moving
        holder = current
        waitingSince = now
      }
      guard now - waitingSince < timeout else {
        close(fd)
        throw .busy(directory: directory, seconds: Int(timeout.rounded(.up)))
      }
      usleep(useconds_t(pause * Double.random(in: 0.5...1.5) * 1_000_000))
      pause = min(pause * 2, 0.002)
    }
    if exclusive { Self.stamp(fd) }
    self.fd = fd
  }

  static let stampLength = 48

  /// Writes `pid monotonic-nanoseconds`, padded, over the start of the lock file.
  private static func stamp(_ fd: Int32) {
    var text = Array("\(getpid()) \(monotonicNanoseconds())".utf8)
    text += [UInt8](repeating: 0x20, count: max(0, stampLength - 1 - text.count)) + [0x0A]
    _ = text.withUnsafeBytes { pwrite(fd, $0.baseAddress!, $0.count, 0) }
  }

  /// The last holder's stamp (torn by a concurrent write at worst, which only reads as a change).
  private static func stamp(in fd: Int32) -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: stampLength)
    let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, $0.count, 0) }
    return n > 0 ? Array(buffer[..<n]) : []
  }

  static func monotonicSeconds() -> Double { Double(monotonicNanoseconds()) / 1e9 }

  /// Time since boot, for the timeout and the stamp: never the time of day (which the store
  /// takes from its caller), and never set back, so a clock change cannot cut a wait short.
  static func monotonicNanoseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
  }

  deinit {
    flock(fd, LOCK_UN)
    close(fd)
  }
}
