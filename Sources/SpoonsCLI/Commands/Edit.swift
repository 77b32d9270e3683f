import SpoonsCore

extension Commands {
  /// `edit ID`: change a task's title, cost, note, place, due date or tags.
  public struct Edit: SpoonsCommand {
    public static let info = CommandInfo(
      name: "edit", aliases: ["e"],
      usage:
        "edit ID|FILTER... [+TAG] [-TAG] [@CONTEXT] [-@CONTEXT] [--title T] [--spoons N] [--note T] [--where T] [--due D | --no-due] [--yes]",
      summary: "change a task; alone, show its values",
      example: "edit 12 --spoons 2 --due tomorrow -health +errand",
      brief: "edit ID|FILTER... [options]")

    /// The tasks: ids, or a filter (`edit +phone --spoons 2`), all changed alike.
    public var selection: TaskSelection
    /// Empty: show the task's current values ready to copy.
    public var edit: TaskEdit

    public init(_ id: TaskRef, _ edit: TaskEdit) { self.init(.ids([id]), edit) }

    public init(_ selection: TaskSelection, _ edit: TaskEdit) {
      self.selection = selection
      self.edit = edit
    }

    public init(parsing args: inout Arguments) throws(ParseError) {
      var edit = TaskEdit()
      if let title = try args.option("--title") {
        // Tags typed in the new title are given, as `add` takes them from its title.
        let words = title.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        let split = try Arguments.valid { () throws(PlannerError) in try Tag.split(words) }
        let text = split.tags.isEmpty ? title : Text.joined(split.words, separator: " ")
        edit.title = try Arguments.valid { () throws(PlannerError) in try Title(text) }
        edit.tags.adding = split.tags
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
      // After ids, `+tag -tag @context -@context` change the tags; without ids, every word is
      // the filter that chooses the tasks (which a tag word cannot then also change).
      let yes = args.takeFlag("--yes")
      if args.nextIsID {
        let changes = try args.tagChanges()
        edit.tags.adding += changes.adding
        edit.tags.removing = changes.removing
        selection = .ids(try args.leadingIDs(), yes: yes)
      } else {
        selection = .matching(try args.filter(), yes: yes)
      }
      self.edit = edit
    }

    /// The first argument is any task; `--spoons` takes a cost.
    public static func completions(_ context: CompletionContext, in session: Session)
      -> [Completion.Candidate]?
    {
      if context.previous == "--spoons" { return Session.costCandidates }
      return context.argument == 1 ? session.taskCandidates { _ in true } : nil
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      let now = session.environment.now()
      let r = session.renderer
      guard !edit.isEmpty else {
        let p = try session.store.load()
        var out = ""
        for ref in try p.refs(selection, today: p.today(at: now)) {
          let number = try p.resolve(ref)
          guard let task = p.task(number) else { throw PlannerError.unknownTask(number) }
          out += r.editCommand(task)
        }
        return Session.Result(output: out, planner: p)
      }
      let confirmation = try session.confirm("Edit", selection, always: true, ask: ask, at: now)
      guard confirmation != .declined else { return Session.Result(output: "Nothing changed.\n") }
      // All or nothing: a task the edit cannot take (past the budget, a tag it lacks) leaves
      // every task as it was; one change for `undo`.
      return try session.change(at: now, ask: ask) { p, _ in
        let today = p.today(at: now)
        var tasks: [SpoonTask] = []
        var out = ""
        let refs = try session.selected(selection, in: p, at: now, confirmation)
        for (was, task) in try p.edit(refs, edit, at: now) {
          // A task that already had every value asked for is said so, not "Changed": no
          // change is recorded for it (none at all, and nothing for `undo`, when no task
          // changed).
          if task == was {
            out += r.alreadySo(task)
          } else {
            out += r.edited(task, today: today)
            tasks.append(task)
          }
        }
        return (out, r.changeName("edit", tasks, spoons: false))
      }
    }
  }
}
