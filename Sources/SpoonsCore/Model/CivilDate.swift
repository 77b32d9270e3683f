/// A calendar date with no time and no time zone: the day a plan belongs to.
///
/// The core never reads the clock; the front turns "now" into a `CivilDate` in the user's time
/// zone and passes it in, so every rule about days is testable with a fixed date.
public struct CivilDate: Hashable, Comparable, Sendable, CustomStringConvertible {
  // Stored small (8 bytes, not 24): every task holds up to three dates, and the benchmark's
  // 100,000 open tasks must fit in 64 MiB.
  private let storedYear: Int32
  private let storedMonth: UInt8
  private let storedDay: UInt8

  public var year: Int { Int(storedYear) }
  public var month: Int { Int(storedMonth) }
  public var day: Int { Int(storedDay) }

  /// Fails for a date that does not exist (2026-02-30) or a year outside 1...9999.
  public init?(year: Int, month: Int, day: Int) {
    guard (1...9999).contains(year), (1...12).contains(month),
      (1...Self.daysIn(month: month, year: year)).contains(day)
    else { return nil }
    self.storedYear = Int32(year)
    self.storedMonth = UInt8(month)
    self.storedDay = UInt8(day)
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
    // Clamped: only a date billions of years away could overflow, and none is ever shown.
    self.storedYear = Int32(clamping: yoe + era * 400 + (m <= 2 ? 1 : 0))
    self.storedMonth = UInt8(m)
    self.storedDay = UInt8(d)
  }

  /// Parses `YYYY-MM-DD` exactly.
  public init?(iso text: some StringProtocol) {
    // In place when the text is (a native string or a slice of one), without a copy.
    if let parsed = text.utf8.withContiguousStorageIfAvailable({ CivilDate(isoBytes: $0) }) {
      guard let parsed else { return nil }
      self = parsed
      return
    }
    self.init(isoBytes: Array(text.utf8)[...])
  }

  /// Parses `YYYY-MM-DD` from UTF-8 bytes.
  public init?(isoBytes bytes: ArraySlice<UInt8>) {
    guard let date = bytes.withUnsafeBufferPointer({ CivilDate(isoBytes: $0) }) else { return nil }
    self = date
  }

  /// Parses `YYYY-MM-DD` from UTF-8 bytes in place: the store reads thousands of dates per
  /// command.
  public init?(isoBytes bytes: UnsafeBufferPointer<UInt8>) {
    guard bytes.count == 10, let p = bytes.baseAddress, p[4] == 45, p[7] == 45,
      let y1 = digits(p, 2), let y2 = digits(p + 2, 2), let m = digits(p + 5, 2),
      let d = digits(p + 8, 2)
    else { return nil }
    self.init(year: y1 * 100 + y2, month: m, day: d)
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

  public static let weekdayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
  public static let monthNames = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  /// `Sun 22 Nov`: how every message and listing names a date.
  public var weekdayDayMonth: String {
    "\(Self.weekdayNames[weekday]) \(day) \(Self.monthNames[month - 1])"
  }

  /// `Sun 22 Nov 2026`.
  public var long: String { weekdayDayMonth + " \(year)" }

  /// `Sun 22 Nov`, with the year only when it is not `today`'s year.
  public func named(relativeTo today: CivilDate) -> String {
    year == today.year ? weekdayDayMonth : long
  }

  /// `YYYY-MM-DD`.
  public var description: String {
    // Written digit by digit: the store writes the dates of every task it saves, and padded
    // strings joined together cost ten times this.
    guard (0...9999).contains(year) else {
      return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
    }
    return String(unsafeUninitializedCapacity: 10) { out in
      writeISO(to: out.baseAddress!)
      return 10
    }
  }

  /// Appends `description`'s bytes to `out` without making the String.
  package func appendDescription(to out: inout [UInt8]) {
    guard (0...9999).contains(year) else {
      out.append(contentsOf: description.utf8)
      return
    }
    let start = out.count
    out.append(contentsOf: repeatElement(0, count: 10))
    out.withUnsafeMutableBufferPointer { writeISO(to: $0.baseAddress! + start) }
  }

  /// `YYYY-MM-DD` into the 10 bytes at `p`, for a year from 0 to 9999.
  func writeISO(to p: UnsafeMutablePointer<UInt8>) {
    writeDigits(year, 4, to: p)
    p[4] = UInt8(ascii: "-")
    writeDigits(month, 2, to: p + 5)
    p[7] = UInt8(ascii: "-")
    writeDigits(day, 2, to: p + 8)
  }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }
}

/// The decimal number in the `count` ASCII digits at `p`, or nil if any is not a digit.
@inline(__always)
func digits(_ p: UnsafePointer<UInt8>, _ count: Int) -> Int? {
  var value = 0
  for k in 0..<count {
    let digit = p[k] &- 48
    guard digit < 10 else { return nil }
    value = value * 10 + Int(digit)
  }
  return value
}

/// `value` (from 0 to 10^`count` - 1) as `count` ASCII digits at `p`.
@inline(__always)
func writeDigits(_ value: Int, _ count: Int, to p: UnsafeMutablePointer<UInt8>) {
  var rest = value
  for k in stride(from: count - 1, through: 0, by: -1) {
    p[k] = UInt8(truncatingIfNeeded: 48 + rest % 10)
    rest /= 10
  }
}

func pad(_ value: Int, _ width: Int) -> String {
  let digits = String(value)
  return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}
