import SpoonsCore
import SpoonsStore

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
      // One quiet line when this planner syncs and has changes the other devices lack.
      let (p, waiting) = try session.store.loadNotingSync()
      let today = p.today(at: session.environment.now())
      if json { return Session.Result(output: JSONRenderer.status(p, today: today), planner: p) }
      return Session.Result(
        output: session.renderer.status(p, today: today)
          + (waiting ? session.renderer.syncWaiting : ""),
        planner: p)
    }
  }
}
