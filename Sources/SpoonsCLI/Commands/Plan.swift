import SpoonsCore

extension Commands {
  /// `plan ID...`: tasks onto today's list, all or nothing, within the budget.
  public struct Plan: SpoonsCommand {
    public static let info = CommandInfo(
      name: "plan", aliases: ["p"], usage: "plan ID... [--borrow] [--use-reserve]",
      summary: "put tasks on today's list, within budget",
      example: "plan 4 7 #9")

    public var ids: [TaskID]
    /// Borrow from tomorrow what the selection needs.
    public var borrow: Bool
    /// Plan into the reserve.
    public var useReserve: Bool

    public init(_ ids: [TaskID], borrow: Bool = false, useReserve: Bool = false) {
      self.ids = ids
      self.borrow = borrow
      self.useReserve = useReserve
    }

    public init(parsing args: inout Arguments) throws(ParseError) {
      borrow = args.takeFlag("--borrow")
      useReserve = args.takeFlag("--use-reserve")
      ids = try args.ids()
    }

    /// The tasks that could be planned: in a category or the backlog.
    public static func completions(_ context: CompletionContext, in session: Session)
      -> [Completion.Candidate]?
    {
      session.taskCandidates {
        switch $0.placement {
        case .category, .backlog: return true
        default: return false
        }
      }
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      let now = session.environment.now()
      let r = session.renderer
      return try session.changeToday(at: now, ask: ask) { p, _ in
        let outcome = try p.plan(ids, at: now, borrow: borrow, useReserve: useReserve)
        return (r.planned(outcome, p), r.changeName("plan", outcome.tasks))
      }
    }
  }
}
