import SpoonsCore

// Fixed instants, so that no test depends on when it runs, and a test reads as a story:
// a Saturday morning in late November at UTC+1, and the mornings after it.

/// Saturday 2026-11-21 08:00 at UTC+1: the day most tests start.
public let morning = at("2026-11-21T08:00:00+01:00")

/// Sunday 2026-11-22 07:45 at UTC+1: the next morning, a little earlier.
public let nextMorning = morning.plus(days: 1, minutes: -15)

/// Monday 2026-11-23 08:00 at UTC+1.
public let thirdMorning = morning.plus(days: 2)

/// The instant written as `2026-11-21T08:00:00+01:00`, for the odd time a test needs its own
/// offset; traps on a malformed one (a mistake in the test).
public func at(_ iso: String) -> Timestamp {
  guard let time = Timestamp(iso: iso) else { fatalError("not a timestamp: \(iso)") }
  return time
}

extension Timestamp {
  /// The same offset, `days`, `hours`, `minutes` and `seconds` later (earlier when negative).
  public func plus(days: Int = 0, hours: Int = 0, minutes: Int = 0, seconds more: Int = 0)
    -> Timestamp
  {
    Timestamp(
      seconds: seconds + Int64(days * 86_400 + hours * 3_600 + minutes * 60 + more),
      utcOffset: utcOffset)
  }
}
