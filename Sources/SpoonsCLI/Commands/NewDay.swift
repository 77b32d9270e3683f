import SpoonsCore

extension Commands {
  /// `new-day N`: starts a day, rolling the unfinished list into the backlog.
  public struct NewDay: SpoonsCommand {
    public static let info = CommandInfo(
      name: "new-day", aliases: ["nd"], usage: "new-day N",
      summary: "start a day of N spoons, roll over the rest",
      example: "new-day 12")

    /// `nil`: ask for it (REPL only).
    public var budget: Int?

    public init(budget: Int?) { self.budget = budget }

    public init(parsing args: inout Arguments) throws(ParseError) {
      let budget = try args.optionalNumber(named: "N")
      try args.finish()
      self.budget = budget  // its range is the day's to check (Limits.spoonsPerDay)
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      let now = session.environment.now()
      let r = session.renderer
      let budget = try budget ?? Self.askBudget(ask, usual: try session.store.load().usualBudget)
      let result = try session.change(at: now) { p, archive in
        let outcome = try p.startNewDay(budget: budget, at: now)
        if let finished = outcome.finished { archive.append(finished) }
        return (r.newDay(outcome, p), "new-day \(budget)")
      }
      session.keptOpenDay = nil
      return result
    }

    /// `new-day` alone: asks, offering the budget asked for last time (Enter takes it).
    private static func askBudget(_ ask: Session.Ask?, usual: Int?) throws -> Int {
      let example = "spoons new-day \(usual ?? 12)"
      guard let ask else {
        throw ParseError("new-day needs today's spoons, e.g. \(example)")
      }
      let offer = usual.map { " [\($0)]" } ?? ""
      guard let answer = ask("How many spoons today?\(offer) ") else {
        throw ParseError("cancelled: no new day was started")
      }
      let typed = answer.trimmingSpaces
      if typed.isEmpty, let usual { return usual }
      guard let budget = CheckInAnswer(typed).budget else {
        throw ParseError(
          typed.isEmpty
            ? "cancelled: no new day was started"
            : "no new day was started: today's spoons are a whole number, e.g. \(example)")
      }
      return budget
    }
  }
}
