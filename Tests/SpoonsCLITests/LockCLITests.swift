import Foundation
import SpoonsTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Another process holding the planner: a command says, after a second, whom it waits for,
/// and when it gives up, how to check that process and what to do; it changes nothing.
/// `SPOONS_LOCK_TIMEOUT` shortens the 30 s wait.
@Suite("Waiting for another process, through the binary")
struct LockCLITests {
  /// A second process that takes `spoons.lock` and stamps it as a Spoons writer does (its pid
  /// and the time since boot), prints `held`, and keeps it until killed (30 s at most).
  static let holder = #"""
    use Fcntl qw(:flock SEEK_SET);
    use Time::HiRes qw(clock_gettime CLOCK_MONOTONIC);
    open(my $f, "+<", $ARGV[0]) or die "open: $!";
    flock($f, LOCK_EX) or die "flock: $!";
    seek($f, 0, SEEK_SET);
    printf $f "%-47s\n", "$$ " . int(clock_gettime(CLOCK_MONOTONIC) * 1e9);
    $f->flush();
    $| = 1;
    print "held\n";
    sleep 30;
    """#

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/perl")))
  func aHeldLockIsWaitedForAloudThenReported() throws {
    let tmp = TemporaryDirectory()
    try spoons(["add", "1", "Tea"], data: tmp.data)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/perl")
    process.arguments = ["-e", Self.holder, tmp.data + "/spoons.lock"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    defer {
      kill(process.processIdentifier, SIGKILL)  // as a crash would: the kernel drops the lock
      process.waitUntilExit()
    }
    let said = output.fileHandleForReading.readData(ofLength: 5)
    try #require(String(decoding: said, as: UTF8.self) == "held\n")
    let pid = process.processIdentifier
    let before = everyFile(in: tmp.data)

    for (words, seconds) in [(["add", "1", "Nap"], 3), (["status"], 2)] {
      let started = Date()
      let run = try spoons(
        words, data: tmp.data, environment: ["SPOONS_LOCK_TIMEOUT": String(seconds)])
      let waited = Date().timeIntervalSince(started)
      #expect(waited > Double(seconds) - 0.2 && waited < Double(seconds) + 5, "\(waited)")
      #expect(run.status == 1 && run.stdout.isEmpty)
      let lines = run.stderr.split(separator: "\n").map(String.init)
      try #require(lines.count == 2, "\(run.stderr)")
      #expect(lines[0].hasPrefix("Waiting: \(tmp.data) is in use by process \(pid)"))
      #expect(lines[0].contains("which took it "))
      #expect(lines[0].hasSuffix("; waiting up to \(seconds) s."))
      #expect(lines[1].hasPrefix(
        "error: \(tmp.data) is still in use after waiting \(seconds) s, by process \(pid)"))
      #expect(lines[1].hasSuffix(
        "; nothing was changed. 'ps -p \(pid)' shows whether it is still running: if it is, "
          + "let it finish (or end it with 'kill \(pid)') and try again; if it is not, just "
          + "try again"))
      #if os(Linux)
        #expect(lines[1].contains("(perl -e "), "its command, where the system tells it")
      #endif
      let after = everyFile(in: tmp.data)
      #expect(after == before, "\(differences(before, after))")
    }
    kill(pid, SIGKILL)
    process.waitUntilExit()
    // Gone, it holds nothing: the command goes through.
    let run = try spoons(["add", "1", "Nap"], data: tmp.data)
    #expect(run.status == 0 && run.stderr.isEmpty)
  }
}
