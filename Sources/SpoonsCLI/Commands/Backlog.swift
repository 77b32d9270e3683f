import SpoonsCore

extension Commands {
  /// `backlog`: the tasks left over from earlier days.
  public struct Backlog: SpoonsCommand {
    public static let info = CommandInfo(
      name: "backlog", aliases: ["bl"], usage: "backlog [FILTER...] [--sort due|age|spoons] [--json]",
      summary: "tasks left from earlier days, oldest first", example: "backlog --sort due")

    public var order: TaskOrder
    public var json: Bool
    public var filter: TaskFilter

    public init(order: TaskOrder = .user, json: Bool = false, filter: TaskFilter = TaskFilter()) {
      self.order = order
      self.json = json
      self.filter = filter
    }

    public init(parsing args: inout Arguments) throws(ParseError) {
      json = args.takeFlag("--json")
      order = try args.order(allowed: [.due, .age, .spoons], default: .user)
      filter = try args.filter()
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      let p = try session.store.load()
      let today = p.today(at: session.environment.now())
      return Session.Result(
        output: json
          ? JSONRenderer.backlog(p, order: order, filter: filter, today: today)
          : session.renderer.backlog(p, order: order, today: today, filter: filter),
        planner: p)
    }
  }
}
