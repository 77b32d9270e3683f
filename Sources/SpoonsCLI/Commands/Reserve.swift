import SpoonsCore

extension Commands {
  /// `reserve [N]`: spoons kept back from planning; alone, shows them.
  public struct Reserve: SpoonsCommand {
    public static let info = CommandInfo(
      name: "reserve", aliases: [], usage: "reserve [N]",
      summary: "keep N spoons back from planning (0: none)",
      example: "reserve 1")

    /// nil: show the reserve.
    public var spoons: Int?

    public init(_ spoons: Int?) { self.spoons = spoons }

    public init(parsing args: inout Arguments) throws(ParseError) {
      let n = try args.optionalNumber(.reserve)
      try args.finish()
      spoons = n  // its range is the planner's to check (Limits.spoonsPerDay)
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      let now = session.environment.now()
      let r = session.renderer
      guard let n = spoons else {
        let p = try session.store.load()
        return Session.Result(output: r.reserve(p.reserve, changed: false), planner: p)
      }
      return try session.change(at: now) { p, _ in
        try p.setReserve(n)
        return (r.reserve(n, changed: true), "reserve \(n)")
      }
    }
  }
}
