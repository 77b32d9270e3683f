/// When a routine falls: on certain weekdays, every N days, or once a month, on a date or on
/// the first to fourth or last of a weekday.
///
/// A routine falls on its dates only. A date with no `new-day` (a day spent in bed without the
/// planner) is not made up later, as with weekly routines, so a hard week never comes back
/// as a pile of missed tasks; `routine list` shows each one's next date.
public enum Recurrence: Hashable, Sendable, CustomStringConvertible {
  case weekly(Weekdays)
  /// Every `interval` days, counted from `from`, the first date it falls on: every 2 weeks is
  /// every 14 days.
  case everyNDays(Int, from: CivilDate)
  /// The `day`th of each month; in a shorter month, its last day (the 31st is always the
  /// month's last day).
  case monthlyOnDay(Int)
  /// The `ordinal`th (1 to 4, or `last`) `weekday` (0 = Sunday) of each month.
  case monthlyOnWeekday(ordinal: Int, weekday: Int)

  /// `ordinal` of `monthlyOnWeekday` for the month's last such weekday.
  public static let last = -1
  /// The longest gap `every N days` may have: a routine falls at least once a year.
  public static let maxInterval = 365

  public static let everyDay = weekly(.everyDay)
  public static let workdays = weekly(.workdays)
  public static let weekend = weekly(.weekend)

  /// Whether it falls at least once a year: what `RecurrenceSpec` lets through, and what a
  /// file or a sync must hold.
  public var canFall: Bool {
    switch self {
    case .weekly(let days): return !days.isEmpty
    case .everyNDays(let interval, _): return (1...Self.maxInterval).contains(interval)
    case .monthlyOnDay(let day): return (1...31).contains(day)
    case .monthlyOnWeekday(let ordinal, let weekday):
      return (ordinal == Self.last || (1...4).contains(ordinal)) && (0...6).contains(weekday)
    }
  }

  /// Once a month, on a date or a weekday.
  public var isMonthly: Bool {
    switch self {
    case .monthlyOnDay, .monthlyOnWeekday: return true
    case .weekly, .everyNDays: return false
    }
  }

  /// Whether the routine makes a task on `date`.
  public func falls(on date: CivilDate) -> Bool {
    switch self {
    case .weekly(let days): return days.contains(date.weekday)
    case .everyNDays(let interval, let from):
      return interval > 0 && from <= date && from.days(until: date) % interval == 0
    case .monthlyOnDay(let day):
      return date.day == min(day, CivilDate.daysIn(month: date.month, year: date.year))
    case .monthlyOnWeekday(let ordinal, let weekday):
      guard date.weekday == weekday else { return false }
      if ordinal == Self.last {
        return date.day + 7 > CivilDate.daysIn(month: date.month, year: date.year)
      }
      return (date.day - 1) / 7 + 1 == ordinal
    }
  }

  /// The first date on or after `date` it falls on: within a year, as every form allows
  /// (`RecurrenceSpec` refuses the rest).
  public func next(onOrAfter date: CivilDate) -> CivilDate {
    if case .everyNDays(let interval, let from) = self, interval > 0 {
      guard from < date else { return from }
      let gap = from.days(until: date) % interval
      return date.adding(days: gap == 0 ? 0 : interval - gap)
    }
    var day = date
    for _ in 0..<400 where !falls(on: day) { day = day.adding(days: 1) }
    return day
  }

  /// `every day`, `Mon, Wed`, `every 3 days`, `on the 1st of each month`, `on the last
  /// Friday of each month`.
  public var description: String {
    switch self {
    case .weekly(let days): return days.description
    case .everyNDays(let interval, _):
      if interval == 1 { return "every day" }
      if interval % 7 == 0 { return interval == 7 ? "every week" : "every \(interval / 7) weeks" }
      return interval == 2 ? "every other day" : "every \(interval) days"
    case .monthlyOnDay(31): return "on the last day of each month"
    case .monthlyOnDay(let day): return "on the \(Self.ordinal(day)) of each month"
    case .monthlyOnWeekday(let ordinal, let weekday):
      let which = ordinal == Self.last ? "last" : Self.ordinalWords[ordinal - 1]
      return "on the \(which) \(DueDateSpec.weekdays[weekday].last ?? "")".capitalizingWeekday
        + " of each month"
    }
  }

  /// What `planner.txt` holds, and what `--days` reads back: `mon,wed`, `daily`, `every 3
  /// days from 2026-11-26`, `31st`, `first mon`, `last fri`.
  public var storedForm: String {
    switch self {
    case .weekly(let days): return days.storedForm
    case .everyNDays(let interval, let from): return "every \(interval) days from \(from)"
    case .monthlyOnDay(let day): return Self.ordinal(day)
    case .monthlyOnWeekday(let ordinal, let weekday):
      let which = ordinal == Self.last ? "last" : Self.ordinalWords[ordinal - 1]
      return "\(which) \(DueDateSpec.weekdays[weekday][0])"
    }
  }

  static let ordinalWords = ["first", "second", "third", "fourth"]

  /// `1st`, `2nd`, `3rd`, `11th`, `22nd`.
  static func ordinal(_ n: Int) -> String {
    let suffix: String
    switch (n % 10, n % 100) {
    case (_, 11...13): suffix = "th"
    case (1, _): suffix = "st"
    case (2, _): suffix = "nd"
    case (3, _): suffix = "rd"
    default: suffix = "th"
    }
    return "\(n)\(suffix)"
  }
}

extension String {
  /// `on the last friday` → `on the last Friday`: the weekday is the last word.
  fileprivate var capitalizingWeekday: String {
    guard let space = lastIndex(of: " ") else { return self }
    let word = self[index(after: space)...]
    return self[...space] + word.prefix(1).uppercased() + word.dropFirst()
  }
}
