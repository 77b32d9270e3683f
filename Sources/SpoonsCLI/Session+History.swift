import SpoonsCore
import SpoonsStore

/// What `history`, `stats`, `chart` and `report` share: the days and numbers they show, and
/// how wide and in which characters to draw them.
extension Session {
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

  /// How well the costs were guessed over the same window as `stats`.
  static func costs(_ whole: PlannerExport, stats: EnergyStats) -> CostAccuracy {
    let p = whole.planner
    return CostAccuracy(
      done: whole.archive.doneTasks + p.todo.filter(\.isDone), from: stats.from,
      through: stats.through, planner: p, dayStart: p.dayStart)
  }

  /// How wide the chart may be: the renderer's width, the one rule for every view.
  var columns: Int { renderer.columns() }

  /// The renderer's characters, the one rule for every view, or ASCII when asked for.
  func charset(ascii: Bool) -> Charset { ascii ? .ascii : renderer.charset }
}
