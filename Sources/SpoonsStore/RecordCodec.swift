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
    out.append(contentsOf: key.utf8)
    out.append(UInt8(ascii: "="))
    if escape { appendEscaped(value, to: &out) } else { out.append(contentsOf: value.utf8) }
  }

  // MARK: - Reading

  /// One parsed line: its kind, its fields in order, its 1-based line number.
  struct Record {
    let line: Int
    let kind: String
    let fields: [(key: String, value: ArraySlice<UInt8>)]

    func raw(_ key: String) -> ArraySlice<UInt8>? { fields.first { $0.key == key }?.value }

    func string(_ key: String) throws(DecodeError) -> String {
      guard let raw = raw(key) else { throw missing(key) }
      return try RecordCodec.unescape(raw, line: line, key: key)
    }

    func optionalString(_ key: String) throws(DecodeError) -> String? {
      guard let raw = raw(key) else { return nil }
      return try RecordCodec.unescape(raw, line: line, key: key)
    }

    func int(_ key: String) throws(DecodeError) -> Int {
      guard let raw = raw(key) else { throw missing(key) }
      guard let value = RecordCodec.parseInt(raw) else {
        throw DecodeError(line: line, reason: "\(key) is not a whole number")
      }
      return value
    }

    func date(_ key: String) throws(DecodeError) -> CivilDate {
      guard let value = try optionalDate(key) else { throw missing(key) }
      return value
    }

    func optionalDate(_ key: String) throws(DecodeError) -> CivilDate? {
      guard let raw = raw(key) else { return nil }
      guard let value = CivilDate(iso: String(decoding: raw, as: UTF8.self)) else {
        throw DecodeError(line: line, reason: "\(key) is not a date (YYYY-MM-DD)")
      }
      return value
    }

    func timestamp(_ key: String) throws(DecodeError) -> Timestamp {
      guard let raw = raw(key) else { throw missing(key) }
      guard let value = Timestamp(iso: String(decoding: raw, as: UTF8.self)) else {
        throw DecodeError(line: line, reason: "\(key) is not a time (YYYY-MM-DDTHH:MM:SS+HH:MM)")
      }
      return value
    }

    /// Refuses keys this version does not define: a file we do not fully understand is not
    /// ours to rewrite.
    func expectOnly(_ keys: Set<String>) throws(DecodeError) {
      for field in fields where !keys.contains(field.key) {
        throw DecodeError(line: line, reason: "unknown field '\(field.key)' in a \(kind) record")
      }
    }

    func missing(_ key: String) -> DecodeError {
      DecodeError(line: line, reason: "a \(kind) record is missing its '\(key)' field")
    }
  }

  /// Splits `bytes` into records, calling `body` for each non-empty line.
  static func forEachRecord(
    in bytes: [UInt8], _ body: (Record) throws(DecodeError) -> Void
  ) throws(DecodeError) {
    var lineNumber = 0
    var start = 0
    let count = bytes.count
    while start < count {
      lineNumber += 1
      var end = start
      while end < count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
      if end == count {
        throw DecodeError(line: lineNumber, reason: "the last line is cut short (no line end)")
      }
      if end > start { try body(parseLine(bytes[start..<end], line: lineNumber)) }
      start = end + 1
    }
  }

  static func parseLine(_ line: ArraySlice<UInt8>, line number: Int) throws(DecodeError) -> Record {
    var parts = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)[...]
    guard let kindBytes = parts.popFirst(), !kindBytes.isEmpty,
      kindBytes.allSatisfy({ ($0 >= 97 && $0 <= 122) || $0 == UInt8(ascii: "-") })
    else { throw DecodeError(line: number, reason: "not a Spoons record") }
    var fields: [(key: String, value: ArraySlice<UInt8>)] = []
    fields.reserveCapacity(parts.count)
    for part in parts {
      guard let eq = part.firstIndex(of: UInt8(ascii: "=")), eq > part.startIndex else {
        throw DecodeError(line: number, reason: "a field is not of the form key=value")
      }
      let key = String(decoding: part[part.startIndex..<eq], as: UTF8.self)
      if fields.contains(where: { $0.key == key }) {
        throw DecodeError(line: number, reason: "the field '\(key)' appears twice")
      }
      fields.append((key, part[(eq + 1)...]))
    }
    return Record(line: number, kind: String(decoding: kindBytes, as: UTF8.self), fields: fields)
  }

  static func unescape(_ raw: ArraySlice<UInt8>, line: Int, key: String) throws(DecodeError)
    -> String
  {
    var bytes: [UInt8]
    if raw.contains(92) {
      bytes = []
      bytes.reserveCapacity(raw.count)
      var i = raw.startIndex
      while i < raw.endIndex {
        let b = raw[i]
        guard b == 92 else {
          bytes.append(b)
          i += 1
          continue
        }
        guard i + 1 < raw.endIndex else {
          throw DecodeError(line: line, reason: "\(key) ends in a lone backslash")
        }
        switch raw[i + 1] {
        case 92: bytes.append(92); i += 2
        case UInt8(ascii: "t"): bytes.append(9); i += 2
        case UInt8(ascii: "n"): bytes.append(10); i += 2
        case UInt8(ascii: "r"): bytes.append(13); i += 2
        case UInt8(ascii: "x"):
          guard i + 3 < raw.endIndex, let hi = hexValue(raw[i + 2]), let lo = hexValue(raw[i + 3])
          else { throw DecodeError(line: line, reason: "\(key) has a bad \\x escape") }
          bytes.append(hi << 4 | lo)
          i += 4
        default: throw DecodeError(line: line, reason: "\(key) has an unknown escape")
        }
      }
    } else {
      bytes = Array(raw)
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw DecodeError(line: line, reason: "\(key) is not valid UTF-8")
    }
    return text
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
