import SpoonsCore

extension Commands {
  /// `new-day N [--mood M]`: starts a day, rolling the unfinished list into the backlog;
  /// `--mood` keeps how the person feels with it, for scripts (the check-in asks).
  public struct NewDay: SpoonsCommand {
    public static let info = CommandInfo(
      name: "new-day", aliases: ["nd"], usage: "new-day N [--mood M]",
      summary: "start a day of N spoons, roll over the rest",
      example: "new-day 12")

    /// `nil`: ask for it (REPL only).
    public var budget: Int?
    /// How the person feels, 1 to 5; nil: not said.
    public var mood: Int?

    public init(budget: Int?, mood: Int? = nil) {
      self.budget = budget
      self.mood = mood
    }

    public init(parsing args: inout Arguments) throws(ParseError) {
      let mood = try args.number(option: "--mood", .mood)
      let budget = try args.optionalNumber(.budget())
      try args.finish()
      // Their ranges are the day's to check (Limits.spoonsPerDay, Limits.mood).
      self.init(budget: budget, mood: mood)
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      let now = session.environment.now()
      let r = session.renderer
      let budget: Int
      if let given = self.budget {
        budget = given
      } else {
        // Refused before it asks: a day already begun has no budget to ask for. (With
        // nobody to ask, the missing number is the mistake to name.)
        let p = try session.store.load()
        if ask != nil { try p.checkNewDay(asked: nil, at: now) }
        budget = try Self.askBudget(ask, usual: p.usualBudget)
      }
      let result = try session.change(at: now) { p, archive in
        let outcome = try p.startNewDay(budget: budget, mood: mood, at: now)
        if let finished = outcome.finished { archive.append(finished) }
        let name = "new-day \(budget)" + (mood.map { " --mood \($0)" } ?? "")
        return (r.newDay(outcome, p), name)
      }
      session.keptOpenDay = nil
      return result
    }

    /// `new-day` alone: asks, offering the budget asked for last time (Enter takes it).
    private static func askBudget(_ ask: Session.Ask?, usual: Int?) throws -> Int {
      guard let ask else {
        throw NumberArgument.budget("spoons new-day \(usual ?? 12)").missing(in: info.name)
      }
      let offer = usual.map { " [\($0)]" } ?? ""
      guard let answer = ask("How many spoons today?\(offer) ") else {
        throw ParseError("cancelled: no new day was started")
      }
      let typed = answer.trimmingSpaces
      if typed.isEmpty, let usual { return usual }
      guard !typed.isEmpty else { throw ParseError("cancelled: no new day was started") }
      return try budget(answer: typed, example: "\(usual ?? 12)")
    }

    /// Today's spoons as a person types them when asked: `12`, or `12 spoons`. The day checks
    /// the range.
    static func budget(answer: String, example: String = "12") throws(ParseError) -> Int {
      var words = answer.split(separator: " ")
      if words.count == 2, ["spoons", "spoon"].contains(words[1].lowercased()) {
        words.removeLast()
      }
      return try NumberArgument.budget(example).parse(words.joined(separator: " "))
    }
  }
}
