import SpoonsCore
import SpoonsStore

/// Applies commands to the stored planner and says what happened.
///
/// Every command reads the current state from the store (and a change writes it back under the
/// lock), so a session left open all day never works on a stale copy.
public final class Session {
  public let store: PlannerStore
  public var environment: Environment
  public let renderer: Renderer

  public init(store: PlannerStore, environment: Environment, renderer: Renderer) {
    self.store = store
    self.environment = environment
    self.renderer = renderer
  }

  /// What a command printed, whether it asked to leave, and the planner as the command left
  /// it (nil for commands that do not read it), so the REPL's prompt needs no second read.
  public struct Result: Equatable {
    public var output: String
    public var quit = false
    public var planner: Planner?
  }

  /// Runs one command. Throws `ParseError`, `PlannerError`, `StoreError`, `UndoError` or
  /// `ImportError`; on a throw nothing was changed.
  ///
  /// - Parameter ask: asks the user for a missing value (the REPL); nil where nobody can answer.
  public func execute(_ command: Command, ask: ((String) -> String?)? = nil) throws -> Result {
    let now = environment.now()
    let today = now.date
    let r = renderer
    switch command {
    case .status(let json):
      let p = try store.load()
      return Result(output: json ? JSONRenderer.status(p) : r.status(p, today: today), planner: p)
    case .todo(let json):
      let p = try store.load()
      return Result(output: json ? JSONRenderer.todo(p) : r.todo(p, today: today), planner: p)
    case .categories(let json):
      let p = try store.load()
      return Result(output: json ? JSONRenderer.categories(p) : r.categories(p), planner: p)
    case .list(let category, let order, let json):
      let p = try store.load()
      return Result(
        output: json
          ? JSONRenderer.list(p, category: category, order: order)
          : r.list(p, category: category, order: order, today: today),
        planner: p)
    case .backlog(let order, let json):
      let p = try store.load()
      return Result(
        output: json
          ? JSONRenderer.backlog(p, order: order) : r.backlog(p, order: order, today: today),
        planner: p)
    case .show(let id, let json):
      let p = try store.load()
      guard let task = try p.task(id) ?? archived(id) else { throw PlannerError.unknownTask(id) }
      return Result(
        output: json ? JSONRenderer.task(task) + "\n" : r.show(task, today: today), planner: p)
    case .completed(let days, let json):
      let whole = try store.loadWhole()
      let p = whole.planner
      let done = p.completed(days: days, archived: whole.archive.doneTasks, today: today)
      return Result(
        output: json
          ? JSONRenderer.completed(done) : r.completed(done, lookingBack: days, today: today),
        planner: p)
    case .search(let text, let json):
      let whole = try store.loadWhole()
      let p = whole.planner
      let hits = p.search(text, completed: whole.archive.doneTasks.reversed())
      return Result(
        output: json ? JSONRenderer.search(hits) : r.search(hits, query: text, today: today),
        planner: p)
    case .history(let days, let json):
      return try history(days: days, json: json, today: today)
    case .stats(let days, let json):
      return try stats(days: days, json: json, today: today)
    case .chart(let days, let ascii):
      return try chart(days: days, ascii: ascii, today: today)
    case .report(let file, let days):
      return try report(to: file, days: days, now: now)
    case .help(let topic):
      return Result(output: r.help(topic: topic))
    case .quit:
      return Result(output: "", quit: true)

    case .newDay(let budget):
      let budget = try budget ?? askBudget(ask)
      return try change(at: now) { p, archive in
        let outcome = try p.startNewDay(budget: budget, at: now)
        if let finished = outcome.finished { archive.append(finished) }
        return (r.newDay(outcome, p), "new-day \(budget)")
      }
    case .add(let new):
      return try change(at: now) { p, _ in
        let task = try p.add(
          new.title, spoons: new.spoons, at: now, note: new.note, location: new.location,
          due: new.due, force: new.force, isRest: new.isRest)
        return (r.added(task, today: today), r.changeName("add", [task]))
      }
    case .edit(let id, let edit):
      guard !edit.isEmpty else {
        let p = try store.load()
        guard let task = p.task(id) else { throw PlannerError.unknownTask(id) }
        return Result(output: r.editCommand(task), planner: p)
      }
      return try change(at: now) { p, _ in
        let task = try p.edit(id, edit, at: now)
        return (r.edited(task, today: today), r.changeName("edit", [task], spoons: false))
      }
    case .plan(let ids, let borrow, let useReserve):
      return try change(at: now) { p, _ in
        let outcome = try p.plan(ids, at: now, borrow: borrow, useReserve: useReserve)
        return (r.planned(outcome, p), r.changeName("plan", outcome.tasks))
      }
    case .done(let ids):
      return try change(at: now) { p, _ in
        let tasks = try p.markDone(ids, at: now)
        return (r.done(tasks, p), r.changeName("done", tasks))
      }
    case .borrow(let n):
      return try change(at: now) { p, _ in
        try p.borrow(n)
        return (r.borrowed(n, p), "borrow \(n)")
      }
    case .rest(let spoons, let title):
      return try change(at: now) { p, _ in
        let rest = try p.addRest(title, spoons: spoons, at: now)
        return (r.restAdded(rest), r.changeName("rest", [rest], spoons: false))
      }
    case .reserve(let n):
      guard let n else {
        let p = try store.load()
        return Result(output: r.reserve(p.reserve, changed: false), planner: p)
      }
      return try change(at: now) { p, _ in
        try p.setReserve(n)
        return (r.reserve(n, changed: true), "reserve \(n)")
      }
    case .suggest(let max, let plan):
      func suggest(_ p: Planner) throws -> Suggestion {
        guard p.day != nil else { throw PlannerError.noDayStarted }
        return p.suggest(max: max)
      }
      guard plan else {
        let p = try store.load()
        return Result(output: r.suggestion(try suggest(p), today: today), planner: p)
      }
      return try change(at: now) { p, _ in
        let suggestion = try suggest(p)
        var out = r.suggestion(suggestion, today: today, planning: true)
        var planned: [SpoonTask] = []
        if !suggestion.tasks.isEmpty {
          let outcome = try p.plan(suggestion.tasks.map(\.id), at: now)
          out += r.planned(outcome, p)
          planned = outcome.tasks
        }
        return (out, r.changeName("suggest --plan", planned))
      }
    case .routine(let command):
      return try routine(command, at: now)
    case .undone(let ids):
      return try undone(ids, at: now)
    case .unplan(let ids):
      return try change(at: now) { p, _ in
        let tasks = try p.unplan(ids, at: now)
        return (r.unplanned(tasks, p), r.changeName("unplan", tasks))
      }
    case .delete(let ids):
      return try change(at: now) { p, _ in
        let tasks = try p.delete(ids)
        return (r.deleted(tasks), r.changeName("delete", tasks))
      }
    case .move(let id, let position):
      return try change(at: now) { p, _ in
        let task = try p.move(id, to: position, at: now)
        return (r.moved(task, to: position), r.changeName("move", [task], spoons: false)
          + " to \(position)")
      }
    case .clear(let target, let confirmed):
      return try clear(target, confirmed: confirmed, ask: ask, at: now)
    case .undo(let count):
      let (changes, p) = try store.undo(count)
      return Result(output: r.undid(changes, p), planner: p)
    case .redo(let count):
      let (changes, p) = try store.redo(count)
      return Result(output: r.redid(changes, p), planner: p)
    case .export(let kind, let output):
      let export = try store.loadWhole()
      let bytes = kind == .json ? ExportFormat.json(export) : ExportFormat.csv(export)
      guard let output else { return Result(output: String(decoding: bytes, as: UTF8.self)) }
      try environment.writeFile(bytes, output)
      return Result(output: r.exported(export, kind: kind, to: output))
    case .importFile(let path, let replace):
      let incoming = try ExportFormat.decode(json: try ImportFile.read(path), file: path)
      let summary = try store.importPlanner(
        incoming, file: path, replace: replace, at: now,
        describe: { r.importName(path, $0, replace: replace) })
      return Result(output: r.imported(path, summary, replace: replace))
    case .changes(let limit):
      return Result(output: r.changes(try store.changes(), limit: limit, today: today))
    }
  }

  private func routine(_ command: RoutineCommand, at now: Timestamp) throws -> Result {
    let r = renderer
    switch command {
    case .list(let json):
      let p = try store.load()
      return Result(
        output: json ? JSONRenderer.routines(p.routines) : r.routines(p.routines), planner: p)
    case .add(let spoons, let title, let days, let isRest):
      return try change(at: now) { p, _ in
        let routine = try p.addRoutine(title, spoons: spoons, days: days, isRest: isRest, at: now)
        return (r.routineAdded(routine), r.routineChangeName("add", routine))
      }
    case .remove(let id):
      return try change(at: now) { p, _ in
        let routine = try p.removeRoutine(id)
        return (r.routineRemoved(routine), r.routineChangeName("remove", routine))
      }
    case .pause(let id):
      return try change(at: now) { p, _ in
        let routine = try p.setRoutine(id, paused: true)
        return (r.routinePaused(routine), r.routineChangeName("pause", routine))
      }
    case .resume(let id):
      return try change(at: now) { p, _ in
        let routine = try p.setRoutine(id, paused: false)
        return (r.routinePaused(routine), r.routineChangeName("resume", routine))
      }
    }
  }

  /// A task checked off on an earlier day, from the archive.
  private func archived(_ id: TaskID) throws -> SpoonTask? {
    try store.loadArchive().doneTasks.last { $0.id == id }
  }

  /// `undone`: today's check-offs go back on the list; tasks done on earlier days come back
  /// from the archive to their category. All or nothing. The archive is read only when an id
  /// is not in the planner (and not inside the update: its lock would wait on itself).
  private func undone(_ ids: [TaskID], at now: Timestamp) throws -> Result {
    func attempt(archive: [SpoonTask]) throws -> Result {
      try change(at: now) { p, _ in
        var reopened: [SpoonTask] = []
        var today: [TaskID] = []
        for id in ids {
          if p.task(id) != nil {
            today.append(id)
          } else if let task = archive.last(where: { $0.id == id }) {
            reopened.append(try p.reopen(task, at: now))
          } else {
            throw PlannerError.unknownTask(id)
          }
        }
        let undone = today.isEmpty ? [] : try p.markUndone(today, at: now)
        return (renderer.undone(undone + reopened), renderer.changeName("undone", undone + reopened))
      }
    }
    do {
      return try attempt(archive: [])
    } catch PlannerError.unknownTask {
      return try attempt(archive: try store.loadArchive().doneTasks)
    }
  }

  /// `clear backlog|completed`: asks first in the REPL; elsewhere it needs `--yes`.
  private func clear(
    _ target: ClearTarget, confirmed: Bool, ask: ((String) -> String?)?, at now: Timestamp
  ) throws -> Result {
    let what = target == .backlog ? "in the backlog" : "checked off on earlier days"
    let nothing = "There are no tasks \(what).\n"
    if !confirmed {
      // Counted only to ask; the deletion below counts what it really removed.
      let p: Planner, count: Int
      if target == .backlog {
        p = try store.load()
        count = p.backlog.count
      } else {
        let whole = try store.loadWhole()  // one read of the planner for both
        (p, count) = (whole.planner, whole.archive.doneTasks.count)
      }
      guard count > 0 else { return Result(output: nothing, planner: p) }
      let tasks = Renderer.tasks(count)
      guard let ask else {
        throw ParseError("clear \(target.rawValue) deletes \(tasks); add --yes to confirm")
      }
      let answer = ask("Delete the \(tasks) \(what)? [y/N] ")
      guard let answer, ["y", "yes"].contains(answer.trimmingSpaces.lowercased()) else {
        return Result(output: "Nothing deleted.\n", planner: p)
      }
    }
    func said(_ count: Int) -> String {
      count == 0 ? nothing : renderer.cleared(target, count: count)
    }
    func name(_ count: Int) -> String { "clear \(target.rawValue) (\(Renderer.tasks(count)))" }
    switch target {
    case .backlog:
      return try change(at: now) { p, _ in
        let count = p.clearBacklog().count
        return (said(count), name(count))
      }
    case .completed:
      return Result(output: said(try store.clearArchivedTasks(at: now, describe: name)))
    }
  }

  /// Runs a changing command: `body` returns what to print and how the undo history names
  /// the change.
  private func change(
    at now: Timestamp,
    _ body: (inout Planner, inout [FinishedDay]) throws -> (output: String, name: String)
  ) throws -> Result {
    var after: Planner?
    let said = try store.update(at: now, describe: { $0.name }) { p, finished in
      defer { after = p }
      return try body(&p, &finished)
    }
    return Result(output: said.output, planner: after)
  }

  private func askBudget(_ ask: ((String) -> String?)?) throws -> Int {
    guard let ask else {
      throw ParseError("new-day needs N, today's spoons; usage: new-day N")
    }
    guard let answer = ask("How many spoons today? "),
      !answer.allSatisfy({ $0 == " " })
    else { throw ParseError("cancelled: no new day was started") }
    return try Self.budget(answer: answer)
  }

  /// Today's spoons as typed in answer to a question: a whole number 0...99.
  static func budget(answer: String) throws(ParseError) -> Int {
    let n = try Arguments.wholeNumber(
      answer.trimmingSpaces, name: "today's spoons", command: "new-day")
    guard Day.budgetRange.contains(n) else {
      throw ParseError(PlannerError.invalidBudget(n).description)
    }
    return n
  }

  /// The REPL prompt for `planner` (read now when not given): `spoons 7/12> `, or
  /// `spoons (no day)> `.
  public func prompt(for planner: Planner? = nil) -> String {
    guard let p = planner ?? (try? store.load()) else { return "spoons> " }
    guard let ledger = p.ledger else { return "spoons (no day)> " }
    return "spoons \(ledger.planned)/\(ledger.total)> "
  }
}

extension String {
  var trimmingSpaces: String {
    var s = Substring(self)
    while s.first == " " || s.first == "\t" { s.removeFirst() }
    while s.last == " " || s.last == "\t" { s.removeLast() }
    return String(s)
  }
}
