import SpoonsCore

extension Commands {
  /// `plan ID...`: tasks onto today's list, all or nothing, within the budget.
  public struct Plan: SpoonsCommand {
    public static let info = CommandInfo(
      name: "plan", aliases: ["p"], usage: "plan ID|FILTER... [--borrow] [--use-reserve] [--yes]",
      summary: "put tasks on today's list, within budget",
      example: "plan 4 7 #9")

    public var selection: TaskSelection
    /// Borrow from tomorrow what the selection needs.
    public var borrow: Bool
    /// Plan into the reserve.
    public var useReserve: Bool

    public init(_ ids: [TaskRef], borrow: Bool = false, useReserve: Bool = false) {
      self.init(.ids(ids), borrow: borrow, useReserve: useReserve)
    }

    public init(_ selection: TaskSelection, borrow: Bool = false, useReserve: Bool = false) {
      self.selection = selection
      self.borrow = borrow
      self.useReserve = useReserve
    }

    public init(parsing args: inout Arguments) throws(ParseError) {
      borrow = args.takeFlag("--borrow")
      useReserve = args.takeFlag("--use-reserve")
      selection = try args.selection()
    }

    /// The tasks that could be planned (in the backlog or a category), besides the ids already
    /// on the line: those that fit today first, each with its cost and where it is, then
    /// those that do not, marked so.
    public static func completions(_ context: CompletionContext, in session: Session)
      -> [Completion.Candidate]?
    {
      guard let p = try? session.store.load() else { return nil }
      let before = context.words.dropFirst().prefix(max(0, context.argument - 1))
      let chosen = before.flatMap { word -> [TaskRef] in
        var args = Arguments([word], info: info)
        return (try? args.ids()) ?? []
      }
      let candidates = p.planCandidates(
        besides: chosen, useReserve: context.words.contains("--use-reserve"))
      let width = session.renderer.idWidth(candidates.map(\.task))
      let today = p.today(at: session.environment.now())
      let separator = session.renderer.charset.separator
      return candidates.map {
        let fits = $0.fits || p.day == nil ? "" : separator + "does not fit"
        return Completion.Candidate(
          text: String($0.task.id.rawValue),
          label: session.renderer.planCandidate(
            $0, width: width, today: today, dayOpen: p.day != nil),
          description: "\($0.task.title.text), \($0.task.spoons)" + fits)
      }
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      let now = session.environment.now()
      let r = session.renderer
      let confirmation = try session.confirm("Plan", selection, scope: .waiting, ask: ask, at: now)
      guard confirmation != .declined else { return Session.Result(output: "Nothing changed.\n") }
      return try session.changeToday(at: now, ask: ask) { p, _ in
        let ids = try session.selected(selection, in: p, scope: .waiting, at: now, confirmation)
        let outcome = try p.plan(ids, at: now, borrow: borrow, useReserve: useReserve)
        return (r.planned(outcome, p), r.changeName("plan", outcome.tasks))
      }
    }
  }
}
