import SpoonsCore

/// The words after the command name, consumed left to right, with the checks every command
/// shares: flags, options, numbers, ids and titles. A refusal says what is wrong in the user's
/// words (never the usage's `N` or `ID`) and, where a line can show it, an example that parses.
///
/// Option names match whatever their case (`--Rest`, `--JSON`), as command names do; their
/// values keep theirs.
public struct Arguments {
  private var words: [String]
  /// Where each of `words` stood in what was typed.
  private var origins: [Int]
  /// The words as typed after the command's name.
  private let typed: [String]
  /// Where the value of each option taken stood in what was typed, and the option. A few, so
  /// an array: a dictionary costs a one-shot command a runtime conformance lookup.
  private var values: [(place: Int, option: String, inline: Bool)] = []
  private let info: CommandInfo
  /// The options taken so far, to tell one given twice from one the command does not have.
  private var taken: [String] = []
  /// The form the words chose, when a command has several (`history --changes`,
  /// `routine list`): an option of another form is refused as not going with it. Its
  /// example is one that parses.
  var form: (name: String, example: String)?

  init(_ words: [String], info: CommandInfo) {
    self.words = words
    self.origins = Array(words.indices)
    self.typed = words
    self.info = info
  }

  /// The command's example, for refusals: a line that parses.
  var example: String { info.example }

  mutating func next() -> String? { words.isEmpty ? nil : remove(at: 0) }

  @discardableResult
  private mutating func remove(at index: Int) -> String {
    origins.remove(at: index)
    return words.remove(at: index)
  }

  /// The words before `--` (after it, everything is literal text).
  private var optionWords: Range<Int> { 0..<(words.firstIndex(of: "--") ?? words.count) }

  /// Whether `word` is the option `name` (`--json`, `--JSON`), alone or as `--name=value`.
  private static func names(_ word: String, _ name: String, withValue: Bool = false) -> Bool {
    let lower = word.lowercased()
    return lower == name || (withValue && lower.hasPrefix(name + "="))
  }

  /// Takes `flag` when it is there; a second one is refused where the leftovers are.
  mutating func takeFlag(_ flag: String) -> Bool {
    guard let index = words[optionWords].firstIndex(where: { Self.names($0, flag) }) else {
      return false
    }
    remove(at: index)
    taken.append(flag)
    return true
  }

  /// `--name VALUE` or `--name=VALUE`, anywhere before `--`, at most once; nil when absent.
  ///
  /// - Parameter missing: the refusal of the name with no value after it, made only then
  ///   (an example's text costs more to build than most commands' parse).
  mutating func option(_ name: String, missing: @autoclosure () -> ParseError? = nil)
    throws(ParseError) -> String?
  {
    let value = try takeOption(name, missing: missing)
    if value != nil, try takeOption(name, missing: missing) != nil { throw twice(name) }
    if value != nil { taken.append(name) }
    return value
  }

  /// The word after `name`'s value (`--days every 3 days`: `3`), before the option is taken:
  /// what a value of several words typed without quotes leaves behind.
  func wordAfterValue(of name: String) -> String? {
    guard let index = words[optionWords].firstIndex(where: { Self.names($0, name) }),
      index + 2 < words.count
    else { return nil }
    return words[index + 2]
  }

  /// `--name N`: a number; nil when absent.
  mutating func number(option name: String, _ number: NumberArgument) throws(ParseError)
    -> Int?
  {
    try option(
      name,
      missing: ParseError(
        "\(name) needs \(number.what) after it, \(number.kind), e.g. \(number.example)")
    ).map(number.parse)
  }

  private mutating func takeOption(_ name: String, missing: () -> ParseError?)
    throws(ParseError) -> String?
  {
    for index in optionWords {
      let word = words[index]
      if Self.names(word, name) {
        guard index + 1 < words.count, words[index + 1] != "--" else {
          let shown = example.contains(name) ? ", e.g. \(example)" : ""
          throw missing() ?? ParseError("\(name) needs a value after it\(shown)")
        }
        values.append((origins[index + 1], name, false))
        let value = remove(at: index + 1)
        remove(at: index)
        return value
      }
      if Self.names(word, name, withValue: true) {
        values.append((origins[index], name, true))
        remove(at: index)
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
    guard let chosen = TaskOrder(rawValue: key.lowercased()), allowed.contains(chosen) else {
      let keys = Self.list(allowed.map(\.rawValue), or: true)
      throw ParseError(
        "\(info.name) sorts by \(keys), not '\(Text.echoed(key))', e.g. \(info.name) --sort "
          + allowed[0].rawValue)
    }
    return chosen
  }

  /// How many days to look back: `--days N`, or the number alone (`stats 60`, `history 7`).
  /// Every command that looks back takes both, so neither is refused for being the other's.
  /// `filtered`: a filter may follow, so only a word that looks like a number is the days.
  mutating func days(default days: Int, example: String, filtered: Bool = false)
    throws(ParseError) -> Int
  {
    let number = NumberArgument.lookBack(example)
    let option = try self.number(option: "--days", number)
    if filtered, let word = words.first, !Self.looksLikeNumber(word) { return option ?? days }
    // A word that is no number right after a file name is more of the name (`--html my
    // report.html`), for `finish` to say so.
    let runsOn = origins.first.flatMap { value(at: $0 - 1) }.map { freeText.contains($0.option) }
    let numeric = words.first?.first.map { $0.isNumber || $0 == "-" || $0 == "+" } ?? false
    let plain = runsOn == true && !numeric ? nil : try optionalNumber(number)
    if option != nil && plain != nil {
      throw ParseError("the days to look back are given twice; give them once, e.g. \(example)")
    }
    return option ?? plain ?? days
  }

  mutating func jsonFlagOnly() throws(ParseError) -> Bool {
    let json = takeFlag("--json")
    try finish()
    return json
  }

  /// Refuses anything left over.
  func finish() throws(ParseError) {
    guard let extra = words.first else { return }
    if extra.hasPrefix("-") && extra != "-" && !extra.allSatisfy({ $0 == "-" || $0.isNumber }) {
      throw refusal(option: extra)
    }
    if let runOn = runOn(in: origins, whole: false) { throw runOn }
    throw refusal(extra: extra)
  }

  /// A number the command needs.
  mutating func number(_ number: NumberArgument) throws(ParseError) -> Int {
    guard let word = words.first, word != "--" else { throw number.missing(in: info.name) }
    if word.hasPrefix("--") { throw refusal(option: word) }
    remove(at: 0)
    return try number.parse(word)
  }

  /// A number the command may take first; nil when the next word is not one (an option, or
  /// nothing).
  mutating func optionalNumber(_ number: NumberArgument) throws(ParseError) -> Int? {
    guard let word = words.first, !word.hasPrefix("--") else { return nil }
    remove(at: 0)
    return try number.parse(word)
  }

  /// A cost the command needs.
  mutating func cost(_ number: NumberArgument) throws(ParseError) -> SpoonCost {
    try Self.cost(try self.number(number), number)
  }

  /// The words left, all of them, and where the words after `--` start (`literal`,
  /// the count when there is no `--`): from there on every word is text, wherever the `--`
  /// stood (`add 2 Call -- +1 @home` keeps `+1 @home` in the title).
  mutating func restWords(needing what: String, example: String? = nil)
    throws(ParseError) -> (words: [String], literal: Int)
  {
    let dashes = words.firstIndex(of: "--")
    if let option = words[..<(dashes ?? words.count)].first(where: { $0.hasPrefix("--") }) {
      throw refusal(option: option, inText: true)
    }
    // Words on both sides of an option's value: the value most likely ran on
    // (`add 3 Pharmacy --where High St`), which would make the title "Pharmacy St". Looked
    // for with the `--` still in its place, so that it makes no gap of its own; a `--` first
    // says every word is meant.
    if dashes != 0, zip(origins, origins.dropFirst()).contains(where: { $1 != $0 + 1 }),
      let runOn = runOn(in: origins, whole: true)
    {
      throw runOn
    }
    if let dashes { _ = remove(at: dashes) }
    let literal = dashes ?? words.count
    guard !words.isEmpty else {
      throw ParseError("\(info.name) needs \(what), e.g. \(example ?? self.example)")
    }
    defer {
      words.removeAll()
      origins.removeAll()
    }
    return (words, literal)
  }

  mutating func id() throws(ParseError) -> TaskRef {
    guard let word = next() else {
      throw ParseError("\(info.name) needs a task id, e.g. \(example)")
    }
    if word.hasPrefix("--") { throw refusal(option: word) }
    let ids = try parseIDs(word)
    guard ids.count == 1 else {
      throw ParseError(
        "\(info.name) takes one task id, not '\(Text.echoed(word))', e.g. \(example)")
    }
    return ids[0]
  }

  /// The tasks a command acts on: ids (`3 5`, `3-6`, `4,7`), or, when the first word is
  /// none (`+phone`, `in:backlog`), a filter of every word left.
  mutating func selection() throws(ParseError) -> TaskSelection {
    let yes = takeFlag("--yes")
    guard let first = words.first, !Self.startsAsID(first) else {
      return .ids(try ids(), yes: yes)
    }
    return .matching(try filter(), yes: yes)
  }

  /// Whether a word is taken as ids, not a filter: it starts as a number does (`12`, `#12`,
  /// `3-6`, `-3`), or is an option or `--`.
  static func startsAsID(_ word: String) -> Bool {
    word.hasPrefix("--") || word.hasPrefix("#") || looksLikeNumber(word)
      || word.first.map { $0.isASCII && $0.isNumber } == true
  }

  /// The ids at the front (`edit 3-6 --due fri`), up to the first word that is not one,
  /// which `finish` then refuses in its words (a value that ran on, most likely).
  mutating func leadingIDs() throws(ParseError) -> [TaskRef] {
    guard let first = words.first, first != "--", !first.hasPrefix("--") else {
      throw ParseError("\(info.name) needs a task id, e.g. \(example)")
    }
    var result: [TaskRef] = []
    while let word = words.first, Self.startsAsID(word), !word.hasPrefix("--") {
      result += try parseIDs(word)
      remove(at: 0)
      guard result.count <= Self.maxSelection else {
        throw ParseError("at most \(Self.maxSelection) tasks at once")
      }
    }
    try finish()
    return result
  }

  /// One or more ids: `12`, `#12`, ranges `3-6`, lists `3,5`, in any mix.
  mutating func ids() throws(ParseError) -> [TaskRef] {
    var result: [TaskRef] = []
    guard !words.isEmpty else {
      throw ParseError("\(info.name) needs task ids, e.g. \(example)")
    }
    while let word = next() {
      if word.hasPrefix("--") { throw refusal(option: word) }
      result += try parseIDs(word)
      guard result.count <= Self.maxSelection else {
        throw ParseError("at most \(Self.maxSelection) tasks at once")
      }
    }
    return result
  }

  func parseIDs(_ word: String) throws(ParseError) -> [TaskRef] {
    var result: [TaskRef] = []
    for part in word.split(separator: ",", omittingEmptySubsequences: false) {
      let bounds = part.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
      guard bounds.count <= 2, let low = try single(bounds[0], in: word) else {
        throw badID(word)
      }
      if bounds.count == 2 {
        guard let high = try single(bounds[1], in: word), high >= low else {
          throw ParseError(
            "'\(Text.echoed(word))' is not a range of task ids; write a range low to high, "
              + "e.g. \(info.name) 3-6")
        }
        guard high - low < Self.maxSelection else {
          throw ParseError("at most \(Self.maxSelection) tasks at once")
        }
        result += (low...high).map { TaskRef(typed: $0) }
      } else {
        result.append(TaskRef(typed: low))
      }
    }
    return result
  }

  /// One id's number (`12`, `#12`); nil when it is not one. A number too long for any id is
  /// refused as too big.
  private func single(_ text: Substring, in word: String) throws(ParseError) -> Int? {
    let digits = text.hasPrefix("#") ? text.dropFirst() : text
    guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    guard let value = Self.single(text) else {
      guard digits.drop(while: { $0 == "0" }).isEmpty else {
        throw ParseError(
          "'\(Text.echoed(word))' is too big for a task id; \(Self.idForms), e.g. \(example)")
      }
      return nil
    }
    return value
  }

  /// `12` or `#12` as a number from 1; nil otherwise.
  static func single(_ text: Substring) -> Int? {
    let digits = text.hasPrefix("#") ? text.dropFirst() : text
    guard !digits.isEmpty, digits.drop(while: { $0 == "0" }).count <= NumberArgument.maxDigits,
      digits.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(digits), value >= 1
    else { return nil }
    return value
  }

  private static let idForms = "ids are whole numbers from 1, like 12 or #12 (see 'list')"

  func badID(_ word: String) -> ParseError {
    ParseError("'\(Text.echoed(word))' is not a task id; \(Self.idForms), e.g. \(example)")
  }
}

// MARK: - Refusing what is left over

extension Arguments {
  /// An option that is not taken here, said for what it is: one given twice, one of spoons
  /// itself, one of the command's other form, or one the command does not have (with the
  /// closest it does have).
  ///
  /// - Parameter inText: the option stands among a title's or a search's words, where `--`
  ///   before them keeps it as text.
  func refusal(option word: String, inText: Bool = false) -> ParseError {
    let name = String(word.prefix { $0 != "=" }).lowercased()
    let shown = Text.echoed(name)
    let keep = " (to keep \(shown) in the text, put -- before the text)"
    if taken.contains(name) { return twice(name) }
    if isGlobal(name) {
      let example = ["--help", "--version"].contains(name) ? "" : " status"
      return ParseError(
        "\(shown) is an option of spoons itself and goes before the command, when starting "
          + "spoons, e.g. spoons \(name)\(name == "--data" ? " ~/spoons" : "")\(example)")
    }
    if let flag = info.flags.first(where: { $0.name == name }) {
      if word.contains("="), !flag.takesValue {
        return ParseError("\(shown) takes no value; write it alone, as \(name)")
      }
      if let form {
        return ParseError(
          "\(shown) can't be used with \(form.name)\(inText ? keep : ""), e.g. \(form.example)")
      }
      return ParseError("\(shown) is not valid here\(inText ? keep : ""), e.g. \(example)")
    }
    var refusal = "\(info.name) has no option '\(shown)'"
    let names = info.flags.map(\.name)
    if let near = names.first(where: {
      CommandRegistry.editDistance(name, $0) <= max(1, $0.count / 4)
    }) {
      refusal += "; did you mean \(near)?"
    } else {
      refusal += "; " + optionList
    }
    return ParseError(refusal + (inText ? keep : ""))
  }

  /// The option whose value stood at `place` in what was typed.
  private func value(at place: Int) -> (option: String, inline: Bool)? {
    values.first { $0.place == place }.map { ($0.option, $0.inline) }
  }

  /// The refusal of an option's value that ran on into the words typed after it
  /// (`--where High St`, `--title Call mum`), with the line that quotes them together; nil
  /// when no free-text option's value is followed by words left over.
  ///
  /// - Parameters:
  ///   - leftover: where the words left over stood in what was typed.
  ///   - whole: the leftovers are a title, which must be one run of words once the values
  ///     have taken theirs; else nothing is suggested.
  private func runOn(in leftover: [Int], whole: Bool) -> ParseError? {
    let left = Set(leftover)
    var runs: [Int: [Int]] = [:]
    for value in values where freeText.contains(value.option) {
      let place = value.place
      var next = place + 1
      while left.contains(next), !typed[next].hasPrefix("-") {
        runs[place, default: []].append(next)
        next += 1
      }
    }
    guard let first = runs.keys.min(), let option = value(at: first)?.option else { return nil }
    if whole {
      let rest = leftover.filter { place in !runs.values.contains { $0.contains(place) } }
      guard !rest.isEmpty, zip(rest, rest.dropFirst()).allSatisfy({ $1 == $0 + 1 }) else {
        return nil
      }
    }
    var line = [info.name]
    var skip = Set<Int>()
    for (place, word) in typed.enumerated() where !skip.contains(place) {
      guard let run = runs[place], let value = value(at: place) else {
        line.append(Tokenizer.word(word))
        continue
      }
      skip.formUnion(run)
      let text = ([word] + run.map { typed[$0] }).joined(separator: " ")
      line.append(
        value.inline
          ? value.option + "=" + Tokenizer.quoted(
            String(text.dropFirst(value.option.count + 1)), preferring: "\"")
          : Tokenizer.quoted(text, preferring: "\""))
    }
    return ParseError(
      "\(option) takes one word unless its words are quoted; try: "
        + Text.visible(line.joined(separator: " ")))
  }

  /// The options whose value is free text (a title, note, place or file name), which may
  /// well be several words.
  private var freeText: Set<String> {
    let words = info.usage.split(separator: " ").map(String.init)
    return Set(
      zip(words, words.dropFirst()).compactMap { flag, value in
        let name = flag.drop { $0 == "[" || $0 == "|" }
        let meta = value.prefix { $0.isLetter }
        return name.hasPrefix("--") && ["T", "TEXT", "PLACE", "FILE"].contains(meta)
          ? String(name) : nil
      })
  }

  /// A word the command does not take.
  func refusal(extra word: String) -> ParseError {
    ParseError(
      "\(info.name) does not take '\(Text.echoed(word))', e.g. \(form?.example ?? example)")
  }

  private func twice(_ name: String) -> ParseError {
    ParseError("\(name) is given twice; give it once")
  }

  /// "its options are --due, --where and --force": what the command does have.
  private var optionList: String {
    let names = info.flags.map(\.name)
    switch names.count {
    case 0: return "\(info.name) takes no options"
    case 1: return "its only option is \(names[0])"
    default: return "its options are \(Self.list(names, or: false))"
    }
  }

  private func isGlobal(_ name: String) -> Bool {
    GlobalOptions.documented.contains { $0.flag == name }
  }

  /// "a, b and c" (or "a, b or c").
  static func list(_ items: [String], or: Bool) -> String {
    guard items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + (or ? " or " : " and ")
      + items[items.count - 1]
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

  /// `n` as a cost, as `SpoonCost` judges it, refused in `number`'s words.
  static func cost(_ n: Int, _ number: NumberArgument) throws(ParseError) -> SpoonCost {
    do {
      return try SpoonCost(n)
    } catch {
      throw number.refusal("\(n) is too \(n < SpoonCost.range.lowerBound ? "small" : "big")")
    }
  }

  /// A title from the rest of the words.
  /// A title where tags are not kept (a routine's): a `+tag` or `@context` word is refused,
  /// not kept as title text that reads like a tag; after `--` every word is title.
  mutating func title(example: String? = nil) throws(ParseError) -> Title {
    let (words, literal) = try restWords(needing: "a title", example: example)
    let typed = Array(words[..<literal])
    if let tag = try Self.valid({ () throws(PlannerError) in try Tag.split(typed) }).tags.first {
      throw ParseError(
        "a routine's title takes no tags ('\(tag)'); put -- before the title to keep the word "
          + "as text, e.g. routine add 1 -- Meds \(tag)")
    }
    return try Self.valid { () throws(PlannerError) in try Title(Text.joined(words, separator: " ")) }
  }

  /// A title and the tags among its words (`Call GP +health @phone`), by `Tag`'s rule; after
  /// `--` every word is title.
  mutating func titleAndTags(example: String) throws(ParseError) -> (title: Title, tags: [Tag]) {
    let (all, literal) = try restWords(needing: "a title", example: example)
    let typed = Array(all[..<literal])
    var (tags, words) = try Self.valid { () throws(PlannerError) in try Tag.split(typed) }
    words += all[literal...]
    guard !words.isEmpty else {
      throw ParseError(
        "a task needs a title besides its tags, e.g. \(info.name) 2 Call GP +health @phone")
    }
    let title = try Self.valid { () throws(PlannerError) in
      try Title(Text.joined(words, separator: " "))
    }
    return (title, tags)
  }

  /// Every word left, as a filter (`TaskFilter`): `+tag`, `@context`, `due:fri`, `overdue`,
  /// `in:backlog`, words of the title.
  mutating func filter() throws(ParseError) -> TaskFilter {
    if let option = words.first(where: { $0.hasPrefix("--") }) { throw refusal(option: option) }
    // An option typed with one dash (`-json`) is a slip, not a word to leave out.
    if words.contains(where: { $0.hasPrefix("-") }) {
      let options = info.usage.split(whereSeparator: { " []|".contains($0) }).filter {
        $0.hasPrefix("--")
      }.map { $0.lowercased() }
      if let slip = words.first(where: { options.contains("-" + $0.lowercased()) }) {
        throw ParseError(
          "'\(Text.echoed(slip))' has one dash; did you mean -\(slip)? e.g. \(example)")
      }
    }
    // A number is no word of a title anyone filters by: most likely a second category or an
    // id, refused rather than matched against titles.
    if let number = words.first(where: Self.looksLikeNumber) {
      throw ParseError(
        "\(info.name) does not take the number '\(Text.echoed(number))' here; a filter is "
          + "+tag, @context, spoons:3, due:fri, overdue, in:backlog or words of a title, "
          + "e.g. \(example)")
    }
    defer {
      words.removeAll()
      origins.removeAll()
    }
    do {
      return try TaskFilter(words: words)
    } catch {
      throw Self.refusal(error)
    }
  }

  /// A filter word's refusal, with the word made safe to print (it may hold escapes).
  static func refusal(_ error: FilterError) -> ParseError {
    let shown: FilterError
    switch error {
    case .badDate(let word): shown = .badDate(Text.echoed(word))
    case .badPlace(let word): shown = .badPlace(Text.echoed(word))
    case .notNegatable(let word): shown = .notNegatable(Text.echoed(word))
    case .badSpoons(let word): shown = .badSpoons(Text.echoed(word))
    case .tag, .emptyWord: shown = error
    }
    return ParseError(shown.description)
  }

  /// `12`, `-3`, `1.5`, `#4`: a word made of digits but for a sign, a point or a `#`.
  static func looksLikeNumber(_ word: String) -> Bool {
    let body = word.drop { $0 == "-" || $0 == "+" || $0 == "#" }
    return body.first?.isASCII == true && body.first!.isNumber
      && body.allSatisfy { ($0.isASCII && $0.isNumber) || $0 == "." || $0 == "," }
  }

  /// Whether the next word is taken as ids (`selection`), not as a filter.
  var nextIsID: Bool { words.first.map(Self.startsAsID) ?? true }

  /// Whether the next word is a number (a category, say), not a filter word.
  var nextIsNumber: Bool {
    guard let word = words.first, !word.isEmpty else { return false }
    return word.utf8.allSatisfy { $0 >= 48 && $0 <= 57 }
  }

  /// The `+tag`, `@context`, `-tag` and `-@context` words left: what `edit` adds and takes
  /// away.
  mutating func tagChanges() throws(ParseError) -> TagChange {
    var change = TagChange()
    var index = 0
    while index < words.count, words[index] != "--" {
      let word = words[index]
      let removing = word.hasPrefix("-") && !word.hasPrefix("--")
      let tagWord = removing ? (word.dropFirst().hasPrefix("@") ? String(word.dropFirst()) : "+" + word.dropFirst()) : word
      guard let tag = try Self.valid({ () throws(PlannerError) in try Tag(word: tagWord) }) else {
        index += 1
        continue
      }
      if removing { change.removing.append(tag) } else { change.adding.append(tag) }
      remove(at: index)
    }
    if let both = change.adding.first(where: change.removing.contains) {
      throw ParseError("\(both) is both added and taken away; give it once")
    }
    return change
  }
}
