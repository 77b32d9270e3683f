import SpoonsCore
import SpoonsStore

/// Turns words into a `Command`, or a `ParseError` that says what was wrong and how to do it
/// right. Pure: the REPL, scripts and one-shot argv all come through here.
public enum CommandParser {
  /// The most ids one selection may expand to, so `plan 1-99999999` is refused, not ground through.
  public static let maxSelection = 1_000
  /// The most changes one `undo` or `redo` takes: the whole recorded history.
  public static let maxSteps = PlannerStore.undoLimit

  /// Parses one REPL or script line.
  public static func parse(line: String) throws(ParseError) -> Command? {
    let words = try Tokenizer.words(line)
    return words.isEmpty ? nil : try parse(words)
  }

  /// Parses words (argv after the global options, or a tokenized line).
  public static func parse(_ words: [String]) throws(ParseError) -> Command {
    guard let first = words.first else { throw ParseError("no command given; try 'help'") }
    guard let info = CommandCatalog.info(for: first) else {
      let shown = Text.echoed(first)
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
    case "backlog":
      let json = args.takeFlag("--json")
      let order = try args.order(allowed: [.due, .age, .spoons], default: .user)
      try args.finish()
      return .backlog(order: order, json: json)
    case "list":
      let json = args.takeFlag("--json")
      let order = try args.order(allowed: [.due, .created, .title], default: .user)
      let category = try args.optionalNumber(named: "N").map { n throws(ParseError) in
        try spoonCost(n)
      }
      try args.finish()
      return .list(category: category, order: order, json: json)
    case "add":
      let force = args.takeFlag("--force")
      let isRest = args.takeFlag("--rest")
      let due = try args.option("--due").map(dueDate)
      let place = try args.option("--where").flatMap { text throws(ParseError) in
        try valid { () throws(PlannerError) in try TaskDetail.place.validate(text) }
      }
      let note = try args.option("--note").flatMap { text throws(ParseError) in
        try valid { () throws(PlannerError) in try TaskDetail.note.validate(text) }
      }
      let spoons = try spoonCost(try args.number(named: "N"))
      let words = try args.rest(named: "TITLE")
      let title = try valid { () throws(PlannerError) in try Title(words) }
      return .add(
        NewTask(
          spoons: spoons, title: title, note: note, location: place, due: due, force: force,
          isRest: isRest))
    case "edit":
      var edit = TaskEdit()
      if let title = try args.option("--title") {
        edit.title = try valid { () throws(PlannerError) in try Title(title) }
      }
      if let n = try args.option("--spoons") {
        edit.spoons = try spoonCost(try Arguments.wholeNumber(n, name: "--spoons", command: "edit"))
      }
      if let note = try args.option("--note") {
        _ = try valid { () throws(PlannerError) in try TaskDetail.note.validate(note) }
        edit.note = note
      }
      if let place = try args.option("--where") {
        _ = try valid { () throws(PlannerError) in try TaskDetail.place.validate(place) }
        edit.location = place
      }
      let due = try args.option("--due").map(dueDate)
      let noDue = args.takeFlag("--no-due")
      if due != nil && noDue { throw ParseError("use --due D or --no-due, not both") }
      if let due { edit.due = .set(due) }
      if noDue { edit.due = .clear }
      let id = try args.id()
      try args.finish()
      return .edit(id, edit)
    case "show":
      let json = args.takeFlag("--json")
      let id = try args.id()
      try args.finish()
      return .show(id, json: json)
    case "completed":
      let json = args.takeFlag("--json")
      let days = try lookingBack(args.optionalNumber(named: "DAYS") ?? 7, name: "DAYS")
      try args.finish()
      return .completed(days: days, json: json)
    case "history":
      if args.takeFlag("--changes") {  // the undo history rather than the days
        let limit = try args.optionalNumber(named: "N") ?? 10
        try args.finish()
        return .changes(limit: try steps(limit))
      }
      let json = args.takeFlag("--json")
      let days = try lookingBack(args.optionalNumber(named: "DAYS") ?? 14, name: "DAYS")
      try args.finish()
      return .history(days: days, json: json)
    case "stats":
      let json = args.takeFlag("--json")
      let days = try args.days(default: 30)
      try args.finish()
      return .stats(days: days, json: json)
    case "chart":
      let ascii = args.takeFlag("--ascii")
      let days = try args.days(default: 14)
      try args.finish()
      return .chart(days: days, ascii: ascii)
    case "report":
      let file = try args.option("--html")
      guard let file else { throw ParseError("report needs --html FILE; \(args.usage)") }
      guard !file.isEmpty, !file.hasPrefix("--") else {
        throw ParseError("--html needs a file name, not '\(Text.echoed(file))'; \(args.usage)")
      }
      let days = try args.days(default: 30)
      try args.finish()
      return .report(htmlFile: file, days: days)
    case "search":
      let json = args.takeFlag("--json")
      let text = try args.rest(named: "TEXT").trimmingSpaces
      guard !text.isEmpty else { throw ParseError("search needs TEXT; \(args.usage)") }
      return .search(text, json: json)
    case "clear":
      let yes = args.takeFlag("--yes")
      guard let word = args.next() else { throw ParseError("clear needs what to clear; \(args.usage)") }
      guard let target = ClearTarget(rawValue: word) else {
        throw ParseError("clear empties 'backlog' or 'completed', not '\(Text.echoed(word))'")
      }
      try args.finish()
      return .clear(target, confirmed: yes)
    case "plan":
      let borrow = args.takeFlag("--borrow")
      let useReserve = args.takeFlag("--use-reserve")
      return .plan(try args.ids(), borrow: borrow, useReserve: useReserve)
    case "borrow":
      let n = try args.number(named: "N")
      try args.finish()
      guard (1...Day.budgetRange.upperBound).contains(n) else {
        throw ParseError(PlannerError.invalidBorrow(n).description)
      }
      return .borrow(n)
    case "rest":
      let spoons = try spoonCost(try args.number(named: "N"))
      let words = try args.rest(named: "TITLE")
      return .rest(spoons, try valid { () throws(PlannerError) in try Title(words) })
    case "routine":
      return .routine(try routine(&args))
    case "suggest":
      let plan = args.takeFlag("--plan")
      let max = try args.option("--max").map { word throws(ParseError) in
        try Arguments.wholeNumber(word, name: "--max", command: "suggest")
      }
      try args.finish()
      if let max, !(1...maxSelection).contains(max) {
        throw ParseError("--max must be from 1 to \(maxSelection), not \(max)")
      }
      return .suggest(max: max, plan: plan)
    case "reserve":
      let n = try args.optionalNumber(named: "N")
      try args.finish()
      if let n, !Day.budgetRange.contains(n) {
        throw ParseError(PlannerError.invalidReserve(n).description)
      }
      return .reserve(n)
    case "undo", "redo":
      let count = try args.optionalNumber(named: "N") ?? 1
      try args.finish()
      return info.name == "undo" ? .undo(try steps(count)) : .redo(try steps(count))
    case "export":
      let format = try args.option("--format")
      let output = try args.option("--output")
      try args.finish()
      guard let kind = ExportKind(rawValue: format ?? "json") else {
        throw ParseError("--format is json or csv, not '\(Text.echoed(format ?? ""))'")
      }
      if let output, output.isEmpty { throw ParseError("--output needs a file name") }
      return .export(kind, output: output)
    case "import":
      let replace = args.takeFlag("--replace")
      guard let file = args.next(), !file.isEmpty else {
        throw ParseError("import needs FILE; \(args.usage)")
      }
      try args.finish()
      return .importFile(file, replace: replace)
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
          throw ParseError("no command '\(Text.echoed(topic))'; did you mean '\(suggestion)'?")
        }
        throw ParseError("no command '\(Text.echoed(topic))'; 'help' lists the commands")
      }
      return .help(topic: topic.flatMap { CommandCatalog.info(for: $0)?.name })
    default:  // quit
      try args.finish()
      return .quit
    }
  }

  static func routine(_ args: inout Arguments) throws(ParseError) -> RoutineCommand {
    guard let verb = args.next() else { return .list(json: false) }
    switch verb {
    case "list", "ls":
      return .list(json: try args.jsonFlagOnly())
    case "--json":
      try args.finish()
      return .list(json: true)
    case "add":
      let isRest = args.takeFlag("--rest")
      let days = try args.option("--days").map { word throws(ParseError) in
        guard let days = Weekdays(word), !days.isEmpty else {
          throw ParseError(
            "'\(Text.echoed(word))' is not a set of days; use \(Weekdays.acceptedForms)")
        }
        return days
      }
      let spoons = try spoonCost(try args.number(named: "N"))
      let words = try args.rest(named: "TITLE")
      let title = try valid { () throws(PlannerError) in try Title(words) }
      return .add(spoons, title, days: days ?? .everyDay, isRest: isRest)
    case "remove", "rm", "delete", "pause", "resume":
      guard let word = args.next() else {
        throw ParseError("routine \(verb) needs a routine id like r2; \(args.usage)")
      }
      let id = try routineID(word)
      try args.finish()
      switch verb {
      case "pause": return .pause(id)
      case "resume": return .resume(id)
      default: return .remove(id)
      }
    default:
      throw ParseError(
        "routine takes add, list, remove, pause or resume, not '\(Text.echoed(verb))'; "
          + args.usage)
    }
  }

  /// `r2`, `R2` or `2`.
  static func routineID(_ word: String) throws(ParseError) -> RoutineID {
    let digits = word.first == "r" || word.first == "R" ? word.dropFirst() : Substring(word)
    guard digits.first != "#", let n = Arguments.single(digits, word) else {
      throw ParseError("'\(Text.echoed(word))' is not a routine id; they look like r2 (see 'routine list')")
    }
    return RoutineID(n)
  }

  /// The longest look back `completed`, `history`, `stats`, `chart` and `report` take: ten
  /// years.
  public static let maxDays = 3_660

  /// `n` when it is a number of changes we keep (1 to `maxSteps`).
  static func steps(_ n: Int) throws(ParseError) -> Int {
    guard (1...maxSteps).contains(n) else {
      throw ParseError("N must be from 1 to \(maxSteps), not \(n)")
    }
    return n
  }

  /// `days` when it is a look back we take (1 to `maxDays`).
  static func lookingBack(_ days: Int, name: String) throws(ParseError) -> Int {
    guard (1...maxDays).contains(days) else {
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

  /// `--days N`: how many days to look back (1 to `CommandParser.maxDays`).
  mutating func days(default days: Int) throws(ParseError) -> Int {
    guard let word = try option("--days") else { return days }
    let n = try Self.wholeNumber(word, name: "--days", command: info.name)
    return try CommandParser.lookingBack(n, name: "--days")
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
            "'\(Text.echoed(word))' is not a range of task ids; write ranges low-high, like 3-6")
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
    ParseError("'\(Text.echoed(word))' is not a task id; ids look like 12 or #12 (see 'list')")
  }
}
