import SpoonsCore

extension Commands {
  /// `rest N TITLE...`: a rest straight onto today's list.
  public struct Rest: SpoonsCommand {
    public static let info = CommandInfo(
      name: "rest", aliases: [], usage: "rest N TITLE... [+TAG] [@CONTEXT]",
      summary: "a rest for today: up to N back when done",
      example: "rest 2 Nap", brief: "rest N TITLE...")

    public var spoons: SpoonCost
    public var title: Title
    public var tags: [Tag]

    public init(_ spoons: SpoonCost, _ title: Title, tags: [Tag] = []) {
      self.spoons = spoons
      self.title = title
      self.tags = tags
    }

    public init(parsing args: inout Arguments) throws(ParseError) {
      spoons = try args.cost(.cost("rest 2 Nap", what: "the spoons it gives back", unit: ""))
      (title, tags) = try args.titleAndTags(example: "rest 2 Nap @bed")
    }

    /// The first argument is what the rest gives back, a cost.
    public static func completions(_ context: CompletionContext, in session: Session)
      -> [Completion.Candidate]?
    {
      context.argument == 1 ? Session.costCandidates : nil
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      let now = session.environment.now()
      let r = session.renderer
      return try session.changeToday(at: now, ask: ask) { p, _ in
        let rest = try p.addRest(title, spoons: spoons, tags: tags, at: now)
        return (r.restAdded(rest), r.changeName("rest", [rest]))
      }
    }
  }
}
