import SpoonsCore

extension Commands {
  /// `edit ID`: change a task's title, cost, note, place, due date or tags.
  public struct Edit: SpoonsCommand {
    public static let info = CommandInfo(
      name: "edit", aliases: ["e"],
      usage:
        "edit ID [+TAG] [-TAG] [@CONTEXT] [-@CONTEXT] [--title T] [--spoons N] [--note T] [--where T] [--due D | --no-due]",
      summary: "change a task; alone, show its values",
      example: "edit 12 --spoons 2 --due tomorrow -health +errand",
      brief: "edit ID [+TAG -TAG] [options]")

    public var id: TaskRef
    /// Empty: show the task's current values ready to copy.
    public var edit: TaskEdit

    public init(_ id: TaskRef, _ edit: TaskEdit) {
      self.id = id
      self.edit = edit
    }

    public init(parsing args: inout Arguments) throws(ParseError) {
      var edit = TaskEdit()
      if let title = try args.option("--title") {
        edit.title = try Arguments.valid { () throws(PlannerError) in try Title(title) }
      }
      let cost = NumberArgument.cost("edit 12 --spoons 2")
      if let n = try args.number(option: "--spoons", cost) {
        edit.spoons = try Arguments.cost(n, cost)
      }
      if let note = try args.option("--note") {
        _ = try Arguments.valid { () throws(PlannerError) in try TaskDetail.note.validate(note) }
        edit.note = note
      }
      if let place = try args.option("--where") {
        _ = try Arguments.valid { () throws(PlannerError) in
          try TaskDetail.place.validate(place)
        }
        edit.location = place
      }
      let due = try args.option("--due").map(Arguments.dueDate)
      let noDue = args.takeFlag("--no-due")
      if due != nil && noDue {
        throw ParseError("--due and --no-due can't be used together, e.g. edit 12 --no-due")
      }
      if let due { edit.due = .set(due) }
      if noDue { edit.due = .clear }
      edit.tags = try args.tagChanges()
      id = try args.id()
      try args.finish()
      self.edit = edit
    }

    /// The first argument is any task.
    public static func completions(_ context: CompletionContext, in session: Session)
      -> [Completion.Candidate]?
    {
      context.argument == 1 ? session.taskCandidates { _ in true } : nil
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      let now = session.environment.now()
      let r = session.renderer
      guard !edit.isEmpty else {
        let p = try session.store.load()
        let number = try p.resolve(id)
        guard let task = p.task(number) else { throw PlannerError.unknownTask(number) }
        return Session.Result(output: r.editCommand(task), planner: p)
      }
      return try session.change(at: now, ask: ask) { p, _ in
        let task = try p.edit(id, edit, at: now)
        return (r.edited(task, today: p.today(at: now)), r.changeName("edit", [task], spoons: false))
      }
    }
  }
}
