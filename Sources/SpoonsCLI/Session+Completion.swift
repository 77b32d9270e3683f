import SpoonsCore

extension Session {
  /// What Tab offers at the cursor: command names first, then what the command takes: task
  /// ids (with their titles) for the task commands, 1 to 10 for a cost, names for `help`,
  /// what `clear` empties.
  public func completions(line: [Character], cursor: Int) -> Completion? {
    let before = String(line[..<cursor])
    var wordStart = cursor
    while wordStart > 0 && line[wordStart - 1] != " " { wordStart -= 1 }
    let words = before.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    let completingFirst = words.isEmpty || (words.count == 1 && wordStart == 0)
    if completingFirst {
      return Completion(
        wordStart: wordStart,
        candidates: CommandCatalog.all.map { Completion.Candidate(text: $0.name) })
    }
    guard let info = CommandCatalog.info(for: words[0]) else { return nil }
    let argumentIndex = words.count - (wordStart == cursor ? 0 : 1)  // 1 = the first argument
    func tasks(_ pick: (SpoonTask) -> Bool) -> Completion? {
      guard let planner = try? store.load() else { return nil }
      let chosen = planner.allTasks.filter(pick)
      return Completion(
        wordStart: wordStart,
        candidates: chosen.map {
          Completion.Candidate(
            text: String($0.id.rawValue), label: "\($0.id) \($0.title.text) (\($0.spoons.value))")
        })
    }
    switch info.name {
    case "plan":
      return tasks {
        switch $0.placement {
        case .category, .backlog: return true
        default: return false
        }
      }
    case "done", "unplan":
      return tasks { if case .todo = $0.placement { return true } else { return false } }
    case "undone": return tasks(\.isDone)
    case "delete": return tasks { _ in true }
    case "edit" where argumentIndex == 1, "show" where argumentIndex == 1:
      return tasks { _ in true }
    case "clear" where argumentIndex == 1:
      return Completion(
        wordStart: wordStart,
        candidates: [ClearTarget.backlog, .completed].map { Completion.Candidate(text: $0.rawValue) })
    case "move" where argumentIndex == 1:
      return tasks { $0.placement == .category }
    case "add" where argumentIndex == 1, "list" where argumentIndex == 1:
      return Completion(
        wordStart: wordStart,
        candidates: SpoonCost.all.map { Completion.Candidate(text: String($0.value), label: $0.description) })
    case "routine" where argumentIndex == 1:
      return Completion(
        wordStart: wordStart,
        candidates: ["add", "list", "remove", "pause", "resume"].map {
          Completion.Candidate(text: $0)
        })
    case "routine" where argumentIndex == 2 && ["remove", "pause", "resume"].contains(words[1]):
      guard let planner = try? store.load() else { return nil }
      return Completion(
        wordStart: wordStart,
        candidates: planner.routines.map {
          Completion.Candidate(text: $0.id.description, label: "\($0.id) \($0.title.text)")
        })
    case "help" where argumentIndex == 1:
      return Completion(
        wordStart: wordStart, candidates: CommandCatalog.all.map { Completion.Candidate(text: $0.name) })
    default:
      return nil
    }
  }
}
