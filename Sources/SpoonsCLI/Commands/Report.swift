import SpoonsCore

extension Commands {
  /// `report --html FILE`: a self-contained web page of the last days.
  public struct Report: SpoonsCommand {
    public static let info = CommandInfo(
      name: "report", aliases: [], usage: "report --html FILE [--days N]",
      summary: "a web page of chart, stats and tasks (30)",
      example: "report --html spoons-report.html", brief: "report --html FILE [--days N]")

    public var htmlFile: String
    public var days: Int

    public init(htmlFile: String, days: Int = 30) {
      self.htmlFile = htmlFile
      self.days = days
    }

    public init(parsing args: inout Arguments) throws(ParseError) {
      let file = try args.option("--html")
      guard let file else { throw ParseError("report needs --html FILE; \(args.usage)") }
      guard !file.isEmpty, !file.hasPrefix("--") else {
        throw ParseError("--html needs a file name, not '\(Text.echoed(file))'; \(args.usage)")
      }
      htmlFile = file
      days = try args.days(default: 30)
      try args.finish()
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      let now = session.environment.now()
      let whole = try session.store.loadWhole()
      let today = whole.planner.today(at: now)
      let report = HTMLReport(
        history: Session.history((whole.planner, whole.archive.days), days: days, today: today),
        stats: Session.stats(whole, days: days, today: today),
        completed: whole.planner.completed(
          days: 7, archived: whole.archive.doneTasks, today: today),
        lookingBack: days, made: now)
      try session.environment.writeFile(Array(report.render().utf8), htmlFile)
      return Session.Result(
        output: "Wrote the report of the last \(days) days to \(Text.visible(htmlFile)).\n",
        planner: whole.planner)
    }
  }
}
