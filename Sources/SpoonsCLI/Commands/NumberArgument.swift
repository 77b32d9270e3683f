import SpoonsCore

/// A number a command takes, as its refusals name it: what it is in the user's words, what
/// it may be, and an example line that parses. Messages never use the usage's metavariables
/// (`N`, `POS`, `DAYS`): a tired person reads "the cost", not "N".
///
/// The range is what the parser refuses outside of, read from Core's constants
/// (`SpoonCost.range`, `Limits`) for the counts only the front takes (days to look back,
/// changes to undo). The day's own numbers (its budget, reserve and borrowing) and a
/// category's positions are the rules' to refuse, in their words: for those the parser
/// refuses only what is not a whole number or too big for one, and names the range.
struct NumberArgument: Sendable {
  /// "the cost", "today's budget": what the number is.
  let what: String
  /// "a whole number of spoons from 1 to 10": what it may be.
  let kind: String
  /// What the parser accepts.
  let range: ClosedRange<Int>
  /// A line that parses, shown after "e.g.".
  let example: String

  /// The most digits a number may have: anything longer is too big for every count Spoons
  /// takes, and never overflows an `Int`.
  static let maxDigits = 9

  /// `word` as this number, or the refusal that says what was typed, what the number is and
  /// an example.
  func parse(_ word: String) throws(ParseError) -> Int {
    var digits = Substring(word)
    let negative = digits.first == "-"
    if negative || digits.first == "+" { digits = digits.dropFirst() }
    guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
      throw refusal("'\(Text.echoed(word))' is not a whole number")
    }
    let significant = digits.drop { $0 == "0" }
    guard significant.count <= Self.maxDigits, let magnitude = Int(digits) else {
      throw refusal("'\(Text.echoed(word))' is too \(negative ? "small" : "big")")
    }
    return try check(negative ? -magnitude : magnitude)
  }

  /// `word` as a whole number of any size this type reads (`3`, `-1`, `+2`); nil when it is
  /// not one. For answers, where what is not a number is told apart from a number out of
  /// range.
  static func whole(_ word: String) -> Int? {
    var digits = Substring(word)
    let negative = digits.first == "-"
    if negative || digits.first == "+" { digits = digits.dropFirst() }
    guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
      digits.drop(while: { $0 == "0" }).count <= maxDigits, let magnitude = Int(digits)
    else { return nil }
    return negative ? -magnitude : magnitude
  }

  /// `n` when it is in the range; else the refusal.
  func check(_ n: Int) throws(ParseError) -> Int {
    if n < range.lowerBound { throw refusal("\(n) is too small") }
    if n > range.upperBound { throw refusal("\(n) is too big") }
    return n
  }

  /// "PROBLEM: the cost must be a whole number of spoons from 1 to 10, e.g. add 3 Laundry".
  func refusal(_ problem: String) -> ParseError {
    ParseError("\(problem): \(what) must be \(kind), e.g. \(example)")
  }

  /// The refusal of a command given no number where it needs one.
  func missing(in command: String) -> ParseError {
    ParseError("\(command) needs \(what), \(kind), e.g. \(example)")
  }
}

// MARK: - The numbers commands take

extension NumberArgument {
  /// A task's cost, which is also its category.
  ///
  /// - Parameters:
  ///   - what: what the number is, when it is not "the cost".
  ///   - unit: after "a whole number"; empty when `what` already says "spoons".
  static func cost(
    _ example: String, what: String = "the cost", unit: String = " of spoons"
  ) -> NumberArgument {
    let r = SpoonCost.range
    return NumberArgument(
      what: what, kind: "a whole number\(unit) from \(r.lowerBound) to \(r.upperBound)",
      range: r, example: example)
  }

  /// A day's budget (`new-day`), in a command or as the answer to "How many spoons today?".
  static func budget(_ example: String = "new-day 12") -> NumberArgument {
    spoonsPerDay(what: "today's budget", example: example)
  }

  /// What a task really took (`done ID --took N`): the rule checks the range
  /// (`Limits.spoonsTaken`).
  static let took = NumberArgument(
    what: "the spoons the task really took",
    kind: "a whole number from \(Limits.spoonsTaken.lowerBound) to "
      + "\(Limits.spoonsTaken.upperBound)",
    range: .min ... .max, example: "done 12 --took 5")

  /// How the person feels (`new-day N --mood M`): the rule checks the range (`Limits.mood`).
  static let mood = NumberArgument(
    what: "how you feel",
    kind: "a whole number from \(Limits.mood.lowerBound) (very low) to "
      + "\(Limits.mood.upperBound) (very good)",
    range: .min ... .max, example: "new-day 12 --mood 3")

  static let reserve = spoonsPerDay(what: "the reserve", example: "reserve 1")

  /// The day checks the range (`Limits.spoonsPerDay`).
  static func spoonsPerDay(what: String, example: String) -> NumberArgument {
    let r = Limits.spoonsPerDay
    return NumberArgument(
      what: what, kind: "a whole number of spoons from \(r.lowerBound) to \(r.upperBound)",
      range: .min ... .max, example: example)
  }

  /// How many days `completed`, `history`, `stats`, `chart` and `report` look back.
  static func lookBack(_ example: String) -> NumberArgument {
    let r = Limits.lookBackDays
    return NumberArgument(
      what: "the days to look back",
      kind: "a whole number from \(r.lowerBound) to \(r.upperBound)", range: r, example: example)
  }

  /// How many recorded changes to undo, redo or list.
  static func changes(_ doing: String, example: String) -> NumberArgument {
    NumberArgument(
      what: "the changes to \(doing)", kind: "a whole number from 1 to \(Limits.undoChanges)",
      range: 1...Limits.undoChanges, example: example)
  }

  static let suggestions = NumberArgument(
    what: "the most tasks to suggest", kind: "a whole number from 1 to \(Arguments.maxSelection)",
    range: 1...Arguments.maxSelection, example: "suggest --max 3")

  /// At most half of what the day started with, or 0 to give back: the day's rule judges
  /// both.
  static let borrowing = NumberArgument(
    what: "the spoons to borrow",
    kind: "a whole number from 1 to half of what today started with (0: give back)",
    range: .min ... .max, example: "borrow 2")

  /// A place in a category: the category's size judges it.
  static let position = NumberArgument(
    what: "the position", kind: "a whole number from 1 to the number of tasks in the category",
    range: .min ... .max, example: "move 12 1")
}
