import SpoonsStore
import Testing

/// The one JSON string escaper (`JSON.writeString`, `JSON.quoted`), which `export`, `--json`
/// and the benchmark share: awkward strings must come back unchanged through the project's own
/// JSON reader, and the text written must hold no raw control character, U+2028 or U+2029.
@Suite("JSON strings round-trip")
struct JSONStringTests {
  static let awkward: [String] = [
    "", "plain", "Café ☕ 洗濯", "e\u{301}",
    "say \"hi\"", "\"", "\"\"", "back\\slash", "\\", "ends with \\",
    "\u{0}", "nul \u{0} inside", "\u{1}\u{8}\u{B}\u{C}\u{1B}\u{1F}", "\u{7F}",
    "line\nbreak", "cr\rlf\r\n", "tab\there",
    "\u{2028}", "\u{2029}", "a\u{2028}b\u{2029}c", "\u{2028}\u{2028}",
    // Near misses: other characters whose UTF-8 starts E2 80 or E2.
    "\u{2027}\u{202A}", "…", "€", "€\u{2028}", "\u{2026}\u{2028}", "\u{2000}",
    "😀", "👩‍👩‍👧", "🏳️‍🌈", "\u{FEFF}bom", "\u{FFFD}", "\u{200F}שלום",
    // Text that looks like escapes or broken JSON, which must stay text.
    "\\u0000", "\\ud83d", "\\ud83d\\ude00", "\\\"", "\\n", "\"}, {\"id\": 1", "/", "\\/",
    "]]>", "</script>",
    String(repeating: "x\u{2028}\"", count: 200),
  ]

  @Test(arguments: awkward)
  func roundTripsThroughTheReader(_ text: String) throws {
    var out: [UInt8] = []
    JSON.writeString(text, to: &out)
    #expect(try JSON.parse(out) == .string(text))
    #expect(JSON.quoted(text) == String(decoding: out, as: UTF8.self))
    #expect(!out.contains { $0 < 0x20 || $0 == 0x7F }, "no raw control character")
    let written = String(decoding: out, as: UTF8.self)
    #expect(!written.unicodeScalars.contains { $0 == "\u{2028}" || $0 == "\u{2029}" })
  }

  @Test(arguments: [
    ("a\"b\\c", #""a\"b\\c""#),
    ("\n\r\t", #""\n\r\t""#),
    ("\u{0}\u{1F}\u{7F}", #""\u0000\u001f\u007f""#),
    ("\u{2028}x\u{2029}", #""\u2028x\u2029""#),
    ("…€😀", "\"…€😀\""),
  ])
  func escapesAsDocumented(_ text: String, _ literal: String) {
    #expect(JSON.quoted(text) == literal)
  }

  @Test func aValueInAnExportIsEscapedTheSameWay() throws {
    let value = JSON.object([("title", .string("a\u{2028}\"b"))])
    var out: [UInt8] = []
    value.write(to: &out)
    #expect(String(decoding: out, as: UTF8.self) == #"{"title": "a\u2028\"b"}"#)
    #expect(try JSON.parse(out) == value)
  }
}
