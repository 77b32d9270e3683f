import SpoonsCore

/// A setting `settings` shows and changes.
public enum SettingName: String, Hashable, Sendable, CaseIterable {
  /// When the day begins (`DayStart`).
  case dayStart = "day-start"
  /// Spoons kept back from planning (also `reserve N`).
  case reserve
  /// Whether the morning check-in asks how the person feels (`Planner.asksMood`).
  case mood
  /// Whether the morning check-in may mention a run of heavy days (`Planner.paceHints`).
  case paceHint = "pace-hint"
}

extension Commands {
  /// `settings [day-start HH:MM | reserve N | mood on|off | pace-hint on|off]`: the
  /// planner's settings; alone, shows them.
  public struct Settings: SpoonsCommand {
    public static let info = CommandInfo(
      name: "settings", aliases: [],
      usage: "settings [day-start HH:MM | reserve N | mood on|off | pace-hint on|off]",
      summary: "day start, reserve, mood question, pace hint",
      example: "settings day-start 05:00", brief: "settings [NAME VALUE]")

    /// The change asked for; nil: show the settings.
    public var change: Change?

    public enum Change: Equatable, Sendable {
      case dayStart(DayStart)
      case reserve(Int)
      case asksMood(Bool)
      case paceHints(Bool)
    }

    public init(_ change: Change?) { self.change = change }

    public init(parsing args: inout Arguments) throws(ParseError) {
      guard let word = args.next() else {
        change = nil
        return
      }
      let names = Arguments.list(SettingName.allCases.map(\.rawValue), or: true)
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
      case .mood:
        change = .asksMood(try Self.onOff(args.next(), setting: name))
      case .paceHint:
        change = .paceHints(try Self.onOff(args.next(), setting: name))
      }
      try args.finish()
    }

    /// `on` or `off` (also `yes`/`no`, `true`/`false`, whatever their case).
    private static func onOff(_ word: String?, setting: SettingName) throws(ParseError) -> Bool {
      switch word?.lowercased() {
      case "on", "yes", "true": return true
      case "off", "no", "false": return false
      case nil:
        throw ParseError(
          "settings \(setting.rawValue) needs on or off, e.g. settings \(setting.rawValue) off")
      case let other?:
        throw ParseError(
          "settings \(setting.rawValue) is on or off, not '\(Text.echoed(other))'; "
            + "e.g. settings \(setting.rawValue) off")
      }
    }

    /// The settings' names, then `on` and `off` after those that take them.
    public static func completions(_ context: CompletionContext, in session: Session)
      -> [Completion.Candidate]?
    {
      switch context.argument {
      case 1:
        return SettingName.allCases.map { Completion.Candidate(text: $0.rawValue) }
      case 2:
        let name = context.words.dropFirst().first
          .flatMap { SettingName(rawValue: $0.lowercased()) }
        guard name == .mood || name == .paceHint else { return nil }
        return ["on", "off"].map { Completion.Candidate(text: $0) }
      default:
        return nil
      }
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
      case .asksMood(let on)?:
        return try session.change(at: now) { p, _ in
          p.setAsksMood(on)
          return (r.asksMoodSet(on), "settings mood \(on ? "on" : "off")")
        }
      case .paceHints(let on)?:
        return try session.change(at: now) { p, _ in
          p.setPaceHints(on)
          return (r.paceHintsSet(on), "settings pace-hint \(on ? "on" : "off")")
        }
      }
    }
  }
}
