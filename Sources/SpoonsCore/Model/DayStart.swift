/// The time of day a person's day begins. Before it, the date before is still today: a night
/// owl checking a task off at 1 a.m. checks it off the day they lived, and the morning
/// check-in waits for the morning.
///
/// Every "which day is it?" question goes through `today(at:)`: whether the open day has
/// ended, which routines run, what is due today or overdue, and which day a check-off
/// belongs to.
public struct DayStart: Hashable, Sendable, CustomStringConvertible {
  /// Minutes after midnight.
  public let minutes: Int

  /// From midnight to noon: a day that starts in the afternoon is a shift, not a night owl,
  /// and a later start would make "today" mostly yesterday.
  public static let range = 0...(12 * 60)

  /// 04:00: the small hours still belong to the evening before, as they do for most people
  /// who are up then.
  public static let standard = DayStart(unchecked: 4 * 60)

  /// nil outside `range`.
  public init?(minutes: Int) {
    guard Self.range.contains(minutes) else { return nil }
    self.minutes = minutes
  }

  private init(unchecked minutes: Int) { self.minutes = minutes }

  /// Reads `HH:MM` or `H:MM` (24-hour clock) or a bare hour, `4` or `04`; nil for anything
  /// else or a time outside `range`. Read as bytes: every command reads the setting, and a
  /// generic `StringProtocol` parse costs each one a runtime conformance lookup.
  public init?(_ text: String) {
    let parts = text.utf8.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
    guard parts.count == 1 || (parts.count == 2 && parts[1].count == 2) else { return nil }
    var numbers: [Int] = []
    for part in parts {
      guard (1...2).contains(part.count) else { return nil }
      var value = 0
      for byte in part {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      numbers.append(value)
    }
    let minute = numbers.count == 2 ? numbers[1] : 0
    guard minute < 60 else { return nil }
    self.init(minutes: numbers[0] * 60 + minute)
  }

  /// `04:00`: the form the planner file stores and the settings show.
  public var description: String {
    let (h, m) = (minutes / 60, minutes % 60)
    return (h < 10 ? "0" : "") + "\(h):" + (m < 10 ? "0" : "") + "\(m)"
  }

  /// The day being lived at `now`: its local date, or the date before when `now` is earlier
  /// than the day start.
  public func today(at now: Timestamp) -> CivilDate {
    Timestamp(seconds: now.seconds - Int64(minutes * 60), utcOffset: now.utcOffset).date
  }
}
