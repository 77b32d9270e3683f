/// The days of the last DAYS calendar days, oldest first, the day being lived last: what
/// `history` lists and `chart` draws.
///
/// Only days that were lived in Spoons appear: a date with no `new-day` has no row (nothing is
/// known about it), and a date the archive holds twice has two rows, as recorded. The window
/// counts today as one day, like `completed`.
public struct EnergyHistory: Hashable, Sendable {
  /// The first date looked at: today and the `lookingBack - 1` dates before it.
  public let from: CivilDate
  /// Today.
  public let through: CivilDate
  /// Oldest first; the day being lived, if it falls in the window, last.
  public let days: [EnergyDay]

  /// - Parameters:
  ///   - records: every finished day, oldest first (the archive's order).
  ///   - live: the day being lived (`Planner.energyToday`).
  public init(records: [DayRecord], live: EnergyDay?, today: CivilDate, lookingBack days: Int) {
    from = today.startOfWindow(lookingBack: days)
    through = today
    let first = from
    var rows = records.filter { $0.date >= first }.map(EnergyDay.init)
    if let live, live.date >= first { rows.append(live) }
    self.days = rows
  }

  /// The finished days only: the live day's numbers are not final yet.
  public var finished: [EnergyDay] { days.filter(\.isFinished) }
}
