import SpoonsCore

extension Commands {
  /// `search TEXT...`: tasks anywhere whose title, note or place holds the text.
  public struct Search: SpoonsCommand {
    public static let info = CommandInfo(
      name: "search", aliases: ["find"], usage: "search TEXT|FILTER... [--json]",
      summary: "find tasks anywhere by text or filter",
      example: "search pharmacy")

    /// The words that are no filter term, looked for in title, note and place.
    public var text: String
    public var json: Bool
    /// `+tag`, `due:fri`, `in:done` and the other terms among the words.
    public var filter: TaskFilter

    public init(_ text: String, json: Bool = false, filter: TaskFilter = TaskFilter()) {
      self.text = text
      self.json = json
      self.filter = filter
    }

    public init(parsing args: inout Arguments) throws(ParseError) {
      json = args.takeFlag("--json")
      let (words, literal) = try args.restWords(needing: "words to look for")
      var terms: [TaskFilter.Term] = []
      var typed: [String] = []
      var rest: [String] = []
      for (index, word) in words.enumerated() {
        let term: TaskFilter.Term?
        do { term = index >= literal ? nil : try TaskFilter.term(word) } catch {
          throw Arguments.refusal(error)
        }
        if let term {
          terms.append(term)
          typed.append(word)
        } else {
          rest.append(word)
        }
      }
      text = Text.joined(rest, separator: " ").trimmingSpaces
      filter = TaskFilter(terms: terms, typed: typed)
      guard !text.isEmpty || !filter.isEmpty else {
        throw ParseError("search needs words to look for, e.g. \(args.example)")
      }
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      // Only the archived tasks that may match are read in full.
      let (p, done) = try session.store.loadForSearch(SearchText.fold(text))
      let today = p.today(at: session.environment.now())
      let hits = p.search(text, matching: filter, today: today, completed: done.reversed())
      let query = Text.joined([text, filter.description].filter { !$0.isEmpty }, separator: " ")
      return Session.Result(
        output: json
          ? JSONRenderer.search(hits) : session.renderer.search(hits, query: query, today: today),
        planner: p)
    }
  }
}
