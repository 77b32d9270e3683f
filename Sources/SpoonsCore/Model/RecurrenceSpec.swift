/// `--days` as a person wrote it. "Every 3 days" counts from the date the routine is added
/// unless it says `from DATE`, and the core has no clock: `recurrence(today:)` gives it one.
public struct RecurrenceSpec: Hashable, Sendable {
  private enum Form: Hashable, Sendable {
    case fixed(Recurrence)
    case every(Int, from: DueDateSpec?)
  }

  private let form: Form

  public init(_ recurrence: Recurrence) { form = .fixed(recurrence) }

  public static let everyDay = RecurrenceSpec(.everyDay)

  /// What `--days` accepts, for error messages and help.
  public static let acceptedForms =
    "mon,wed,fri, daily, weekdays, weekends, every 3 days, every 2 weeks, 1st, 31st, last, "
    + "first mon or last fri"

  /// Reads any of `acceptedForms` (ignoring case; `-` works as a space, so `first-mon` needs
  /// no quotes), and `every … from DATE`.
  public init(parsing text: String) throws(PlannerError) {
    // A dash at either end of a word, or two together, leave an empty word that no form
    // holds: `every -3 days` is refused, not read as every 3 days.
    let words = text.lowercased().split { $0 == " " || $0 == "\t" }.flatMap { word in
      CivilDate(iso: word) != nil
        ? [String(word)]
        : word.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
    }
    var rest = words[...]
    var monthTail = false
    // "on the 1st of each month": the small words people add read as nothing.
    if rest.first == "on" { rest = rest.dropFirst() }
    if rest.first == "the" { rest = rest.dropFirst() }
    for tail in [["of", "each", "month"], ["of", "the", "month"], ["each", "month"], ["monthly"]]
    where rest.count > tail.count && Array(rest.suffix(tail.count)) == tail {
      rest = rest.dropLast(tail.count)
      monthTail = true
    }
    guard let form = try Self.form(Array(rest), text: text) else {
      throw .unreadableRoutineDays(text)
    }
    // "of each month" after a form that is not monthly (`daily monthly`) is no form at all.
    if monthTail {
      guard case .fixed(let recurrence) = form, recurrence.isMonthly else {
        throw .unreadableRoutineDays(text)
      }
    }
    self.form = form
  }

  /// The routine's recurrence when it is added (or changed) on `today`; refused when its
  /// first date (`from`) is more than `Recurrence.maxInterval` days ahead.
  public func recurrence(today: CivilDate) throws(PlannerError) -> Recurrence {
    switch form {
    case .fixed(let recurrence): return recurrence
    case .every(let interval, let from):
      let first = from?.resolve(today: today) ?? today
      guard today.days(until: first) <= Recurrence.maxInterval else {
        throw .routineStartsTooLate(first)
      }
      return .everyNDays(interval, from: first)
    }
  }

  /// Whether `word`, as a whole `--days`, is the first word of a form of several that `next`
  /// goes on with (`every` `3`, `last` `fri`, `1st` `of`): what `--days every 3 days` typed
  /// without quotes looks like.
  public static func continues(_ word: String, with next: String) -> Bool {
    let starters: Set = [
      "every", "weekly", "last", "first", "second", "third", "fourth", "fifth", "on", "the",
    ]
    let first = word.lowercased()
    guard starters.contains(first) || (try? monthDay(first, text: first)) != nil else {
      return false
    }
    let following = next.lowercased()
    let goesOn: Set = [
      "other", "day", "days", "week", "weeks", "from", "of", "each", "month", "the",
    ]
    return goesOn.contains(following) || weekday(following) != nil
      || (following.contains(",") && Weekdays(following) != nil)
      || following.allSatisfy { $0.isASCII && $0.isNumber }
  }

  /// The recurrence when it needs no today (what a file holds: `every 3 days from
  /// 2026-11-26`, never `every 3 days`); nil otherwise.
  public var stored: Recurrence? {
    switch form {
    case .fixed(let recurrence): return recurrence
    case .every(let interval, .on(let date)?): return .everyNDays(interval, from: date)
    case .every: return nil
    }
  }

  // MARK: - Reading

  private static func form(_ words: [String], text: String) throws(PlannerError) -> Form? {
    guard let first = words.first else { return nil }
    if let days = Weekdays(words.joined()), !days.isEmpty { return .fixed(.weekly(days)) }
    if first == "every" || first == "weekly" {
      return try every(Array(words.dropFirst()), weekly: first == "weekly", text: text)
    }
    if words.count == 1 || words == ["last", "day"] {
      return try monthDay(words[0], text: text).map { .fixed(.monthlyOnDay($0)) }
    }
    guard words.count == 2, let weekday = weekday(words[1]) else { return nil }
    let ordinals = [["first", "1st"], ["second", "2nd"], ["third", "3rd"], ["fourth", "4th"]]
    if first == "last" { return .fixed(.monthlyOnWeekday(ordinal: Recurrence.last, weekday: weekday)) }
    if let n = ordinals.firstIndex(where: { $0.contains(first) }) {
      return .fixed(.monthlyOnWeekday(ordinal: n + 1, weekday: weekday))
    }
    if ["fifth", "5th"].contains(first) { throw .routineNeverFalls(text, .fifthWeekday(weekday)) }
    return nil
  }

  /// After `every` (or `weekly`): `3 days`, `2 weeks`, `other day`, `day`, `week`, `mon,fri`,
  /// each with an optional `from DATE`.
  private static func every(_ words: [String], weekly: Bool, text: String)
    throws(PlannerError) -> Form?
  {
    var words = words[...]
    var from: DueDateSpec?
    if let at = words.firstIndex(of: "from") {
      guard at == words.count - 2, let date = DueDateSpec(words[at + 1]) else { return nil }
      from = date
      words = words[..<at]
    }
    if weekly {
      return words.isEmpty ? .every(7, from: from) : nil
    }
    if from == nil, let days = Weekdays(words.joined()), !days.isEmpty {
      return .fixed(.weekly(days))  // "every mon,fri"
    }
    var count = 1
    if words.first == "other" {
      count = 2
      words = words.dropFirst()
    } else if let word = words.first, !word.isEmpty, word.allSatisfy({ $0.isASCII && $0.isNumber }) {
      // Leading zeros say nothing (`every 007 days`); more than four digits are past a year.
      let digits = word.drop { $0 == "0" }
      guard digits.count <= 4, let n = Int(digits.isEmpty ? "0" : String(digits)) else {
        throw .routineNeverFalls(text, .tooLong)
      }
      count = n
      words = words.dropFirst()
    }
    guard words.count == 1, let unit = words.first else {
      return words.isEmpty && from == nil && count == 1 ? .fixed(.everyDay) : nil
    }
    let interval: Int
    switch unit {
    case "day", "days", "d": interval = count
    case "week", "weeks", "w": interval = count * 7
    default: return nil
    }
    guard interval >= 1 else { throw .routineNeverFalls(text, .zeroInterval) }
    guard interval <= Recurrence.maxInterval else { throw .routineNeverFalls(text, .tooLong) }
    if interval == 1 && from == nil { return .fixed(.everyDay) }
    return .every(interval, from: from)
  }

  /// `1st` to `31st`, or `last`: nil for a word that is no day of the month.
  static func monthDay(_ word: String, text: String) throws(PlannerError) -> Int? {
    if word == "last" { return 31 }
    let digits = word.prefix { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty, ["st", "nd", "rd", "th"].contains(String(word.dropFirst(digits.count)))
    else { return nil }
    guard digits.count <= 2, let day = Int(digits), (1...31).contains(day) else {
      throw .routineNeverFalls(text, .noSuchMonthDay)
    }
    return day
  }

  static func weekday(_ word: String) -> Int? {
    DueDateSpec.weekdays.firstIndex { $0.contains(word) }
  }
}

/// Why a `--days` can never fall.
public enum RecurrenceProblem: Hashable, Sendable {
  case zeroInterval
  case tooLong
  case noSuchMonthDay
  /// A fifth of a weekday (0 = Sunday), which most months have none of.
  case fifthWeekday(Int)
}
