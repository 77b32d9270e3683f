import SpoonsCore

extension Commands {
  /// `backlog`: the tasks left over from earlier days.
  public struct Backlog: SpoonsCommand {
    public static let info = CommandInfo(
      name: "backlog", aliases: ["bl"], usage: "backlog [--sort due|age|spoons] [--json]",
      summary: "tasks left from earlier days, oldest first", example: "backlog --sort due")

    public var order: TaskOrder
    public var json: Bool

    public init(order: TaskOrder = .user, json: Bool = false) {
      self.order = order
      self.json = json
    }

    public init(parsing args: inout Arguments) throws(ParseError) {
      json = args.takeFlag("--json")
      order = try args.order(allowed: [.due, .age, .spoons], default: .user)
      try args.finish()
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      let p = try session.store.load()
      let today = p.today(at: session.environment.now())
      return Session.Result(
        output: json
          ? JSONRenderer.backlog(p, order: order)
          : session.renderer.backlog(p, order: order, today: today),
        planner: p)
    }
  }
}
