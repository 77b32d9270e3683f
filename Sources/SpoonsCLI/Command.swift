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
  /// `borrow`: borrow from tomorrow what the selection needs; `useReserve`: plan into the
  /// reserve.
  case plan([TaskID], borrow: Bool = false, useReserve: Bool = false)
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
  /// The last `days` days, one line each, today last. (`history --changes`, the undo log, is
  /// meant to be a case of its own beside this one.)
  case history(days: Int, json: Bool)
  /// Averages, plan done, borrowing, rests, categories and the streak over the last `days` days.
  case stats(days: Int, json: Bool)
  /// Budget and spent per day as a terminal chart; `ascii`: plain ASCII whatever the locale.
  case chart(days: Int, ascii: Bool)
  /// A self-contained HTML page of the last `days` days, written to `htmlFile`.
  case report(htmlFile: String, days: Int)
  case search(String, json: Bool)
  /// `confirmed` is `--yes`; without it the REPL asks and a one-shot command refuses.
  case clear(ClearTarget, confirmed: Bool)
  case borrow(Int)
  /// A rest straight onto today's list.
  case rest(SpoonCost, Title)
  case routine(RoutineCommand)
  /// `max`: at most that many tasks; `plan`: plan them too.
  case suggest(max: Int?, plan: Bool)
  /// nil: show the reserve.
  case reserve(Int?)
  /// Take back the last N changes, or do again the last N undone.
  case undo(Int)
  case redo(Int)
  /// `history --changes [N]`: the last N recorded changes.
  case changes(limit: Int)
  /// The whole planner to standard output, or to `output`.
  case export(ExportKind, output: String?)
  /// Merge an export by id; `replace`: put it in the planner's place.
  case importFile(String, replace: Bool)
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
  /// A rest: gives its spoons back when checked off.
  public var isRest: Bool

  public init(
    spoons: SpoonCost, title: Title, note: String? = nil, location: String? = nil,
    due: DueDateSpec? = nil, force: Bool = false, isRest: Bool = false
  ) {
    self.spoons = spoons
    self.title = title
    self.note = note
    self.location = location
    self.due = due
    self.force = force
    self.isRest = isRest
  }
}

/// What `clear` empties.
public enum ClearTarget: String, Hashable, Sendable {
  case backlog
  /// Tasks checked off on earlier days.
  case completed
}

/// The `routine` subcommands.
public enum RoutineCommand: Hashable, Sendable {
  case add(SpoonCost, Title, days: Weekdays, isRest: Bool)
  case list(json: Bool)
  case remove(RoutineID)
  case pause(RoutineID)
  case resume(RoutineID)
}

/// What `export` writes.
public enum ExportKind: String, Hashable, Sendable {
  /// Everything, losslessly; what `import` reads.
  case json
  /// Tasks and finished days in one table, for spreadsheets.
  case csv
}
