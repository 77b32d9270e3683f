import SpoonsCore

extension Commands {
  /// `history [DAYS]`: one line per day; `history --changes [N]`: what `undo` would take back.
  public struct History: SpoonsCommand {
    public static let info = CommandInfo(
      name: "history", aliases: [], usage: "history [DAYS] [--json] | --changes [N]",
      summary: "one line per day; --changes: what undo takes",
      example: "history --changes",
      brief: "history [DAYS] [--changes]")

    /// What the history is of.
    public enum View: Hashable, Sendable {
      /// The last `days` days, one line each, today last.
      case days(Int, json: Bool)
      /// The last `limit` recorded changes.
      case changes(limit: Int)
    }

    public var view: View

    public init(_ view: View) { self.view = view }

    public init(parsing args: inout Arguments) throws(ParseError) {
      if args.takeFlag("--changes") {  // the undo history rather than the days
        let limit = try args.optionalNumber(named: "N") ?? 10
        try args.finish()
        view = .changes(limit: try Arguments.steps(limit))
        return
      }
      let json = args.takeFlag("--json")
      let days = try Arguments.lookingBack(args.optionalNumber(named: "DAYS") ?? 14, name: "DAYS")
      try args.finish()
      view = .days(days, json: json)
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      let now = session.environment.now()
      let r = session.renderer
      switch view {
      case .changes(let limit):
        return Session.Result(
          output: r.changes(try session.store.changes(), limit: limit, today: now.date))
      case .days(let days, let json):
        let whole = try session.store.loadDays()
        let today = whole.planner.today(at: now)
        let history = Session.history(whole, days: days, today: today)
        return Session.Result(
          output: json
            ? JSONRenderer.history(history)
            : r.history(
              history, lookingBack: days, charset: session.charset(ascii: false), today: today),
          planner: whole.planner)
      }
    }
  }
}
