import SpoonsCore

extension Commands {
  /// `delete ID...`: tasks gone from wherever they are, also from the history of earlier
  /// days; their ids are never reused.
  public struct Delete: TaskSelectionCommand {
    public static let info = CommandInfo(
      name: "delete", aliases: ["rm"], usage: "delete ID|FILTER... [--yes]",
      summary: "delete tasks from wherever they are", example: "delete 12 3-5")

    public var selection: TaskSelection

    public init(_ selection: TaskSelection) { self.selection = selection }

    /// Every task.
    public static func completions(_ context: CompletionContext, in session: Session)
      -> [Completion.Candidate]?
    {
      session.taskCandidates { _ in true }
    }

    /// The archive is read only when an id is not in the planner, as `undone` does.
    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      let now = session.environment.now()
      let r = session.renderer
      let confirmation = try session.confirm("Delete", selection, always: true, ask: ask, at: now)
      guard confirmation != .declined else { return Session.Result(output: "Nothing deleted.\n") }
      func deleting(
        _ p: inout Planner, _ delete: (inout Planner, [TaskRef]) throws -> [SpoonTask]
      ) throws -> (output: String, name: String) {
        let ids = try session.selected(selection, in: p, at: now, confirmation)
        let numbers = try p.resolve(ids)
        let taking = RestsTakenBack(p, undoing: numbers)
        let history = numbers.filter { p.task($0) == nil }
        let tasks = try delete(&p, ids)
        return (
          r.deleted(tasks, history: history, today: p.today(at: now))
            + r.restsTakenBack(taking.after(p), p),
          r.changeName("delete", tasks)
        )
      }
      do {
        return try session.change(at: now, ask: ask) { p, _ in
          try deleting(&p) { p, ids in try p.delete(ids) }
        }
      } catch PlannerError.unknownTask {
        return try session.changeReachingArchive(at: now, ask: ask) { p, archived in
          try deleting(&p) { p, ids in try p.delete(ids, archived: &archived) }
        }
      }
    }
  }
}
