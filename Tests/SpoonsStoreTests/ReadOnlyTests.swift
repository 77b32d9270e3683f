#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation
import SpoonsCore
@testable import SpoonsStore
import SpoonsTestSupport
import Testing

/// Reads on read-only media (a USB stick, a snapshot) and the words of a change that cannot
/// be written there or on a full disk. Tests run as root, which no mode stops, and no
/// read-only mount can be made here, so the read-only file system is met through what it
/// does: a reader's lock must be opened read-only, and the error the system gives (EROFS)
/// must read as what it is.
@Suite("Read-only media and a full disk")
struct ReadOnlyTests {
  /// A reader opens `spoons.lock` read-only (a read-write open is what a read-only file
  /// system refuses), and creates nothing.
  @Test func aReaderOpensTheLockReadOnly() throws {
    #if os(Linux)
      let tmp = TemporaryDirectory()
      let store = PlannerStore(directory: tmp.file("data"))
      try store.update(at: morning) { p, _ in _ = try p.add("Tea", spoons: 1, at: morning) }
      let before = try FileManager.default.contentsOfDirectory(atPath: tmp.file("data")).sorted()
      let lockPath = tmp.file("data/" + FileLock.name)
      let real = URL(fileURLWithPath: lockPath).resolvingSymlinksInPath().path
      let modes = try store.shared(or: [Int]()) { () throws(StoreError) in
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return descriptors.compactMap { fd -> Int? in
          guard
            let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + fd),
            // This test's file only: other tests run alongside, in the same process.
            target == lockPath || target == real,
            let info = try? String(contentsOfFile: "/proc/self/fdinfo/" + fd, encoding: .utf8),
            let line = info.split(separator: "\n").first(where: { $0.hasPrefix("flags:") }),
            let flags = Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces), radix: 8)
          else { return nil }
          return flags & Int(O_ACCMODE)
        }
      }
      #expect(modes == [Int(O_RDONLY)])
      #expect(try store.load().taskCount == 1)
      #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.file("data")).sorted() == before)
    #endif
  }

  /// What the system says of a read-only file system becomes a plain message: the place is
  /// read-only, nothing was changed.
  @Test func aReadOnlyFileSystemIsSaidPlainly() {
    let store = PlannerStore(directory: "/media/stick/spoons")
    let error = store.explained(
      .io(path: "/media/stick/spoons/spoons.lock", operation: "open", reason: FileSystem.errorText(EROFS)))
    #expect(error == .readOnly(directory: "/media/stick/spoons"))
    #expect(
      error.description
        == "cannot change /media/stick/spoons: it is on a read-only file system (a USB stick or a "
        + "snapshot?), so Spoons can show what it holds but not change it; nothing was changed")
  }

  /// A full disk fails a change before its commit, which takes back what it wrote: the
  /// message says nothing was changed, and what to do.
  @Test func aFullDiskSaysNothingWasChanged() {
    let error = StoreError.io(path: "/d/.tmp-x", operation: "save", reason: FileSystem.errorText(ENOSPC))
    #expect(error.description.hasSuffix("; nothing was changed. Free some space on the disk, then try again"))
    // The flush of the directory after the rename comes after the change: not said there.
    let late = StoreError.io(path: "/d", operation: "sync", reason: FileSystem.errorText(ENOSPC))
    #expect(!late.description.contains("nothing was changed"))
  }
}
