import SpoonsCore

extension Commands {
  /// `agenda`: every open task with a due date, wherever it is, overdue first.
  public struct Agenda: SpoonsCommand {
    public static let info = CommandInfo(
      name: "agenda", aliases: [], usage: "agenda [FILTER...] [--json]",
      summary: "open tasks with a due date, overdue first", example: "agenda @phone")

    public var json: Bool
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
          ? JSONRenderer.agenda(p, filter: filter, today: today)
          : session.renderer.agenda(p, today: today, filter: filter),
        planner: p)
    }
  }
}
