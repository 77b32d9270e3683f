import SpoonsCore

extension Commands {
  /// `status`: today's numbers and the to-do list.
  public struct Status: SpoonsCommand {
    public static let info = CommandInfo(
      name: "status", aliases: ["s"], usage: "status [--json]",
      summary: "today: budget, planned, spent, left, to-do",
      example: "status")

    public var json: Bool

    public init(json: Bool = false) { self.json = json }

    public init(parsing args: inout Arguments) throws(ParseError) {
      json = try args.jsonFlagOnly()
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      let p = try session.store.load()
      let today = p.today(at: session.environment.now())
      return Session.Result(
        output: json ? JSONRenderer.status(p, today: today) : session.renderer.status(p, today: today),
        planner: p)
    }
  }
}
