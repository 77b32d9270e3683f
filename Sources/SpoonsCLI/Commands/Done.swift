import SpoonsCore

extension Commands {
  /// `done ID... [--took N]`: check tasks off today's list; `--took` notes what one task
  /// really took, beside what it was planned at.
  public struct Done: TaskSelectionCommand {
    public static let info = CommandInfo(
      name: "done", aliases: ["d"], usage: "done ID|FILTER... [--took N] [--yes]",
      summary: "check tasks off; --took: what one really took", example: "done 4")

    public var selection: TaskSelection
    /// What the one task really took; nil: as planned. Its range is the rule's to check
    /// (`Limits.spoonsTaken`), as is that it goes with one task that is not a rest.
    public var took: Int?

    public init(_ selection: TaskSelection) { self.init(selection, took: nil) }

    public init(_ ids: [TaskRef], took: Int?) { self.init(.ids(ids), took: took) }

    public init(_ selection: TaskSelection, took: Int?) {
      self.selection = selection
      self.took = took
    }

    public init(parsing args: inout Arguments) throws(ParseError) {
      let took = try args.number(option: "--took", .took)
      self.init(try args.selection(), took: took)
    }

    /// The tasks on today's list; nothing after `--took`, which wants a number.
    public static func completions(_ context: CompletionContext, in session: Session)
      -> [Completion.Candidate]?
    {
      if context.previous == "--took" { return nil }
      return session.taskCandidates(where: Session.isOnToday)
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      let now = session.environment.now()
      let r = session.renderer
      let confirmation = try session.confirm("Check off", selection, scope: .planned, ask: ask, at: now)
      guard confirmation != .declined else { return Session.Result(output: "Nothing changed.\n") }
      return try session.changeToday(at: now, ask: ask) { p, _ in
        let ids = try session.selected(selection, in: p, scope: .planned, at: now, confirmation)
        let tasks = try p.markDone(ids, took: took, at: now)
        // Named as typed when it noted something; the same as planned notes nothing.
        let noted = tasks.first?.took
        let name = noted.map { r.changeName("done", tasks, spoons: false) + " --took \($0)" }
        return (r.done(tasks, p), name ?? r.changeName("done", tasks))
      }
    }
  }
}
