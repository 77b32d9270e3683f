import SpoonsCore

extension Commands {
  /// `todo`: today's list by spoons.
  public struct Todo: SpoonsCommand {
    public static let info = CommandInfo(
      name: "todo", aliases: ["t"], usage: "todo [--json]",
      summary: "today's to-do list by spoons, done ones last",
      example: "todo")

    public var json: Bool

    public init(json: Bool = false) { self.json = json }

    public init(parsing args: inout Arguments) throws(ParseError) {
      json = try args.jsonFlagOnly()
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      let p = try session.store.load()
      let today = p.today(at: session.environment.now())
      return Session.Result(
        output: json
          ? JSONRenderer.todo(p)
          : session.renderer.endedDayNotice(p, today: today) + session.renderer.todo(p, today: today),
        planner: p)
    }
  }
}
