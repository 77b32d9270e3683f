import SpoonsCore

extension Commands {
  /// `undo [N]`: take back the last N changes, whichever process made them.
  public struct Undo: SpoonsCommand {
    public static let info = CommandInfo(
      name: "undo", aliases: [], usage: "undo [N]",
      summary: "take back the last change (or the last N)",
      example: "undo")

    public var count: Int

    public init(_ count: Int = 1) { self.count = count }

    public init(parsing args: inout Arguments) throws(ParseError) {
      let count = try args.optionalNumber(.changes("undo", example: "undo 2"))
      try args.finish()
      self.count = count ?? 1
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      let (changes, p) = try session.store.undo(count)
      return Session.Result(output: session.renderer.undid(changes, p), planner: p)
    }
  }
}
