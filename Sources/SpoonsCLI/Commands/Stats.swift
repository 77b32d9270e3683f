import SpoonsCore

extension Commands {
  /// `stats`: averages, plan done, borrowing, rests, categories and the streak.
  public struct Stats: SpoonsCommand {
    public static let info = CommandInfo(
      name: "stats", aliases: [], usage: "stats [--days N] [--json]",
      summary: "averages, plan done, streak, real costs (30)",
      example: "stats --days 60", brief: "stats [--days N] [--json]")

    public var days: Int
    public var json: Bool

    public init(days: Int = 30, json: Bool = false) {
      self.days = days
      self.json = json
    }

    public init(parsing args: inout Arguments) throws(ParseError) {
      json = args.takeFlag("--json")
      days = try args.days(default: 30, example: "stats --days 60")
      try args.finish()
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      let whole = try session.store.loadWhole()
      let today = whole.planner.today(at: session.environment.now())
      let stats = Session.stats(whole, days: days, today: today)
      let costs = Session.costs(whole, stats: stats)
      return Session.Result(
        output: json
          ? JSONRenderer.stats(stats, costs: costs)
          : session.renderer.stats(stats, lookingBack: days, today: today)
            + session.renderer.costs(costs),
        planner: whole.planner)
    }
  }
}
