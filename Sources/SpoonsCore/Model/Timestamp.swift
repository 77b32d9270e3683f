/// An instant together with the user's UTC offset at that instant.
///
/// Keeping the offset means the calendar date a task was done on is the one the user lived,
/// even when the data is read later in another time zone. Written as
/// `2026-11-21T08:15:03+01:00`.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Seconds since 1970-01-01T00:00:00Z.
  public let seconds: Int64
  /// Seconds east of UTC.
  public let utcOffset: Int

  public init(seconds: Int64, utcOffset: Int = 0) {
    self.seconds = seconds
    self.utcOffset = utcOffset
  }

  /// The local calendar date.
  public var date: CivilDate {
    let local = seconds + Int64(utcOffset)
    let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
    return CivilDate(daysSinceEpoch: Int(days))
  }

  /// Seconds since local midnight.
  public var secondOfDay: Int {
    let local = seconds + Int64(utcOffset)
    let r = Int(local % 86_400)
    return r >= 0 ? r : r + 86_400
  }

  public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.seconds < rhs.seconds }

  public var description: String {
    let s = secondOfDay
    let sign = utcOffset < 0 ? "-" : "+"
    let off = abs(utcOffset) / 60
    return "\(date)T\(pad(s / 3600, 2)):\(pad(s / 60 % 60, 2)):\(pad(s % 60, 2))"
      + "\(sign)\(pad(off / 60, 2)):\(pad(off % 60, 2))"
  }

  /// Parses the form `description` writes (seconds and offset required).
  public init?(iso text: some StringProtocol) {
    self.init(isoBytes: Array(text.utf8)[...])
  }

  /// Parses `YYYY-MM-DDTHH:MM:SS+HH:MM` from UTF-8 bytes.
  public init?(isoBytes bytes: ArraySlice<UInt8>) {
    guard bytes.count == 25 else { return nil }
    let o = bytes.startIndex
    func at(_ k: Int) -> UInt8 { bytes[o + k] }
    guard at(10) == UInt8(ascii: "T"), at(13) == UInt8(ascii: ":"), at(16) == UInt8(ascii: ":"),
      at(22) == UInt8(ascii: ":"), at(19) == UInt8(ascii: "+") || at(19) == UInt8(ascii: "-")
    else { return nil }
    func number(_ from: Int) -> Int? {
      let a = at(from), b = at(from + 1)
      guard a >= 48 && a <= 57 && b >= 48 && b <= 57 else { return nil }
      return Int(a - 48) * 10 + Int(b - 48)
    }
    guard let date = CivilDate(isoBytes: bytes[o..<(o + 10)]), let h = number(11),
      let mi = number(14), let s = number(17), let oh = number(20), let om = number(23),
      h < 24, mi < 60, s < 60, oh < 24, om < 60
    else { return nil }
    let offset = (oh * 3600 + om * 60) * (at(19) == UInt8(ascii: "-") ? -1 : 1)
    let local = Int64(date.daysSinceEpoch) * 86_400 + Int64(h * 3600 + mi * 60 + s)
    self.init(seconds: local - Int64(offset), utcOffset: offset)
  }
}
