#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A power cut, simulated for tests: the store's claim is that a change is on disk once its
/// one flush returns, and that whatever a power cut drops after the last flush leaves a whole
/// planner. In debug builds with `SPOONS_TEST_POWER_CUT=DIR`, every flush copies what it made
/// durable into `DIR` (each file's bytes by inode, and at each directory flush the names), so
/// a test can rebuild the data directory exactly as the disk would hold it after a cut at any
/// moment (`Tests/SpoonsCLITests/PowerCutTests.swift`). Release builds record nothing.
enum Durability {
  static let shadow: String? = {
    #if DEBUG
      guard let value = getenv("SPOONS_TEST_POWER_CUT") else { return nil }
      let path = String(cString: value)
      return path.isEmpty ? nil : path
    #else
      return nil
    #endif
  }()

  /// The step at which a debug build kills itself (`SPOONS_TEST_CRASH_AT=N`): every write,
  /// flush and rename on the way to a commit is a step, so a test can kill a writer at each
  /// one in turn instead of at random moments.
  static let crashAt: Int? = {
    #if DEBUG
      return getenv("SPOONS_TEST_CRASH_AT").flatMap { Int(String(cString: $0)) }
    #else
      return nil
    #endif
  }()
  nonisolated(unsafe) private static var steps = 0

  /// One step towards a commit; in a crash test, maybe the last this process takes.
  static func step() {
    guard let crashAt else { return }
    steps += 1
    if steps == crashAt { kill(getpid(), SIGKILL) }
  }

  /// Whether the next step is the crash: a write about to be cut short writes half first.
  static var crashesNext: Bool { crashAt.map { steps + 1 == $0 } ?? false }

  /// `fd` (open on `path`) was just flushed: its bytes now are what the disk holds.
  static func flushed(_ fd: Int32, path: String) {
    guard let shadow else { return }
    var info = stat()
    guard fstat(fd, &info) == 0, let bytes = try? FileSystem.read(path) else { return }
    record(bytes, as: shadow + "/inode-\(info.st_ino)", in: shadow)
  }

  /// `directory` was just flushed: its names, and the file each names, are what the disk holds.
  static func flushedDirectory(_ directory: String) {
    guard let shadow, let names = FileSystem.names(in: directory) else { return }
    var listing = ""
    for name in names.sorted() {
      var info = stat()
      guard stat(directory + "/" + name, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
        continue
      }
      listing += "\(info.st_ino)\t\(name)\n"
    }
    record(Array(listing.utf8), as: shadow + "/names", in: shadow)
  }

  /// Written aside and renamed, so a writer killed while recording leaves the last record whole.
  private static func record(_ bytes: [UInt8], as path: String, in shadow: String) {
    let temporary = path + ".new"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return }
    _ = try? FileSystem.writeAll(fd, bytes, path: temporary)
    close(fd)
    rename(temporary, path)
  }
}
