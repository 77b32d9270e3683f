import SpoonsCore

extension Session {
  /// What Tab offers at the cursor: command names first, then what the command says it
  /// takes (see `SpoonsCommand.completions`).
  public func completions(line: [Character], cursor: Int) -> Completion? {
    let before = String(line[..<cursor])
    var wordStart = cursor
    while wordStart > 0 && line[wordStart - 1] != " " { wordStart -= 1 }
    let words = before.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    let typed = String(line[wordStart..<cursor])
    let completingFirst = words.isEmpty || (words.count == 1 && wordStart == 0)
    if completingFirst {
      return Completion(
        wordStart: wordStart,
        candidates: Self.matchingCase(
          CommandRegistry.infos.map { Completion.Candidate(text: $0.name) }, typed: typed))
    }
    guard let command = CommandRegistry.command(named: words[0]) else { return nil }
    // A tag or context being typed, where the command takes them (a title's tags, `edit`'s
    // changes, a filter): the planner's own, `-` kept for one to leave out.
    if let sigil = typed.first, "+@-".contains(sigil), Self.takesTags(command.info) {
      return tagCandidates(typed).map {
        Completion(wordStart: wordStart, candidates: Self.matchingCase($0, typed: typed))
      }
    }
    let argument = words.count - (wordStart == cursor ? 0 : 1)  // 1 = the first argument
    let context = CompletionContext(words: words, argument: argument)
    return command.completions(context, in: self).map {
      Completion(wordStart: wordStart, candidates: Self.matchingCase($0, typed: typed))
    }
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
        text: typed + candidate.text.dropFirst(typed.count), label: candidate.label)
    }
  }

  /// The tasks `pick` chooses, as ids labelled with their titles and costs; nil when the
  /// planner does not load.
  func taskCandidates(where pick: (SpoonTask) -> Bool) -> [Completion.Candidate]? {
    guard let planner = try? store.load() else { return nil }
    return planner.allTasks.filter(pick).map {
      Completion.Candidate(
        text: String($0.id.rawValue), label: "\($0.id) \($0.title.text) (\($0.spoons.value))")
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
      return Completion.Candidate(text: text, label: "\(text)  \(Renderer.tasks(count))")
    }
  }

  /// Whether a task is on today's list.
  static func isOnToday(_ task: SpoonTask) -> Bool {
    if case .todo = task.placement { return true } else { return false }
  }

  /// The ten costs, labelled with their category's name.
  static var costCandidates: [Completion.Candidate] {
    SpoonCost.all.map { Completion.Candidate(text: String($0.value), label: $0.description) }
  }
}
