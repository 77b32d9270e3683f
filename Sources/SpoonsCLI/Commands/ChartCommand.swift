// Not `Chart.swift`: that file is the chart renderer's, and one module cannot hold two files
// of the same name.
import SpoonsCore

extension Commands {
  /// `chart`: budget and spent per day as a terminal chart.
  public struct Chart: SpoonsCommand {
    public static let info = CommandInfo(
      name: "chart", aliases: [], usage: "chart [--days N] [--ascii]",
      summary: "budget and spent per day as a chart (14)",
      example: "chart --days 21", brief: "chart [--days N] [--ascii]")

    public var days: Int
    /// Plain ASCII whatever the locale.
    public var ascii: Bool

    public init(days: Int = 14, ascii: Bool = false) {
      self.days = days
      self.ascii = ascii
    }

    public init(parsing args: inout Arguments) throws(ParseError) {
      ascii = args.takeFlag("--ascii")
      days = try args.days(default: 14)
      try args.finish()
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      let whole = try session.store.loadDays()
      let today = whole.planner.today(at: session.environment.now())
      let history = Session.history(whole, days: days, today: today)
      let chart = SpoonsCLI.Chart(
        days: history.days, width: session.columns, charset: session.charset(ascii: ascii))
      return Session.Result(
        output: chart.render(lookingBack: days, today: today), planner: whole.planner)
    }
  }
}
