import SpoonsCore

extension Session {
  /// What Tab offers at the cursor: command names first, then what the command says it
  /// takes (see `candidates(after:typed:)`).
  public func completions(line: [Character], cursor: Int) -> Completion? {
    let before = String(line[..<cursor])
    var wordStart = cursor
    while wordStart > 0 && line[wordStart - 1] != " " { wordStart -= 1 }
    let typed = String(line[wordStart..<cursor])
    var words = before.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    if !typed.isEmpty { words.removeLast() }
    return candidates(after: words, typed: typed).map {
      Completion(wordStart: wordStart, candidates: $0)
    }
  }

  /// What Tab offers for the word `typed` after the words `before` (the command's name
  /// first): the one lister behind the REPL's Tab and the shells' (`spoons __complete`), so
  /// both offer the same words. Command names for the first word; after a flag that takes a
  /// value, the values its usage lists (`--sort due|age`), else what the command says; a flag
  /// when a dash is typed; a tag where the command takes them; else the command's own
  /// `completions`. Nil when there is nothing to offer.
  public func candidates(after before: [String], typed: String) -> [Completion.Candidate]? {
    guard let name = before.first else {
      let names = CommandRegistry.infos.map { Completion.Candidate(text: $0.name) }
      return Self.matchingCase(names, typed: typed)
    }
    guard let command = CommandRegistry.command(named: name) else { return nil }
    let info = command.info
    let context = CompletionContext(
      words: before + (typed.isEmpty ? [] : [typed]), argument: before.count)
    let flag = before.count > 1 ? before[before.count - 1].lowercased() : ""
    if info.flags.contains(where: { $0.name == flag && $0.takesValue }) {
      if let choices = info.choices(of: flag) {
        return Self.matchingCase(choices.map { Completion.Candidate(text: $0) }, typed: typed)
      }
      return command.completions(context, in: self).map { Self.matchingCase($0, typed: typed) }
    }
    // A tag or context being typed, where the command takes them (a title's tags, `edit`'s
    // changes, a filter): the planner's own, `-` kept for one to leave out. Any other dash
    // starts a flag.
    if let sigil = typed.first, "+@-".contains(sigil), Self.takesTags(info),
      !typed.hasPrefix("--")
    {
      return tagCandidates(typed).map { Self.matchingCase($0, typed: typed) }
    }
    if typed.hasPrefix("-") {
      let flags = info.flags.map { Completion.Candidate(text: $0.name) }
      return flags.isEmpty ? nil : Self.matchingCase(flags, typed: typed)
    }
    return command.completions(context, in: self).map { Self.matchingCase($0, typed: typed) }
  }

  /// The candidates as completions of what is typed in another case: names and choices match
  /// whatever their case (`Pl` completes to `Plan`, which runs as `plan`), and the line editor
  /// only ever adds to what is typed.
  private static func matchingCase(_ candidates: [Completion.Candidate], typed: String)
    -> [Completion.Candidate]
  {
    guard !typed.isEmpty else { return candidates }
    let lower = typed.lowercased()
    return candidates.map { candidate in
      guard !candidate.text.hasPrefix(typed), candidate.text.lowercased().hasPrefix(lower),
        candidate.text.count >= typed.count
      else { return candidate }
      return Completion.Candidate(
        text: typed + candidate.text.dropFirst(typed.count), label: candidate.label,
        description: candidate.description)
    }
  }

  /// The tasks `pick` chooses, as ids labelled with their titles and costs; nil when the
  /// planner does not load.
  func taskCandidates(where pick: (SpoonTask) -> Bool) -> [Completion.Candidate]? {
    guard let planner = try? store.load() else { return nil }
    return planner.allTasks.filter(pick).map {
      Completion.Candidate(
        text: String($0.id.rawValue), label: "\($0.id) \($0.title.text) (\($0.spoons.value))",
        description: "\($0.title.text), \($0.spoons)")
    }
  }

  /// Whether a command's words may hold tags: a title's (`add`, `rest`), `edit`'s, a filter.
  static func takesTags(_ info: CommandInfo) -> Bool {
    info.usage.contains("FILTER") || info.usage.contains("+TAG")
  }

  /// The tags and contexts the open tasks carry, as `typed` starts them (`-` to leave one
  /// out, `+`/`@` to name one), labelled with how many tasks carry each.
  func tagCandidates(_ typed: String) -> [Completion.Candidate]? {
    guard let planner = try? store.load() else { return nil }
    let minus = typed.hasPrefix("-") ? "-" : ""
    return planner.tagCounts.compactMap { tag, count in
      let text = minus + (minus.isEmpty || tag.kind == .context ? tag.description : tag.name)
      guard text.lowercased().hasPrefix(typed.lowercased()) || typed == minus else { return nil }
      let count = Renderer.tasks(count)
      return Completion.Candidate(text: text, label: "\(text)  \(count)", description: count)
    }
  }

  /// Whether a task is on today's list.
  static func isOnToday(_ task: SpoonTask) -> Bool {
    if case .todo = task.placement { return true } else { return false }
  }

  /// The ten costs, labelled with their category's name.
  static var costCandidates: [Completion.Candidate] {
    SpoonCost.all.map {
      Completion.Candidate(
        text: String($0.value), label: $0.description, description: $0.description)
    }
  }
}
