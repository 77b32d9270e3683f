/// Small text helpers for output that must be safe and aligned on a terminal.
public enum Text {
  /// `text` with every control character shown as an escape (`\e`, `\x07`, `\u{202E}`), so that
  /// user input echoed back can never drive the terminal.
  public static func visible(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x1B: out += "\\e"
      case 0x09: out += "\\t"
      case 0x0A: out += "\\n"
      case 0x0D: out += "\\r"
      case 0x00...0x1F, 0x7F...0x9F:
        let hex = String(scalar.value, radix: 16)
        out += "\\x" + (hex.count < 2 ? "0" : "") + hex
      case 0x202A...0x202E, 0x2066...0x2069:
        out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// `parts` with `separator` between them. The standard `joined(separator:)` is generic, and
  /// its first use in a process costs a runtime conformance lookup (about 100k instructions,
  /// more than a whole `add` spends on its output); the everyday commands join with this.
  static func joined(_ parts: [String], separator: String) -> String {
    var text = ""
    var first = true
    for part in parts {
      if !first { text += separator }
      text += part
      first = false
    }
    return text
  }

  /// A word of the user's quoted back in an error: `visible`, and cut to `limit` characters,
  /// so that a pasted paragraph mistaken for a command gives one readable line.
  public static func echoed(_ word: String, limit: Int = 40) -> String {
    guard word.count > limit else { return visible(word) }
    return visible(String(word.prefix(limit))) + "…"
  }

  /// How many terminal columns `text` takes: wide (CJK, most emoji) characters take two,
  /// combining marks and zero-width joiners none.
  public static func width(_ text: String) -> Int {
    // Printable ASCII (ids, numbers, most titles): one column per byte, no Unicode tables.
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
    var total = 0
    for character in text {
      total += width(of: character)
    }
    return total
  }

  static func width(of character: Character) -> Int {
    guard let first = character.unicodeScalars.first else { return 0 }
    if character.unicodeScalars.count > 1,
      character.unicodeScalars.contains(where: { $0.properties.isEmojiPresentation || $0.value == 0xFE0F })
    {
      return 2
    }
    return scalarWidth(first)
  }

  static func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
    let v = scalar.value
    if v == 0 || v == 0x200B || v == 0x200C || v == 0x200D || v == 0x200E || v == 0x200F {
      return 0
    }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if scalar.properties.isEmojiPresentation { return 2 }
    switch v {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
      return 2
    default: return 1
    }
  }

  /// `text` padded with spaces to `columns` terminal columns.
  public static func padded(_ text: String, to columns: Int) -> String {
    let w = width(text)
    return w >= columns ? text : text + String(repeating: " ", count: columns - w)
  }

  /// Words broken into lines of at most `width` columns (a word longer than that stands alone).
  public static func wrapped(_ text: String, width: Int = 78) -> String {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty, Text.width(line) + 1 + Text.width(String(word)) > width {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    if !line.isEmpty { lines.append(line) }
    return lines.joined(separator: "\n")
  }
}
