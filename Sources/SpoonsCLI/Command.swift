import SpoonsCore

/// One thing the user asked for, already validated: what the parser makes of a line and what
/// the executor applies. The same value whether typed in the REPL, in a script or as argv.
public enum Command: Hashable, Sendable {
  /// `nil` budget: ask for it (REPL only).
  case newDay(budget: Int?)
  case status(json: Bool)
  case categories(json: Bool)
  case add(spoons: SpoonCost, title: Title)
  case list(category: SpoonCost?, json: Bool)
  case plan([TaskID])
  case todo(json: Bool)
  case done([TaskID])
  case undone([TaskID])
  case unplan([TaskID])
  case backlog(json: Bool)
  case delete([TaskID])
  case move(TaskID, position: Int)
  case help(topic: String?)
  case quit
}
