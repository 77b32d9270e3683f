import SpoonsCore

extension Commands {
  /// `search TEXT...`: tasks anywhere whose title, note or place holds the text.
  public struct Search: SpoonsCommand {
    public static let info = CommandInfo(
      name: "search", aliases: ["find"], usage: "search TEXT... [--json]",
      summary: "find tasks anywhere by title, note or place",
      example: "search pharmacy")

    public var text: String
    public var json: Bool

    public init(_ text: String, json: Bool = false) {
      self.text = text
      self.json = json
    }

    public init(parsing args: inout Arguments) throws(ParseError) {
      json = args.takeFlag("--json")
      text = try args.rest(named: "TEXT").trimmingSpaces
      guard !text.isEmpty else { throw ParseError("search needs TEXT; \(args.usage)") }
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      let whole = try session.store.loadWhole()
      let today = whole.planner.today(at: session.environment.now())
      let p = whole.planner
      let hits = p.search(text, completed: whole.archive.doneTasks.reversed())
      return Session.Result(
        output: json
          ? JSONRenderer.search(hits) : session.renderer.search(hits, query: text, today: today),
        planner: p)
    }
  }
}
