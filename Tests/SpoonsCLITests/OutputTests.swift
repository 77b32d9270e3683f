import Foundation
import SpoonsTestSupport
import Testing

@testable import SpoonsCLI

@Suite("Output reaches standard output as written")
struct OutputTests {
  /// What a `FileSink` on a file leaves in it.
  private func written(_ body: (FileSink) -> Void) throws -> [UInt8] {
    let tmp = TemporaryDirectory()
    let path = tmp.file("out")
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    try #require(fd >= 0)
    do {
      let sink = FileSink(fd: fd)
      body(sink)
      sink.flush()
    }
    close(fd)
    return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  @Test func textAndBytesComeOutInOrderShortOrLong() throws {
    let long = String(repeating: "Café ☕ 99\n", count: 10_000)  // past the 64 KiB buffer
    let bytes = try written { sink in
      sink.write("a\n")
      sink.write(utf8: Array("b\n".utf8))
      sink.write(utf8: Array(long.utf8))
      sink.write("c\n")
      sink.write(long)
      sink.write(utf8: Array("d\n".utf8))
    }
    #expect(bytes == Array(("a\nb\n" + long + "c\n" + long + "d\n").utf8))
  }

  @Test func aResultMadeOfBytesReadsComparesAndChangesAsItsText() {
    let text = "1 spoon\n  #1  Café\n"
    let made = Session.Result(utf8: Array(text.utf8))
    #expect(made.output == text)
    #expect(made == Session.Result(output: text))
    #expect(made != Session.Result(output: text + "x"))
    let sink = StringSink()
    made.write(to: sink)
    #expect(sink.take() == text)
    var changed = made
    changed.output += "more\n"
    #expect(changed.output == text + "more\n")
  }
}
