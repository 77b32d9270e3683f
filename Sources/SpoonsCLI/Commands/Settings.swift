import SpoonsCore

/// A setting `settings` shows and changes.
public enum SettingName: String, Hashable, Sendable, CaseIterable {
  /// When the day begins (`DayStart`).
  case dayStart = "day-start"
  /// Spoons kept back from planning (also `reserve N`).
  case reserve
}

extension Commands {
  /// `settings [day-start HH:MM | reserve N]`: the planner's settings; alone, shows them.
  public struct Settings: SpoonsCommand {
    public static let info = CommandInfo(
      name: "settings", aliases: [], usage: "settings [day-start HH:MM | reserve N]",
      summary: "show or change the day start and the reserve",
      example: "settings day-start 05:00", brief: "settings [NAME VALUE]")

    /// The change asked for; nil: show the settings.
    public var change: Change?

    public enum Change: Equatable, Sendable {
      case dayStart(DayStart)
      case reserve(Int)
    }

    public init(_ change: Change?) { self.change = change }

    public init(parsing args: inout Arguments) throws(ParseError) {
      guard let word = args.next() else {
        change = nil
        return
      }
      let names = SettingName.allCases.map(\.rawValue).joined(separator: " or ")
      guard let name = SettingName(rawValue: word.lowercased()) else {
        throw ParseError("there is no setting '\(Text.echoed(word))'; the settings are \(names)")
      }
      switch name {
      case .dayStart:
        guard let time = args.next() else {
          throw ParseError("settings day-start needs a time, e.g. settings day-start 04:00")
        }
        guard let start = DayStart(time) else {
          throw ParseError(
            "the day can start from 00:00 to 12:00 (24-hour clock), not "
              + "'\(Text.echoed(time))'; e.g. settings day-start 04:30")
        }
        change = .dayStart(start)
      case .reserve:
        guard let word = args.next() else {
          throw ParseError("settings reserve needs a number of spoons, e.g. settings reserve 1")
        }
        change = .reserve(
          try NumberArgument.spoonsPerDay(what: "the reserve", example: "settings reserve 1")
            .parse(word))
      }
      try args.finish()
    }

    public static var shellWords: [String] { SettingName.allCases.map(\.rawValue) }

    public static func completions(_ context: CompletionContext, in session: Session)
      -> [Completion.Candidate]?
    {
      guard context.argument == 1 else { return nil }
      return SettingName.allCases.map { Completion.Candidate(text: $0.rawValue) }
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      let now = session.environment.now()
      let r = session.renderer
      switch change {
      case nil:
        let p = try session.store.load()
        return Session.Result(output: r.settings(p), planner: p)
      case .dayStart(let start)?:
        return try session.change(at: now) { p, _ in
          p.setDayStart(start)
          return (r.dayStartSet(p, at: now), "settings day-start \(start)")
        }
      case .reserve(let n)?:
        return try Commands.Reserve(n).run(in: session, ask: ask)
      }
    }
  }
}
