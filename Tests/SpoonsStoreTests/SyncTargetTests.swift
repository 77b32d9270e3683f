import Foundation
import SpoonsCore
@testable import SpoonsStore
import SpoonsTestSupport
import Testing

@Suite("What sync --init names")
struct SyncTargetTests {
  @Test(arguments: [
    ("git@github.com:me/spoons.git", SyncTargetKind.git),
    ("host:spoons.git", .git),
    ("ssh://me@host/srv/spoons.git", .git),
    ("file:///srv/spoons.git", .git),
    ("https://example.org/me/spoons.git", .git),
    ("/nonexistent/Sync/spoons", .folder),
  ])
  func remotesAreToldFromFolders(text: String, kind: SyncTargetKind) {
    let target = PlannerStore.syncTarget(text)
    #expect(target?.kind == kind)
    #expect(target?.location == text, "kept as typed")
  }

  @Test func aBareRepositoryIsARemoteAndAnyOtherPathAFolderMadeAbsolute() throws {
    let dir = TemporaryDirectory()
    let bare = dir.file("bare.git")
    try FileManager.default.createDirectory(atPath: bare + "/objects", withIntermediateDirectories: true)
    FileManager.default.createFile(atPath: bare + "/HEAD", contents: Data("ref: refs/heads/main\n".utf8))
    #expect(PlannerStore.syncTarget(bare)! == (.git, bare))
    // A shared folder that happens to hold the same names stays a folder.
    FileManager.default.createFile(atPath: bare + "/spoons-sync.txt", contents: Data())
    #expect(PlannerStore.syncTarget(bare)!.kind == .folder)
    // Never a word git would read as an option.
    let dashed = try #require(PlannerStore.syncTarget("--upload-pack=touch x:y"))
    #expect(dashed.kind == .folder && dashed.location.hasPrefix("/"))
    #expect(PlannerStore.syncTarget("") == nil)
  }

  @Test func aFolderSetupIsWrittenAsBeforeAndAGitOneSaysSo() throws {
    let device = try #require(DeviceID("k3v9q2m8ta"))
    var setup = SyncSetup(
      target: "/srv/sync", device: device, name: "laptop", machine: "laptop", directory: "/d")
    let folder = String(decoding: setup.encode(), as: UTF8.self)
    #expect(folder.contains("target\tpath=/srv/sync\n"))
    setup.target = "git@host:me/spoons.git"
    setup.kind = .git
    let bytes = setup.encode()
    #expect(String(decoding: bytes, as: UTF8.self).contains("\tkind=git\n"))
    #expect(try SyncSetup.decode(bytes, file: "sync.txt") == setup)
  }
}
