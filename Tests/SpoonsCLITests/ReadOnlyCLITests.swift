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
/// runs as `nobody`, which modes do stop; a read-only mount cannot be made here, and what it
/// does to the lock (a read-write open refused) is what read-only modes do.
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
