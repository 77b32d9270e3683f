import SpoonsCore

extension Commands {
  /// `budget N`: today's budget changed in place, its list kept: the way to put right a day
  /// started with the wrong number, since a second `new-day` on one date is refused.
  public struct Budget: SpoonsCommand {
    public static let info = CommandInfo(
      name: "budget", aliases: [], usage: "budget N",
      summary: "change today's budget, keeping its list",
      example: "budget 8")

    public var spoons: Int

    public init(_ spoons: Int) { self.spoons = spoons }

    public init(parsing args: inout Arguments) throws(ParseError) {
      let n = try args.number(.budget("budget 8"))
      try args.finish()
      spoons = n  // its range is the day's to check (Limits.spoonsPerDay), as for new-day
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      let now = session.environment.now()
      let r = session.renderer
      let n = spoons
      return try session.changeToday(at: now, ask: ask) { p, _ in
        let change = try p.setBudget(n, at: now)
        return (r.budgetChanged(change, p), "budget \(n)")
      }
    }
  }
}
