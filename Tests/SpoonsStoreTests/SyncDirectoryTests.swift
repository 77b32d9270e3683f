import Foundation
import SpoonsCore
import SpoonsTestSupport
import Testing

@testable import SpoonsStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `SyncDirectory`, the one way into the shared folder: nothing it is handed there leads it
/// outside, blocks it, or makes it read more than its limit or remove anything but a file.
@Suite struct SyncDirectoryTests {
  /// A folder `shared` with a sibling `outside` holding `secret.txt` and a folder `notes`.
  static func scene() throws -> (TemporaryDirectory, SyncDirectory) {
    let dir = TemporaryDirectory()
    try FileManager.default.createDirectory(
      atPath: dir.file("outside/notes"), withIntermediateDirectories: true)
    try dir.write("outside/secret.txt", "secret\n")
    try FileManager.default.createDirectory(
      atPath: dir.file("shared"), withIntermediateDirectories: true)
    guard case .opened(let shared) = SyncDirectory.target(dir.file("shared")) else {
      throw Refused()
    }
    return (dir, shared)
  }

  @Test func onlyARegularFileIsReadAndNoLinkIsFollowed() throws {
    let (dir, shared) = try Self.scene()
    try dir.write("shared/plain.txt", "plain\n")
    try FileManager.default.createSymbolicLink(
      atPath: dir.file("shared/link.txt"), withDestinationPath: dir.file("outside/secret.txt"))
    try FileManager.default.createSymbolicLink(
      atPath: dir.file("shared/folder"), withDestinationPath: dir.file("outside/notes"))
    #expect(mkfifo(dir.file("shared/pipe.txt"), 0o644) == 0)
    #expect(shared.read("plain.txt") == .bytes(Array("plain\n".utf8)))
    #expect(shared.read("missing.txt") == .missing)
    guard case .refused(let link) = shared.read("link.txt") else { throw Refused() }
    #expect(link.hasPrefix("it is a link"))
    // A pipe without a writer: refused at once, never opened for a read that would wait.
    #expect(shared.read("pipe.txt") == .refused("it is a named pipe, not a file"))
    #expect(shared.read("../outside/secret.txt") == .refused("its name is not one Spoons reads"))
    guard case .refused(let folder) = shared.directory("folder") else { throw Refused() }
    #expect(folder.hasPrefix("it is a link"))
    guard case .refused = shared.directory("..") else { throw Refused() }
  }

  @Test func aFileOverTheLimitIsRefusedUnread() throws {
    let (dir, shared) = try Self.scene()
    let fd = open(dir.file("shared/huge.txt"), O_WRONLY | O_CREAT, 0o644)
    #expect(fd >= 0 && ftruncate(fd, off_t(SyncDirectory.largestFile + 1)) == 0)
    close(fd)
    #expect(
      shared.read("huge.txt")
        == .refused("it is 256 MB, larger than the 256 MB a sync file may be, so it is not read"))
    try dir.write("shared/small.txt", "0123456789")
    #expect(shared.read("small.txt", limit: 9) != .bytes(Array("0123456789".utf8)))
  }

  @Test func removingLeavesLinksAndFoldersAndWritingReplacesALinkNeverFollowingIt() throws {
    let (dir, shared) = try Self.scene()
    let secret = dir.file("outside/secret.txt")
    try FileManager.default.createSymbolicLink(
      atPath: dir.file("shared/00000001.txt"), withDestinationPath: secret)
    try FileManager.default.createDirectory(
      atPath: dir.file("shared/00000002.txt"), withIntermediateDirectories: false)
    try dir.write("shared/00000003.txt", "mine\n")
    for name in ["00000001.txt", "00000002.txt", "00000003.txt"] { shared.remove(name) }
    #expect(FileManager.default.fileExists(atPath: dir.file("shared/00000001.txt")))
    #expect(FileManager.default.fileExists(atPath: dir.file("shared/00000002.txt")))
    #expect(!FileManager.default.fileExists(atPath: dir.file("shared/00000003.txt")))
    #expect(dir.bytes("outside/secret.txt") == Array("secret\n".utf8))
    try shared.write("00000001.txt", Array("new\n".utf8))
    #expect(dir.bytes("outside/secret.txt") == Array("secret\n".utf8))
    #expect(shared.read("00000001.txt") == .bytes(Array("new\n".utf8)))
    // A folder reached through a link is refused, not made or written into.
    try FileManager.default.createSymbolicLink(
      atPath: dir.file("shared/devices"), withDestinationPath: dir.file("outside/notes"))
    #expect(throws: StoreError.self) { try shared.makeDirectory("devices") }
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.file("outside/notes")).isEmpty)
  }

  struct Refused: Error {}
}
