import SpoonsCore

extension Commands {
  /// `list [N]`: the tasks waiting in one category, or in all.
  public struct List: SpoonsCommand {
    public static let info = CommandInfo(
      name: "list", aliases: ["ls"], usage: "list [N] [FILTER...] [--sort due|created|title] [--json]",
      summary: "the tasks waiting in category N, or in all",
      example: "list 3 @phone --sort due")

    public var category: SpoonCost?
    public var order: TaskOrder
    public var json: Bool
    public var filter: TaskFilter

    public init(
      category: SpoonCost? = nil, order: TaskOrder = .user, json: Bool = false,
      filter: TaskFilter = TaskFilter()
    ) {
      self.category = category
      self.order = order
      self.json = json
      self.filter = filter
    }

    public init(parsing args: inout Arguments) throws(ParseError) {
      json = args.takeFlag("--json")
      order = try args.order(allowed: [.due, .created, .title], default: .user)
      let category = NumberArgument.cost("list 3", what: "the category")
      self.category = args.nextIsNumber
        ? try args.optionalNumber(category).map { n throws(ParseError) in
          try Arguments.cost(n, category)
        } : nil
      filter = try args.filter()
    }

    /// The first argument is a category.
    public static func completions(_ context: CompletionContext, in session: Session)
      -> [Completion.Candidate]?
    {
      context.argument == 1 ? Session.costCandidates : nil
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      let p = try session.store.load()
      let today = p.today(at: session.environment.now())
      if json {
        return Session.Result(
          output: JSONRenderer.list(
            p, category: category, order: order, filter: filter, today: today),
          planner: p)
      }
      return Session.Result(
        utf8: session.renderer.listUTF8(
          p, category: category, order: order, today: today, filter: filter),
        planner: p)
    }
  }
}
