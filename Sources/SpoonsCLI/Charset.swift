/// Which characters every view may draw with: Unicode (`●`, `✓`, `·`, block bars), or plain
/// ASCII for a terminal that cannot show them. One rule, decided once per process, so
/// `status`, `todo`, `history` and `chart` never disagree.
public enum Charset: Sendable, Equatable {
  case unicode
  case ascii

  /// ASCII when asked for (`chart --ascii`) or when the locale is not UTF-8, else Unicode.
  ///
  /// The locale is the first of `LC_ALL`, `LC_CTYPE` and `LANG` that is set and not empty,
  /// the order the C library uses. It is UTF-8 when it says so (`en_GB.UTF-8`, `C.utf8`,
  /// ignoring case); any other (`C`, `POSIX`, `en_US.ISO-8859-1`) means ASCII. With none set,
  /// Unicode: an unset locale is mostly a bare container or a test harness writing to a
  /// UTF-8 terminal or file.
  public static func decide(ascii: Bool, variables: Environment.Variables) -> Charset {
    if ascii { return .ascii }
    let names = ["LC_ALL", "LC_CTYPE", "LANG"]
    guard let locale = names.lazy.compactMap({ variables[$0] }).first(where: { !$0.isEmpty })
    else { return .unicode }
    return saysUTF8(locale) ? .unicode : .ascii
  }

  /// Whether a locale name says UTF-8 (`utf-8` or `utf8`, in any case), read as bytes: every
  /// command decides this at start, and lowercasing and searching a String cost more than
  /// the rest of `status`'s start.
  static func saysUTF8(_ locale: String) -> Bool {
    let bytes = Array(locale.utf8)
    func lower(_ byte: UInt8) -> UInt8 { (65...90).contains(byte) ? byte | 0x20 : byte }
    var i = 0
    while i + 4 <= bytes.count {
      if lower(bytes[i]) == UInt8(ascii: "u"), lower(bytes[i + 1]) == UInt8(ascii: "t"),
        lower(bytes[i + 2]) == UInt8(ascii: "f")
      {
        let next = i + 3 < bytes.count && bytes[i + 3] == UInt8(ascii: "-") ? i + 4 : i + 3
        if next < bytes.count, bytes[next] == UInt8(ascii: "8") { return true }
      }
      i += 1
    }
    return false
  }

  /// Between the parts of a line: ` · ` or ` - `.
  public var separator: String { self == .unicode ? " · " : " - " }
  /// The mark of a task checked off: `[✓]` or `[x]`.
  public var checked: String { self == .unicode ? "[✓]" : "[x]" }
  /// One spoon of the day's bar, planned or not.
  public var plannedSpoon: String { self == .unicode ? "●" : "#" }
  public var freeSpoon: String { self == .unicode ? "○" : "." }
  /// After text cut short.
  public var ellipsis: String { self == .unicode ? "…" : "..." }
}
