#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `history.txt`: the lines typed at the REPL, for Up/Down across sessions. A format line,
/// then one entry per line, appended as they are typed (mode 0600).
///
/// Not fsynced: a lost last history line is no loss of the user's plans, and typing should
/// never wait on the disk. Bounded: once it holds twice `limit` lines it is rewritten with the
/// newest `limit`, atomically.
public struct HistoryFile: Sendable {
  public static let name = "history.txt"
  static let format = FileFormat(name: "spoons-history", version: 1)

  public let directory: String
  public let limit: Int

  public init(directory: String, limit: Int = 1_000) {
    self.directory = directory
    self.limit = limit
  }

  var path: String { directory + "/" + Self.name }

  /// The saved lines, oldest first; none when there is no file or it is not ours.
  public func load() -> [String] {
    guard let bytes = try? FileSystem.read(path), !bytes.isEmpty else { return [] }
    var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)
      .map { String(decoding: $0, as: UTF8.self) }
    guard let header = lines.first, header.hasPrefix("format\tname=spoons-history\t") else {
      return []
    }
    lines.removeFirst()
    if lines.count >= 2 * limit { compact(Array(lines.suffix(limit))) }
    return Array(lines.suffix(limit))
  }

  /// Appends one line. Failures are ignored: history is a convenience.
  public func append(_ line: String) {
    guard !line.contains("\n"), (try? FileSystem.prepareDirectory(directory)) != nil else {
      return
    }
    let fd = open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var info = stat()
    guard fstat(fd, &info) == 0 else { return }
    if info.st_size == 0 {
      Self.format.encodeHeader(to: &bytes)
    } else {
      // A `history.txt` that is not Spoons's own (the person's file of that name) is not
      // written to: Spoons does not read it either.
      let start = Array("format\tname=spoons-history\t".utf8)
      var head = [UInt8](repeating: 0, count: start.count)
      let n = head.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
      guard n == start.count, head == start else { return }
    }
    bytes += Array(line.utf8) + [UInt8(ascii: "\n")]
    try? FileSystem.writeAll(fd, bytes, path: path)
  }

  private func compact(_ lines: [String]) {
    guard let lock = try? FileLock(directory: directory, exclusive: true, timeout: 0.1) else {
      return
    }
    defer { withExtendedLifetime(lock) {} }
    var bytes: [UInt8] = []
    Self.format.encodeHeader(to: &bytes)
    for line in lines { bytes += Array(line.utf8) + [UInt8(ascii: "\n")] }
    try? FileSystem.replace(path, with: bytes, in: directory, backup: nil)
  }
}
