#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A directory inside the shared folder, opened so that nothing in it leads anywhere else:
/// the one way sync lists, reads, writes and removes files there.
///
/// The folder is written by other devices and by whatever replicates it, so all it holds is a
/// stranger's input. Each step down is `openat` with `O_DIRECTORY | O_NOFOLLOW` from a
/// directory opened the same way, and each name is one entry (never `.`, `..` or holding `/`),
/// so a link anywhere under the target is named and never followed, and every file touched
/// lies inside the target. Only regular files are read, opened non-blocking (a named pipe
/// never hangs a sync) and never past `largestFile`; only regular files are removed.
final class SyncDirectory {
  /// The largest file sync reads. Far past the snapshot of any real planner (a change file
  /// holds about 1.3 KB per task, so 256 MB is some 200,000 tasks), and what `import` reads;
  /// a larger file is set aside unread, so a huge or sparse one costs one `lstat` per sync.
  static let largestFile = 256 << 20

  /// Where it is, for messages only: nothing is ever opened by this path.
  let path: String
  private let fd: Int32

  private init(fd: Int32, path: String) {
    self.fd = fd
    self.path = path
  }

  deinit { close(fd) }

  /// Opening a directory: there, not there, or refused with what the person should read.
  enum Opening {
    case opened(SyncDirectory)
    case missing
    case refused(String)
  }

  /// Reading a file: its bytes, not there (gone since it was listed), or refused.
  enum Reading: Equatable {
    case bytes([UInt8])
    case missing
    case refused(String)
  }

  /// The target itself, by the path the person named (a link there is theirs to make).
  static func target(_ path: String) -> Opening {
    let fd = open(path, O_RDONLY | O_DIRECTORY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else {
      return errno == ENOENT ? .missing : .refused(Self.unreadable())
    }
    return .opened(SyncDirectory(fd: fd, path: path))
  }

  /// Whether `name` is one entry of a directory, and one a replicating tool could carry:
  /// not empty, not `.` or `..`, no `/`, no `..` inside it, no control characters.
  static func isEntryName(_ name: String) -> Bool {
    !name.isEmpty && name != "." && !name.contains("..")
      && name.utf8.allSatisfy { $0 != 47 && $0 >= 32 && $0 != 127 }
  }

  /// The directory `name` inside this one; a link, a file or anything else is refused.
  func directory(_ name: String) -> Opening {
    guard Self.isEntryName(name) else { return .refused("its name is not one Spoons reads") }
    // Not blocking either: a named pipe in its place is refused, never waited on.
    let opened = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard opened >= 0 else {
      let code = errno
      if code == ENOENT { return .missing }
      if let kind = kind(of: name), kind != .directory { return .refused(kind.notAFolder) }
      return .refused(Self.unreadable(code))
    }
    return .opened(SyncDirectory(fd: opened, path: path + "/" + name))
  }

  /// What an entry is, as `lstat` sees it: a link is a link, never what it points to.
  enum Kind: Equatable {
    case file(size: Int)
    case directory
    case link
    case pipe
    case other

    /// Why it is not read as a file.
    var notAFile: String {
      switch self {
      case .file: return "it is a file"
      case .directory: return "it is a folder, not a file"
      case .link: return "it is a link, and links in the shared folder are never followed"
      case .pipe: return "it is a named pipe, not a file"
      case .other: return "it is a device or socket, not a file"
      }
    }

    /// Why it is not opened as a folder.
    var notAFolder: String {
      switch self {
      case .file: return "it is a file, not a folder"
      case .directory: return "it is a folder"
      case .link: return "it is a link, and links in the shared folder are never followed"
      case .pipe: return "it is a named pipe, not a folder"
      case .other: return "it is a device or socket, not a folder"
      }
    }
  }

  /// The kind of the entry `name`, or nil when there is none.
  func kind(of name: String) -> Kind? {
    var info = stat()
    guard Self.isEntryName(name), fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
      return nil
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return .file(size: Int(info.st_size))
    case S_IFDIR: return .directory
    case S_IFLNK: return .link
    case S_IFIFO: return .pipe
    default: return .other
    }
  }

  /// The names in this directory (without `.` and `..`), or nil when it cannot be listed.
  func names() -> [String]? {
    // A descriptor of its own, so each listing starts at the first entry.
    let listing = openat(fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard listing >= 0 else { return nil }
    guard let dir = fdopendir(listing) else {
      close(listing)
      return nil
    }
    defer { closedir(dir) }
    return FileSystem.names { readdir(dir) }
  }

  /// The bytes of the regular file `name`, never more than `limit` of them: anything else, or
  /// a larger file, is refused unread.
  func read(_ name: String, limit: Int = largestFile) -> Reading {
    guard let kind = kind(of: name) else {
      return Self.isEntryName(name) ? .missing : .refused("its name is not one Spoons reads")
    }
    guard case .file(let listed) = kind else { return .refused(kind.notAFile) }
    guard listed <= limit else { return .refused(Self.tooLarge(listed, limit)) }
    // Not blocking, and not following: what lies here may have changed since it was listed.
    let file = openat(fd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard file >= 0 else {
      let code = errno
      if code == ENOENT { return .missing }
      if let now = self.kind(of: name), !now.isFile { return .refused(now.notAFile) }
      return .refused(Self.unreadable(code))
    }
    defer { close(file) }
    var info = stat()
    guard fstat(file, &info) == 0 else { return .refused(Self.unreadable()) }
    guard info.st_mode & S_IFMT == S_IFREG else { return .refused(Kind.other.notAFile) }
    let size = Int(info.st_size)
    guard size <= limit else { return .refused(Self.tooLarge(size, limit)) }
    var failed: Int32 = 0
    let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
      var done = 0
      while done < size, let base = buffer.baseAddress {
        let n = pread(file, base + done, size - done, off_t(done))
        if n < 0 {
          if errno == EINTR { continue }
          failed = errno
          break
        }
        if n == 0 { break }  // cut short while read: the checksum tells
        done += n
      }
      count = done
    }
    return failed == 0 ? .bytes(bytes) : .refused(Self.unreadable(failed))
  }

  /// The directory `name` inside this one, made (mode 0700) when missing; a link or a file
  /// in its place is refused, never followed.
  func makeDirectory(_ name: String) throws(StoreError) -> SyncDirectory {
    if mkdirat(fd, name, 0o700) != 0 && errno != EEXIST {
      throw FileSystem.io(path + "/" + name, "create")
    }
    switch directory(name) {
    case .opened(let directory): return directory
    case .missing: throw .io(path: path + "/" + name, operation: "open", reason: "it vanished")
    case .refused(let reason):
      throw .io(path: path + "/" + name, operation: "write to", reason: reason)
    }
  }

  /// Replaces the file `name` here with `bytes` so that a crash at any instant leaves the old
  /// or the new file, whole: a temporary file, fsync, rename, fsync of this directory. A link
  /// in its place is replaced, never followed. `flushingDirectory` false leaves the last step
  /// to the caller (`flush`), once after several files: until then a crash may leave any of
  /// them old or new.
  func write(_ name: String, _ bytes: [UInt8], flushingDirectory: Bool = true) throws(StoreError) {
    guard Self.isEntryName(name) else {
      throw .io(path: path + "/" + name, operation: "write", reason: "not a file name")
    }
    var random = SystemRandomNumberGenerator()
    var temporary = ""
    var file: Int32 = -1
    for _ in 0..<8 {
      temporary = FileSystem.temporaryPrefix + String(random.next() as UInt64, radix: 36)
      file = openat(fd, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
      if file >= 0 || errno != EEXIST { break }
    }
    guard file >= 0 else { throw FileSystem.io(path, "create a file in") }
    do throws(StoreError) {
      defer { close(file) }
      try FileSystem.writeAll(file, bytes, path: path + "/" + temporary)
      Durability.step()
      guard fsync(file) == 0 else { throw FileSystem.io(path + "/" + temporary, "save") }
      Durability.step()
      guard renameat(fd, temporary, fd, name) == 0 else {
        throw FileSystem.io(path + "/" + name, "save")
      }
      Durability.step()
    } catch {
      unlinkat(fd, temporary, 0)
      throw error
    }
    if flushingDirectory { try flush() }
  }

  /// Makes the names written here durable: the fsync of this directory.
  func flush() throws(StoreError) {
    guard fsync(fd) == 0 else { throw FileSystem.io(path, "sync") }
    Durability.step()
  }

  /// Removes the regular file `name` here; a link, a folder or anything else is left alone.
  /// Quietly, best effort.
  func remove(_ name: String) {
    guard case .file = kind(of: name) else { return }
    // Were it swapped for a link since, `unlinkat` removes the link, never what it names.
    unlinkat(fd, name, 0)
  }

  static func unreadable(_ code: Int32 = errno) -> String {
    "it could not be read (\(FileSystem.errorText(code)))"
  }

  static func tooLarge(_ size: Int, _ limit: Int) -> String {
    "it is \(size >> 20) MB, larger than the \(limit >> 20) MB a sync file may be, so it is "
      + "not read"
  }
}

extension SyncDirectory.Kind {
  var isFile: Bool {
    if case .file = self { return true }
    return false
  }
}
