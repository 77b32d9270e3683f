import SpoonsCore

extension Commands {
  /// `categories`: the ten categories and how full each is.
  public struct Categories: SpoonsCommand {
    public static let info = CommandInfo(
      name: "categories", aliases: ["cats"], usage: "categories [--json]",
      summary: "the ten categories and how many tasks each",
      example: "categories")

    public var json: Bool

    public init(json: Bool = false) { self.json = json }

    public init(parsing args: inout Arguments) throws(ParseError) {
      json = try args.jsonFlagOnly()
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      let p = try session.store.load()
      return Session.Result(
        output: json ? JSONRenderer.categories(p) : session.renderer.categories(p), planner: p)
    }
  }
}
