import SpoonsCore

extension Commands {
  /// `routine`: the tasks `new-day` puts on the list by itself.
  public struct Routine: SpoonsCommand {
    public static let info = CommandInfo(
      name: "routine", aliases: ["routines"],
      usage: "routine add N TITLE... [--days D] [--rest] [--today] | list [--json] | "
        + "today ID | remove ID | pause ID | resume ID",
      summary: "tasks that new-day puts on the list",
      example: "routine add 1 Take meds --days daily",
      brief: "routine add|list|remove|...")

    /// The subcommands.
    public enum Action: Hashable, Sendable {
      /// `today`: also put its task on today's list now.
      case add(SpoonCost, Title, days: Weekdays, isRest: Bool, today: Bool = false)
      case list(json: Bool)
      /// Its task on today's list now, for a routine added after the day began.
      case today(RoutineID)
      case remove(RoutineID)
      case pause(RoutineID)
      case resume(RoutineID)
    }

    public var action: Action

    public init(_ action: Action) { self.action = action }

    public init(parsing args: inout Arguments) throws(ParseError) {
      action = try Self.action(&args)
    }

    private static func action(_ args: inout Arguments) throws(ParseError) -> Action {
      guard let verb = args.next() else { return .list(json: false) }
      switch verb {
      case "list", "ls":
        return .list(json: try args.jsonFlagOnly())
      case "--json":
        try args.finish()
        return .list(json: true)
      case "add":
        let isRest = args.takeFlag("--rest")
        let today = args.takeFlag("--today")
        let days = try args.option("--days").map { word throws(ParseError) in
          guard let days = Weekdays(word), !days.isEmpty else {
            throw ParseError(
              "'\(Text.echoed(word))' is not a set of days; use \(Weekdays.acceptedForms)")
          }
          return days
        }
        let spoons = try Arguments.spoonCost(try args.number(named: "N"))
        let title = try args.title()
        return .add(spoons, title, days: days ?? .everyDay, isRest: isRest, today: today)
      case "remove", "rm", "delete", "pause", "resume", "today":
        guard let word = args.next() else {
          throw ParseError("routine \(verb) needs a routine id like r2; \(args.usage)")
        }
        let id = try routineID(word)
        try args.finish()
        switch verb {
        case "pause": return .pause(id)
        case "resume": return .resume(id)
        case "today": return .today(id)
        default: return .remove(id)
        }
      default:
        throw ParseError(
          "routine takes add, list, today, remove, pause or resume, not '\(Text.echoed(verb))'; "
            + args.usage)
      }
    }

    /// `r2`, `R2` or `2`.
    static func routineID(_ word: String) throws(ParseError) -> RoutineID {
      let digits = word.first == "r" || word.first == "R" ? word.dropFirst() : Substring(word)
      guard digits.first != "#", let n = Arguments.single(digits) else {
        throw ParseError(
          "'\(Text.echoed(word))' is not a routine id; they look like r2 (see 'routine list')")
      }
      return RoutineID(n)
    }

    static let verbs = ["add", "list", "today", "remove", "pause", "resume"]

    public static var shellWords: [String] { verbs }

    /// The verbs, then the routines for the verbs that take one.
    public static func completions(_ context: CompletionContext, in session: Session)
      -> [Completion.Candidate]?
    {
      if context.argument == 1 { return verbs.map { Completion.Candidate(text: $0) } }
      guard context.argument == 2, ["today", "remove", "pause", "resume"].contains(context.words[1]),
        let planner = try? session.store.load()
      else { return nil }
      return planner.routines.map {
        Completion.Candidate(text: $0.id.description, label: "\($0.id) \($0.title.text)")
      }
    }

    /// Its task on today's list now; a day that is over, or one it does not fit, says why
    /// instead (the routine itself stays added).
    private static func putOnToday(
      _ routine: SpoonsCore.Routine, _ p: inout Planner, at now: Timestamp, renderer r: Renderer
    ) throws -> String {
      guard p.ledger != nil else { return "" }
      guard p.endedDay(at: now) == nil else {
        return "Not put on today's list: the open day is over; new-day puts it on.\n"
      }
      let task: SpoonTask
      do throws(PlannerError) {
        task = try p.planRoutineToday(routine.id, at: now)
      } catch {
        switch error {
        case .overBudget, .intoReserve: return "Not put on today's list: \(error).\n"
        default: throw error
        }
      }
      return "Put \(task.id) \(task.title.text) on today's list: "
        + r.plannedOf(p.ledger ?? SpoonLedger(budget: 0)) + ".\n"
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      let now = session.environment.now()
      let r = session.renderer
      switch action {
      case .list(let json):
        let p = try session.store.load()
        return Session.Result(
          output: json ? JSONRenderer.routines(p.routines) : r.routines(p.routines), planner: p)
      case .add(let spoons, let title, let days, let isRest, let today):
        var offer: SpoonsCore.Routine?
        var result = try session.change(at: now) { p, _ in
          let routine = try p.addRoutine(
            title, spoons: spoons, days: days, isRest: isRest, at: now)
          var out = r.routineAdded(routine)
          if today {
            out += try Self.putOnToday(routine, &p, at: now, renderer: r)
          } else if p.ledger != nil, p.endedDay(at: now) == nil,
            routine.runs(on: p.today(at: now))
          {
            offer = routine
          }
          return (out, r.routineChangeName("add", routine))
        }
        guard let routine = offer else { return result }
        guard let ask else {
          result.output += "To put it on today's list too: spoons routine today \(routine.id)\n"
          return result
        }
        session.environment.output.write(result.output)
        result.output = ""
        let answer = ask("Put it on today's list too? [y/N] ")?.trimmingSpaces.lowercased()
        guard answer == "y" || answer == "yes" else { return result }
        return try Self(.today(routine.id)).run(in: session, ask: ask)
      case .today(let id):
        return try session.changeToday(at: now, ask: ask) { p, _ in
          guard let routine = p.routines.first(where: { $0.id == id }) else {
            throw PlannerError.unknownRoutine(id)
          }
          return (
            try Self.putOnToday(routine, &p, at: now, renderer: r),
            r.routineChangeName("today", routine)
          )
        }
      case .remove(let id):
        return try session.change(at: now) { p, _ in
          let routine = try p.removeRoutine(id)
          return (r.routineRemoved(routine), r.routineChangeName("remove", routine))
        }
      case .pause(let id):
        return try session.change(at: now) { p, _ in
          let routine = try p.setRoutine(id, paused: true)
          return (r.routinePaused(routine), r.routineChangeName("pause", routine))
        }
      case .resume(let id):
        return try session.change(at: now) { p, _ in
          let routine = try p.setRoutine(id, paused: false)
          return (r.routinePaused(routine), r.routineChangeName("resume", routine))
        }
      }
    }
  }
}
