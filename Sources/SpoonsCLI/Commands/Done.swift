import SpoonsCore

extension Commands {
  /// `done ID...`: check tasks off today's list.
  public struct Done: TaskSelectionCommand {
    public static let info = CommandInfo(
      name: "done", aliases: ["d"], usage: "done ID...",
      summary: "check tasks off today's list", example: "done 4")

    public var ids: [TaskID]

    public init(_ ids: [TaskID]) { self.ids = ids }

    /// The tasks on today's list.
    public static func completions(_ context: CompletionContext, in session: Session)
      -> [Completion.Candidate]?
    {
      session.taskCandidates(where: Session.isOnToday)
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      let now = session.environment.now()
      let r = session.renderer
      return try session.changeToday(at: now, ask: ask) { p, _ in
        let tasks = try p.markDone(ids, at: now)
        return (r.done(tasks, p), r.changeName("done", tasks))
      }
    }
  }
}
