import Foundation
import SpoonsCore
import SpoonsTestSupport
import Testing

/// `git` on this machine, for the tests' own look at the repositories; nil when there is none.
let gitCommand: String? = {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
  return path.split(separator: ":").map { $0 + "/git" }
    .first { FileManager.default.isExecutableFile(atPath: $0) }
}()

/// Runs git with no configuration but the repository's own, and returns its output.
@discardableResult
func git(_ arguments: String..., expect status: Int32 = 0) throws -> String {
  var environment = ProcessInfo.processInfo.environment
  environment["HOME"] = "/nonexistent"
  environment["GIT_CONFIG_NOSYSTEM"] = "1"
  let result = try run(gitCommand ?? "/usr/bin/git", arguments, environment: environment)
  if result.status != status {
    Issue.record("git \(arguments): exit \(result.status)\n\(result.stderr)")
  }
  return result.stdout
}

/// Every file below `directory`, by path relative to it, byte for byte.
func everyFileBelow(_ directory: String) -> [String: [UInt8]] {
  var files: [String: [UInt8]] = [:]
  for path in FileManager.default.enumerator(atPath: directory)?.allObjects as? [String] ?? [] {
    var isDirectory: ObjCBool = false
    let full = directory + "/" + path
    if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue {
      files[path] = FileManager.default.contents(atPath: full).map(Array.init) ?? []
    }
  }
  return files
}

/// `sync` through a git remote: bare repositories in the test's own directory, reached by
/// path, by `file://` and through a stand-in for ssh. No network, no user configuration.
@Suite(.enabled(if: gitCommand != nil, "needs git"))
struct GitSyncCLITests {
  /// git's environment for the devices: no system configuration (HOME is not the user's).
  static let quiet = ["GIT_CONFIG_NOSYSTEM": "1"]

  /// A new bare repository in `dir`, as a person would make one for Spoons.
  static func bareRepository(_ dir: TemporaryDirectory, _ name: String = "remote.git") throws -> String {
    let path = dir.file(name)
    try git("init", "--bare", "--quiet", path)
    return path
  }

  /// `count` devices joined to `remote`: the second by `file://`, the others by path.
  static func devices(
    _ dir: TemporaryDirectory, count: Int, remote: String, at now: Timestamp,
    environment: [String: String] = quiet
  ) throws -> [Device] {
    let names = ["laptop", "desktop", "phone"]
    var devices: [Device] = []
    for i in 0..<count {
      let target = i == 1 ? "file://" + remote : remote
      let device = Device(
        name: names[i], data: dir.file(names[i]), target: target, environment: environment)
      let joined = try device.run("sync", "--init", target, at: now)
      #expect(joined.stdout.contains("Synced with"), "\(joined.stdout)")
      #expect(!joined.stdout.contains("copied"), "a new data directory is no copy: \(joined.stdout)")
      devices.append(device)
    }
    return devices
  }

  /// Two rounds in which every device syncs: each one's changes reach all the others.
  static func syncEverywhere(_ devices: [Device], at now: Timestamp) throws {
    for _ in 0..<2 {
      for device in devices { try device.run("sync", at: now) }
    }
  }

  /// Every branch of a repository, by name.
  static func branches(_ repository: String) throws -> [String: String] {
    var refs: [String: String] = [:]
    for line in try git("--git-dir=" + repository, "for-each-ref", "--format=%(refname) %(objectname)")
      .split(separator: "\n")
    {
      let parts = line.split(separator: " ")
      refs[String(parts[0])] = String(parts[1])
    }
    return refs
  }

  @Test func aTaskAddedOnOneDeviceArrivesThroughTheRemoteAndStatusSaysWhatWaits() throws {
    let dir = TemporaryDirectory()
    let remote = try Self.bareRepository(dir)
    let d = try Self.devices(dir, count: 2, remote: remote, at: morning)
    try d[0].run("add", "2", "Call mum's GP", at: morning)
    let sent = try d[0].run("sync", at: morning.plus(minutes: 1))
    #expect(sent.stdout.contains("Synced with \(remote): sent 1 change"), "\(sent.stdout)")
    let status = try d[1].run("sync", "--status", at: morning.plus(minutes: 2)).stdout
    #expect(status.contains("Waiting to be read: 1 change file from"), "\(status)")
    let got = try d[1].run("sync", at: morning.plus(minutes: 2))
    #expect(got.stdout.contains("Synced with file://\(remote): nothing to send, got 1 change"), "\(got.stdout)")
    #expect(try d[1].run("show", "1", at: morning).stdout.contains("Call mum's GP"))
    let setup = try String(contentsOfFile: d[1].data + "/sync.txt", encoding: .utf8)
    #expect(setup.contains("target\tpath=file://\(remote)\tkind=git\n"), "\(setup)")
  }

  /// Seeded random commands on two or three devices with syncs at random moments, then two
  /// full rounds: every device exports the same planner, and a further sync sends nothing.
  @Test(arguments: [(21, 2), (22, 3), (23, 3)] as [(UInt64, Int)])
  func randomCommandsConvergeOverAGitRemote(seed: UInt64, count: Int) throws {
    let dir = TemporaryDirectory()
    let remote = try Self.bareRepository(dir)
    let d = try Self.devices(dir, count: count, remote: remote, at: morning)
    let run = try SyncCLITests.randomCommands(on: d, seed: seed, from: morning)
    try Self.syncEverywhere(d, at: run.end)
    try SyncCLITests.expectConverged(d, run)
  }

  /// The remote holds only the devices' branches; each moves only forward, one commit per
  /// sync, each adding at most one change file and keeping every earlier one as it was (the
  /// device's `acks.txt` is the one file it rewrites); no repository has a work tree or an
  /// index, so nothing was ever checked out.
  @Test func eachBranchOnlyMovesForwardAndNothingIsCheckedOut() throws {
    let dir = TemporaryDirectory()
    let remote = try Self.bareRepository(dir)
    let d = try Self.devices(dir, count: 2, remote: remote, at: morning)
    var now = morning
    var tips: [String: String] = [:]
    for round in 0..<4 {
      for (i, device) in d.enumerated() {
        now = now.plus(minutes: 5)
        try device.run("add", String(1 + i), "Round \(round) on \(device.name)", at: now)
        try device.run("sync", at: now)
        let branches = try Self.branches(remote)
        #expect(branches.keys.allSatisfy { $0.hasPrefix("refs/heads/spoons/") }, "\(branches)")
        for (ref, tip) in branches {
          if let before = tips[ref], before != tip {
            try git("--git-dir=" + remote, "merge-base", "--is-ancestor", before, tip)
          }
          tips[ref] = tip
        }
      }
    }
    #expect(tips.count == 2)
    for (ref, tip) in tips {
      #expect(try git("--git-dir=" + remote, "rev-list", "--min-parents=2", tip).isEmpty, "a merge")
      let commits = try git("--git-dir=" + remote, "rev-list", "--reverse", tip)
        .split(separator: "\n").map(String.init)
      #expect(commits.count <= 5, "\(ref): one commit per sync, at most")
      var files: [String: String] = [:]
      for commit in commits {
        var now: [String: String] = [:]
        for line in try git("--git-dir=" + remote, "ls-tree", "-r", commit).split(separator: "\n") {
          let parts = line.split(separator: "\t")
          now[String(parts[1])] = String(parts[0])
        }
        let device = ref.dropFirst("refs/heads/spoons/".count)
        #expect(now.keys.allSatisfy { $0.hasPrefix("devices/\(device)/") }, "\(now.keys)")
        now = now.filter { $0.key.split(separator: "/").last?.first?.isNumber == true }
        #expect(now.count == files.count || now.count == files.count + 1, "one new file at most")
        for (path, blob) in files { #expect(now[path] == blob, "\(path) rewritten") }
        files = now
      }
      #expect(files.count == 4, "\(ref): a change file for each sync that sent something")
    }
    for device in d {
      let cache = device.data + "/sync-git"
      #expect(try git("--git-dir=" + cache, "rev-parse", "--is-bare-repository") == "true\n")
      #expect(!FileManager.default.fileExists(atPath: cache + "/index"))
      #expect(!FileManager.default.fileExists(atPath: device.data + "/devices"))
    }
    #expect(!FileManager.default.fileExists(atPath: remote + "/index"))
  }

  /// Compaction through git: once both devices have read a device's older change files, its
  /// next commit replaces them with a snapshot (the branch still only moves forward), and a
  /// device that joins afterwards catches up from it.
  @Test func compactionThroughGitReplacesOldFilesWithASnapshotANewcomerReads() throws {
    let dir = TemporaryDirectory()
    let remote = try Self.bareRepository(dir)
    var environment = Self.quiet
    environment["SPOONS_SYNC_COMPACT_AFTER"] = "2"
    let d = try Self.devices(dir, count: 2, remote: remote, at: morning, environment: environment)
    var now = morning
    for round in 0..<6 {
      for device in d {
        now = now.plus(minutes: 5)
        try device.run("add", "1", "Round \(round) on \(device.name)", at: now)
        try device.run("sync", at: now)
      }
    }
    try Self.syncEverywhere(d, at: now)
    for (ref, tip) in try Self.branches(remote) {
      let names = try git("--git-dir=" + remote, "ls-tree", "-r", "--name-only", tip)
        .split(separator: "\n").map { $0.split(separator: "/").last.map(String.init) ?? "" }
      #expect(names.contains { $0.hasPrefix("snapshot-") }, "\(ref): \(names)")
      #expect(names.filter { $0.first?.isNumber == true }.count < 6, "\(ref): \(names)")
    }
    let late = Device(name: "tablet", data: dir.file("tablet"), target: remote, environment: environment)
    try late.run("sync", "--init", remote, at: now)
    #expect(try late.export(at: now) == d[0].export(at: now))
  }

  /// A remote that is not there (moved away; named by path or by `file://`) and one never
  /// there (`file:///nonexistent`): exit 1, the changes are safe, and nothing in the data
  /// directory changes, its git cache included.
  @Test(arguments: [false, true])
  func anUnreachableRemoteChangesNothing(byURL: Bool) throws {
    let dir = TemporaryDirectory()
    let remote = try Self.bareRepository(dir)
    let target = byURL ? "file://" + remote : remote
    let device = Device(name: "laptop", data: dir.file("laptop"), target: target, environment: Self.quiet)
    try device.run("add", "2", "Keep me", at: morning)
    try device.run("sync", "--init", target, at: morning)
    try device.run("add", "3", "Not sent yet", at: morning.plus(minutes: 1))
    let before = everyFile(in: device.data)
    let cache = everyFileBelow(device.data + "/sync-git")
    try FileManager.default.moveItem(atPath: remote, toPath: remote + "-gone")
    let refused = try device.run("sync", at: morning.plus(hours: 1), expect: 1)
    #expect(refused.stderr.contains("could not reach \(target)"), "\(refused.stderr)")
    #expect(refused.stderr.contains("your changes are safe here"), "\(refused.stderr)")
    #expect(everyFile(in: device.data) == before, "\(differences(before, everyFile(in: device.data)))")
    #expect(everyFileBelow(device.data + "/sync-git") == cache)
    let status = try device.run("sync", "--status", at: morning.plus(hours: 1)).stdout
    #expect(status.contains("The remote cannot be reached now"), "\(status)")
    #expect(everyFile(in: device.data) == before)

    // Back again: what waited is sent.
    try FileManager.default.moveItem(atPath: remote + "-gone", toPath: remote)
    let synced = try device.run("sync", at: morning.plus(hours: 2))
    #expect(synced.stdout.contains("sent 1 change"), "\(synced.stdout)")

    // Joining a remote that was never there creates nothing.
    let fresh = Device(name: "fresh", data: dir.file("fresh"), target: "", environment: Self.quiet)
    let never = try fresh.run("sync", "--init", "file:///nonexistent/spoons.git", at: morning, expect: 1)
    #expect(never.stderr.contains("could not reach file:///nonexistent/spoons.git"), "\(never.stderr)")
    #expect(never.stderr.contains("your changes are safe here"))
    #expect(everyFile(in: fresh.data) == nil, "no data directory was made")
  }

  /// ssh that never answers (standing in for a password prompt or a dead host): git is
  /// stopped at the timeout, the sync says so and changes nothing. The user's own
  /// GIT_SSH_COMMAND is used, for `ssh://` and for `host:path` remotes.
  @Test func aRemoteThatNeverAnswersIsStoppedAtTheTimeout() throws {
    let dir = TemporaryDirectory()
    let remote = try Self.bareRepository(dir)
    // Runs the command git asks for here, as ssh would there; sleeps while `hang` exists.
    let ssh = dir.file("fake-ssh")
    let hang = dir.file("hang")
    try """
      #!/bin/sh
      if [ -e '\(hang)' ]; then sleep 60; fi
      while [ $# -gt 1 ]; do shift; done
      exec sh -c "$1"

      """.write(toFile: ssh, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: ssh)
    var environment = Self.quiet
    environment["GIT_SSH_COMMAND"] = ssh
    environment["GIT_SSH_VARIANT"] = "simple"
    environment["SPOONS_GIT_TIMEOUT"] = "2"
    let d = [
      Device(name: "laptop", data: dir.file("laptop"), target: "ssh://example.invalid" + remote, environment: environment),
      Device(name: "desktop", data: dir.file("desktop"), target: "example.invalid:" + remote, environment: environment),
    ]
    for device in d { try device.run("sync", "--init", device.target, at: morning) }
    try d[0].run("add", "2", "Over ssh", at: morning)
    try Self.syncEverywhere(d, at: morning.plus(minutes: 1))
    #expect(try d[1].run("list", at: morning).stdout.contains("Over ssh"))

    try d[0].run("add", "3", "Waits", at: morning.plus(minutes: 2))
    let before = everyFile(in: d[0].data)
    FileManager.default.createFile(atPath: hang, contents: nil)
    let started = Date()
    let stopped = try d[0].run("sync", at: morning.plus(minutes: 3), expect: 1)
    let seconds = Date().timeIntervalSince(started)
    #expect(seconds < 20, "took \(seconds) s")
    #expect(
      stopped.stderr.contains("could not reach ssh://example.invalid\(remote): git had no answer within 2 s"),
      "\(stopped.stderr)")
    #expect(stopped.stderr.contains("your changes are safe here"))
    #expect(everyFile(in: d[0].data) == before, "\(differences(before, everyFile(in: d[0].data)))")
    let status = try d[0].run("sync", "--status", at: morning.plus(minutes: 3)).stdout
    #expect(status.contains("The remote cannot be reached now (no answer within 2 s)"), "\(status)")
    try FileManager.default.removeItem(atPath: hang)
    try d[0].run("sync", at: morning.plus(minutes: 4))

    // With --auto on, the sync after a change waits at most 10 s, whatever the git timeout:
    // the change is made and one line says it was not synced.
    var patient = d[0]
    patient.environment["SPOONS_GIT_TIMEOUT"] = "60"
    try patient.run("sync", "--auto", "on", at: morning.plus(minutes: 5))
    FileManager.default.createFile(atPath: hang, contents: nil)
    let start = Date()
    let added = try patient.run("add", "1", "Made while it hangs", at: morning.plus(minutes: 6))
    #expect(Date().timeIntervalSince(start) < 30, "the change waited for the remote")
    #expect(added.stdout.contains("Added"), "\(added.stdout)")
    #expect(added.stderr.contains("Not synced"), "\(added.stderr)")
    try FileManager.default.removeItem(atPath: hang)
  }

  /// A sync asks git each thing once: with nothing new, only the fetch (the branches are read
  /// from the cache's files, and what each commit holds was written down when it was first
  /// read or made); one change is one commit and one push on top of that (a blob and its
  /// three trees, the commit, the branch moved here). A cache of commits that does not read,
  /// or branches git packed into one file, change what is asked, never what is synced.
  @Test func aSyncAsksGitEachThingOnceAndOneChangeIsOneCommitAndOnePush() throws {
    let dir = TemporaryDirectory()
    let remote = try Self.bareRepository(dir)
    let d = try Self.devices(dir, count: 1, remote: remote, at: morning)
    // A git that writes down each call, then runs the real one.
    let programs = dir.file("programs")
    try FileManager.default.createDirectory(atPath: programs, withIntermediateDirectories: true)
    let calls = dir.file("calls")
    try "#!/bin/sh\necho \"$*\" >> '\(calls)'\nexec '\(gitCommand!)' \"$@\"\n"
      .write(toFile: programs + "/git", atomically: false, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: programs + "/git")
    var counted = d[0]
    counted.environment["PATH"] = programs + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")
    func commands(_ body: () throws -> Void) throws -> [String] {
      try? FileManager.default.removeItem(atPath: calls)
      try body()
      let text = (try? String(contentsOfFile: calls, encoding: .utf8)) ?? ""
      // Each call's command: the word after the repository named.
      return text.split(separator: "\n").map { line in
        let words = line.split(separator: " ")
        let at = words.firstIndex { $0.hasPrefix("--git-dir=") }.map { $0 + 1 } ?? 0
        return at < words.count ? String(words[at]) : ""
      }
    }
    let quiet = try commands { try counted.run("sync", at: morning.plus(minutes: 1)) }
    #expect(quiet == ["fetch"], "\(quiet)")
    try counted.run("add", "2", "Tea", at: morning.plus(minutes: 2))
    let sent = try commands { try counted.run("sync", at: morning.plus(minutes: 3)) }
    #expect(
      sent == [
        "fetch", "hash-object", "mktree", "mktree", "mktree", "commit-tree", "update-ref", "push",
      ], "\(sent)")
    // A cache of commits cut short: git is asked again, once, and the cache is whole again.
    let trees = d[0].data + "/sync-git/spoons-trees.txt"
    let kept = try Data(contentsOf: URL(fileURLWithPath: trees))
    try kept.prefix(kept.count / 2).write(to: URL(fileURLWithPath: trees))
    let asked = try commands { try counted.run("sync", at: morning.plus(minutes: 4)) }
    #expect(asked == ["fetch", "ls-tree"], "\(asked)")
    #expect(try commands { try counted.run("sync", at: morning.plus(minutes: 4)) } == ["fetch"])
    // Branches git packed into one file are read there; a change still goes out.
    try git("--git-dir=" + d[0].data + "/sync-git", "pack-refs", "--all")
    let own = d[0].data + "/sync-git/refs/heads/spoons/" + (try SyncCLITests.deviceID(d[0]))
    #expect(!FileManager.default.fileExists(atPath: own), "git packed the branch")
    #expect(try commands { try counted.run("sync", at: morning.plus(minutes: 5)) } == ["fetch"])
    try counted.run("add", "1", "Water", at: morning.plus(minutes: 6))
    let packed = try commands { try counted.run("sync", at: morning.plus(minutes: 7)) }
    #expect(packed.first == "fetch" && packed.last == "push", "\(packed)")
    let other = Device(name: "desktop", data: dir.file("desktop"), target: remote, environment: Self.quiet)
    try other.run("sync", "--init", remote, at: morning.plus(minutes: 8))
    let todo = try other.run("list", at: morning.plus(minutes: 8)).stdout
    #expect(todo.contains("Tea") && todo.contains("Water"), "\(todo)")
  }

  @Test func withoutGitOnThePathSyncSaysWhatToInstall() throws {
    let dir = TemporaryDirectory()
    let remote = try Self.bareRepository(dir)
    let d = try Self.devices(dir, count: 1, remote: remote, at: morning)
    try d[0].run("add", "1", "Kept", at: morning)
    let before = everyFile(in: d[0].data)
    var lost = d[0]
    lost.environment["PATH"] = dir.file("no-programs-here")
    let refused = try lost.run("sync", at: morning.plus(minutes: 1), expect: 1)
    #expect(refused.stderr.contains("needs git") && refused.stderr.contains("install git"), "\(refused.stderr)")
    #expect(refused.stderr.split(separator: "\n").count == 1, "one line: \(refused.stderr)")
    #expect(everyFile(in: d[0].data) == before)
  }

  /// A data directory copied elsewhere becomes a new device: it writes a branch of its own,
  /// and the two converge.
  @Test func aCopiedDataDirectoryWritesItsOwnBranchAndBothConverge() throws {
    let dir = TemporaryDirectory()
    let remote = try Self.bareRepository(dir)
    let d = try Self.devices(dir, count: 1, remote: remote, at: morning)
    try d[0].run("add", "2", "Shared", at: morning)
    try d[0].run("sync", at: morning)
    let copy = Device(name: "copy", data: dir.file("copy"), target: remote, environment: Self.quiet)
    try FileManager.default.copyItem(atPath: d[0].data, toPath: copy.data)
    let synced = try copy.run("sync", at: morning.plus(minutes: 1))
    #expect(synced.stdout.contains("This data directory was copied or moved"), "\(synced.stdout)")
    try copy.run("add", "3", "Only in the copy", at: morning.plus(minutes: 2))
    try d[0].run("add", "1", "Only in the first", at: morning.plus(minutes: 2))
    try Self.syncEverywhere([copy, d[0]], at: morning.plus(minutes: 3))
    #expect(try Self.branches(remote).count == 2)
    #expect(try copy.export(at: morning.plus(minutes: 4)) == d[0].export(at: morning.plus(minutes: 4)))
    #expect(try copy.run("list", at: morning).stdout.contains("Only in the first"))
  }

  /// A data directory put back from a backup, in the same place, is the same device as the
  /// one that synced after the backup was taken: its push would not be a fast-forward. It is
  /// told so, changes nothing, and the command it is given makes it a new device that
  /// takes in what it had lost.
  @Test func aDataDirectoryPutBackFromABackupIsToldToSyncAsANewDevice() throws {
    let dir = TemporaryDirectory()
    let remote = try Self.bareRepository(dir)
    let d = try Self.devices(dir, count: 2, remote: remote, at: morning)
    try d[0].run("add", "2", "Before the backup", at: morning)
    try Self.syncEverywhere(d, at: morning)
    let backup = dir.file("backup")
    try FileManager.default.copyItem(atPath: d[0].data, toPath: backup)
    try d[0].run("add", "3", "After the backup", at: morning.plus(minutes: 1))
    try d[0].run("sync", at: morning.plus(minutes: 1))
    try FileManager.default.removeItem(atPath: d[0].data)
    try FileManager.default.moveItem(atPath: backup, toPath: d[0].data)
    try d[0].run("add", "1", "After the restore", at: morning.plus(minutes: 2))
    let before = everyFile(in: d[0].data)
    let tips = try Self.branches(remote)
    let refused = try d[0].run("sync", at: morning.plus(minutes: 3), expect: 1)
    #expect(refused.stderr.contains("another data directory already syncs with \(remote) as this device"), "\(refused.stderr)")
    #expect(refused.stderr.contains("/laptop/sync.txt && spoons --data "), "\(refused.stderr)")
    #expect(refused.stderr.contains("/laptop sync --init \(remote)\n"), "\(refused.stderr)")
    #expect(everyFile(in: d[0].data) == before)
    #expect(try Self.branches(remote) == tips)

    try FileManager.default.removeItem(atPath: d[0].data + "/sync.txt")
    try d[0].run("sync", "--init", remote, at: morning.plus(minutes: 4))
    try Self.syncEverywhere(d, at: morning.plus(minutes: 5))
    let exports = try d.map { try $0.export(at: morning.plus(minutes: 6)) }
    #expect(exports[0] == exports[1])
    for title in ["Before the backup", "After the backup", "After the restore"] {
      #expect(exports[0].contains(title), "\(title)")
    }
  }
}
