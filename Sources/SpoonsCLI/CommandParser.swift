import SpoonsCore

/// Turns words into a `Command`, or a `ParseError` that says what was wrong and how to do it
/// right. Pure: the REPL, scripts and one-shot argv all come through here.
public enum CommandParser {
  /// The most ids one selection may expand to, so `plan 1-99999999` is refused, not ground through.
  public static let maxSelection = 1_000

  /// Parses one REPL or script line.
  public static func parse(line: String) throws(ParseError) -> Command? {
    let words = try Tokenizer.words(line)
    return words.isEmpty ? nil : try parse(words)
  }

  /// Parses words (argv after the global options, or a tokenized line).
  public static func parse(_ words: [String]) throws(ParseError) -> Command {
    guard let first = words.first else { throw ParseError("no command given; try 'help'") }
    guard let info = CommandCatalog.info(for: first) else {
      let shown = Text.visible(first)
      if let suggestion = CommandCatalog.suggestion(for: first) {
        throw ParseError("unknown command '\(shown)'; did you mean '\(suggestion)'?")
      }
      throw ParseError("unknown command '\(shown)'; 'help' lists the commands")
    }
    var args = Arguments(Array(words.dropFirst()), info: info)
    switch info.name {
    case "new-day":
      let budget = try args.optionalNumber(named: "N")
      try args.finish()
      if let budget, !SpoonsCore.Day.budgetRange.contains(budget) {
        throw ParseError(PlannerError.invalidBudget(budget).description)
      }
      return .newDay(budget: budget)
    case "status": return .status(json: try args.jsonFlagOnly())
    case "categories": return .categories(json: try args.jsonFlagOnly())
    case "todo": return .todo(json: try args.jsonFlagOnly())
    case "backlog": return .backlog(json: try args.jsonFlagOnly())
    case "list":
      let json = args.takeFlag("--json")
      let category = try args.optionalNumber(named: "N").map { n throws(ParseError) in
        try spoonCost(n)
      }
      try args.finish()
      return .list(category: category, json: json)
    case "add":
      let spoons = try spoonCost(try args.number(named: "N"))
      let title = try args.rest(named: "TITLE")
      do {
        return .add(spoons: spoons, title: try Title(title))
      } catch {
        throw ParseError(error.description)
      }
    case "plan": return .plan(try args.ids())
    case "done": return .done(try args.ids())
    case "undone": return .undone(try args.ids())
    case "unplan": return .unplan(try args.ids())
    case "delete": return .delete(try args.ids())
    case "move":
      let id = try args.id()
      let position = try args.number(named: "POS")
      try args.finish()
      return .move(id, position: position)
    case "help":
      let topic = args.next()
      try args.finish()
      if let topic, CommandCatalog.info(for: topic) == nil {
        if let suggestion = CommandCatalog.suggestion(for: topic) {
          throw ParseError("no command '\(Text.visible(topic))'; did you mean '\(suggestion)'?")
        }
        throw ParseError("no command '\(Text.visible(topic))'; 'help' lists the commands")
      }
      return .help(topic: topic.flatMap { CommandCatalog.info(for: $0)?.name })
    default:  // quit
      try args.finish()
      return .quit
    }
  }

  static func spoonCost(_ n: Int) throws(ParseError) -> SpoonCost {
    do { return try SpoonCost(n) } catch { throw ParseError(error.description) }
  }
}

/// The words after the command name, consumed left to right.
struct Arguments {
  private var words: [String]
  private let info: CommandInfo

  init(_ words: [String], info: CommandInfo) {
    self.words = words
    self.info = info
  }

  var usage: String { "usage: \(info.usage)" }

  mutating func next() -> String? { words.isEmpty ? nil : words.removeFirst() }

  mutating func takeFlag(_ flag: String) -> Bool {
    guard let index = words.firstIndex(of: flag) else { return false }
    words.remove(at: index)
    return true
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
      throw ParseError("\(info.name) has no option '\(Text.visible(extra))'; \(usage)")
    }
    throw ParseError("\(info.name) does not take '\(Text.visible(extra))'; \(usage)")
  }

  mutating func number(named name: String) throws(ParseError) -> Int {
    guard let word = next() else { throw ParseError("\(info.name) needs \(name); \(usage)") }
    return try Self.wholeNumber(word, name: name, command: info.name)
  }

  mutating func optionalNumber(named name: String) throws(ParseError) -> Int? {
    guard let word = words.first, !word.hasPrefix("--") else { return nil }
    words.removeFirst()
    return try Self.wholeNumber(word, name: name, command: info.name)
  }

  static func wholeNumber(_ word: String, name: String, command: String) throws(ParseError) -> Int {
    var digits = Substring(word)
    let negative = digits.first == "-"
    if negative { digits = digits.dropFirst() }
    guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
      let value = Int(digits)
    else {
      throw ParseError("\(name) must be a whole number, not '\(Text.visible(word))'")
    }
    return negative ? -value : value
  }

  /// The rest of the words as one title; `--` ends options, other `--x` words are refused.
  mutating func rest(named name: String) throws(ParseError) -> String {
    let literal = words.first == "--"
    if literal { words.removeFirst() }
    if !literal, let option = words.first(where: { $0.hasPrefix("--") && $0 != "--" }) {
      throw ParseError(
        "\(info.name) has no option '\(Text.visible(option))'; to use it in a title, put -- "
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
      throw ParseError("\(info.name) takes one task id, not '\(Text.visible(word))'; \(usage)")
    }
    return ids[0]
  }

  /// One or more ids: `12`, `#12`, ranges `3-6`, lists `3,5`, in any mix.
  mutating func ids() throws(ParseError) -> [TaskID] {
    var result: [TaskID] = []
    guard !words.isEmpty else { throw ParseError("\(info.name) needs task ids; \(usage)") }
    while let word = next() {
      if word.hasPrefix("--") {
        throw ParseError("\(info.name) has no option '\(Text.visible(word))'; \(usage)")
      }
      result += try Self.parseIDs(word)
      guard result.count <= CommandParser.maxSelection else {
        throw ParseError("at most \(CommandParser.maxSelection) tasks at once")
      }
    }
    return result
  }

  static func parseIDs(_ word: String) throws(ParseError) -> [TaskID] {
    var result: [TaskID] = []
    for part in word.split(separator: ",", omittingEmptySubsequences: false) {
      let bounds = part.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
      guard bounds.count <= 2, let low = single(bounds[0], word) else {
        throw badID(word)
      }
      if bounds.count == 2 {
        guard let high = single(bounds[1], word), high >= low else {
          throw ParseError(
            "'\(Text.visible(word))' is not a range of task ids; write ranges low-high, like 3-6")
        }
        guard high - low < CommandParser.maxSelection else {
          throw ParseError("at most \(CommandParser.maxSelection) tasks at once")
        }
        result += (low...high).map(TaskID.init)
      } else {
        result.append(TaskID(low))
      }
    }
    return result
  }

  static func single(_ text: Substring, _ word: String) -> Int? {
    let digits = text.hasPrefix("#") ? text.dropFirst() : text
    guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
      let value = Int(digits), value >= 1
    else { return nil }
    return value
  }

  static func badID(_ word: String) -> ParseError {
    ParseError("'\(Text.visible(word))' is not a task id; ids look like 12 or #12 (see 'list')")
  }
}
