#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The door for files the user asks for by name (`report --html FILE`, `export --output FILE`),
/// as opposed to the data directory the store manages.
///
/// Written the way the planner is (temporary file in the same directory, fsync, rename, fsync
/// of the directory), so a crash leaves the old file or the new one, never half a report. The
/// file gets mode 0600: what it holds is health information. An existing file is replaced.
public enum OutputFile {
  /// Writes `bytes` to `path` atomically. Refuses, with a message naming the problem, a
  /// directory that does not exist or cannot be written, a path that is a directory, and a
  /// Spoons data directory (a report named `planner.txt` must never replace the planner).
  public static func write(_ bytes: [UInt8], to path: String) throws(StoreError) {
    guard !path.isEmpty else {
      throw .io(path: "''", operation: "write", reason: "no file name given")
    }
    let (directory, name) = split(path)
    guard !name.isEmpty, name != ".", name != ".." else {
      throw .io(path: path, operation: "write", reason: "it names a directory, not a file")
    }
    var info = stat()
    guard stat(directory, &info) == 0 else {
      let reason =
        errno == ENOENT || errno == ENOTDIR
        ? "the directory \(directory) does not exist" : FileSystem.errorText()
      throw .io(path: path, operation: "write", reason: reason)
    }
    guard (info.st_mode & S_IFMT) == S_IFDIR else {
      throw .io(path: path, operation: "write", reason: "\(directory) is not a directory")
    }
    guard access(directory, W_OK) == 0 else {
      throw .io(
        path: path, operation: "write",
        reason: "the directory \(directory) is not writable (\(FileSystem.errorText()))")
    }
    if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
      throw .io(path: path, operation: "write", reason: "it is a directory")
    }
    if access(directory + "/" + FileLock.name, F_OK) == 0 {
      throw .io(
        path: path, operation: "write",
        reason: "\(directory) is a Spoons data directory; choose another place")
    }
    try FileSystem.replace(path, with: bytes, in: directory, backup: nil)
  }

  /// The directory part (`.` for a bare name, `/` at the root) and the file name.
  static func split(_ path: String) -> (directory: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let directory = String(path[..<slash])
    return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
  }
}
