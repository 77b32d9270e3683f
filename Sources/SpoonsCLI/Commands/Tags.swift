import SpoonsCore

extension Commands {
  /// `tags`: every tag and context the open tasks carry, with how many carry each, so the
  /// words to filter by are a command away.
  public struct Tags: SpoonsCommand {
    public static let info = CommandInfo(
      name: "tags", aliases: [], usage: "tags [--json]",
      summary: "tags and contexts of open tasks, with counts",
      example: "tags")

    public var json: Bool

    public init(json: Bool = false) { self.json = json }

    public init(parsing args: inout Arguments) throws(ParseError) {
      json = try args.jsonFlagOnly()
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      let p = try session.store.load()
      let counts = p.tagCounts
      return Session.Result(
        output: json ? JSONRenderer.tags(counts) : session.renderer.tags(counts), planner: p)
    }
  }
}
