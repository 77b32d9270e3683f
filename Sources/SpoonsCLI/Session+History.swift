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
