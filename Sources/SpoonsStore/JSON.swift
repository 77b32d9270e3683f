/// The JSON that `export` writes and `import` reads, without Foundation (which would cost
/// every command its start-up time). Numbers are whole: Spoons stores no fractions.
public enum JSON: Equatable, Sendable {
  case null
  case bool(Bool)
  case number(Int)
  /// A number that is not a whole one Spoons can use (`4.2`, `1e3`, twenty digits), as
  /// written: only `parse(_:fractions: true)` makes one, for files of other programs
  /// (Taskwarrior's `urgency`). Spoons writes none.
  case decimal(String)
  case string(String)
  case array([JSON])
  /// Keys in the order written.
  case object([(key: String, value: JSON)])

  public static func == (a: JSON, b: JSON) -> Bool {
    switch (a, b) {
    case (.null, .null): return true
    case (.bool(let x), .bool(let y)): return x == y
    case (.number(let x), .number(let y)): return x == y
    case (.decimal(let x), .decimal(let y)): return x == y
    case (.string(let x), .string(let y)): return x == y
    case (.array(let x), .array(let y)): return x == y
    case (.object(let x), .object(let y)):
      return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    default: return false
    }
  }

  public subscript(key: String) -> JSON? {
    guard case .object(let pairs) = self else { return nil }
    return pairs.first { $0.key == key }?.value
  }

  // MARK: - Writing

  /// Two-space indented, one value per line: readable, and diffable between exports.
  public func write(to out: inout [UInt8], indent: Int = 0) {
    func newline(_ level: Int) {
      out.append(UInt8(ascii: "\n"))
      out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: level * 2))
    }
    switch self {
    case .null: out.append(contentsOf: "null".utf8)
    case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
    case .number(let n): out.append(contentsOf: String(n).utf8)
    case .decimal(let text): out.append(contentsOf: text.utf8)
    case .string(let s): Self.writeString(s, to: &out)
    case .array(let items):
      guard !items.isEmpty else { return out.append(contentsOf: "[]".utf8) }
      if items.allSatisfy({ if case .number = $0 { true } else { false } }) {  // ids, inline
        out.append(UInt8(ascii: "["))
        for (index, item) in items.enumerated() {
          if index > 0 { out.append(contentsOf: ", ".utf8) }
          item.write(to: &out)
        }
        return out.append(UInt8(ascii: "]"))
      }
      out.append(UInt8(ascii: "["))
      for (index, item) in items.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        newline(indent + 1)
        item.write(to: &out, indent: indent + 1)
      }
      newline(indent)
      out.append(UInt8(ascii: "]"))
    case .object(let pairs):
      guard !pairs.isEmpty else { return out.append(contentsOf: "{}".utf8) }
      // Short objects of plain values (a task, a day) stay on one line.
      let flat = pairs.allSatisfy { pair in
        if case .array(let items) = pair.value {
          return items.allSatisfy { if case .number = $0 { true } else { false } }
        }
        if case .object = pair.value { return false }
        return true
      }
      out.append(UInt8(ascii: "{"))
      for (index, pair) in pairs.enumerated() {
        if index > 0 { out.append(contentsOf: flat ? ", ".utf8 : ",".utf8) }
        if !flat { newline(indent + 1) }
        Self.writeString(pair.key, to: &out)
        out.append(contentsOf: ": ".utf8)
        pair.value.write(to: &out, indent: indent + 1)
      }
      if !flat { newline(indent) }
      out.append(UInt8(ascii: "}"))
    }
  }

  /// Appends `text` as a JSON string literal. The one escaper for every JSON Spoons writes
  /// (`export`, `--json`, the benchmark's results), so they cannot disagree: quotes,
  /// backslashes, every control character and DEL are escaped, and so are U+2028 and U+2029,
  /// which end a line in JavaScript and in some editors though JSON allows them raw.
  public static func writeString(_ text: String, to out: inout [UInt8]) {
    func hex(_ digit: UInt8) -> UInt8 { digit < 10 ? 0x30 + digit : 0x57 + digit }
    out.append(UInt8(ascii: "\""))
    // U+2028 and U+2029 are E2 80 A8 and E2 80 A9: a lead byte E2 and a following 80 are held
    // back until the third byte says whether they start one of them.
    var held = 0
    for byte in text.utf8 {
      if held == 2 && (byte == 0xA8 || byte == 0xA9) {
        out.append(contentsOf: (byte == 0xA8 ? #"\u2028"# : #"\u2029"#).utf8)
        held = 0
        continue
      }
      if held == 1 && byte == 0x80 {
        held = 2
        continue
      }
      if held > 0 {
        out.append(0xE2)
        if held == 2 { out.append(0x80) }
        held = 0
      }
      switch byte {
      case 0xE2: held = 1
      case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
      case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
      case UInt8(ascii: "\n"): out.append(contentsOf: #"\n"#.utf8)
      case UInt8(ascii: "\t"): out.append(contentsOf: #"\t"#.utf8)
      case UInt8(ascii: "\r"): out.append(contentsOf: #"\r"#.utf8)
      case 0..<0x20, 0x7F:
        out.append(contentsOf: #"\u00"#.utf8)
        out.append(hex(byte >> 4))
        out.append(hex(byte & 15))
      default: out.append(byte)
      }
    }
    if held > 0 { out.append(0xE2) }  // not reached with valid UTF-8, which a String is
    if held == 2 { out.append(0x80) }
    out.append(UInt8(ascii: "\""))
  }

  /// `text` as a JSON string literal, for JSON written as text (see `writeString`).
  public static func quoted(_ text: String) -> String {
    // Most titles need no escape: then no byte buffer is built.
    let plain = text.utf8.allSatisfy { byte in
      byte >= 0x20 && byte != 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
        && byte != 0xE2
    }
    if plain { return "\"" + text + "\"" }
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count + 8)
    writeString(text, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  // MARK: - Reading

  /// Where and why a text is not JSON Spoons can read.
  public struct ParseError: Error, Equatable {
    public let line: Int
    public let reason: String
    /// The text ran out before the JSON was complete: a file cut short.
    public var atEnd = false
  }

  /// - Parameter fractions: whether a number Spoons cannot use is kept as `.decimal` rather
  ///   than refused (for files other programs write).
  public static func parse(_ bytes: [UInt8], fractions: Bool = false) throws(ParseError) -> JSON {
    var parser = Parser(bytes: bytes, fractions: fractions)
    parser.skipSpace()
    let value = try parser.value(depth: 0)
    parser.skipSpace()
    guard parser.i == bytes.count else { throw parser.fail("text after the end of the JSON") }
    return value
  }

  struct Parser {
    let bytes: [UInt8]
    var fractions = false
    var i = 0

    func fail(_ reason: String) -> ParseError {
      ParseError(
        line: 1 + bytes[..<min(i, bytes.count)].reduce(0) { $0 + ($1 == 10 ? 1 : 0) },
        reason: reason, atEnd: i >= bytes.count)
    }

    mutating func skipSpace() {
      while i < bytes.count, [9, 10, 13, 32].contains(bytes[i]) { i += 1 }
    }

    mutating func expect(_ word: String) throws(ParseError) {
      for b in word.utf8 {
        guard i < bytes.count, bytes[i] == b else { throw fail("expected '\(word)'") }
        i += 1
      }
    }

    mutating func value(depth: Int) throws(ParseError) -> JSON {
      guard depth < 64 else { throw fail("nested too deeply") }
      guard i < bytes.count else { throw fail("the JSON ends early") }
      switch bytes[i] {
      case UInt8(ascii: "n"): try expect("null"); return .null
      case UInt8(ascii: "t"): try expect("true"); return .bool(true)
      case UInt8(ascii: "f"): try expect("false"); return .bool(false)
      case UInt8(ascii: "\""): return .string(try string())
      case UInt8(ascii: "-"), 48...57:
        if fractions { return try anyNumber() }
        return .number(try number())
      case UInt8(ascii: "["):
        i += 1
        var items: [JSON] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
        while true {
          skipSpace()
          items.append(try value(depth: depth + 1))
          skipSpace()
          guard i < bytes.count else { throw fail("the JSON ends inside a list") }
          if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
          guard bytes[i] == UInt8(ascii: ",") else { throw fail("expected ',' or ']'") }
          i += 1
        }
      case UInt8(ascii: "{"):
        i += 1
        var pairs: [(key: String, value: JSON)] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(pairs) }
        while true {
          skipSpace()
          guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw fail("expected a key") }
          let key = try string()
          guard !pairs.contains(where: { $0.key == key }) else { throw fail("the key '\(key)' appears twice") }
          skipSpace()
          try expect(":")
          skipSpace()
          pairs.append((key, try value(depth: depth + 1)))
          skipSpace()
          guard i < bytes.count else { throw fail("the JSON ends inside an object") }
          if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(pairs) }
          guard bytes[i] == UInt8(ascii: ",") else { throw fail("expected ',' or '}'") }
          i += 1
        }
      default:
        throw fail("unexpected character")
      }
    }

    mutating func number() throws(ParseError) -> Int {
      let negative = bytes[i] == UInt8(ascii: "-")
      if negative { i += 1 }
      let start = i
      while i < bytes.count, (48...57).contains(bytes[i]) { i += 1 }
      guard i > start, i - start <= 18 else { throw fail("a number is not a whole number Spoons can use") }
      if i < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[i]) {
        throw fail("a number is not a whole number")
      }
      let value = bytes[start..<i].reduce(0) { $0 * 10 + Int($1 - 48) }
      return negative ? -value : value
    }

    /// A number of any size or form JSON allows: whole and short, `.number`; else
    /// `.decimal`, as written.
    mutating func anyNumber() throws(ParseError) -> JSON {
      let start = i
      if bytes[i] == UInt8(ascii: "-") { i += 1 }
      func digits() -> Int {
        let from = i
        while i < bytes.count, (48...57).contains(bytes[i]) { i += 1 }
        return i - from
      }
      let whole = digits()
      guard whole > 0 else { throw fail("a number has no digits") }
      var plain = whole <= 18
      if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
        i += 1
        guard digits() > 0 else { throw fail("a number has no digits after its point") }
        plain = false
      }
      if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
        i += 1
        if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard digits() > 0 else { throw fail("a number has no digits in its exponent") }
        plain = false
      }
      let text = String(decoding: bytes[start..<i], as: UTF8.self)
      if plain, let n = Int(text) { return .number(n) }
      return .decimal(text)
    }

    mutating func hex4() throws(ParseError) -> UInt32 {
      guard i + 4 <= bytes.count else { throw fail("a \\u escape is cut short") }
      var value: UInt32 = 0
      for _ in 0..<4 {
        guard let digit = RecordCodec.hexValue(bytes[i]) else { throw fail("a bad \\u escape") }
        value = value << 4 | UInt32(digit)
        i += 1
      }
      return value
    }

    mutating func string() throws(ParseError) -> String {
      i += 1  // the opening quote
      var out: [UInt8] = []
      while true {
        guard i < bytes.count else { throw fail("a string is not closed") }
        let b = bytes[i]
        i += 1
        switch b {
        case UInt8(ascii: "\""):
          guard let text = String(validating: out, as: UTF8.self) else {
            throw fail("a string is not valid UTF-8")
          }
          return text
        case 0..<0x20: throw fail("a control character inside a string")
        case UInt8(ascii: "\\"):
          guard i < bytes.count else { throw fail("a string is not closed") }
          let e = bytes[i]
          i += 1
          switch e {
          case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
          case UInt8(ascii: "n"): out.append(10)
          case UInt8(ascii: "t"): out.append(9)
          case UInt8(ascii: "r"): out.append(13)
          case UInt8(ascii: "b"): out.append(8)
          case UInt8(ascii: "f"): out.append(12)
          case UInt8(ascii: "u"):
            var scalar = try hex4()
            if (0xD800..<0xDC00).contains(scalar) {
              guard i + 2 <= bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u")
              else { throw fail("a lone surrogate in a \\u escape") }
              i += 2
              let low = try hex4()
              guard (0xDC00..<0xE000).contains(low) else { throw fail("a lone surrogate in a \\u escape") }
              scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00)
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw fail("a bad \\u escape") }
            out.append(contentsOf: String(Character(unicode)).utf8)
          default: throw fail("an unknown escape in a string")
          }
        default: out.append(b)
        }
      }
    }
  }
}
