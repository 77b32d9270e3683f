import SpoonsCore

/// The words after the command name, consumed left to right, with the checks every command
/// shares: flags, options, numbers, ids and titles, each refused with the command's usage.
public struct Arguments {
  private var words: [String]
  private let info: CommandInfo

  init(_ words: [String], info: CommandInfo) {
    self.words = words
    self.info = info
  }

  var usage: String { "usage: \(info.usage)" }

  mutating func next() -> String? { words.isEmpty ? nil : words.removeFirst() }

  /// The words before `--` (after it, everything is literal text).
  private var optionWords: Range<Int> { 0..<(words.firstIndex(of: "--") ?? words.count) }

  mutating func takeFlag(_ flag: String) -> Bool {
    guard let index = words[optionWords].firstIndex(of: flag) else { return false }
    words.remove(at: index)
    return true
  }

  /// `--name VALUE` or `--name=VALUE`, anywhere before `--`, at most once; nil when absent.
  mutating func option(_ name: String) throws(ParseError) -> String? {
    let value = try takeOption(name)
    if value != nil, try takeOption(name) != nil {
      throw ParseError("\(name) is given twice; \(usage)")
    }
    return value
  }

  private mutating func takeOption(_ name: String) throws(ParseError) -> String? {
    for index in optionWords {
      let word = words[index]
      if word == name {
        guard index + 1 < words.count, words[index + 1] != "--" else {
          throw ParseError("\(name) needs a value; \(usage)")
        }
        let value = words[index + 1]
        words.removeSubrange(index...(index + 1))
        return value
      }
      if word.hasPrefix(name + "=") {
        words.remove(at: index)
        return String(word.dropFirst(name.count + 1))
      }
    }
    return nil
  }

  /// `--sort KEY`, one of `allowed`.
  mutating func order(allowed: [TaskOrder], default order: TaskOrder) throws(ParseError)
    -> TaskOrder
  {
    guard let key = try option("--sort") else { return order }
    guard let chosen = TaskOrder(rawValue: key), allowed.contains(chosen) else {
      let keys = allowed.map(\.rawValue).joined(separator: "|")
      throw ParseError("\(info.name) sorts by \(keys), not '\(Text.echoed(key))'")
    }
    return chosen
  }

  /// `--days N`: how many days to look back (1 to `maxDays`).
  mutating func days(default days: Int) throws(ParseError) -> Int {
    guard let word = try option("--days") else { return days }
    let n = try Self.wholeNumber(word, name: "--days")
    return try Self.lookingBack(n, name: "--days")
  }

  mutating func jsonFlagOnly() throws(ParseError) -> Bool {
    let json = takeFlag("--json")
    try finish()
    return json
  }

  /// Refuses anything left over.
  func finish() throws(ParseError) {
    guard let extra = words.first else { return }
    if extra.hasPrefix("--") {
      throw ParseError("\(info.name) has no option '\(Text.echoed(extra))'; \(usage)")
    }
    throw ParseError("\(info.name) does not take '\(Text.echoed(extra))'; \(usage)")
  }

  mutating func number(named name: String) throws(ParseError) -> Int {
    guard let word = next() else { throw ParseError("\(info.name) needs \(name); \(usage)") }
    return try Self.wholeNumber(word, name: name)
  }

  mutating func optionalNumber(named name: String) throws(ParseError) -> Int? {
    guard let word = words.first, !word.hasPrefix("--") else { return nil }
    words.removeFirst()
    return try Self.wholeNumber(word, name: name)
  }

  static func wholeNumber(_ word: String, name: String) throws(ParseError) -> Int {
    var digits = Substring(word)
    let negative = digits.first == "-"
    if negative { digits = digits.dropFirst() }
    guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
      let value = Int(digits)
    else {
      throw ParseError("\(name) must be a whole number, not '\(Text.echoed(word))'")
    }
    return negative ? -value : value
  }

  /// The rest of the words as one title; `--` ends options, other `--x` words are refused.
  mutating func rest(named name: String) throws(ParseError) -> String {
    let literal = words.first == "--"
    if literal { words.removeFirst() }
    if !literal, let option = words.first(where: { $0.hasPrefix("--") && $0 != "--" }) {
      throw ParseError(
        "\(info.name) has no option '\(Text.echoed(option))'; to use it in a title, put -- "
          + "before the title; \(usage)")
    }
    guard !words.isEmpty else { throw ParseError("\(info.name) needs \(name); \(usage)") }
    defer { words.removeAll() }
    return words.joined(separator: " ")
  }

  mutating func id() throws(ParseError) -> TaskID {
    guard let word = next() else { throw ParseError("\(info.name) needs a task id; \(usage)") }
    let ids = try Self.parseIDs(word)
    guard ids.count == 1 else {
      throw ParseError("\(info.name) takes one task id, not '\(Text.echoed(word))'; \(usage)")
    }
    return ids[0]
  }

  /// One or more ids: `12`, `#12`, ranges `3-6`, lists `3,5`, in any mix.
  mutating func ids() throws(ParseError) -> [TaskID] {
    var result: [TaskID] = []
    guard !words.isEmpty else { throw ParseError("\(info.name) needs task ids; \(usage)") }
    while let word = next() {
      if word.hasPrefix("--") {
        throw ParseError("\(info.name) has no option '\(Text.echoed(word))'; \(usage)")
      }
      result += try Self.parseIDs(word)
      guard result.count <= Self.maxSelection else {
        throw ParseError("at most \(Self.maxSelection) tasks at once")
      }
    }
    return result
  }

  static func parseIDs(_ word: String) throws(ParseError) -> [TaskID] {
    var result: [TaskID] = []
    for part in word.split(separator: ",", omittingEmptySubsequences: false) {
      let bounds = part.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
      guard bounds.count <= 2, let low = single(bounds[0]) else {
        throw badID(word)
      }
      if bounds.count == 2 {
        guard let high = single(bounds[1]), high >= low else {
          throw ParseError(
            "'\(Text.echoed(word))' is not a range of task ids; write ranges low-high, like 3-6")
        }
        guard high - low < Self.maxSelection else {
          throw ParseError("at most \(Self.maxSelection) tasks at once")
        }
        result += (low...high).map(TaskID.init)
      } else {
        result.append(TaskID(low))
      }
    }
    return result
  }

  static func single(_ text: Substring) -> Int? {
    let digits = text.hasPrefix("#") ? text.dropFirst() : text
    guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
      let value = Int(digits), value >= 1
    else { return nil }
    return value
  }

  static func badID(_ word: String) -> ParseError {
    ParseError("'\(Text.echoed(word))' is not a task id; ids look like 12 or #12 (see 'list')")
  }
}

// MARK: - Limits and validated values

extension Arguments {
  /// The most ids one selection may expand to, so `plan 1-99999999` is refused, not ground
  /// through.
  public static let maxSelection = 1_000
  /// The most changes one `undo` or `redo` takes: the whole recorded history.
  public static let maxSteps = Limits.undoChanges
  /// The longest look back `completed`, `history`, `stats`, `chart` and `report` take: ten
  /// years.
  public static let maxDays = Limits.lookBackDays.upperBound

  /// `n` when it is a number of changes we keep (1 to `maxSteps`).
  static func steps(_ n: Int) throws(ParseError) -> Int {
    guard (1...maxSteps).contains(n) else {
      throw ParseError("N must be from 1 to \(maxSteps), not \(n)")
    }
    return n
  }

  /// `days` when it is a look back we take (1 to `maxDays`).
  static func lookingBack(_ days: Int, name: String) throws(ParseError) -> Int {
    guard Limits.lookBackDays.contains(days) else {
      throw ParseError("\(name) must be from 1 to \(maxDays), not \(days)")
    }
    return days
  }

  static func dueDate(_ word: String) throws(ParseError) -> DueDateSpec {
    guard let spec = DueDateSpec(word) else {
      throw ParseError(
        "'\(Text.echoed(word))' is not a date; use \(DueDateSpec.acceptedForms)")
    }
    return spec
  }

  /// A core refusal, as a usage error.
  static func valid<T>(_ body: () throws(PlannerError) -> T) throws(ParseError) -> T {
    do { return try body() } catch { throw ParseError(error.description) }
  }

  static func spoonCost(_ n: Int) throws(ParseError) -> SpoonCost {
    do { return try SpoonCost(n) } catch { throw ParseError(error.description) }
  }

  /// A title from the rest of the words.
  mutating func title(named name: String = "TITLE") throws(ParseError) -> Title {
    let words = try rest(named: name)
    return try Self.valid { () throws(PlannerError) in try Title(words) }
  }
}
