#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import SpoonsCore

/// Bytes Spoons cannot use are kept, never dropped: a record cut short that a change is about
/// to write over, an undo history that no longer reads, are first copied to a new file beside
/// them, named for what they are and when the file was last written
/// (`undo-1.txt.torn-20261126-081503`). Those names end in no `.txt`, so nothing Spoons
/// tidies away ever matches them.
extension PlannerStore {
  /// Keeps `bytes`, from the file `name` of the data directory, as `name.kind-DATE` (made
  /// new: an existing file is never written over), flushed; returns the new name.
  @discardableResult
  func keepAside(_ bytes: [UInt8], of name: String, as kind: String) throws(StoreError) -> String {
    let base = name + "." + kind + "-" + Self.fileDate(of: directory + "/" + name)
    let staged = try FileSystem.stage(bytes, as: directory + "/" + base, in: directory)
    defer { FileSystem.discard(staged) }
    var chosen = base
    var number = 1
    while link(staged.temporary, directory + "/" + chosen) != 0 {
      guard errno == EEXIST, number < 1000 else {
        throw FileSystem.io(directory + "/" + chosen, "create")
      }
      number += 1
      chosen = base + "-\(number)"
    }
    let fd = open(directory, O_RDONLY | O_CLOEXEC)
    if fd >= 0 {
      _ = fsync(fd)
      close(fd)
    }
    return chosen
  }

  /// When `path` was last written, in UTC, for a file name: `20261126-081503` (`unknown`
  /// when it cannot be told). The store reads no clock; the file says when its bytes are from.
  static func fileDate(of path: String) -> String {
    var info = stat()
    guard stat(path, &info) == 0 else { return "unknown" }
    #if canImport(Darwin)
      let seconds = Int64(info.st_mtimespec.tv_sec)
    #else
      let seconds = Int64(info.st_mtim.tv_sec)
    #endif
    let text = Timestamp(seconds: seconds).description  // 2026-11-26T08:15:03+00:00
    let digits = text.prefix(19).filter { $0 != "-" && $0 != ":" }  // 20261126T081503
    return String(digits.map { $0 == "T" ? "-" : $0 })
  }

  /// Keeps a last record cut short (in `snapshot.tail.torn`) before a change writes over it.
  func keepTorn(_ snapshot: inout PlannerSnapshot) throws(StoreError) {
    guard !snapshot.tail.torn.isEmpty else { return }
    try keepAside(snapshot.tail.torn, of: snapshot.tail.tornFile, as: "torn")
    snapshot.tail.torn = []
  }
}
