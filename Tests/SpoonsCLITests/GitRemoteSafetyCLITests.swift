import Foundation
import SpoonsCore
import SpoonsTestSupport
import Testing

/// Every file and folder below `directory`, by path relative to it (a folder as `nil`
/// bytes), byte for byte; nil when `directory` does not exist.
func everyEntryBelow(_ directory: String) -> [String: [UInt8]?]? {
  guard FileManager.default.fileExists(atPath: directory) else { return nil }
  var entries: [String: [UInt8]?] = [:]
  for path in FileManager.default.enumerator(atPath: directory)?.allObjects as? [String] ?? [] {
    var isDirectory: ObjCBool = false
    let full = directory + "/" + path
    guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory) else { continue }
    let bytes = FileManager.default.contents(atPath: full).map(Array.init)
    entries[path] = isDirectory.boolValue ? .some(nil) : bytes
  }
  return entries
}

/// What differs between two `everyEntryBelow` snapshots; empty when nothing does.
func entryDifferences(_ a: [String: [UInt8]?]?, _ b: [String: [UInt8]?]?) -> String {
  guard let a, let b else {
    if a == nil && b == nil { return "" }
    return a == nil ? "the directory appeared" : "the directory vanished"
  }
  return Set(a.keys).union(b.keys).sorted().compactMap { name -> String? in
    switch (a[name], b[name]) {
    case (nil, _): return "\(name) appeared"
    case (_, nil): return "\(name) vanished"
    case let (x?, y?) where x != y: return "\(name) changed"
    default: return nil
    }
  }.joined(separator: ", ")
}

/// A git remote is written by other devices and other tools: Spoons never lets it, or the
/// name of it, run a program; repairs a branch another tool rewound or deleted there; says
/// when the remote refuses a push; and a `sync --init` that fails leaves the data directory
/// as it was.
@Suite(.enabled(if: gitCommand != nil, "needs git"))
struct GitRemoteSafetyCLITests {
  /// A git configuration (file and environment) that allows every protocol, `ext::` too.
  static func permissiveGit(_ dir: TemporaryDirectory) throws -> [String: String] {
    let home = dir.file("home")
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    try "[protocol]\n\tallow = always\n[protocol \"ext\"]\n\tallow = always\n"
      .write(toFile: home + "/.gitconfig", atomically: true, encoding: .utf8)
    var environment = GitSyncCLITests.quiet
    environment["HOME"] = home
    environment["GIT_CONFIG_GLOBAL"] = home + "/.gitconfig"
    environment["GIT_ALLOW_PROTOCOL"] = "ext:fd:file"
    environment["SPOONS_GIT_TIMEOUT"] = "5"
    return environment
  }

  /// `ext::` (a shell command) and `fd::` remotes are refused in one line with nothing
  /// written, even where the user's git configuration allows them: the command never runs.
  /// A `sync.txt` edited by hand to name one is refused the same way.
  @Test(arguments: ["ext::sh -c touch% MARKER", "ext::sh -c touch% MARKER >&2", "fd::0,1"])
  func aRemoteThatRunsAProgramIsRefusedAndNothingRuns(template: String) throws {
    let dir = TemporaryDirectory()
    let marker = dir.file("marker")
    let remote = template.replacingOccurrences(of: "MARKER", with: marker)
    let environment = try Self.permissiveGit(dir)
    let device = Device(
      name: "laptop", data: dir.file("laptop"), target: remote, environment: environment)
    try device.run("add", "2", "Kept", at: morning)
    let before = everyEntryBelow(device.data)
    let refused = try device.run("sync", "--init", remote, at: morning, expect: 1)
    #expect(
      refused.stderr == "error: \(remote) would have git run a program to reach it; Spoons "
        + "syncs only through file, ssh, git, http and https remotes (e.g. "
        + "git@host:me/spoons.git); nothing was changed\n", "\(refused.stderr)")
    #expect(!FileManager.default.fileExists(atPath: marker), "the command ran")
    let unchanged = entryDifferences(before, everyEntryBelow(device.data))
    #expect(unchanged.isEmpty, "\(unchanged)")

    let good = try GitSyncCLITests.bareRepository(dir)
    try device.run("sync", "--init", good, at: morning)
    let setup = device.data + "/sync.txt"
    let text = try String(contentsOfFile: setup, encoding: .utf8)
    try text.replacingOccurrences(of: "path=" + good, with: "path=" + remote)
      .write(toFile: setup, atomically: true, encoding: .utf8)
    let edited = everyEntryBelow(device.data)
    let sync = try device.run("sync", at: morning.plus(minutes: 1), expect: 1)
    #expect(sync.stderr.contains("would have git run a program"), "\(sync.stderr)")
    #expect(!FileManager.default.fileExists(atPath: marker), "the command ran")
    let still = entryDifferences(edited, everyEntryBelow(device.data))
    #expect(still.isEmpty, "\(still)")
  }

  /// A name starting with `-` is never taken for a folder in the working directory (nor
  /// given to git as an option): refused, with nothing made there or in the data directory.
  @Test(arguments: ["-spoons", "--upload-pack=touch MARKER", "--init"])
  func aTargetStartingWithADashIsRefusedAndNothingIsMade(template: String) throws {
    let dir = TemporaryDirectory()
    let work = dir.file("work")
    try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
    let marker = dir.file("marker")
    let target = template.replacingOccurrences(of: "MARKER", with: marker)
    var environment = ProcessInfo.processInfo.environment.merging(GitSyncCLITests.quiet) { $1 }
    environment["HOME"] = "/nonexistent"
    environment["SPOONS_NOW"] = morning.description
    let data = dir.file("data")
    let result = try run(
      "/bin/sh", ["-c", "cd \"$1\" && shift && exec \"$@\"", "sh", work, spoonsBinary,
                  "--data", data, "sync", "--init=" + target],
      environment: environment)
    #expect(result.status == 1)
    #expect(
      result.stderr == "error: \(target) starts with '-', which git would read as an option; "
        + "to name a folder here, write ./\(target); nothing was changed\n", "\(result.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: work).isEmpty)
    #expect(!FileManager.default.fileExists(atPath: data))
    #expect(!FileManager.default.fileExists(atPath: marker))
  }

  /// This device's branch rewound or deleted on the remote by another tool: the next sync
  /// pushes it again, though it has nothing new to send, and another device then gets what
  /// had gone. With nothing new and nothing to repair, a sync pushes nothing.
  @Test(arguments: [false, true])
  func aBranchRewoundOrDeletedThereIsPushedAgain(deleted: Bool) throws {
    let dir = TemporaryDirectory()
    let remote = try GitSyncCLITests.bareRepository(dir)
    let d = try GitSyncCLITests.devices(dir, count: 2, remote: remote, at: morning)
    try d[0].run("add", "2", "Arrives early", at: morning.plus(minutes: 1))
    try GitSyncCLITests.syncEverywhere(d, at: morning.plus(minutes: 1))
    let setup = try String(contentsOfFile: d[0].data + "/sync.txt", encoding: .utf8)
    let id = try #require(setup.firstMatch(of: /\tid=([a-z0-9]+)\t/)?.1)
    let branch = "refs/heads/spoons/" + id
    let early = try #require(try GitSyncCLITests.branches(remote)[branch])
    try d[0].run("add", "3", "Lost on the remote", at: morning.plus(minutes: 2))
    try d[0].run("sync", at: morning.plus(minutes: 2))
    let tip = try #require(try GitSyncCLITests.branches(remote)[branch])
    #expect(tip != early)
    if deleted {
      try git("--git-dir=" + remote, "update-ref", "-d", branch)
    } else {
      try git("--git-dir=" + remote, "update-ref", branch, early)
    }
    try d[1].run("sync", at: morning.plus(minutes: 3))
    #expect(!(try d[1].run("list", at: morning.plus(minutes: 3)).stdout.contains("Lost on")))

    let repaired = try d[0].run("sync", at: morning.plus(minutes: 4))
    #expect(repaired.stdout.contains("nothing to send"), "\(repaired.stdout)")
    #expect(try GitSyncCLITests.branches(remote)[branch] == tip)
    let got = try d[1].run("sync", at: morning.plus(minutes: 5))
    #expect(got.stdout.contains("got 1 change"), "\(got.stdout)")
    let list = try d[1].run("list", at: morning.plus(minutes: 5)).stdout
    #expect(list.contains("Lost on the remote"), "\(list)")
    let tips = try GitSyncCLITests.branches(remote)
    try d[0].run("sync", at: morning.plus(minutes: 6))
    #expect(try GitSyncCLITests.branches(remote) == tips, "a sync with nothing to do pushed")
  }

  /// Gives `remote` a `pre-receive` hook that refuses every push, saying `message`; returns
  /// the hook's path.
  @discardableResult
  static func refusePushes(to remote: String, saying message: String) throws -> String {
    let hook = remote + "/hooks/pre-receive"
    try "#!/bin/sh\necho '\(message)' >&2\nexit 1\n"
      .write(toFile: hook, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook)
    return hook
  }

  /// A push a server hook refuses is said as refused, with what the hook said, not as a
  /// remote out of reach; the changes stay here and go once the remote takes them.
  @Test func aPushTheRemoteRefusesIsSaidAsRefused() throws {
    let dir = TemporaryDirectory()
    let remote = try GitSyncCLITests.bareRepository(dir)
    let d = try GitSyncCLITests.devices(dir, count: 1, remote: remote, at: morning)
    let hook = try Self.refusePushes(to: remote, saying: "frozen: read-only mirror")
    try d[0].run("add", "2", "Waits for the remote", at: morning.plus(minutes: 1))
    let refused = try d[0].run("sync", at: morning.plus(minutes: 1), expect: 1)
    #expect(
      refused.stderr == "error: \(remote) refused the changes (frozen: read-only mirror; "
        + "pre-receive hook declined); your changes are safe here and nothing was changed\n",
      "\(refused.stderr)")
    try FileManager.default.removeItem(atPath: hook)
    let sent = try d[0].run("sync", at: morning.plus(minutes: 2))
    #expect(sent.stdout.contains("sent 1 change"), "\(sent.stdout)")
  }

  /// A `sync --init` whose first sync fails (the remote refuses the push) leaves the data
  /// directory byte for byte as it was: a planner's, one that synced before as another
  /// device (its git cache included), and none at all (still none). Only a push fails here:
  /// the remote is reached, its branches read and the cache filled before that.
  @Test(arguments: ["planner", "synced before", "none"])
  func aFailedInitLeavesTheDataDirectoryAsItWas(start: String) throws {
    let dir = TemporaryDirectory()
    let refusing = try GitSyncCLITests.bareRepository(dir, "refusing.git")
    try Self.refusePushes(to: refusing, saying: "no pushes here")
    let device = Device(
      name: "laptop", data: dir.file("laptop"), target: refusing,
      environment: GitSyncCLITests.quiet)
    if start != "none" { try device.run("add", "2", "Kept", at: morning) }
    if start == "synced before" {
      let other = try GitSyncCLITests.bareRepository(dir)
      try device.run("sync", "--init", other, at: morning)
      try FileManager.default.removeItem(atPath: device.data + "/sync.txt")
      try device.run("add", "3", "Not sent anywhere yet", at: morning)  // so the push is refused
      #expect(FileManager.default.fileExists(atPath: device.data + "/sync-git/HEAD"))
    }
    let before = everyEntryBelow(device.data)
    let refused = try device.run(
      "sync", "--init", refusing, at: morning.plus(minutes: 1), expect: 1)
    #expect(
      refused.stderr.contains("\(refusing) refused the changes (no pushes here; "),
      "\(refused.stderr)")
    let unchanged = entryDifferences(before, everyEntryBelow(device.data))
    #expect(unchanged.isEmpty, "\(unchanged)")
    #expect(try GitSyncCLITests.branches(refusing).isEmpty)
  }
  /// A blob larger than any file Spoons writes, pushed to another device's branch under a
  /// change file's name, is named and never read (as a file that size in a shared folder is
  /// not); the rest of that device's changes still arrive.
  @Test func aHugeBlobOnTheRemoteIsSetAsideUnread() throws {
    let dir = TemporaryDirectory()
    let remote = try GitSyncCLITests.bareRepository(dir)
    let d = try GitSyncCLITests.devices(dir, count: 2, remote: remote, at: morning)
    try d[1].run("add", "2", "Still arrives", at: morning.plus(minutes: 1))
    try d[1].run("sync", at: morning.plus(minutes: 1))
    let setup = try String(contentsOfFile: d[1].data + "/sync.txt", encoding: .utf8)
    let id = String(try #require(setup.firstMatch(of: /\tid=([a-z0-9]+)\t/)?.1))
    // Another tool pushes 300 MB of zeros (a small pack) as that device's next change file.
    let work = dir.file("work")
    try git("clone", "--quiet", "--branch", "spoons/" + id, remote, work)
    let huge = work + "/devices/\(id)/00000099.txt"
    #expect(FileManager.default.createFile(atPath: huge, contents: nil))
    let handle = try #require(FileHandle(forWritingAtPath: huge))
    try handle.truncate(atOffset: 300 << 20)
    try handle.close()
    try git("-C", work, "add", "--all")
    try git("-C", work, "-c", "user.name=x", "-c", "user.email=x@x", "commit", "--quiet", "-m", "x")
    try git("-C", work, "push", "--quiet", "origin", "HEAD:spoons/" + id)

    let synced = try d[0].run("sync", at: morning.plus(minutes: 2))
    #expect(
      synced.stdout.contains("00000099.txt") && synced.stdout.contains("314572800 bytes"),
      "\(synced.stdout)")
    #expect(try d[0].run("list", at: morning.plus(minutes: 2)).stdout.contains("Still arrives"))
  }
}
