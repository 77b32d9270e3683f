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
  func remotesAreToldFromFolders(text: String, kind: SyncTargetKind) throws {
    let target = try PlannerStore.syncTarget(text)
    #expect(target.kind == kind)
    #expect(target.location == text, "kept as typed")
  }

  /// A remote git would reach by running a program, and a name git would read as an option,
  /// are refused whoever wrote them: `sync --init` and a `sync.txt` edited by hand alike.
  @Test(arguments: [
    ("ext::sh -c touch% /tmp/marker", SyncError.runsProgram("ext::sh -c touch% /tmp/marker")),
    ("fd::7,8", .runsProgram("fd::7,8")),
    ("gcrypt::rsync://host/spoons", .runsProgram("gcrypt::rsync://host/spoons")),
    ("evil://host/spoons.git", .runsProgram("evil://host/spoons.git")),
    ("--upload-pack=touch x:y", .optionLike("--upload-pack=touch x:y")),
    ("-spoons", .optionLike("-spoons")),
    ("", .unreachable("")),
  ])
  func programsAndOptionsAreRefused(text: String, error: SyncError) throws {
    #expect(throws: error) { try PlannerStore.syncTarget(text) }
    if !text.isEmpty {
      #expect(throws: error) { try GitTarget.check(text) }
    }
    for url in ["git+ssh://host/s.git", "HTTPS://host/s.git", "host:s.git", "[::1]:s.git"] {
      #expect(throws: Never.self) { try GitTarget.check(url) }
    }
  }

  /// A push a server hook turns down says what the hook said and why git stopped.
  @Test func aRefusalSaysWhatTheRemoteSaid() {
    let line = "!\tabc:refs/heads/spoons/k3v9q2m8ta\t[remote rejected] (pre-receive hook declined)"
    let errors = Array(
      "remote: read-only mirror\u{1B}[2J   \nerror: failed to push some refs\n".utf8)
    #expect(
      GitTarget.refusal(line, errors: errors) == "read-only mirror?[2J; pre-receive hook declined")
    #expect(GitTarget.refusal(line, errors: []) == "pre-receive hook declined")
  }

  @Test func aBareRepositoryIsARemoteAndAnyOtherPathAFolderMadeAbsolute() throws {
    let dir = TemporaryDirectory()
    let bare = dir.file("bare.git")
    try FileManager.default.createDirectory(atPath: bare + "/objects", withIntermediateDirectories: true)
    FileManager.default.createFile(atPath: bare + "/HEAD", contents: Data("ref: refs/heads/main\n".utf8))
    #expect(try PlannerStore.syncTarget(bare) == (.git, bare))
    // A shared folder that happens to hold the same names stays a folder.
    FileManager.default.createFile(atPath: bare + "/spoons-sync.txt", contents: Data())
    #expect(try PlannerStore.syncTarget(bare).kind == .folder)
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
