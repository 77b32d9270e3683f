#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation
import SpoonsTestSupport
import Testing

/// Reads on media Spoons may not write (a USB stick, a snapshot, a copy with read-only
/// modes): the directory and every file read-only. As root (which no mode stops) the binary
/// runs as `nobody`, which modes do stop. `ReadOnlyMountCLITests` does the same on a real
/// read-only mount where the system allows one.
@Suite("Reads on read-only media, through the binary")
struct ReadOnlyCLITests {
  @Test(arguments: [["status"], ["list"], ["show", "1"], ["export"]])
  func aReadWorksWhereNothingCanBeWritten(_ words: [String]) throws {
    let tmp = TemporaryDirectory()
    let data = try RefusalCLITests.lived(in: tmp)
    var environment = ProcessInfo.processInfo.environment
    environment["SPOONS_NOW"] = morning.description
    environment["SPOONS_HOME"] = data
    environment["NO_COLOR"] = nil
    var program = spoonsBinary
    var arguments = ["--data", data] + words
    if geteuid() == 0 {
      let nobody: uid_t = 65534
      chmod(tmp.path, 0o711)
      chown(data, nobody, gid_t(nobody))
      for name in try FileManager.default.contentsOfDirectory(atPath: data) {
        chown(data + "/" + name, nobody, gid_t(nobody))
      }
      program = "/usr/bin/setpriv"
      arguments = ["--reuid=\(nobody)", "--regid=\(nobody)", "--clear-groups", spoonsBinary] + arguments
    }
    for name in try FileManager.default.contentsOfDirectory(atPath: data) {
      chmod(data + "/" + name, 0o400)
    }
    chmod(data, 0o500)
    let before = everyFile(in: data)
    let result = try run(program, arguments, environment: environment)
    let after = everyFile(in: data)
    chmod(data, 0o700)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.stdout.isEmpty)
    #expect(after == before, "\(differences(before, after))")
  }
}

/// The same on a real read-only mount (a bind mount of the data directory, remounted
/// read-only), where the system allows one (root with the right to mount); skipped elsewhere.
@Suite("Reads on a read-only mount, through the binary")
struct ReadOnlyMountCLITests {
  static func mount(_ arguments: [String]) -> Bool {
    guard FileManager.default.isExecutableFile(atPath: "/bin/mount") else { return false }
    return (try? run("/bin/mount", arguments, environment: [:]).status) == 0
  }

  @Test func readsWorkAndChangesSayTheMediaIsReadOnly() throws {
    let tmp = TemporaryDirectory()
    let data = try RefusalCLITests.lived(in: tmp)
    let mounted = tmp.file("mounted")
    try FileManager.default.createDirectory(atPath: mounted, withIntermediateDirectories: true)
    guard geteuid() == 0, Self.mount(["--bind", data, mounted]) else { return }
    defer { _ = try? run("/bin/umount", [mounted], environment: [:]) }
    guard Self.mount(["-o", "remount,bind,ro", mounted]) else { return }
    #expect(access(mounted, W_OK) != 0 && errno == EROFS, "the mount is read-only")
    let before = everyFile(in: mounted)
    for words in [["status"], ["list"], ["show", "1"], ["export"], ["history"], ["check"]] {
      let run = try spoons(words, data: mounted)
      #expect(run.status == 0, "\(words): \(run.stderr)")
      #expect(!run.stdout.isEmpty, "\(words)")
    }
    for words in [["add", "1", "Soup"], ["new-day", "8"], ["undo"], ["check", "--repair"]] {
      // The new day on the next morning: today's date already has its day.
      let next = words[0] == "new-day" ? ["SPOONS_NOW": "2026-11-22T08:00:00+01:00"] : [:]
      let run = try spoons(words, data: mounted, environment: next)
      if words == ["check", "--repair"] {
        #expect(run.status == 0, "nothing to repair: \(run.stderr)")
        continue
      }
      #expect(run.status == 1, "\(words): \(run.stdout)")
      #expect(run.stderr.contains("read-only file system"), "\(words): \(run.stderr)")
      #expect(run.stderr.contains("nothing was changed"), "\(words): \(run.stderr)")
    }
    let after = everyFile(in: mounted)
    let unchanged = after == before
    #expect(unchanged, "\(differences(before, after))")
  }
}
