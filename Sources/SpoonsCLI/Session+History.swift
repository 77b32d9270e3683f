import SpoonsCore
import SpoonsStore

/// `history`, `stats`, `chart` and `report`: read the planner and the archive, never change
/// them.
extension Session {
  func history(days: Int, json: Bool, today: CivilDate) throws -> Result {
    let whole = try store.loadDays()
    let history = Self.history(whole, days: days, today: today)
    return Result(
      output: json
        ? JSONRenderer.history(history)
        : renderer.history(history, lookingBack: days, charset: charset(ascii: false), today: today),
      planner: whole.planner)
  }

  func stats(days: Int, json: Bool, today: CivilDate) throws -> Result {
    let whole = try store.loadWhole()
    let stats = Self.stats(whole, days: days, today: today)
    return Result(
      output: json ? JSONRenderer.stats(stats) : renderer.stats(stats, lookingBack: days, today: today),
      planner: whole.planner)
  }

  func chart(days: Int, ascii: Bool, today: CivilDate) throws -> Result {
    let whole = try store.loadDays()
    let history = Self.history(whole, days: days, today: today)
    let chart = Chart(days: history.days, width: columns, charset: charset(ascii: ascii))
    return Result(output: chart.render(lookingBack: days, today: today), planner: whole.planner)
  }

  func report(to file: String, days: Int, now: Timestamp) throws -> Result {
    let today = now.date
    let whole = try store.loadWhole()
    let report = HTMLReport(
      history: Self.history((whole.planner, whole.archive.days), days: days, today: today),
      stats: Self.stats(whole, days: days, today: today),
      completed: whole.planner.completed(days: 7, archived: whole.archive.doneTasks, today: today),
      lookingBack: days, made: now)
    try environment.writeFile(Array(report.render().utf8), file)
    return Result(
      output: "Wrote the report of the last \(days) days to \(Text.visible(file)).\n",
      planner: whole.planner)
  }

  static func history(
    _ whole: (planner: Planner, days: [DayRecord]), days: Int, today: CivilDate
  ) -> EnergyHistory {
    EnergyHistory(
      records: whole.days, live: whole.planner.energyToday, today: today, lookingBack: days)
  }

  static func stats(_ whole: PlannerExport, days: Int, today: CivilDate) -> EnergyStats {
    whole.planner.energyStats(
      days: days, records: whole.archive.days, archived: whole.archive.doneTasks, today: today)
  }

  /// How wide the chart may be: `Environment.columns`, the one rule for every view.
  var columns: Int { environment.columns() }

  func charset(ascii: Bool) -> Charset {
    Charset.decide(ascii: ascii, variables: environment.variables)
  }
}
