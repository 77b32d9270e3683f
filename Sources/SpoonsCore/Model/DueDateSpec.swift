/// A due date as the user wrote it. Relative forms ("fri", "+3d") mean nothing until they meet
/// a today, and the core has no clock: the rule that applies it resolves it with the time it
/// is given.
public enum DueDateSpec: Hashable, Sendable {
  case on(CivilDate)
  case today
  case tomorrow
  /// The next such day after today (a week ahead when today is that day); 0 = Sunday.
  case next(weekday: Int)
  case inDays(Int)

  /// The forms `init?(_:)` accepts, for error messages and help.
  public static let acceptedForms =
    "YYYY-MM-DD, today, tomorrow, a weekday (mon ... sun), +Nd or +Nw (days or weeks ahead)"

  /// The furthest ahead a relative date may reach: ten years.
  public static let maxDaysAhead = 3_660

  static let weekdays = [
    ["sun", "sunday"], ["mon", "monday"], ["tue", "tues", "tuesday"],
    ["wed", "wednesday"], ["thu", "thur", "thurs", "thursday"], ["fri", "friday"],
    ["sat", "saturday"],
  ]

  /// Reads any of `acceptedForms`, ignoring case; nil for anything else.
  public init?(_ text: String) {
    let word = text.lowercased()
    if let date = CivilDate(iso: word) {
      self = .on(date)
      return
    }
    switch word {
    case "today": self = .today
    case "tomorrow", "tmr": self = .tomorrow
    default:
      if let weekday = Self.weekdays.firstIndex(where: { $0.contains(word) }) {
        self = .next(weekday: weekday)
        return
      }
      guard word.first == "+", let unit = word.last, unit == "d" || unit == "w" else { return nil }
      let digits = word.dropFirst().dropLast()
      guard !digits.isEmpty, digits.count <= 4, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
        let n = Int(digits)
      else { return nil }
      let days = unit == "w" ? n * 7 : n
      guard days <= Self.maxDaysAhead else { return nil }
      self = .inDays(days)
    }
  }

  /// The calendar day this means when today is `today`.
  public func resolve(today: CivilDate) -> CivilDate {
    switch self {
    case .on(let date): return date
    case .today: return today
    case .tomorrow: return today.adding(days: 1)
    case .next(let weekday):
      let ahead = (weekday - today.weekday + 7) % 7
      return today.adding(days: ahead == 0 ? 7 : ahead)
    case .inDays(let n): return today.adding(days: n)
    }
  }
}
