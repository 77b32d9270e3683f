/// One key press, decoded from the bytes a terminal sends.
public enum Key: Hashable, Sendable {
  case character(Character)
  case enter, tab, backspace, delete
  case left, right, up, down, home, end
  case wordLeft, wordRight  // Alt-B, Alt-F
  case killToEnd, killToStart, killWordBefore  // Ctrl-K, Ctrl-U, Ctrl-W
  case interrupt  // Ctrl-C
  case endOfInput  // Ctrl-D
  case clearScreen  // Ctrl-L
}

/// Turns bytes into keys. Keeps state between calls: an escape sequence or a multi-byte
/// character may arrive split across reads. Pure: no terminal, so it is table-tested.
public struct KeyDecoder: Sendable {
  private var pending: [UInt8] = []

  public init() {}

  /// Feeds bytes; returns the keys they complete.
  public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
    var keys: [Key] = []
    for byte in bytes {
      pending.append(byte)
      if let key = decodePending() { keys.append(key) }
    }
    return keys
  }

  private mutating func decodePending() -> Key? {
    guard let first = pending.first else { return nil }
    if first == 0x1B { return decodeEscape() }
    if first >= 0x80 { return decodeUTF8() }
    pending.removeAll()
    switch first {
    case 0x0D, 0x0A: return .enter
    case 0x09: return .tab
    case 0x7F, 0x08: return .backspace
    case 0x01: return .home
    case 0x05: return .end
    case 0x02: return .left
    case 0x06: return .right
    case 0x10: return .up
    case 0x0E: return .down
    case 0x0B: return .killToEnd
    case 0x15: return .killToStart
    case 0x17: return .killWordBefore
    case 0x03: return .interrupt
    case 0x04: return .endOfInput
    case 0x0C: return .clearScreen
    case 0x20...0x7E: return .character(Character(Unicode.Scalar(first)))
    default: return nil  // other control bytes are ignored
    }
  }

  private mutating func decodeEscape() -> Key? {
    guard pending.count >= 2 else { return nil }
    let second = pending[1]
    switch second {
    case UInt8(ascii: "["), UInt8(ascii: "O"):
      // CSI / SS3: parameters, then a final byte in 0x40...0x7E.
      guard pending.count >= 3, let last = pending.last, (0x40...0x7E).contains(last) else {
        if pending.count > 16 { pending.removeAll() }  // garbage: drop it
        return nil
      }
      let body = String(decoding: pending[2...], as: UTF8.self)
      pending.removeAll()
      switch body {
      case "A": return .up
      case "B": return .down
      case "C": return .right
      case "D": return .left
      case "H", "1~", "7~": return .home
      case "F", "4~", "8~": return .end
      case "3~": return .delete
      case "1;3D", "1;5D": return .wordLeft
      case "1;3C", "1;5C": return .wordRight
      default: return nil
      }
    case UInt8(ascii: "b"), UInt8(ascii: "B"):
      pending.removeAll()
      return .wordLeft
    case UInt8(ascii: "f"), UInt8(ascii: "F"):
      pending.removeAll()
      return .wordRight
    case 0x7F:
      pending.removeAll()
      return .killWordBefore  // Alt-Backspace
    default:
      pending.removeAll()
      return nil
    }
  }

  private mutating func decodeUTF8() -> Key? {
    let first = pending[0]
    let length: Int
    switch first {
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default:
      pending.removeAll()  // a stray continuation byte or an impossible lead byte
      return nil
    }
    if let last = pending.last, pending.count > 1, !(0x80...0xBF).contains(last) {
      // Not a continuation: drop the broken start and read this byte afresh.
      pending = [last]
      return decodePending()
    }
    guard pending.count >= length else { return nil }
    let bytes = pending
    pending.removeAll()
    guard let text = String(validating: bytes, as: UTF8.self), let c = text.first else {
      return nil
    }
    return .character(c)
  }
}
