import SpoonsCore

extension Commands {
  /// `pace`: the budget the finished days say can be kept, with its reasons (`Pace`).
  public struct Pace: SpoonsCommand {
    public static let info = CommandInfo(
      name: "pace", aliases: [], usage: "pace [--days N] [--json]",
      summary: "the budget your days say you can keep (28)",
      example: "pace --days 42", brief: "pace [--days N] [--json]")

    public var days: Int
    public var json: Bool

    public init(days: Int = 28, json: Bool = false) {
      self.days = days
      self.json = json
    }

    public init(parsing args: inout Arguments) throws(ParseError) {
      json = args.takeFlag("--json")
      days = try args.days(default: 28, example: "pace --days 42")
      try args.finish()
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      let (planner, records) = try session.store.loadDays()
      let today = planner.today(at: session.environment.now())
      let pace = planner.pace(days: days, records: records, today: today)
      return Session.Result(
        output: json
          ? JSONRenderer.pace(pace)
          : session.renderer.pace(pace, lookingBack: days, today: today),
        planner: planner)
    }
  }
}
