/// A calendar date with no time and no time zone: the day a plan belongs to.
///
/// The core never reads the clock; the front turns "now" into a `CivilDate` in the user's time
/// zone and passes it in, so every rule about days is testable with a fixed date.
public struct CivilDate: Hashable, Comparable, Sendable, CustomStringConvertible {
  public let year: Int
  public let month: Int
  public let day: Int

  /// Fails for a date that does not exist (2026-02-30) or a year outside 1...9999.
  public init?(year: Int, month: Int, day: Int) {
    guard (1...9999).contains(year), (1...12).contains(month),
      (1...Self.daysIn(month: month, year: year)).contains(day)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// Days since 1970-01-01 (negative before).
  public init(daysSinceEpoch: Int) {
    // Howard Hinnant's civil_from_days.
    let z = daysSinceEpoch + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let d = doy - (153 * mp + 2) / 5 + 1
    let m = mp < 10 ? mp + 3 : mp - 9
    self.year = yoe + era * 400 + (m <= 2 ? 1 : 0)
    self.month = m
    self.day = d
  }

  /// Parses `YYYY-MM-DD` exactly.
  public init?(iso text: some StringProtocol) {
    self.init(isoBytes: Array(text.utf8)[...])
  }

  /// Parses `YYYY-MM-DD` from UTF-8 bytes: the store reads thousands of dates per command.
  public init?(isoBytes bytes: ArraySlice<UInt8>) {
    guard bytes.count == 10 else { return nil }
    var y = 0, m = 0, d = 0
    for i in 0..<10 {
      let b = bytes[bytes.startIndex + i]
      if i == 4 || i == 7 {
        guard b == UInt8(ascii: "-") else { return nil }
        continue
      }
      guard b >= 48 && b <= 57 else { return nil }
      let digit = Int(b - 48)
      if i < 4 { y = y * 10 + digit } else if i < 7 { m = m * 10 + digit } else { d = d * 10 + digit }
    }
    self.init(year: y, month: m, day: d)
  }

  public var daysSinceEpoch: Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let mp = (month + 9) % 12
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  public func adding(days: Int) -> CivilDate { CivilDate(daysSinceEpoch: daysSinceEpoch + days) }

  /// The first date of a window of `days` days ending with `self` (which counts as one), as
  /// `completed`, `history` and `stats` look back.
  public func startOfWindow(lookingBack days: Int) -> CivilDate {
    adding(days: -(max(days, 1) - 1))
  }

  /// Whole days from `self` to `other` (positive when `other` is later).
  public func days(until other: CivilDate) -> Int { other.daysSinceEpoch - daysSinceEpoch }

  /// 0 = Sunday ... 6 = Saturday.
  public var weekday: Int {
    let w = (daysSinceEpoch + 4) % 7  // 1970-01-01 was a Thursday
    return w >= 0 ? w : w + 7
  }

  public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  /// `YYYY-MM-DD`.
  public var description: String {
    pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
  }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }
}

func pad(_ value: Int, _ width: Int) -> String {
  let digits = String(value)
  return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}
