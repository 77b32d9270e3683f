import SpoonsCore

extension Commands {
  /// `add N TITLE...`: a new task at the end of its category.
  public struct Add: SpoonsCommand {
    public static let info = CommandInfo(
      name: "add", aliases: ["a"],
      usage:
        "add N TITLE... [+TAG] [@CONTEXT] [--due D] [--where PLACE] [--note TEXT] [--rest] [--force]",
      summary: "add a task costing N spoons (1-10)",
      example: "add 3 Pharmacy run +errand --due fri --where \"High St\"",
      brief: "add N TITLE... [options]")

    public var spoons: SpoonCost
    public var title: Title
    public var note: String?
    public var location: String?
    /// Its `+tag` and `@context` words, taken out of the title.
    public var tags: [Tag]
    public var due: DueDateSpec?
    /// Add even when an open task of the same cost has the same title.
    public var force: Bool
    /// A rest: gives its spoons back when checked off.
    public var isRest: Bool

    public init(
      spoons: SpoonCost, title: Title, note: String? = nil, location: String? = nil,
      tags: [Tag] = [], due: DueDateSpec? = nil, force: Bool = false, isRest: Bool = false
    ) {
      self.tags = tags
      self.spoons = spoons
      self.title = title
      self.note = note
      self.location = location
      self.due = due
      self.force = force
      self.isRest = isRest
    }

    public init(parsing args: inout Arguments) throws(ParseError) {
      force = args.takeFlag("--force")
      isRest = args.takeFlag("--rest")
      due = try args.option("--due").map(Arguments.dueDate)
      location = try args.option("--where").flatMap { text throws(ParseError) in
        try Arguments.valid { () throws(PlannerError) in try TaskDetail.place.validate(text) }
      }
      note = try args.option("--note").flatMap { text throws(ParseError) in
        try Arguments.valid { () throws(PlannerError) in try TaskDetail.note.validate(text) }
      }
      spoons = try args.cost(.cost("add 3 Laundry"))
      (title, tags) = try args.titleAndTags(example: "add 3 Laundry")
    }

    /// The first argument is a cost.
    public static func completions(_ context: CompletionContext, in session: Session)
      -> [Completion.Candidate]?
    {
      context.argument == 1 ? Session.costCandidates : nil
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      let now = session.environment.now()
      let r = session.renderer
      return try session.change(at: now) { p, _ in
        let task = try p.add(
          title, spoons: spoons, at: now, note: note, location: location, tags: tags, due: due,
          force: force, isRest: isRest)
        return (r.added(task, today: p.today(at: now)), r.changeName("add", [task]))
      }
    }
  }
}
