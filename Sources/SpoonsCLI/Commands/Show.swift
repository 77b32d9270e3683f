import SpoonsCore

extension Commands {
  /// `show ID`: every detail of one task, also one checked off on an earlier day.
  public struct Show: SpoonsCommand {
    public static let info = CommandInfo(
      name: "show", aliases: [], usage: "show ID [--json]",
      summary: "every detail of one task, and where it is",
      example: "show 12")

    public var id: TaskRef
    public var json: Bool

    public init(_ id: TaskRef, json: Bool = false) {
      self.id = id
      self.json = json
    }

    public init(parsing args: inout Arguments) throws(ParseError) {
      json = args.takeFlag("--json")
      id = try args.id()
      try args.finish()
    }

    /// The first argument is any task.
    public static func completions(_ context: CompletionContext, in session: Session)
      -> [Completion.Candidate]?
    {
      context.argument == 1 ? session.taskCandidates { _ in true } : nil
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      let p = try session.store.load()
      let today = p.today(at: session.environment.now())
      let number = try p.resolve(id)
      guard let task = try p.task(number) ?? session.archived(number) else {
        throw PlannerError.unknownTask(number)
      }
      return Session.Result(
        output: json ? JSONRenderer.task(task) + "\n" : session.renderer.show(task, today: today),
        planner: p)
    }
  }
}
