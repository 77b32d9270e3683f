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
/// Each writer that gets the lock stamps the file with its pid and the time, so a waiter can
/// say whom it waits for. A waiter gives up as `busy` only when the same holder has kept the
/// lock for the whole timeout: a stuck process is reported, while a queue of writers that
/// keep taking turns is waited out, however long the queue (polling is not fair, so under
/// nine writers some waiter loses many turns). A writer that ends up writing nothing (a
/// refusal, a change of nothing) puts the previous stamp back as it lets go: a refused
/// command leaves every byte of the data directory as it was.
final class FileLock {
  static let name = "spoons.lock"

  private let fd: Int32
  /// The file's first bytes and size before this writer stamped it, put back unless
  /// `keepStamp()` was called; nil for a shared lock, which stamps nothing.
  private var previous: (bytes: [UInt8], size: Int)?
  /// The stamp this writer found (the last writer's that wrote) and the one it wrote; empty
  /// for a shared lock. A writer that finds the stamp a commit of this process left knows no
  /// other writer wrote since (`LastCommit`).
  private(set) var found: [UInt8] = []
  private(set) var own: [UInt8] = []

  /// Waits up to `timeout` seconds, then throws `busy` rather than hang. After `noticeAfter`
  /// seconds of one holder, tells `waiting` whom it waits for, once.
  init(
    directory: String, exclusive: Bool, timeout: Double, noticeAfter: Double = 1,
    waiting: ((LockHolder?) -> Void)? = nil
  ) throws(StoreError) {
    let path = directory + "/" + Self.name
    // A reader opens the file read-only (it writes no stamp, and creates nothing: the caller
    // takes no lock where there is no file), so reads work on read-only media.
    let fd = exclusive
      ? open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600) : open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw FileSystem.io(path, "open") }
    if exclusive { _ = fchmod(fd, 0o600) }  // a writer puts right a mode changed by a copy
    let operation = (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB
    // Polling, not a blocking flock, so the wait can time out. Pauses stay short and
    // jittered, so a waiter is not always the last to look after a release.
    var waitingSince = Self.monotonicSeconds()
    var holder = Self.stamp(in: fd)
    var pause = 0.000_1
    var noticed = waiting == nil
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
      if !noticed && now - waitingSince >= noticeAfter {
        noticed = true
        waiting?(Self.holder(fd, stamp: current))
      }
      guard now - waitingSince < timeout else {
        let who = Self.holder(fd, stamp: current)
        close(fd)
        throw .busy(directory: directory, seconds: Int(timeout.rounded(.up)), holder: who)
      }
      usleep(useconds_t(pause * Double.random(in: 0.5...1.5) * 1_000_000))
      pause = min(pause * 2, 0.002)
    }
    if exclusive {
      var info = stat()
      let size = fstat(fd, &info) == 0 ? Int(info.st_size) : 0
      found = Self.stamp(in: fd)
      previous = (found, size)
      own = Self.stamp(fd)
    }
    self.fd = fd
  }

  /// Leaves this writer's stamp in place: it has written to the data directory.
  func keepStamp() { previous = nil }

  static let stampLength = 48

  /// Writes `pid monotonic-nanoseconds`, padded, over the start of the lock file; returns it.
  private static func stamp(_ fd: Int32) -> [UInt8] {
    var text = Array("\(getpid()) \(monotonicNanoseconds())".utf8)
    text += [UInt8](repeating: 0x20, count: max(0, stampLength - 1 - text.count)) + [0x0A]
    _ = text.withUnsafeBytes { pwrite(fd, $0.baseAddress!, $0.count, 0) }
    return text
  }

  /// The stamp of the last writer that wrote to `directory`, read without taking the lock;
  /// nil when there is no lock file. Two reads that differ saw a write in between (or a
  /// stamp torn by one under way).
  static func lastStamp(in directory: String) -> [UInt8]? {
    let fd = open(directory + "/" + name, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    return stamp(in: fd)
  }

  /// The last holder's stamp (torn by a concurrent write at worst, which only reads as a change).
  private static func stamp(in fd: Int32) -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: stampLength)
    let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, $0.count, 0) }
    return n > 0 ? Array(buffer[..<n]) : []
  }

  // MARK: - Who holds it

  /// The process holding the lock, as far as can be told: the one the stamp names, when it
  /// is still running and (where the system lists locks: Linux) among the holders; else the
  /// first holder the system lists; nil when nothing says.
  static func holder(_ fd: Int32, stamp: [UInt8]) -> LockHolder? {
    let fields = String(decoding: stamp, as: UTF8.self).split(separator: " ")
    let stamped = fields.count >= 2 ? Int32(fields[0]).flatMap { pid in
      Int64(fields[1].prefix { $0.isNumber }).map { (pid: pid, since: $0) }
    } : nil
    let listed = holders(fd)
    if let stamped, stamped.pid != getpid(),
      listed?.contains(stamped.pid) ?? isRunning(stamped.pid)
    {
      let seconds = Int((Double(max(0, monotonicNanoseconds() - stamped.since)) / 1e9).rounded())
      return LockHolder(pid: stamped.pid, command: command(of: stamped.pid), heldFor: seconds)
    }
    guard let pid = listed?.first else { return nil }
    return LockHolder(pid: pid, command: command(of: pid))
  }

  static func isRunning(_ pid: Int32) -> Bool {
    pid > 0 && (kill(pid, 0) == 0 || errno == EPERM)
  }

  /// The processes holding a lock on the file `fd` is open on, from `/proc/locks`; nil where
  /// the system does not list them.
  static func holders(_ fd: Int32) -> [Int32]? {
    #if os(Linux)
      var info = stat()
      guard fstat(fd, &info) == 0,
        let bytes = FileSystem.readToEnd("/proc/locks", limit: 1 << 20)
      else { return nil }
      // `1: FLOCK  ADVISORY  WRITE 1234 fe:00:16221318 0 EOF`: the device as major:minor in
      // hex (glibc's encoding of st_dev), then the inode. Lines with `->` are waiters.
      let dev = UInt64(info.st_dev)
      let major = ((dev >> 8) & 0xfff) | ((dev >> 32) & ~0xfff)
      let minor = (dev & 0xff) | ((dev >> 12) & ~0xff)
      let file = String(major, radix: 16) + ":" + String(minor, radix: 16) + ":"
        + String(info.st_ino)
      var pids: [Int32] = []
      for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
        let fields = line.split(separator: " ")
        guard fields.count >= 6, fields[1] == "FLOCK",
          fields[5].split(separator: ":").map({ $0.drop { $0 == "0" } })
            == file.split(separator: ":").map({ $0.drop { $0 == "0" } }),
          let pid = Int32(fields[4])
        else { continue }
        pids.append(pid)
      }
      return pids
    #else
      return nil
    #endif
  }

  /// The command line of `pid`, shortened, where the system tells it cheaply (Linux).
  static func command(of pid: Int32) -> String? {
    #if os(Linux)
      guard let bytes = FileSystem.readToEnd("/proc/\(pid)/cmdline", limit: 4096),
        !bytes.isEmpty
      else { return nil }
      var words = bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
      guard !words.isEmpty else { return nil }
      words[0] = String(words[0].split(separator: "/").last ?? "")
      let line = words.joined(separator: " ")
      return line.count > 60 ? String(line.prefix(59)) + "…" : line
    #else
      return nil
    #endif
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
    if let previous {
      // Nothing was written: the stamp goes back to what it was, byte for byte.
      _ = previous.bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
      if previous.size < Self.stampLength { _ = ftruncate(fd, off_t(previous.size)) }
    }
    flock(fd, LOCK_UN)
    close(fd)
  }
}
