import SpoonsCore

extension Commands {
  /// `routine`: the tasks `new-day` puts on the list by itself.
  public struct Routine: SpoonsCommand {
    public static let info = CommandInfo(
      name: "routine", aliases: ["routines"],
      usage: "routine add N TITLE... [--days D] [--rest] [--today] | list [--json] | "
        + "today ID | edit ID [--title T] [--spoons N] [--days D] | remove ID | pause ID | "
        + "resume ID",
      summary: "tasks that new-day puts on the list",
      example: "routine add 1 Take meds --days daily",
      brief: "routine add|list|remove|...")

    /// The subcommands.
    public enum Action: Hashable, Sendable {
      /// `today`: also put its task on today's list now.
      case add(SpoonCost, Title, days: RecurrenceSpec, isRest: Bool, today: Bool = false)
      case list(json: Bool)
      /// Its task on today's list now, for a routine added after the day began.
      case today(RoutineRef)
      case remove(RoutineRef)
      case pause(RoutineRef)
      case resume(RoutineRef)
      /// A new title, cost or days, for the tasks it makes from the next new day.
      case edit(RoutineRef, title: Title?, spoons: SpoonCost?, days: RecurrenceSpec? = nil)
    }

    public var action: Action

    public init(_ action: Action) { self.action = action }

    public init(parsing args: inout Arguments) throws(ParseError) {
      action = try Self.action(&args)
    }

    private static func action(_ args: inout Arguments) throws(ParseError) -> Action {
      guard let verb = args.next()?.lowercased() else { return .list(json: false) }
      switch verb {
      case "list", "ls":
        args.form = ("routine list", "routine list --json")
        return .list(json: try args.jsonFlagOnly())
      case "--json":
        args.form = ("routine list", "routine list --json")
        try args.finish()
        return .list(json: true)
      case "add":
        args.form = ("routine add", "routine add 1 Take meds --days daily")
        let isRest = args.takeFlag("--rest")
        let today = args.takeFlag("--today")
        let after = args.wordAfterValue(of: "--days")
        let days = try args.option("--days").map { word throws(ParseError) in
          try Self.days(word, followedBy: after)
        }
        let spoons = try args.cost(.cost("routine add 1 Take meds"))
        let title = try args.title(example: "routine add 1 Take meds")
        return .add(spoons, title, days: days ?? .everyDay, isRest: isRest, today: today)
      case "edit":
        args.form = ("routine edit", "routine edit r2 --spoons 3")
        let title = try args.option("--title").map { text throws(ParseError) in
          try Arguments.valid { () throws(PlannerError) in try Title(text) }
        }
        let cost = NumberArgument.cost("routine edit r2 --spoons 3")
        let spoons = try args.number(option: "--spoons", cost).map { n throws(ParseError) in
          try Arguments.cost(n, cost)
        }
        let after = args.wordAfterValue(of: "--days")
        let days = try args.option("--days").map { word throws(ParseError) in
          try Self.days(word, followedBy: after)
        }
        guard let word = args.next() else {
          throw ParseError("routine edit needs a routine id, e.g. routine edit r2 --spoons 3")
        }
        let id = try routineID(word, example: "routine edit r2 --spoons 3")
        try args.finish()
        guard title != nil || spoons != nil || days != nil else {
          throw ParseError(
            "routine edit needs --title, --spoons or --days, e.g. routine edit \(id) --spoons 3")
        }
        return .edit(id, title: title, spoons: spoons, days: days)
      case "remove", "rm", "delete", "pause", "resume", "today":
        args.form = ("routine \(verb)", "routine \(verb) r2")
        guard let word = args.next() else {
          throw ParseError("routine \(verb) needs a routine id, e.g. routine \(verb) r2")
        }
        let id = try routineID(word, example: "routine \(verb) r2")
        try args.finish()
        switch verb {
        case "pause": return .pause(id)
        case "resume": return .resume(id)
        case "today": return .today(id)
        default: return .remove(id)
        }
      case let option where option.hasPrefix("--"):
        throw ParseError(
          "routine's options go after add or list, e.g. routine add 2 Nap --rest --days weekends")
      default:
        throw ParseError(
          "routine takes add, list, today, edit, remove, pause or resume, not '\(Text.echoed(verb))', "
            + "e.g. routine add 1 Take meds --days daily")
      }
    }

    /// `--days`, as `RecurrenceSpec` reads it; the words echoed back made safe to print. A
    /// first word of a form of several (`every`, `last`) followed by one that goes on with it
    /// (`3`, `fri`) is refused: typed without quotes, the rest would be taken as the title.
    static func days(_ word: String, followedBy next: String?) throws(ParseError)
      -> RecurrenceSpec
    {
      if let next, RecurrenceSpec.continues(word, with: next) {
        // A whole example of the form begun, not the words typed cut short.
        let first = word.lowercased()
        let example =
          ["first", "second", "third", "fourth"].contains(first) ? "\(first) fri"
          : first == "last" || first == "fifth" ? "last fri" : "every 3 days"
        throw ParseError(
          "--days takes one word: put days of several words in quotes, e.g. --days "
            + "\"\(example)\"")
      }
      do {
        return try RecurrenceSpec(parsing: word)
      } catch {
        switch error {
        case .routineNeverFalls(_, let problem):
          throw ParseError(PlannerError.routineNeverFalls(Text.echoed(word), problem).description)
        default: throw ParseError(PlannerError.unreadableRoutineDays(Text.echoed(word)).description)
        }
      }
    }

    /// `r2`, `R2` or `2`.
    static func routineID(_ word: String, example: String) throws(ParseError) -> RoutineRef {
      let digits = word.first == "r" || word.first == "R" ? word.dropFirst() : Substring(word)
      guard digits.first != "#", let n = Arguments.single(digits) else {
        let long = digits.drop { $0 == "0" }.count > NumberArgument.maxDigits
          && digits.allSatisfy { $0.isASCII && $0.isNumber }
        throw ParseError(
          "'\(Text.echoed(word))' is \(long ? "too big for" : "not") a routine id; they look "
            + "like r2 (see 'routine list'), e.g. \(example)")
      }
      return RoutineRef(typed: n)
    }

    static let verbs = ["add", "list", "today", "edit", "remove", "pause", "resume"]

    /// The verbs, then the routines for the verbs that take one (labelled with their titles),
    /// and costs for `add N` and `--spoons`.
    public static func completions(_ context: CompletionContext, in session: Session)
      -> [Completion.Candidate]?
    {
      if context.argument == 1 { return verbs.map { Completion.Candidate(text: $0) } }
      let verb = context.words[1].lowercased()
      if (verb == "add" && context.argument == 2) || context.previous == "--spoons" {
        return Session.costCandidates
      }
      guard context.argument == 2,
        ["today", "edit", "remove", "pause", "resume"].contains(verb),
        let planner = try? session.store.load()
      else { return nil }
      return planner.routines.map {
        Completion.Candidate(
          text: $0.id.description, label: "\($0.id) \($0.title.text)",
          description: $0.title.text)
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
        task = try p.planRoutineToday(RoutineRef(routine), at: now)
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
          output: json ? JSONRenderer.routines(p, at: now) : r.routines(p, at: now), planner: p)
      case .add(let spoons, let title, let days, let isRest, let today):
        var offer: SpoonsCore.Routine?
        var result = try session.change(at: now, ask: ask) { p, _ in
          let routine = try p.addRoutine(
            title, spoons: spoons, days: try days.recurrence(today: p.today(at: now)), isRest: isRest,
            at: now)
          let next = routine.days == .everyDay ? nil : p.nextDate(of: routine, at: now)
          var out = r.routineAdded(routine, next: next.map { r.nameDate($0, p, now) })
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
        return try Self(.today(RoutineRef(routine))).run(in: session, ask: ask)
      case .today(let id):
        return try session.changeToday(at: now, ask: ask) { p, _ in
          let routine = try p.routine(id)
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
      case .edit(let id, let title, let spoons, let days):
        return try session.change(at: now) { p, _ in
          let routine = try p.editRoutine(
            id, title: title, spoons: spoons, days: try days?.recurrence(today: p.today(at: now)))
          let next = days == nil ? "" : p.nextDate(of: routine, at: now).map {
            " Next: \(r.nameDate($0, p, now))."
          } ?? ""
          return (
            "Changed routine \(routine.id) \(r.describe(routine)): from the next new day its "
              + "tasks are made this way.\(next)\n",
            r.routineChangeName("edit", routine))
        }
      }
    }
  }
}
