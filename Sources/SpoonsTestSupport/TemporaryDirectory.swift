#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A fresh directory under the system's temporary folder (`TMPDIR`), made for one test and
/// removed with everything in it when the test lets go of it, so no test touches the user's
/// data or sees another test's files.
///
/// Written on the C library, not Foundation: the benchmark links this module too.
public final class TemporaryDirectory {
  public let path: String

  public init(prefix: String = "spoons-test") {
    let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
    var template = Array(((base ?? "/tmp") + "/\(prefix)-XXXXXX").utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.flatMap { mkdtemp($0) }
    }
    guard let made else { fatalError("cannot make a temporary directory: errno \(errno)") }
    path = String(cString: made)
  }

  deinit { Self.remove(path) }

  /// The path of `name` inside the directory.
  public func file(_ name: String) -> String { path + "/" + name }

  /// The bytes of `name`, or nil when it cannot be read.
  public func bytes(_ name: String) -> [UInt8]? {
    let fd = open(file(name), O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      guard n >= 0 else { return nil }
      if n == 0 { return result }
      result += buffer[..<n]
    }
  }

  /// Writes `text` as the whole of `name` (mode 0666 less the umask, as an editor would).
  public func write(_ name: String, _ text: String) throws {
    try write(name, Array(text.utf8))
  }

  public func write(_ name: String, _ bytes: [UInt8]) throws {
    // stdio, which finishes short writes itself.
    guard let stream = fopen(file(name), "wb") else {
      throw FileError(path: file(name), code: errno)
    }
    let wrote = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, stream) }
    let code = errno
    guard fclose(stream) == 0, wrote == bytes.count else {
      throw FileError(path: file(name), code: code)
    }
  }

  /// The permission bits of `name`, or of the directory itself.
  public func mode(_ name: String? = nil) throws -> Int {
    var info = stat()
    let target = name.map(file) ?? path
    guard stat(target, &info) == 0 else { throw FileError(path: target, code: errno) }
    return Int(info.st_mode & 0o7777)
  }

  /// A file operation that failed, with the C library's error number.
  public struct FileError: Error, Equatable {
    public let path: String
    public let code: Int32
  }

  /// Removes `path` and everything under it; quietly, best effort. Directories are made
  /// writable first: some tests take the write permission away.
  static func remove(_ path: String) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return }
    guard (info.st_mode & S_IFMT) == S_IFDIR else {
      unlink(path)
      return
    }
    chmod(path, 0o700)
    if let dir = opendir(path) {
      var names: [String] = []
      while let entry = readdir(dir) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
          String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if name != "." && name != ".." { names.append(name) }
      }
      closedir(dir)
      for name in names { remove(path + "/" + name) }
    }
    rmdir(path)
  }
}
