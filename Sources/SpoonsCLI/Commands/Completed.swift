import SpoonsCore

extension Commands {
  /// `completed [DAYS]`: what was checked off lately, by day.
  public struct Completed: SpoonsCommand {
    public static let info = CommandInfo(
      name: "completed", aliases: [], usage: "completed [DAYS] [FILTER...] [--json]",
      summary: "tasks checked off in the last DAYS days (7)",
      example: "completed 14", brief: "completed [DAYS] [options]")

    public var days: Int
    public var json: Bool
    public var filter: TaskFilter

    public init(days: Int = 7, json: Bool = false, filter: TaskFilter = TaskFilter()) {
      self.days = days
      self.json = json
      self.filter = filter
    }

    public init(parsing args: inout Arguments) throws(ParseError) {
      json = args.takeFlag("--json")
      days = try args.days(default: 7, example: "completed 14", filtered: true)
      filter = try args.filter()
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      let whole = try session.store.loadWhole()
      let today = whole.planner.today(at: session.environment.now())
      let p = whole.planner
      let done = p.completed(
        days: days, archived: whole.archive.doneTasks, today: today, matching: filter)
      return Session.Result(
        output: json
          ? JSONRenderer.completed(done)
          : session.renderer.completed(done, lookingBack: days, today: today, filter: filter),
        planner: p)
    }
  }
}
