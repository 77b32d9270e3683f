import SpoonsCore

/// Many tasks at once (`edit 3-6 --due fri`, `done +phone`): the question asked first at the
/// prompt, and the tasks a selection names when the change runs.
extension Session {
  /// More tasks than this, chosen by a filter (or changed by `edit` or `delete`), are asked
  /// about first at the prompt, as Taskwarrior asks.
  public static let askAbove = 3

  /// What the person said to the question, if one was asked.
  public enum Confirmation: Equatable {
    /// No question: at most `askAbove` tasks, ids typed one by one, or not at the prompt.
    case notAsked
    /// Yes, to these tasks: the change must act on exactly them.
    case confirmed([TaskRef])
    case declined
  }

  /// Asks before `verb` (`Edit`, `Delete`) changes more than `askAbove` tasks, when a filter
  /// chose them or `always`, at the prompt (`ask`). Where nobody can be asked (one-shot, a
  /// script), more than that many chosen by a filter need `--yes`, as `clear` does: a word
  /// meant as an id (`spoons done "$ID"`) must not check off half the list.
  func confirm(
    _ verb: String, _ selection: TaskSelection, scope: SelectionScope = .open,
    always: Bool = false, ask: Ask?, at now: Timestamp
  ) throws -> Confirmation {
    guard always || !selection.isTyped else { return .notAsked }
    // `--yes` answers beforehand, at the prompt too (as `clear --yes` does).
    if case .matching(_, true) = selection { return .notAsked }
    if case .ids(_, true) = selection { return .notAsked }
    if ask == nil, selection.isTyped { return .notAsked }
    let p = try store.load()
    let refs = try p.refs(selection, today: p.today(at: now), scope: scope)
    guard refs.count > Self.askAbove else { return .notAsked }
    guard let ask else {
      // Where the chosen tasks are listed: today's list, the categories, or anywhere.
      let listing: String
      switch scope {
      case .planned, .checkedOff: listing = "todo"
      case .waiting: listing = "list"
      case .open: listing = "search"
      }
      throw ParseError(
        "\(selection) chooses \(Renderer.tasks(refs.count)); add --yes to \(verb.lowercased()) "
          + "all \(refs.count), or name them by id (see '\(listing) \(selection)')")
    }
    let tasks = refs.compactMap { try? p.resolve($0) }.compactMap { p.task($0) }
    // An id the planner does not hold: the change refuses it, with nothing asked.
    guard tasks.count == refs.count else { return .notAsked }
    let named = tasks.prefix(3).map { "\($0.id) \($0.title.text)" }
    let more = tasks.count > 3 ? ", and \(tasks.count - 3) more" : ""
    let answer = ask(
      "\(verb) \(Renderer.tasks(refs.count)) (\(Text.joined(named, separator: ", "))\(more))? [y/N] ")
    guard let answer, ["y", "yes"].contains(answer.trimmingSpaces.lowercased()) else {
      return .declined
    }
    return .confirmed(refs)
  }

  /// The tasks `selection` names in `p` as the change runs: those confirmed, or refused when
  /// the planner changed since the question so that it names others.
  func selected(
    _ selection: TaskSelection, in p: Planner, scope: SelectionScope = .open,
    at now: Timestamp, _ confirmation: Confirmation = .notAsked
  ) throws -> [TaskRef] {
    let refs = try p.refs(selection, today: p.today(at: now), scope: scope)
    // A task named twice (`edit 1-3 2`) is refused, as `plan` and `delete` refuse it.
    var seen = Set<TaskID>()
    for ref in refs where !seen.insert(try p.resolve(ref)).inserted {
      throw PlannerError.repeatedTask(try p.resolve(ref))
    }
    if case .confirmed(let confirmed) = confirmation, refs != confirmed {
      throw PlannerError.selectionChanged(selection.description)
    }
    return refs
  }
}
