import SpoonsCore

extension Commands {
  /// `delete ID...`: tasks gone from wherever they are; their ids are never reused.
  public struct Delete: TaskSelectionCommand {
    public static let info = CommandInfo(
      name: "delete", aliases: ["rm"], usage: "delete ID...",
      summary: "delete tasks from wherever they are", example: "delete 12 3-5")

    public var ids: [TaskID]

    public init(_ ids: [TaskID]) { self.ids = ids }

    /// Every task.
    public static func completions(_ context: CompletionContext, in session: Session)
      -> [Completion.Candidate]?
    {
      session.taskCandidates { _ in true }
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      let now = session.environment.now()
      let r = session.renderer
      return try session.change(at: now) { p, _ in
        let taking = RestsTakenBack(p, undoing: ids)
        let tasks = try p.delete(ids)
        return (
          r.deleted(tasks) + r.restsTakenBack(taking.after(p), p), r.changeName("delete", tasks)
        )
      }
    }
  }
}
