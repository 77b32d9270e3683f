import SpoonsCore
import SpoonsStore

/// `history`, `stats`, `chart` and `report`: read the planner and the archive, never change
/// them.
extension Session {
  func history(days: Int, json: Bool, today: CivilDate) throws -> Result {
    let p = try store.load()
    let history = EnergyHistory(
      records: try store.loadArchive().days, live: p.energyToday, today: today, lookingBack: days)
    return Result(
      output: json
        ? JSONRenderer.history(history)
        : renderer.history(history, lookingBack: days, charset: charset(ascii: false), today: today),
      planner: p)
  }

  func stats(days: Int, json: Bool, today: CivilDate) throws -> Result {
    let p = try store.load()
    let archive = try store.loadArchive()
    let stats = p.energyStats(
      days: days, records: archive.days, archived: archive.doneTasks, today: today)
    return Result(
      output: json ? JSONRenderer.stats(stats) : renderer.stats(stats, lookingBack: days, today: today),
      planner: p)
  }

  func chart(days: Int, ascii: Bool, today: CivilDate) throws -> Result {
    let p = try store.load()
    let history = EnergyHistory(
      records: try store.loadArchive().days, live: p.energyToday, today: today, lookingBack: days)
    let chart = Chart(days: history.days, width: columns, charset: charset(ascii: ascii))
    return Result(output: chart.render(lookingBack: days, today: today), planner: p)
  }

  func report(to file: String, days: Int, now: Timestamp) throws -> Result {
    let today = now.date
    let p = try store.load()
    let archive = try store.loadArchive()
    let report = HTMLReport(
      history: EnergyHistory(
        records: archive.days, live: p.energyToday, today: today, lookingBack: days),
      stats: p.energyStats(
        days: days, records: archive.days, archived: archive.doneTasks, today: today),
      completed: p.completed(days: 7, archived: archive.doneTasks, today: today),
      lookingBack: days, made: now)
    try environment.writeFile(Array(report.render().utf8), file)
    return Result(
      output: "Wrote the report of the last \(days) days to \(Text.visible(file)).\n", planner: p)
  }

  /// How wide the chart may be: `COLUMNS` when it is a positive whole number, else the
  /// terminal's width, else 80.
  var columns: Int {
    if let text = environment.variables["COLUMNS"], text.count <= 6, let n = Int(text), n > 0 {
      return n
    }
    return environment.terminalColumns() ?? 80
  }

  func charset(ascii: Bool) -> Charset {
    Charset.decide(ascii: ascii, variables: environment.variables)
  }
}
