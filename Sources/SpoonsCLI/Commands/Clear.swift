import SpoonsCore

/// What `clear` empties.
public enum ClearTarget: String, Hashable, Sendable, CaseIterable {
  case backlog
  /// Tasks checked off on earlier days.
  case completed
}

extension Commands {
  /// `clear backlog|completed`: asks first in the REPL; elsewhere it needs `--yes`.
  public struct Clear: SpoonsCommand {
    public static let info = CommandInfo(
      name: "clear", aliases: [], usage: "clear backlog|completed [--yes]",
      summary: "empty the backlog, or the completed tasks",
      example: "clear backlog")

    public var target: ClearTarget
    /// `--yes`: without it the REPL asks and a one-shot command refuses.
    public var confirmed: Bool

    public init(_ target: ClearTarget, confirmed: Bool = false) {
      self.target = target
      self.confirmed = confirmed
    }

    public init(parsing args: inout Arguments) throws(ParseError) {
      confirmed = args.takeFlag("--yes")
      guard let word = args.next() else {
        throw ParseError("clear needs what to empty, backlog or completed, e.g. clear backlog")
      }
      guard let target = ClearTarget(rawValue: word.lowercased()) else {
        throw ParseError(
          "clear empties the backlog or the completed tasks, not '\(Text.echoed(word))', "
            + "e.g. clear backlog")
      }
      try args.finish()
      self.target = target
    }

    public static func completions(_ context: CompletionContext, in session: Session)
      -> [Completion.Candidate]?
    {
      guard context.argument == 1 else { return nil }
      return ClearTarget.allCases.map { Completion.Candidate(text: $0.rawValue) }
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      let now = session.environment.now()
      let renderer = session.renderer
      let store = session.store
      let what = target == .backlog ? "in the backlog" : "checked off on earlier days"
      let nothing = "There are no tasks \(what).\n"
      if !confirmed {
        // Counted only to ask; the deletion below counts what it really removed.
        let p: Planner, count: Int
        if target == .backlog {
          p = try store.load()
          count = p.backlog.count
        } else {
          let whole = try store.loadWhole()  // one read of the planner for both
          (p, count) = (whole.planner, whole.archive.doneTasks.count)
        }
        guard count > 0 else { return Session.Result(output: nothing, planner: p) }
        let tasks = Renderer.tasks(count)
        guard let ask else {
          throw ParseError("clear \(target.rawValue) deletes \(tasks); add --yes to confirm")
        }
        let answer = ask("Delete the \(tasks) \(what)? [y/N] ")
        guard let answer, ["y", "yes"].contains(answer.trimmingSpaces.lowercased()) else {
          return Session.Result(output: "Nothing deleted.\n", planner: p)
        }
      }
      func said(_ count: Int) -> String {
        count == 0 ? nothing : renderer.cleared(target, count: count)
      }
      func name(_ count: Int) -> String { "clear \(target.rawValue) (\(Renderer.tasks(count)))" }
      switch target {
      case .backlog:
        return try session.change(at: now) { p, _ in
          let count = p.clearBacklog().count
          return (said(count), name(count))
        }
      case .completed:
        return Session.Result(
          output: said(try store.clearArchivedTasks(at: now, describe: name)))
      }
    }
  }
}
