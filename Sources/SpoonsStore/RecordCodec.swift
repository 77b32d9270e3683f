#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import SpoonsCore

/// The line format every Spoons file shares: one record per line,
/// `kind<TAB>key=value<TAB>key=value...`, values escaped so that a line never holds a raw tab,
/// newline or control byte (`\\`, `\t`, `\n`, `\r`, `\xHH`).
///
/// Hand-written because every command reads the planner: this runs tens of times faster than
/// Foundation's JSON coders here, and stays readable in any editor.
enum RecordCodec {
  // MARK: - Writing

  static func appendEscaped(_ text: String, to out: inout [UInt8]) {
    // Most text needs no escape: copied whole, not a byte at a time.
    let plain = text.utf8.withContiguousStorageIfAvailable { bytes in
      for byte in bytes where byte < 0x20 || byte == 0x7F || byte == 92 { return false }
      out.append(contentsOf: bytes)
      return true
    }
    if plain == true { return }
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\\"): out.append(contentsOf: [92, 92])
      case UInt8(ascii: "\t"): out.append(contentsOf: [92, UInt8(ascii: "t")])
      case UInt8(ascii: "\n"): out.append(contentsOf: [92, UInt8(ascii: "n")])
      case UInt8(ascii: "\r"): out.append(contentsOf: [92, UInt8(ascii: "r")])
      case 0..<0x20, 0x7F:
        let hex = Array("0123456789abcdef".utf8)
        out.append(contentsOf: [92, UInt8(ascii: "x"), hex[Int(byte >> 4)], hex[Int(byte & 15)]])
      default: out.append(byte)
      }
    }
  }

  /// Appends `<TAB>key=value`.
  static func field(_ key: String, _ value: String, to out: inout [UInt8], escape: Bool = false) {
    out.append(UInt8(ascii: "\t"))
    appendUTF8(key, to: &out)
    out.append(UInt8(ascii: "="))
    if escape { appendEscaped(value, to: &out) } else { appendUTF8(value, to: &out) }
  }

  /// A task field's value as `TaskFieldValue.text` says it, written without making its String:
  /// a checkpoint writes every field of every task.
  static func field(
    _ key: String, _ value: TaskFieldValue, to out: inout [UInt8], escape: Bool = false
  ) {
    out.append(UInt8(ascii: "\t"))
    appendUTF8(key, to: &out)
    out.append(UInt8(ascii: "="))
    switch value {
    case .number(let n): appendDecimal(n, to: &out)
    case .flag: out.append(UInt8(ascii: "1"))
    case .date(let date): date.appendDescription(to: &out)
    case .time(let time): time.appendDescription(to: &out)
    case .text(let text), .word(let text), .tags(let text):
      if escape { appendEscaped(text, to: &out) } else { appendUTF8(text, to: &out) }
    }
  }

  /// `text`'s UTF-8 in one copy: appending a String's `utf8` view goes a byte at a time, which
  /// cost a synced state of thousands of lines more than the rest of writing it.
  static func appendUTF8(_ text: String, to out: inout [UInt8]) {
    if text.utf8.withContiguousStorageIfAvailable({ out.append(contentsOf: $0) }) == nil {
      out.append(contentsOf: text.utf8)
    }
  }

  /// `number` in decimal, written digit by digit without making its String.
  static func appendDecimal(_ number: Int, to out: inout [UInt8]) {
    guard number >= 0 else {
      appendUTF8(String(number), to: &out)
      return
    }
    var divisor = 1
    while divisor <= number / 10 { divisor *= 10 }
    var rest = number
    while divisor > 0 {
      out.append(UInt8(ascii: "0") + UInt8(rest / divisor))
      rest %= divisor
      divisor /= 10
    }
  }

  /// `key=4,9,26`. Written number by number: a `joined(separator:)` string costs a one-shot
  /// process a runtime conformance lookup the first time (`new-day` writes one of these).
  static func field(_ key: String, numbers: [Int], to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\t"))
    out.append(contentsOf: key.utf8)
    out.append(UInt8(ascii: "="))
    for (index, number) in numbers.enumerated() {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      appendDecimal(number, to: &out)
    }
  }

  // MARK: - Reading

  /// One parsed line: its kind, its fields in order, its 1-based line number. Keys and values
  /// stay slices of the file's bytes; only the values asked for become Strings.
  struct Record {
    let line: Int
    let kindBytes: ArraySlice<UInt8>
    let fields: [(key: ArraySlice<UInt8>, value: ArraySlice<UInt8>)]

    var kind: String { String(decoding: kindBytes, as: UTF8.self) }

    func isKind(_ name: StaticString) -> Bool { RecordCodec.equal(kindBytes, name) }

    func raw(_ key: StaticString) -> ArraySlice<UInt8>? {
      for field in fields where RecordCodec.equal(field.key, key) { return field.value }
      return nil
    }

    func string(_ key: StaticString) throws(DecodeError) -> String {
      guard let raw = raw(key) else { throw missing(key) }
      // ASCII with good escapes, nearly every value, straight into its String: one copy, not
      // bytes first and a String of them after.
      if let quick = raw.withUnsafeBufferPointer(RecordCodec.quickUnescapedString) { return quick }
      return try RecordCodec.unescape(raw, line: line, key: key.description)
    }

    /// A text value as bytes (escapes undone, checked to be UTF-8).
    func bytes(_ key: StaticString) throws(DecodeError) -> [UInt8] {
      guard let raw = raw(key) else { throw missing(key) }
      return try RecordCodec.unescapedBytes(raw, line: line, key: key.description)
    }

    func optionalString(_ key: StaticString) throws(DecodeError) -> String? {
      guard let raw = raw(key) else { return nil }
      return try RecordCodec.unescape(raw, line: line, key: key.description)
    }

    func int(_ key: StaticString) throws(DecodeError) -> Int {
      guard let raw = raw(key) else { throw missing(key) }
      guard let value = RecordCodec.parseInt(raw) else {
        throw DecodeError(line: line, reason: "\(key) is not a whole number")
      }
      return value
    }

    /// A whole number from `range`.
    func int(_ key: StaticString, in range: ClosedRange<Int>) throws(DecodeError) -> Int {
      guard raw(key) != nil else { throw missing(key) }
      return try optionalInt(key, in: range)
    }

    /// A whole number whose range a core type checks (or `absent` when left out).
    func unchecked(_ key: StaticString, absent: Int? = nil) throws(DecodeError) -> Int {
      if let absent, raw(key) == nil { return absent }
      return try int(key)
    }

    /// A whole number from `range` that may be left out (then `absent`).
    func optionalInt(_ key: StaticString, absent: Int = 0, in range: ClosedRange<Int>)
      throws(DecodeError) -> Int
    {
      guard raw(key) != nil else { return absent }
      let value = try int(key)
      guard range.contains(value) else {
        throw DecodeError(
          line: line, reason: "\(key) must be from \(range.lowerBound) to \(range.upperBound)")
      }
      return value
    }

    /// A flag written as `key=1` when set and left out otherwise.
    func flag(_ key: StaticString) throws(DecodeError) -> Bool {
      try optionalInt(key, in: 0...1) == 1
    }

    func date(_ key: StaticString) throws(DecodeError) -> CivilDate {
      guard let value = try optionalDate(key) else { throw missing(key) }
      return value
    }

    func optionalDate(_ key: StaticString) throws(DecodeError) -> CivilDate? {
      guard let raw = raw(key) else { return nil }
      guard let value = CivilDate(isoBytes: raw) else {
        throw DecodeError(line: line, reason: "\(key) is not a date (YYYY-MM-DD)")
      }
      return value
    }

    func timestamp(_ key: StaticString) throws(DecodeError) -> Timestamp {
      guard let raw = raw(key) else { throw missing(key) }
      guard let value = Timestamp(isoBytes: raw) else {
        throw DecodeError(line: line, reason: "\(key) is not a time (YYYY-MM-DDTHH:MM:SS+HH:MM)")
      }
      return value
    }

    /// Refuses keys this version does not define: a file we do not fully understand is not
    /// ours to rewrite.
    func expectOnly(_ keys: [StaticString]) throws(DecodeError) {
      for field in fields where !keys.contains(where: { RecordCodec.equal(field.key, $0) }) {
        let name = String(decoding: field.key, as: UTF8.self)
        throw DecodeError(line: line, reason: "unknown field '\(name)' in a \(kind) record")
      }
    }

    func missing(_ key: StaticString) -> DecodeError {
      DecodeError(line: line, reason: "a \(kind) record is missing its '\(key)' field")
    }
  }

  static func equal(_ bytes: ArraySlice<UInt8>, _ name: StaticString) -> Bool {
    bytes.withUnsafeBufferPointer { equal($0, name) }
  }

  static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
    guard bytes.count == name.utf8CodeUnitCount else { return false }
    guard let base = bytes.baseAddress else { return true }
    // withUTF8Buffer, not utf8Start: a one-character StaticString may hold no pointer.
    return name.withUTF8Buffer { $0.baseAddress.map { memcmp(base, $0, bytes.count) == 0 } ?? true }
  }

  /// One non-empty line of a file, not yet split into fields: what `forEachLine` hands out, so
  /// a decoder can read its most common record in one pass (`TaskRecord.decodeQuickly`) and
  /// leave every other line to `record()`.
  struct Line {
    /// The bytes around the line (the whole file, or the block of it read last), valid only
    /// during the call that handed out this line.
    let buffer: UnsafeBufferPointer<UInt8>
    let start: Int
    let end: Int
    /// Where the kind ends: the first tab, or `end`.
    let kindEnd: Int
    let number: Int

    func isKind(_ name: StaticString) -> Bool {
      RecordCodec.equal(UnsafeBufferPointer(rebasing: buffer[start..<kindEnd]), name)
    }

    /// The line split into its fields, or the error that says what is wrong with it.
    /// The record is parsed from a copy of the line, which outlives the buffer it came from;
    /// only unusual lines take this path.
    func record() throws(DecodeError) -> Record {
      var fields: [(key: ArraySlice<UInt8>, value: ArraySlice<UInt8>)] = []
      let text = Array(buffer[start..<end])
      return try RecordCodec.parseLine(text, from: 0, to: text.count, line: number, fields: &fields)
    }
  }

  /// Calls `body` with each non-empty line of `bytes`, which must end with a newline.
  static func forEachLine(
    in bytes: [UInt8], _ body: (Line) throws(DecodeError) -> Void
  ) throws(DecodeError) {
    try bytes.withUnsafeBufferPointer { (buffer) throws(DecodeError) in
      try forEachLine(in: buffer, body)
    }
  }

  static func forEachLine(
    in buffer: UnsafeBufferPointer<UInt8>, _ body: (Line) throws(DecodeError) -> Void
  ) throws(DecodeError) {
    var lineNumber = 0
    var start = 0
    let count = buffer.count
    while start < count {
      lineNumber += 1
      let end = nextIndex(of: 10, in: buffer, from: start, to: count)
      if end == count {
        throw DecodeError(line: lineNumber, reason: "the last line is cut short (no line end)")
      }
      if end > start {
        let tab = nextIndex(of: 9, in: buffer, from: start, to: end)
        try body(Line(buffer: buffer, start: start, end: end, kindEnd: tab, number: lineNumber))
      }
      start = end + 1
    }
  }

  /// How many lines `bytes` holds (its newlines).
  static func lineCount(_ bytes: [UInt8]) -> Int {
    bytes.withUnsafeBufferPointer { buffer in
      var count = 0
      var at = 0
      while at < buffer.count {
        at = nextIndex(of: 10, in: buffer, from: at, to: buffer.count) + 1
        if at <= buffer.count { count += 1 }
      }
      return count
    }
  }

  /// Calls `body` with each non-empty line of `bytes` split into a record.
  static func forEachRecord(
    in bytes: [UInt8], _ body: (Record) throws(DecodeError) -> Void
  ) throws(DecodeError) {
    var fields: [(key: ArraySlice<UInt8>, value: ArraySlice<UInt8>)] = []
    fields.reserveCapacity(16)
    try forEachLine(in: bytes) { line throws(DecodeError) in
      fields.removeAll(keepingCapacity: true)
      try body(parseLine(bytes, from: line.start, to: line.end, line: line.number, fields: &fields))
    }
  }

  /// The index of the first `byte` in `bytes[from..<to]`, or `to`: memchr, because every
  /// command scans the whole planner file for line and field ends.
  static func nextIndex(of byte: UInt8, in bytes: [UInt8], from: Int, to: Int) -> Int {
    bytes.withUnsafeBufferPointer { nextIndex(of: byte, in: $0, from: from, to: to) }
  }

  static func nextIndex(
    of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from: Int, to: Int
  ) -> Int {
    guard from < to, let base = buffer.baseAddress,
      let found = memchr(base + from, Int32(byte), to - from)
    else { return to }
    return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
  }

  static func parseLine(
    _ bytes: [UInt8], from start: Int, to end: Int, line number: Int,
    fields: inout [(key: ArraySlice<UInt8>, value: ArraySlice<UInt8>)]
  ) throws(DecodeError) -> Record {
    var i = nextIndex(of: 9, in: bytes, from: start, to: end)
    let kind = bytes[start..<i]
    guard !kind.isEmpty,
      kind.allSatisfy({ ($0 >= 97 && $0 <= 122) || $0 == UInt8(ascii: "-") })
    else { throw DecodeError(line: number, reason: "not a Spoons record") }
    while i < end {
      let fieldStart = i + 1
      let j = nextIndex(of: 9, in: bytes, from: fieldStart, to: end)
      let eq = nextIndex(of: UInt8(ascii: "="), in: bytes, from: fieldStart, to: j)
      guard eq > fieldStart && eq < j else {
        throw DecodeError(line: number, reason: "a field is not of the form key=value")
      }
      let key = bytes[fieldStart..<eq]
      if fields.contains(where: { $0.key.elementsEqual(key) }) {
        let name = String(decoding: key, as: UTF8.self)
        throw DecodeError(line: number, reason: "the field '\(name)' appears twice")
      }
      fields.append((key, bytes[(eq + 1)..<j]))
      i = j
    }
    return Record(line: number, kindBytes: kind, fields: fields)
  }

  static func unescape(
    _ raw: ArraySlice<UInt8>, line: Int, key: @autoclosure () -> String
  ) throws(DecodeError) -> String {
    String(decoding: try unescapedBytes(raw, line: line, key: key()), as: UTF8.self)
  }

  /// The value's bytes with its escapes undone, checked to be UTF-8: for text kept as bytes
  /// (the lines an undo record holds), which need no `String` of their own. `key` names the
  /// field in an error, and is only made for one.
  static func unescapedBytes(
    _ raw: ArraySlice<UInt8>, line: Int, key: @autoclosure () -> String
  ) throws(DecodeError) -> [UInt8] {
    try raw.withUnsafeBufferPointer { (raw) throws(DecodeError) in
      try unescapedBytes(raw, line: line, key: key())
    }
  }

  static func unescapedBytes(
    _ raw: UnsafeBufferPointer<UInt8>, line: Int, key: @autoclosure () -> String
  ) throws(DecodeError) -> [UInt8] {
    var problem: String?
    var ascii = true
    let bytes = [UInt8](unsafeUninitializedCapacity: raw.count) { out, count in
      (count, ascii, problem) = unescape(raw, into: out)
    }
    if let problem { throw DecodeError(line: line, reason: "\(key()) \(problem)") }
    // Nearly every value is ASCII, which is UTF-8 as it stands; the general check is generic
    // over the encoding and costs several times the whole decode of a line.
    guard ascii || String(validating: bytes, as: UTF8.self) != nil else {
      throw DecodeError(line: line, reason: "\(key()) is not valid UTF-8")
    }
    return bytes
  }

  /// `raw` unescaped straight into a `String` when it is ASCII with good escapes (keys such
  /// as `task\tid=12`, short enough to need no allocation); nil for anything else, which
  /// `unescape(_:line:key:)` reads or refuses.
  static func quickUnescapedString(_ raw: UnsafeBufferPointer<UInt8>) -> String? {
    var good = true
    let text = String(unsafeUninitializedCapacity: raw.count) { out in
      let (count, ascii, problem) = unescape(raw, into: out)
      good = ascii && problem == nil
      return good ? count : 0
    }
    return good ? text : nil
  }

  /// `raw` with its escapes undone into `out` (room for `raw.count` bytes: escapes only
  /// shorten), in one pass noting whether every byte is ASCII: every change since the
  /// checkpoint holds a few lines whose tabs are all escaped, and each command reads those
  /// changes again. Returns how many bytes it wrote and, when an escape is bad, what is wrong.
  static func unescape(
    _ raw: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>
  ) -> (count: Int, ascii: Bool, problem: String?) {
    let n = raw.count
    var seen: UInt8 = 0
    var i = 0
    var o = 0
    while i < n {
      let b = raw[i]
      guard b == 92 else {
        seen |= b
        out[o] = b
        o += 1
        i += 1
        continue
      }
      guard i + 1 < n else { return (o, seen < 0x80, "ends in a lone backslash") }
      switch raw[i + 1] {
      case 92: out[o] = 92; i += 2
      case UInt8(ascii: "t"): out[o] = 9; i += 2
      case UInt8(ascii: "n"): out[o] = 10; i += 2
      case UInt8(ascii: "r"): out[o] = 13; i += 2
      case UInt8(ascii: "x"):
        guard i + 3 < n, let hi = hexValue(raw[i + 2]), let lo = hexValue(raw[i + 3]) else {
          return (o, seen < 0x80, "has a bad \\x escape")
        }
        out[o] = hi << 4 | lo
        seen |= out[o]
        i += 4
      default:
        return (o, seen < 0x80, "has an unknown escape")
      }
      o += 1
    }
    return (o, seen < 0x80, nil)
  }

  static func hexValue(_ b: UInt8) -> UInt8? {
    switch b {
    case 48...57: return b - 48
    case 97...102: return b - 87
    case 65...70: return b - 55
    default: return nil
    }
  }

  /// A non-negative decimal of at most 18 digits: no sign, no spaces, no overflow.
  static func parseInt(_ raw: ArraySlice<UInt8>) -> Int? {
    raw.withUnsafeBufferPointer { parseInt($0) }
  }

  static func parseInt(_ raw: UnsafeBufferPointer<UInt8>) -> Int? {
    guard !raw.isEmpty, raw.count <= 18 else { return nil }
    var value = 0
    for b in raw {
      guard b >= 48 && b <= 57 else { return nil }
      value = value * 10 + Int(b - 48)
    }
    return value
  }
}

/// A decoding failure inside one file; the store adds the file's name.
struct DecodeError: Error, Hashable {
  let line: Int?
  let reason: String
  /// Set when the file is fine but written by a newer Spoons.
  var newerVersion: Int? = nil
}
