/// An instant together with the user's UTC offset at that instant.
///
/// Keeping the offset means the calendar date a task was done on is the one the user lived,
/// even when the data is read later in another time zone. Written as
/// `2026-11-21T08:15:03+01:00`.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Seconds since 1970-01-01T00:00:00Z.
  public let seconds: Int64
  /// Seconds east of UTC.
  public var utcOffset: Int { Int(storedOffset) }
  // 32 bits is plenty (offsets are within a day) and keeps a timestamp at 12 bytes.
  private let storedOffset: Int32

  public init(seconds: Int64, utcOffset: Int = 0) {
    self.seconds = seconds
    self.storedOffset = Int32(clamping: utcOffset)
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
    let off = abs(utcOffset) / 60
    let date = self.date
    guard (0...9999).contains(date.year), off / 60 < 100 else {
      let sign = utcOffset < 0 ? "-" : "+"
      return "\(date)T\(pad(s / 3600, 2)):\(pad(s / 60 % 60, 2)):\(pad(s % 60, 2))"
        + "\(sign)\(pad(off / 60, 2)):\(pad(off % 60, 2))"
    }
    // Digit by digit, as `CivilDate.description`: every task line holds two or three of these.
    return String(unsafeUninitializedCapacity: 25) { out in
      writeISO(to: out.baseAddress!, date: date, secondOfDay: s, offsetMinutes: off)
      return 25
    }
  }

  /// Appends `description`'s bytes to `out` without making the String: a checkpoint writes two
  /// or three for each task it saves.
  package func appendDescription(to out: inout [UInt8]) {
    let off = abs(utcOffset) / 60
    let date = self.date
    guard (0...9999).contains(date.year), off / 60 < 100 else {
      out.append(contentsOf: description.utf8)
      return
    }
    let start = out.count
    out.append(contentsOf: repeatElement(0, count: 25))
    let s = secondOfDay
    out.withUnsafeMutableBufferPointer { buffer in
      writeISO(to: buffer.baseAddress! + start, date: date, secondOfDay: s, offsetMinutes: off)
    }
  }

  /// The 25 bytes of `description` at `p`, for a year from 0 to 9999 and an offset under 100
  /// hours.
  private func writeISO(
    to p: UnsafeMutablePointer<UInt8>, date: CivilDate, secondOfDay s: Int, offsetMinutes off: Int
  ) {
    date.writeISO(to: p)
    p[10] = UInt8(ascii: "T")
    writeDigits(s / 3600, 2, to: p + 11)
    p[13] = UInt8(ascii: ":")
    writeDigits(s / 60 % 60, 2, to: p + 14)
    p[16] = UInt8(ascii: ":")
    writeDigits(s % 60, 2, to: p + 17)
    p[19] = UInt8(ascii: utcOffset < 0 ? "-" : "+")
    writeDigits(off / 60, 2, to: p + 20)
    p[22] = UInt8(ascii: ":")
    writeDigits(off % 60, 2, to: p + 23)
  }

  /// Parses the form `description` writes (seconds and offset required).
  public init?(iso text: some StringProtocol) {
    // In place when the text is (a native string or a slice of one), without a copy.
    if let parsed = text.utf8.withContiguousStorageIfAvailable({ Timestamp(isoBytes: $0) }) {
      guard let parsed else { return nil }
      self = parsed
      return
    }
    self.init(isoBytes: Array(text.utf8)[...])
  }

  /// Parses `YYYY-MM-DDTHH:MM:SS+HH:MM` from UTF-8 bytes.
  public init?(isoBytes bytes: ArraySlice<UInt8>) {
    guard let time = bytes.withUnsafeBufferPointer({ Timestamp(isoBytes: $0) }) else { return nil }
    self = time
  }

  /// Parses `YYYY-MM-DDTHH:MM:SS+HH:MM` from UTF-8 bytes in place (every task has two).
  public init?(isoBytes bytes: UnsafeBufferPointer<UInt8>) {
    guard bytes.count == 25, let p = bytes.baseAddress, p[10] == UInt8(ascii: "T"),
      p[13] == UInt8(ascii: ":"), p[16] == UInt8(ascii: ":"), p[22] == UInt8(ascii: ":"),
      p[19] == UInt8(ascii: "+") || p[19] == UInt8(ascii: "-"),
      let date = CivilDate(isoBytes: UnsafeBufferPointer(start: p, count: 10)),
      let h = digits(p + 11, 2), let mi = digits(p + 14, 2), let s = digits(p + 17, 2),
      let oh = digits(p + 20, 2), let om = digits(p + 23, 2),
      h < 24, mi < 60, s < 60, oh < 24, om < 60
    else { return nil }
    let offset = (oh * 3600 + om * 60) * (p[19] == UInt8(ascii: "-") ? -1 : 1)
    let local = Int64(date.daysSinceEpoch) * 86_400 + Int64(h * 3600 + mi * 60 + s)
    self.init(seconds: local - Int64(offset), utcOffset: offset)
  }
}
