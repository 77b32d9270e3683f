#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few file operations the store needs, done directly on the C library so that each one
/// is durable in the way the store relies on.
///
/// Foundation's `.atomic` write is not used on purpose: on Linux it does not fsync the
/// directory, resets the file mode to 0644 and may fall back to a non-atomic write.
enum FileSystem {
  static func errorText(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }

  static func io(_ path: String, _ operation: String, _ code: Int32 = errno) -> StoreError {
    .io(path: path, operation: operation, reason: errorText(code))
  }

  /// The file's bytes from `offset` (up to `limit` of them), or nil when it does not exist;
  /// empty when it is no longer than `offset`. The changes after a checkpoint are read from
  /// where it stops, without the history before them.
  static func read(_ path: String, from offset: Int = 0, limit: Int? = nil) throws(StoreError)
    -> [UInt8]?
  {
    try read(path, from: offset, limit: limit, head: 0)?.rest
  }

  /// The first `head` bytes of `path` and those from `offset` on (at most `limit`), with one
  /// open: how a read checks that the undo history is the one its checkpoint counts without
  /// opening it twice. Nil when the file does not exist.
  static func read(_ path: String, from offset: Int, limit: Int? = nil, head: Int)
    throws(StoreError) -> (head: [UInt8], rest: [UInt8])?
  {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    if fd < 0 {
      if errno == ENOENT { return nil }
      throw io(path, "read")
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw io(path, "read") }
    guard (info.st_mode & S_IFMT) == S_IFREG else {
      throw .io(path: path, operation: "read", reason: "not a regular file")
    }
    let first = head > 0 ? try read(fd, path: path, size: min(head, Int(info.st_size)), at: 0) : []
    let size = min(max(0, Int(info.st_size) - offset), limit ?? Int.max)
    return (first, try read(fd, path: path, size: size, at: offset))
  }

  /// `size` bytes of the open file `fd` from `offset`, fewer when it shrank meanwhile.
  private static func read(_ fd: Int32, path: String, size: Int, at offset: Int)
    throws(StoreError) -> [UInt8]
  {
    var failed = false
    // Uninitialized, not zero-filled first: the archive can be tens of megabytes.
    let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
      var done = 0
      while done < size {
        let n = pread(fd, buffer.baseAddress! + done, size - done, off_t(offset + done))
        if n < 0 {
          if errno == EINTR { continue }
          failed = true
          break
        }
        if n == 0 { break }  // the file shrank under us: return what is there
        done += n
      }
      count = done
    }
    if failed { throw io(path, "read") }
    return bytes
  }

  /// Writes `bytes` at `offset` of `path` (created, mode 0600, when missing), cutting off
  /// whatever followed (a record cut short by a crash), and waits for the disk once: the
  /// commit of a change. On failure the file is cut back to `offset`, so nothing half written
  /// stays behind a record that was not made.
  /// False, writing nothing, when the file is shorter than `offset` (bytes it should hold
  /// are gone): the caller starts it afresh instead of leaving a gap.
  @discardableResult
  static func appendDurably(_ bytes: [UInt8], to path: String, at offset: Int)
    throws(StoreError) -> Bool
  {
    let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw io(path, "open") }
    defer { close(fd) }
    do throws(StoreError) {
      var info = stat()
      guard fstat(fd, &info) == 0 else { throw io(path, "open") }
      guard Int(info.st_size) >= offset else { return false }
      if info.st_mode & 0o7777 != 0o600 { _ = fchmod(fd, 0o600) }  // a copy's looser mode
      if Int(info.st_size) != offset {
        guard ftruncate(fd, off_t(offset)) == 0 else { throw io(path, "truncate") }
      }
      var done = 0
      if Durability.crashesNext {  // a record cut short, as a crash mid-write leaves it
        _ = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress!, bytes.count / 2, off_t(offset)) }
      }
      Durability.step()
      while done < bytes.count {
        let n = bytes.withUnsafeBytes {
          pwrite(fd, $0.baseAddress! + done, bytes.count - done, off_t(offset + done))
        }
        if n < 0 {
          if errno == EINTR { continue }
          throw io(path, "save")
        }
        done += n
      }
      Durability.step()
      guard flushData(fd) == 0 else { throw io(path, "save") }
      Durability.flushed(fd, path: path)
      Durability.step()
      return true
    } catch {
      _ = ftruncate(fd, off_t(offset))
      throw error
    }
  }

  /// Whether this process may create files in `directory`.
  static func isWritable(_ directory: String) -> Bool { access(directory, W_OK) == 0 }

  /// Waits until the file's data (and its size) are on disk: `fdatasync` where there is one.
  static func flushData(_ fd: Int32) -> Int32 {
    #if canImport(Glibc)
      return fdatasync(fd)
    #else
      return fsync(fd)
    #endif
  }

  /// Up to `limit` bytes of a file whose size the system does not tell (`/proc`), read to its
  /// end; nil when it cannot be read.
  static func readToEnd(_ path: String, limit: Int) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while bytes.count < limit {
      let n = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress!, $0.count) }
      if n < 0 && errno == EINTR { continue }
      guard n >= 0 else { return nil }
      if n == 0 { break }
      bytes += chunk[..<n]
    }
    return bytes
  }

  static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws(StoreError) {
    let code = FileDescriptor.writeAll(fd, bytes)
    guard code == 0 else { throw io(path, "write", code) }
  }

  /// Replaces `path` with `bytes` so that a crash at any instant leaves either the old or the
  /// new file, complete: a temporary file in the same directory, fsync, rename, fsync of the
  /// directory. The previous file is kept as `backup` (a hard link, so it costs no copy).
  static func replace(
    _ path: String, with bytes: [UInt8], in directory: String, backup: String?
  ) throws(StoreError) {
    let staged = try stage(bytes, as: path, in: directory)
    do { try commit(staged, backup: backup) } catch {
      discard(staged)
      throw error
    }
    try syncDirectory(directory)
  }

  /// Replaces a cache file (one whose loss only costs asking again): a temporary file in the
  /// same directory, renamed over it, with no flush. After a crash the old file, the new one
  /// or a cut one may be there; its reader must refuse a cut one. Quietly, best effort.
  static func replaceCache(_ path: String, with bytes: [UInt8]) {
    let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
    guard let (fd, temporary) = temporaryFile(in: directory) else { return }
    let written = (try? writeAll(fd, bytes, path: temporary)) != nil
    close(fd)
    if !written || rename(temporary, path) != 0 { unlink(temporary) }
  }

  /// A new file, mode 0600, named `.tmp-XXXXXX` in `directory` (what `sweepTemporaries`
  /// removes), open for writing; nil when it cannot be made (`errno` says why).
  private static func temporaryFile(in directory: String) -> (fd: Int32, path: String)? {
    var template = Array((directory + "/" + temporaryPrefix + "XXXXXX").utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard fd >= 0 else { return nil }
    _ = fchmod(fd, 0o600)
    return (fd, String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
  }

  /// A file written whole beside its final name and fsynced: `commit` renames it into place,
  /// `discard` removes it.
  struct Staged {
    let temporary: String
    let path: String
    let directory: String
  }

  /// Writes `bytes` to a new temporary file in `directory`, for `path`. Nothing else is
  /// touched, so a directory that cannot be written to, or a full disk, fails here first.
  static func stage(_ bytes: [UInt8], as path: String, in directory: String)
    throws(StoreError) -> Staged
  {
    guard let (fd, temporary) = temporaryFile(in: directory) else {
      throw io(directory, "create a file in")
    }
    do throws(StoreError) {
      defer { close(fd) }
      try writeAll(fd, bytes, path: temporary)
      Durability.step()
      guard fsync(fd) == 0 else { throw io(temporary, "save") }
      Durability.flushed(fd, path: temporary)
      Durability.step()
    } catch {
      unlink(temporary)
      throw error
    }
    return Staged(temporary: temporary, path: path, directory: directory)
  }

  static func discard(_ staged: Staged) { unlink(staged.temporary) }

  /// Renames the staged file into place, keeping the file it replaces as `backup`. The
  /// rename is the commit: when it fails, `backup` is put back. The caller then fsyncs the
  /// directory.
  static func commit(_ staged: Staged, backup: String?) throws(StoreError) {
    let previous = staged.directory + "/" + temporaryPrefix + "backup"
    if let backup {
      // Best effort: a backup that cannot be made is no reason to refuse the user's change.
      // The old backup is kept aside until the rename has succeeded.
      unlink(previous)
      let kept = link(backup, previous) == 0
      Durability.step()
      unlink(backup)
      _ = link(staged.path, backup)
      Durability.step()
      guard rename(staged.temporary, staged.path) == 0 else {
        let error = io(staged.path, "save")
        unlink(backup)
        if kept { _ = rename(previous, backup) }
        throw error
      }
      if kept { unlink(previous) }
    } else {
      guard rename(staged.temporary, staged.path) == 0 else { throw io(staged.path, "save") }
    }
    Durability.step()
  }

  /// Writes made on the way to a commit, taken back if it fails before the rename, so that a
  /// change that fails leaves every file as it found it.
  struct Rollback {
    private var steps: [() -> Void] = []

    mutating func add(_ step: @escaping () -> Void) { steps.append(step) }

    /// Takes back every write, newest first.
    func run() {
      for step in steps.reversed() { step() }
    }
  }

  /// Makes `path` exactly `length` bytes long (dropping an uncommitted tail) and appends
  /// `bytes`, then fsyncs. Creates the file (mode 0600) when missing.
  /// `rollback` learns how to put the file back as it was, tail and all.
  static func append(
    _ bytes: [UInt8], to path: String, truncatingTo length: Int,
    rollback: inout Rollback
  ) throws(StoreError) {
    var created = false
    var fd = open(path, O_RDWR | O_CLOEXEC)
    if fd < 0 && errno == ENOENT {
      // A file `planner.txt` counts bytes of is not made anew: that is the damage to report.
      guard length == 0 else {
        throw StoreError.corrupt(
          file: path, line: nil,
          reason: "the file is missing, but \(PlannerFile.name) counts \(length) bytes of it")
      }
      fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
      created = fd >= 0
    }
    guard fd >= 0 else { throw io(path, "open") }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw io(path, "open") }
    // Bytes past `length` (normally none: a writer killed before its commit left them) are
    // kept to be put back.
    let size = Int(info.st_size)
    try checkCommitted(fd, size: size, length: length, path: path)
    var tail = [UInt8](repeating: 0, count: max(0, size - length))
    if !tail.isEmpty {
      let n = tail.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(length)) }
      guard n == tail.count else { throw io(path, "read") }
    }
    let mode = info.st_mode & 0o7777
    rollback.add {
      guard !created else {
        unlink(path)
        return
      }
      let fd = open(path, O_WRONLY | O_CLOEXEC)
      guard fd >= 0 else { return }
      defer { close(fd) }
      _ = ftruncate(fd, off_t(min(size, length)))
      _ = tail.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, off_t(length)) }
      _ = fchmod(fd, mode)
    }
    _ = fchmod(fd, 0o600)
    guard ftruncate(fd, off_t(length)) == 0 else { throw io(path, "truncate") }
    guard lseek(fd, off_t(length), SEEK_SET) >= 0 else { throw io(path, "seek in") }
    if Durability.crashesNext { try writeAll(fd, Array(bytes.prefix(bytes.count / 2)), path: path) }
    Durability.step()
    try writeAll(fd, bytes, path: path)
    Durability.step()
    guard fsync(fd) == 0 else { throw io(path, "save") }
    Durability.flushed(fd, path: path)
    Durability.step()
  }

  /// Refuses to append to a file that does not hold the `length` bytes `planner.txt` counts
  /// of it, as far as can be told cheaply: shorter (cut, emptied, replaced), not starting with
  /// a format line, or not ending a line there. Such a file is damaged: extending it would
  /// bury its bytes, and cutting it back would drop them. (Every file Spoons appends to is
  /// lines after a format line; a full read, as `check` makes, finds the rest.)
  static func checkCommitted(_ fd: Int32, size: Int, length: Int, path: String)
    throws(StoreError)
  {
    guard length > 0 else { return }
    guard size >= length else {
      throw StoreError.corrupt(
        file: path, line: nil,
        reason: "holds \(size) bytes but \(PlannerFile.name) counts \(length) of it")
    }
    let start = Array("format\t".utf8)
    var head = [UInt8](repeating: 0, count: start.count)
    var last: UInt8 = 0
    let headRead = head.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
    let lastRead = pread(fd, &last, 1, off_t(length - 1))
    guard headRead >= 0, lastRead >= 0 else { throw io(path, "read") }
    guard head == start || length < start.count, last == 10 else {
      throw StoreError.corrupt(
        file: path, line: nil,
        reason: "it does not hold the \(length) bytes \(PlannerFile.name) counts of it "
          + (head == start || length < start.count
            ? "(no line ends at byte \(length))" : "(it does not start as a Spoons file)"))
    }
  }

  /// The size of the file at `path`, or nil when it cannot be read.
  static func size(_ path: String) -> Int? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return Int(info.st_size)
  }

  static func syncDirectory(_ directory: String) throws(StoreError) {
    let fd = open(directory, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw io(directory, "open") }
    defer { close(fd) }
    guard fsync(fd) == 0 else { throw io(directory, "sync") }
    Durability.flushedDirectory(directory)
    Durability.step()
  }

  static let temporaryPrefix = ".tmp-"

  /// Removes the directory's files whose names `matching` accepts; quietly, best effort.
  static func removeFiles(in directory: String, matching: (String) -> Bool) {
    guard let dir = opendir(directory) else { return }
    defer { closedir(dir) }
    while let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if matching(name) { unlink(directory + "/" + name) }
    }
  }

  /// The names in a directory (without `.` and `..`), or nil when it cannot be opened.
  static func names(in directory: String) -> [String]? {
    guard let dir = opendir(directory) else { return nil }
    defer { closedir(dir) }
    return names { readdir(dir) }
  }

  /// The names `next` gives one entry at a time (`readdir` of an open directory), without
  /// `.` and `..`.
  static func names(_ next: () -> UnsafeMutablePointer<dirent>?) -> [String] {
    var names: [String] = []
    while let entry = next() {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// The absolute path with links resolved, or nil when it does not exist.
  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// This machine's name, as `hostname` prints it.
  static func hostName() -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count - 1) == 0 else { return "unknown" }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Removes temporary files left by writers that were killed mid-save. Call only while
  /// holding the exclusive lock: then no live writer has one open.
  static func sweepTemporaries(in directory: String) {
    removeFiles(in: directory) { $0.hasPrefix(temporaryPrefix) }
  }

  /// Creates the data directory (mode 0700) and its parents when missing; refuses one that
  /// another user owns or anyone may write to; tightens our own to 0700.
  static func prepareDirectory(_ path: String) throws(StoreError) {
    var info = stat()
    if stat(path, &info) != 0 {
      guard errno == ENOENT else { throw io(path, "open") }
      var partial = path.hasPrefix("/") ? "" : "."
      let parts = path.split(separator: "/")
      for (index, part) in parts.enumerated() {
        partial += "/" + part
        let mode: mode_t = index == parts.count - 1 ? 0o700 : 0o755
        if mkdir(partial, mode) != 0 && errno != EEXIST { throw io(partial, "create") }
      }
      guard stat(path, &info) == 0 else { throw io(path, "open") }
    }
    try checkSafety(path, info)
    if info.st_mode & 0o077 != 0 { _ = chmod(path, 0o700) }
  }

  static func checkSafety(_ path: String, _ info: stat) throws(StoreError) {
    guard (info.st_mode & S_IFMT) == S_IFDIR else {
      throw .unsafeDirectory(path: path, reason: "it is not a directory", fix: nil)
    }
    guard info.st_uid == geteuid() else {
      throw .unsafeDirectory(
        path: path, reason: "it belongs to another user (uid \(info.st_uid))",
        fix: "sudo chown -R \"$USER\" \(Shell.quoted(path))")
    }
    guard info.st_mode & 0o002 == 0 else {
      throw .unsafeDirectory(
        path: path, reason: "anyone may write to it", fix: "chmod 700 \(Shell.quoted(path))")
    }
  }

  /// True when `path` exists as a directory we may use; checks safety without changing it.
  static func existingDirectory(_ path: String) throws(StoreError) -> Bool {
    var info = stat()
    guard stat(path, &info) == 0 else {
      if errno == ENOENT { return false }
      throw io(path, "open")
    }
    try checkSafety(path, info)
    return true
  }
}

// Inside `FileSystem`, `read` names its own static method; this reaches the C function.
@inline(__always) private func systemRead(_ fd: Int32, _ buf: UnsafeMutableRawPointer, _ n: Int) -> Int {
  read(fd, buf, n)
}
