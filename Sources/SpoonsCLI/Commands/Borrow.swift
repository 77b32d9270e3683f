import SpoonsCore

extension Commands {
  /// `borrow N`: spoons from tomorrow's budget for today; `borrow 0` gives back what today
  /// borrowed and its plan does not need.
  public struct Borrow: SpoonsCommand {
    public static let info = CommandInfo(
      name: "borrow", aliases: [], usage: "borrow N",
      summary: "borrow N spoons from tomorrow (0: give back)",
      example: "borrow 2")

    public var spoons: Int

    public init(_ spoons: Int) { self.spoons = spoons }

    public init(parsing args: inout Arguments) throws(ParseError) {
      let n = try args.number(.borrowing)
      try args.finish()
      spoons = n  // what may be borrowed is the day's to say (SpoonLedger.checkBorrow)
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      let now = session.environment.now()
      let r = session.renderer
      let n = spoons
      return try session.changeToday(at: now, ask: ask) { p, _ in
        try p.borrow(n)
        return (r.borrowed(n, p), "borrow \(n)")
      }
    }
  }
}
