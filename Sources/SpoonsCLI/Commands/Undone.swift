import SpoonsCore

extension Commands {
  /// `undone ID...`: today's check-offs go back on the list; tasks done on earlier days come
  /// back from the archive to their category. All or nothing.
  public struct Undone: TaskSelectionCommand {
    public static let info = CommandInfo(
      name: "undone", aliases: [], usage: "undone ID|FILTER... [--yes]",
      summary: "reopen checked-off tasks, today's or older",
      example: "undone 4")

    public var selection: TaskSelection

    public init(_ selection: TaskSelection) { self.selection = selection }

    /// The tasks checked off today.
    public static func completions(_ context: CompletionContext, in session: Session)
      -> [Completion.Candidate]?
    {
      session.taskCandidates(where: \.isDone)
    }

    /// The archive is read only when an id is not in the planner (as `delete` does), and a
    /// task reopened from it leaves it.
    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      let now = session.environment.now()
      let renderer = session.renderer
      let confirmation = try session.confirm("Reopen", selection, scope: .checkedOff, ask: ask, at: now)
      guard confirmation != .declined else { return Session.Result(output: "Nothing changed.\n") }
      func reopening(_ p: inout Planner, _ archived: inout [SpoonTask]) throws
        -> (output: String, name: String)
      {
        var reopened: [SpoonTask] = []
        var today: [TaskRef] = []
        for id in try session.selected(selection, in: p, scope: .checkedOff, at: now, confirmation) {
          if p.holds(id) {
            today.append(id)
          } else {
            reopened.append(try p.reopen(id, from: &archived, at: now))
          }
        }
        let taking = RestsTakenBack(p, undoing: today.isEmpty ? [] : try p.resolve(today))
        let undone = today.isEmpty ? [] : try p.markUndone(today, at: now)
        return (
          renderer.undone(undone + reopened) + renderer.restsTakenBack(taking.after(p), p),
          renderer.changeName("undone", undone + reopened)
        )
      }
      do {
        return try session.changeToday(at: now, ask: ask) { p, _ in
          var none: [SpoonTask] = []
          return try reopening(&p, &none)
        }
      } catch PlannerError.unknownTask {
        // The first attempt already asked about an ended day, if there was one to ask about.
        let kept = session.keptOpenDay
        return try session.changeReachingArchive(at: now) { p, archived in
          try p.checkOpenDayIsToday(at: now, keeping: kept)
          return try reopening(&p, &archived)
        }
      }
    }
  }
}
