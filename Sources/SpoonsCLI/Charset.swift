/// Which characters the history bars and the chart may draw with: Unicode block characters,
/// or plain ASCII for a terminal that cannot show them.
public enum Charset: Sendable, Equatable {
  case unicode
  case ascii

  /// ASCII when asked for (`chart --ascii`) or when the locale is not UTF-8, else Unicode.
  ///
  /// The locale is the first of `LC_ALL`, `LC_CTYPE` and `LANG` that is set and not empty,
  /// the order the C library uses. It is UTF-8 when it says so (`en_GB.UTF-8`, `C.utf8`,
  /// ignoring case); any other (`C`, `POSIX`, `en_US.ISO-8859-1`) means ASCII. With none set,
  /// Unicode: the rest of Spoons already prints `●` and `✓` unconditionally, and an unset
  /// locale is mostly a bare container or a test harness writing to a UTF-8 terminal or file.
  public static func decide(ascii: Bool, variables: [String: String]) -> Charset {
    if ascii { return .ascii }
    let names = ["LC_ALL", "LC_CTYPE", "LANG"]
    guard let locale = names.lazy.compactMap({ variables[$0] }).first(where: { !$0.isEmpty })
    else { return .unicode }
    let lower = locale.lowercased()
    return lower.contains("utf-8") || lower.contains("utf8") ? .unicode : .ascii
  }
}
