/// Every way reading or saving the planner can fail. Files are never overwritten after one of
/// these: the user's data stays exactly as it was.
public enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file is not what Spoons writes: `line` (1-based) and what is wrong with it.
  case corrupt(file: String, line: Int?, reason: String)
  /// Written by a newer Spoons; refused so that nothing it knows is lost.
  case newerFormat(file: String, found: Int, supported: Int)
  /// The operating system would not read or write it (permissions, disk full, ...).
  case io(path: String, operation: String, reason: String)
  /// Another spoons process held the data directory for longer than we wait.
  case busy(directory: String, seconds: Int)
  /// The data directory belongs to someone else or anyone may write to it.
  case unsafeDirectory(path: String, reason: String)

  public var description: String {
    switch self {
    case .corrupt(let file, let line?, let reason): return "\(file), line \(line): \(reason)"
    case .corrupt(let file, nil, let reason): return "\(file): \(reason)"
    case .newerFormat(let file, let found, let supported):
      return "\(file) was written by a newer Spoons (format \(found); this one reads up to "
        + "\(supported)); upgrade Spoons to use it. The file was left untouched"
    case .io(let path, let operation, let reason): return "cannot \(operation) \(path): \(reason)"
    case .busy(let directory, let seconds):
      return "another spoons is using \(directory) and has not finished after \(seconds) s; "
        + "try again in a moment"
    case .unsafeDirectory(let path, let reason):
      return "refusing to use \(path): \(reason)"
    }
  }
}
