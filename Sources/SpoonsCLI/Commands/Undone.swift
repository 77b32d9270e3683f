import SpoonsCore

extension Commands {
  /// `undone ID...`: today's check-offs go back on the list; tasks done on earlier days come
  /// back from the archive to their category. All or nothing.
  public struct Undone: TaskSelectionCommand {
    public static let info = CommandInfo(
      name: "undone", aliases: [], usage: "undone ID...",
      summary: "reopen checked-off tasks, today's or older",
      example: "undone 4")

    public var ids: [TaskID]

    public init(_ ids: [TaskID]) { self.ids = ids }

    /// The tasks checked off today.
    public static func completions(_ context: CompletionContext, in session: Session)
      -> [Completion.Candidate]?
    {
      session.taskCandidates(where: \.isDone)
    }

    /// The archive is read only when an id is not in the planner (and not inside the update:
    /// its lock would wait on itself).
    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      let now = session.environment.now()
      let renderer = session.renderer
      func attempt(archive: [SpoonTask]) throws -> Session.Result {
        try session.changeToday(at: now, ask: ask) { p, _ in
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
          let taking = RestsTakenBack(p, undoing: today)
          let undone = today.isEmpty ? [] : try p.markUndone(today, at: now)
          return (
            renderer.undone(undone + reopened) + renderer.restsTakenBack(taking.after(p), p),
            renderer.changeName("undone", undone + reopened)
          )
        }
      }
      do {
        return try attempt(archive: [])
      } catch PlannerError.unknownTask {
        return try attempt(archive: try session.store.loadArchive().doneTasks)
      }
    }
  }
}
