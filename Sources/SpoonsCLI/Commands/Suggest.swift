import SpoonsCore

extension Commands {
  /// `suggest`: the tasks that matter most and fit the spoons left; `--plan` plans them.
  public struct Suggest: SpoonsCommand {
    public static let info = CommandInfo(
      name: "suggest", aliases: [], usage: "suggest [FILTER...] [--max N] [--plan]",
      summary: "the best tasks for the spoons left",
      example: "suggest --max 3")

    /// At most that many tasks.
    public var max: Int?
    /// Plan them too.
    public var plan: Bool
    /// Only tasks that match (`suggest @bed`: what can be done from bed).
    public var filter: TaskFilter

    public init(max: Int? = nil, plan: Bool = false, filter: TaskFilter = TaskFilter()) {
      self.max = max
      self.plan = plan
      self.filter = filter
    }

    public init(parsing args: inout Arguments) throws(ParseError) {
      plan = args.takeFlag("--plan")
      max = try args.number(option: "--max", .suggestions)
      filter = try args.filter()
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      let now = session.environment.now()
      let r = session.renderer
      func suggest(_ p: Planner) throws -> Suggestion {
        guard p.day != nil else { throw PlannerError.noDayStarted }
        return p.suggest(filter, today: p.today(at: now), max: max)
      }
      guard plan else {
        let p = try session.store.load()
        let today = p.today(at: now)
        // A day begun on an earlier date is said first: `--plan` needs today started.
        let output =
          r.endedDayNotice(p, today: today)
          + r.suggestion(
            try suggest(p), today: today, filter: filter, max: max,
            reserve: p.ledger?.reserve ?? 0)
        return Session.Result(output: output, planner: p)
      }
      return try session.changeToday(at: now, ask: ask) { p, _ in
        let suggestion = try suggest(p)
        var out = r.suggestion(
          suggestion, today: p.today(at: now), planning: true, filter: filter, max: max,
          reserve: p.ledger?.reserve ?? 0)
        var planned: [SpoonTask] = []
        if !suggestion.tasks.isEmpty {
          let outcome = try p.plan(suggestion.tasks.map { TaskRef($0) }, at: now)
          out += r.planned(outcome, p)
          planned = outcome.tasks
        }
        return (out, r.changeName("suggest --plan", planned))
      }
    }
  }
}
