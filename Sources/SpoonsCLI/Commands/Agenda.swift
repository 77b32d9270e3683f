import SpoonsCore

extension Commands {
  /// `agenda`: every open task with a due date, wherever it is, overdue first.
  public struct Agenda: SpoonsCommand {
    public static let info = CommandInfo(
      name: "agenda", aliases: [], usage: "agenda [--json]",
      summary: "open tasks with a due date, overdue first", example: "agenda")

    public var json: Bool

    public init(json: Bool = false) { self.json = json }

    public init(parsing args: inout Arguments) throws(ParseError) {
      json = try args.jsonFlagOnly()
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      let p = try session.store.load()
      let today = p.today(at: session.environment.now())
      return Session.Result(
        output: json ? JSONRenderer.agenda(p) : session.renderer.agenda(p, today: today),
        planner: p)
    }
  }
}
