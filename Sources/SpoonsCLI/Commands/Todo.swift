import SpoonsCore

extension Commands {
  /// `todo`: today's list by spoons.
  public struct Todo: SpoonsCommand {
    public static let info = CommandInfo(
      name: "todo", aliases: ["t"], usage: "todo [FILTER...] [--json]",
      summary: "today's to-do list by spoons, done ones last",
      example: "todo")

    public var json: Bool
    /// Only the tasks that match (`todo @phone`).
    public var filter: TaskFilter

    public init(json: Bool = false, filter: TaskFilter = TaskFilter()) {
      self.json = json
      self.filter = filter
    }

    public init(parsing args: inout Arguments) throws(ParseError) {
      json = args.takeFlag("--json")
      filter = try args.filter()
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      let p = try session.store.load()
      let today = p.today(at: session.environment.now())
      return Session.Result(
        output: json
          ? JSONRenderer.todo(p, filter: filter, today: today)
          : session.renderer.endedDayNotice(p, today: today)
            + session.renderer.todo(p, today: today, filter: filter),
        planner: p)
    }
  }
}
