#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import SpoonsCore
import SpoonsTestSupport
import Testing

/// The scratch directory every store test runs in, and the fixed instants.
@Suite("Test support")
struct TestSupportTests {
  @Test func aTemporaryDirectoryIsFreshAndGoesAwayWithEverythingInIt() throws {
    var path = ""
    do {
      let tmp = TemporaryDirectory()
      path = tmp.path
      #expect(try tmp.mode() == 0o700)
      try tmp.write("a.txt", "one\ntwo")
      #expect(tmp.bytes("a.txt") == Array("one\ntwo".utf8))
      #expect(mkdir(tmp.file("data"), 0o700) == 0)
      try tmp.write("data/b.txt", "three")
      #expect(chmod(tmp.file("data"), 0o500) == 0)  // as a test of a read-only directory does
      #expect(TemporaryDirectory().path != path)
    }
    var info = stat()
    #expect(stat(path, &info) != 0 && errno == ENOENT)
  }

  @Test func theInstantsAreTheMorningsTheyAreNamedFor() {
    #expect(morning.description == "2026-11-21T08:00:00+01:00")
    #expect(nextMorning.description == "2026-11-22T07:45:00+01:00")
    #expect(thirdMorning.description == "2026-11-23T08:00:00+01:00")
    #expect(morning.plus(days: -1, hours: 4, minutes: 30).description == "2026-11-20T12:30:00+01:00")
  }
}
