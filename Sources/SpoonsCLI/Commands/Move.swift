import SpoonsCore

extension Commands {
  /// `move ID POS`: a task to another place in its category.
  public struct Move: SpoonsCommand {
    public static let info = CommandInfo(
      name: "move", aliases: ["mv"], usage: "move ID POS",
      summary: "move a task to position POS in its category",
      example: "move 12 1")

    public var id: TaskRef
    public var position: Int

    public init(_ id: TaskRef, position: Int) {
      self.id = id
      self.position = position
    }

    public init(parsing args: inout Arguments) throws(ParseError) {
      id = try args.id()
      position = try args.number(.position)
      try args.finish()
    }

    /// The first argument is a task in a category.
    public static func completions(_ context: CompletionContext, in session: Session)
      -> [Completion.Candidate]?
    {
      guard context.argument == 1 else { return nil }
      return session.taskCandidates { $0.placement == .category }
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      let now = session.environment.now()
      let r = session.renderer
      return try session.change(at: now) { p, _ in
        let task = try p.move(id, to: position, at: now)
        return (r.moved(task, to: position), r.changeName("move", [task], spoons: false)
          + " to \(position)")
      }
    }
  }
}
