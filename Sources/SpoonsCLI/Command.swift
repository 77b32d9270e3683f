import SpoonsCore

/// One thing the user asked for, already validated: what the parser makes of a line and what
/// the executor applies. The same value whether typed in the REPL, in a script or as argv.
public enum Command: Hashable, Sendable {
  /// `nil` budget: ask for it (REPL only).
  case newDay(budget: Int?)
  case status(json: Bool)
  case categories(json: Bool)
  case add(NewTask)
  case list(category: SpoonCost?, order: TaskOrder, json: Bool)
  case plan([TaskID])
  case todo(json: Bool)
  case done([TaskID])
  case undone([TaskID])
  case unplan([TaskID])
  case backlog(order: TaskOrder, json: Bool)
  case delete([TaskID])
  case move(TaskID, position: Int)
  /// An empty edit shows the task's current values ready to copy.
  case edit(TaskID, TaskEdit)
  case show(TaskID, json: Bool)
  case completed(days: Int, json: Bool)
  case search(String, json: Bool)
  /// `confirmed` is `--yes`; without it the REPL asks and a one-shot command refuses.
  case clear(ClearTarget, confirmed: Bool)
  case help(topic: String?)
  case quit
}

/// What `add` was given.
public struct NewTask: Hashable, Sendable {
  public var spoons: SpoonCost
  public var title: Title
  public var note: String?
  public var location: String?
  public var due: DueDateSpec?
  /// Add even when an open task of the same cost has the same title.
  public var force: Bool

  public init(
    spoons: SpoonCost, title: Title, note: String? = nil, location: String? = nil,
    due: DueDateSpec? = nil, force: Bool = false
  ) {
    self.spoons = spoons
    self.title = title
    self.note = note
    self.location = location
    self.due = due
    self.force = force
  }
}

/// What `clear` empties.
public enum ClearTarget: String, Hashable, Sendable {
  case backlog
  /// Tasks checked off on earlier days.
  case completed
}
