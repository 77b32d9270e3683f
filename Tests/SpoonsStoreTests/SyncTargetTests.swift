import Foundation
import SpoonsCore
import SpoonsSync
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
    var setup = SyncSetup(target: "/srv/sync", device: device, name: "laptop", directory: "/d")
    let folder = String(decoding: setup.encode(), as: UTF8.self)
    #expect(folder.contains("target\tpath=/srv/sync\n"))
    setup.target = "git@host:me/spoons.git"
    setup.kind = .git
    let bytes = setup.encode()
    #expect(String(decoding: bytes, as: UTF8.self).contains("\tkind=git\n"))
    #expect(try SyncSetup.decode(bytes, file: "sync.txt") == setup)
  }

  /// Version 1 named the machine as well, which made a renamed machine a new device: it
  /// reads with the same id, name and directory, the machine left out, and is written back as
  /// version 2 with the instance tokens.
  @Test func aVersion1SetupReadsWithoutItsMachineAndIsWrittenAsVersion2() throws {
    let old = """
      format\tname=spoons-sync\tversion=1
      target\tpath=/srv/sync
      device\tid=646w6tnxhr\tname=vm\tmachine=vm\tdir=/tmp/v7
      auto\ton=1

      """
    var setup = try SyncSetup.decode(Array(old.utf8), file: "sync.txt")
    #expect(setup.device.text == "646w6tnxhr" && setup.name == "vm" && setup.directory == "/tmp/v7")
    #expect(setup.auto && setup.instances.isEmpty)
    let token = setup.addInstance(keeping: nil)
    let text = String(decoding: setup.encode(), as: UTF8.self)
    #expect(text.hasPrefix("format\tname=spoons-sync\tversion=2\n"), "\(text)")
    #expect(!text.contains("machine="), "\(text)")
    #expect(text.contains("instance\ttoken=\(token)\n"), "\(text)")
    #expect(try SyncSetup.decode(setup.encode(), file: "sync.txt") == setup)
  }

  /// The tokens kept are the newest, and always the one found in the shared folder, so a
  /// folder that lags never looks like another copy's.
  @Test func aSetupKeepsItsNewestTokensAndTheOneFound() throws {
    let device = try #require(DeviceID("k3v9q2m8ta"))
    var setup = SyncSetup(target: "/srv/sync", device: device, name: "laptop", directory: "/d")
    let first = setup.addInstance(keeping: nil)
    for _ in 0..<40 { _ = setup.addInstance(keeping: first) }
    #expect(setup.instances.count == SyncSetup.instancesKept)
    #expect(setup.instances.contains(first))
    let last = setup.addInstance(keeping: nil)
    #expect(setup.instances.last == last && Set(setup.instances).count == setup.instances.count)
  }

  /// `device.txt` says who wrote it only when whole: a copy cut short, or another kind of
  /// file, says nothing, so it never makes this directory a copy.
  @Test func aDeviceFileReadsOnlyWhole() throws {
    let file = DeviceFile(
      device: try #require(DeviceID("k3v9q2m8ta")), name: "Study\tPC", instance: "7hq2m4x9ab")
    let bytes = file.encode()
    #expect(DeviceFile.read(bytes) == file)
    for cut in 1..<bytes.count { #expect(DeviceFile.read(Array(bytes.prefix(cut))) == nil) }
    var changed = bytes
    changed[changed.count - 30] ^= 1
    #expect(DeviceFile.read(changed) == nil)
  }
}
