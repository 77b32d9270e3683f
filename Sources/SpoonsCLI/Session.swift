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

  /// Runs one command. Throws `ParseError`, `PlannerError` or `StoreError`; on a throw nothing
  /// was changed.
  ///
  /// - Parameter ask: asks the user for a missing value (the REPL); nil where nobody can answer.
  public func execute(_ command: Command, ask: ((String) -> String?)? = nil) throws -> Result {
    let now = environment.now()
    let r = renderer
    switch command {
    case .status(let json):
      let p = try store.load()
      return Result(output: json ? JSONRenderer.status(p) : r.status(p), planner: p)
    case .todo(let json):
      let p = try store.load()
      return Result(output: json ? JSONRenderer.todo(p) : r.todo(p), planner: p)
    case .categories(let json):
      let p = try store.load()
      return Result(output: json ? JSONRenderer.categories(p) : r.categories(p), planner: p)
    case .list(let category, let json):
      let p = try store.load()
      return Result(
        output: json ? JSONRenderer.list(p, category: category) : r.list(p, category: category),
        planner: p)
    case .backlog(let json):
      let p = try store.load()
      return Result(output: json ? JSONRenderer.backlog(p) : r.backlog(p), planner: p)
    case .help(let topic):
      return Result(output: r.help(topic: topic))
    case .quit:
      return Result(output: "", quit: true)

    case .newDay(let budget):
      let budget = try budget ?? askBudget(ask)
      return try change { p, archive in
        let outcome = try p.startNewDay(budget: budget, at: now)
        if let finished = outcome.finished { archive.append(finished) }
        return r.newDay(outcome, p)
      }
    case .add(let spoons, let title):
      return try change { p, _ in r.added(p.add(title, spoons: spoons, at: now)) }
    case .plan(let ids):
      return try change { p, _ in r.planned(try p.plan(ids, at: now), p) }
    case .done(let ids):
      return try change { p, _ in r.done(try p.markDone(ids, at: now), p) }
    case .undone(let ids):
      return try change { p, _ in r.undone(try p.markUndone(ids, at: now)) }
    case .unplan(let ids):
      return try change { p, _ in r.unplanned(try p.unplan(ids, at: now), p) }
    case .delete(let ids):
      return try change { p, _ in r.deleted(try p.delete(ids)) }
    case .move(let id, let position):
      return try change { p, _ in r.moved(try p.move(id, to: position, at: now), to: position) }
    }
  }

  private func change(_ body: (inout Planner, inout [FinishedDay]) throws -> String) throws
    -> Result
  {
    var after: Planner?
    let output = try store.update { p, finished in
      defer { after = p }
      return try body(&p, &finished)
    }
    return Result(output: output, planner: after)
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
    guard let day = p.day else { return "spoons (no day)> " }
    return "spoons \(p.planned)/\(day.budget)> "
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
