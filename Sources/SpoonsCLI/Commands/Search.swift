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
      text = try args.rest(needing: "words to look for").trimmingSpaces
      guard !text.isEmpty else {
        throw ParseError("search needs words to look for, e.g. \(args.example)")
      }
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      // Only the archived tasks that may match are read in full.
      let (p, done) = try session.store.loadForSearch(SearchText.fold(text))
      let today = p.today(at: session.environment.now())
      let hits = p.search(text, completed: done.reversed())
      return Session.Result(
        output: json
          ? JSONRenderer.search(hits) : session.renderer.search(hits, query: text, today: today),
        planner: p)
    }
  }
}
