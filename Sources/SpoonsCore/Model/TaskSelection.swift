/// Which tasks a command acts on: the ids typed (`done 4,7`, `edit 3-6`), or a filter
/// (`edit +phone --spoons 2`, `delete in:backlog due.before:2026-01-01`).
///
/// Turned into tasks in one place, `Planner.refs(_:today:)`: ids stay the `TaskRef`s typed
/// (each resolved, as ever, by `Planner.resolve`), and a filter names the tasks it matches as
/// `TaskRef`s that hold them, so every rule still takes refs and a selection can skip no check.
public enum TaskSelection: Hashable, Sendable, CustomStringConvertible {
  /// `yes`: `--yes` was given, the question at the prompt answered beforehand (ids name each
  /// task, so nothing else needs it).
  case ids([TaskRef], yes: Bool = false)
  /// `yes`: `--yes` was given, which a change to more than a few tasks a filter chose needs
  /// where nobody can be asked (one-shot, a script), and which answers the prompt's question.
  case matching(TaskFilter, yes: Bool = false)

  /// What was typed, for what a command says before it resolves.
  public var description: String {
    switch self {
    case .ids(let refs, _): return refs.map(\.description).joined(separator: " ")
    case .matching(let filter, _): return filter.description
    }
  }

  /// Whether the person named each task (ids), rather than a filter choosing them.
  public var isTyped: Bool {
    if case .ids = self { return true }
    return false
  }
}

/// Which tasks a filter looks among, by what the command does to them (as Taskwarrior's
/// changes look at pending tasks alone): `done +phone` means the calls still to make, not
/// those made.
public enum SelectionScope: Sendable {
  /// Open tasks, and today's checked-off ones too when the filter says `in:done` (`edit`,
  /// `delete`).
  case open
  /// Tasks waiting in a category or the backlog (`plan`).
  case waiting
  /// Tasks on today's list not yet done (`done`, `unplan`).
  case planned
  /// Today's checked-off tasks (`undone`).
  case checkedOff

  /// Where it looks, in words: "no task ... matches".
  public var words: String {
    switch self {
    case .open: "in the categories, the backlog or today's list"
    case .waiting: "waiting in a category or the backlog"
    case .planned: "on today's list still to do"
    case .checkedOff: "checked off today"
    }
  }

  func holds(_ task: SpoonTask, _ filter: TaskFilter) -> Bool {
    switch self {
    case .open: return !task.isDone || filter.terms.contains(.within(.done))
    case .waiting:
      switch task.placement {
      case .category, .backlog: return true
      case .todo, .done: return false
      }
    case .planned:
      if case .todo = task.placement { return true }
      return false
    case .checkedOff: return task.isDone
    }
  }
}

extension Planner {
  /// The tasks `selection` names: the ids as typed, or every task of the planner (the
  /// categories, the backlog and today's list; not the archive) in `scope` that the filter
  /// matches, in the planner's order. All or nothing: a filter that matches no task is
  /// refused.
  public func refs(
    _ selection: TaskSelection, today: CivilDate, scope: SelectionScope = .open
  ) throws(PlannerError) -> [TaskRef] {
    switch selection {
    case .ids(let refs, _):
      guard !refs.isEmpty else { throw .nothingSelected }
      return refs
    case .matching(let filter, _):
      let matched = allTasks.filter { scope.holds($0, filter) && filter.matches($0, today: today) }
      guard !matched.isEmpty else { throw .noTaskMatches(filter.description, among: scope.words) }
      return matched.map { TaskRef($0) }
    }
  }
}
