import SpoonsCore

extension Commands {
  /// `unplan ID...`: tasks off today's list again, their spoons given back.
  public struct Unplan: TaskSelectionCommand {
    public static let info = CommandInfo(
      name: "unplan", aliases: [], usage: "unplan ID|FILTER... [--yes]",
      summary: "take tasks off today's list again", example: "unplan 7")

    public var selection: TaskSelection

    public init(_ selection: TaskSelection) { self.selection = selection }

    /// The tasks on today's list.
    public static func completions(_ context: CompletionContext, in session: Session)
      -> [Completion.Candidate]?
    {
      session.taskCandidates(where: Session.isOnToday)
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      let now = session.environment.now()
      let r = session.renderer
      let confirmation = try session.confirm("Unplan", selection, scope: .planned, ask: ask, at: now)
      guard confirmation != .declined else { return Session.Result(output: "Nothing changed.\n") }
      return try session.changeToday(at: now, ask: ask) { p, _ in
        let ids = try session.selected(selection, in: p, scope: .planned, at: now, confirmation)
        let tasks = try p.unplan(ids, at: now)
        return (r.unplanned(tasks, p), r.changeName("unplan", tasks))
      }
    }
  }
}
