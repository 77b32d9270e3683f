#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writing to an open file descriptor: the one loop that every module writing to one shares
/// (the store's files, the CLI's output and terminal, the fuzzers' and the benchmark's files).
///
/// `write` may take fewer bytes than asked (a pipe, a signal mid-write) or fail with `EINTR`;
/// a loop that forgets either loses the end of its output, so there is only this one.
public enum FileDescriptor {
  /// Writes all `count` bytes at `start` to `fd`, going on after short and interrupted writes.
  ///
  /// Returns 0 once every byte is written, else the C error number of the write that failed
  /// (`EIO` for a write that took nothing). Allocates nothing, so a signal handler may call it.
  @discardableResult
  public static func writeAll(_ fd: Int32, _ start: UnsafeRawPointer?, count: Int) -> Int32 {
    guard let start else { return count == 0 ? 0 : EFAULT }
    var done = 0
    while done < count {
      let n = write(fd, start + done, count - done)
      if n < 0 {
        if errno == EINTR { continue }
        return errno
      }
      if n == 0 { return EIO }
      done += n
    }
    return 0
  }

  /// Writes all of `bytes` to `fd`; 0, or the C error number of the write that failed.
  @discardableResult
  public static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32 {
    bytes.withUnsafeBytes { writeAll(fd, $0.baseAddress, count: $0.count) }
  }
}
