import SpoonsCore

extension Commands {
  /// `redo [N]`: do again the last N changes `undo` took back.
  public struct Redo: SpoonsCommand {
    public static let info = CommandInfo(
      name: "redo", aliases: [], usage: "redo [N]",
      summary: "do again what undo took back",
      example: "redo")

    public var count: Int

    public init(_ count: Int = 1) { self.count = count }

    public init(parsing args: inout Arguments) throws(ParseError) {
      let count = try args.optionalNumber(.changes("redo", example: "redo 2"))
      try args.finish()
      self.count = count ?? 1
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      let (changes, p) = try session.store.redo(count)
      return Session.Result(output: session.renderer.redid(changes, p), planner: p)
    }
  }
}
