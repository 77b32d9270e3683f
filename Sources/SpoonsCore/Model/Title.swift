/// A task's title: trimmed, 1 to 200 characters, free of anything that could drive a terminal.
///
/// Control characters and bidirectional overrides are refused rather than stripped: a title that
/// silently differs from what the user typed is worse than a clear refusal.
public struct Title: Hashable, Sendable, CustomStringConvertible {
  public static let maxLength = 200

  public let text: String

  public init(_ raw: String) throws(PlannerError) {
    // Most titles need no trimming and hold nothing forbidden, which their bytes tell in one
    // pass, no Unicode tables (`isPlainUTF8`). Anything else takes the full path below.
    if raw.utf8.withContiguousStorageIfAvailable(Self.isPlainUTF8) ?? false {
      self.text = raw
      return
    }
    let trimmed = Self.trim(raw)
    guard !trimmed.isEmpty else { throw .invalidTitle(.empty) }
    // Characters never outnumber UTF-8 bytes: count graphemes only when it could matter.
    if trimmed.utf8.count > Self.maxLength {
      let length = trimmed.count
      guard length <= Self.maxLength else { throw .invalidTitle(.tooLong(length)) }
    }
    if let bad = trimmed.unicodeScalars.first(where: Self.isForbidden) {
      throw .invalidTitle(.forbiddenCharacter(bad.value))
    }
    self.text = trimmed
  }

  /// A title read back from bytes a store holds, when they are plain (see `isPlain`): one
  /// pass and no validating, since every command reads every open task's title. Nil means
  /// only "not plain"; the caller then checks the text with `init(_:)`.
  public init?(plainBytes bytes: UnsafeBufferPointer<UInt8>) {
    guard Self.isPlain(bytes) else { return nil }
    self.text = String(decoding: bytes, as: Unicode.ASCII.self)
  }

  public var description: String { text }

  /// UTF-8 (valid: a String's) that `init(_:)` keeps as it is, told from the bytes alone: a
  /// printable ASCII character other than space at each end (nothing to trim), at most
  /// `maxLength` bytes (never too many characters) and none of the forbidden scalars'
  /// encodings. False means only "look closer": a title that starts with `É` is fine, and
  /// takes the full path.
  static func isPlainUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let n = bytes.count
    guard let p = bytes.baseAddress, n > 0, n <= maxLength, p[0] &- 0x21 < 0x5E,
      p[n - 1] &- 0x21 < 0x5E
    else { return false }
    // The last byte is ASCII, so a lead byte is never the last and its continuations follow.
    for k in 0..<n {
      switch p[k] {
      case 0x00...0x1F, 0x7F: return false  // C0 controls and DEL
      case 0xC2: if p[k + 1] < 0xA0 { return false }  // U+0080 to U+009F: C1 controls
      case 0xE2:  // U+202A to U+202E and U+2066 to U+2069: bidi controls
        if p[k + 1] == 0x80, p[k + 2] &- 0xAA < 5 { return false }
        if p[k + 1] == 0x81, p[k + 2] &- 0xA6 < 4 { return false }
      case 0xEF: if p[k + 1] == 0xBF, p[k + 2] == 0xBD { return false }  // U+FFFD
      default: break
      }
    }
    return true
  }

  /// Printable ASCII with no space at either end, at most `maxLength` bytes: a title as it is.
  static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let p = bytes.baseAddress, bytes.count > 0, bytes.count <= maxLength, p[0] != 0x20,
      p[bytes.count - 1] != 0x20
    else { return false }
    for k in 0..<bytes.count where p[k] &- 0x20 >= 0x5F { return false }
    return true
  }

  package static func trim(_ raw: String) -> String {
    let ends = raw.unicodeScalars
    guard let first = ends.first, let last = ends.last,
      first.properties.isWhitespace || last.properties.isWhitespace
    else { return raw }
    var scalars = Substring(raw).unicodeScalars[...]
    while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
    while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
    return String(String.UnicodeScalarView(scalars))
  }

  /// C0/C1 controls, DEL, and the bidi embedding/override/isolate controls that reorder the
  /// rest of a terminal line. Marks (U+200E/F) and joiners stay allowed: real scripts need them.
  package static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: return true
    case 0x202A...0x202E, 0x2066...0x2069: return true
    case 0xFFFD: return true  // the replacement character: the input was not valid UTF-8
    default: return false
    }
  }
}

/// Why a title was refused.
public enum TitleProblem: Hashable, Sendable {
  case empty
  case tooLong(Int)
  case forbiddenCharacter(UInt32)
}
