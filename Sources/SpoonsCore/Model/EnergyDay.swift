/// One day's energy as the history shows it: its ledger, and how many tasks were checked off.
///
/// The same shape for a finished day (from its `DayRecord`) and for the day being lived, so
/// `history`, `stats` and `chart` treat both alike and only have to ask `isFinished`.
public struct EnergyDay: Hashable, Sendable {
  public let date: CivilDate
  /// The day's spoons: every number `history` shows comes from here.
  public let ledger: SpoonLedger
  /// How many tasks were checked off, rests included.
  public let tasksDone: Int
  /// False for the day being lived: its numbers can still change.
  public let isFinished: Bool
  /// How the person felt that morning, if they said (`Limits.mood`).
  public let mood: Int?

  public init(
    date: CivilDate, ledger: SpoonLedger, tasksDone: Int = 0, isFinished: Bool = true,
    mood: Int? = nil
  ) {
    self.date = date
    self.ledger = ledger
    self.tasksDone = tasksDone
    self.isFinished = isFinished
    self.mood = mood
  }

  /// A finished day, from the archive.
  public init(_ record: DayRecord) {
    self.init(
      date: record.date, ledger: record.ledger, tasksDone: record.done.count, mood: record.mood)
  }

  public var budget: Int { ledger.budget }
  public var planned: Int { ledger.planned }
  public var spent: Int { ledger.spent }
  public var checked: Int { ledger.checked }
  public var rested: Int { ledger.rested }
  public var borrowed: Int { ledger.borrowed }
  public var isWithinBudget: Bool { ledger.isWithinBudget }
  public var isFullyDone: Bool { ledger.isFullyDone }
}

extension Planner {
  /// The day being lived, as history shows it; nil before the first `new-day`.
  public var energyToday: EnergyDay? {
    guard let day, let ledger else { return nil }
    return EnergyDay(
      date: day.date, ledger: ledger, tasksDone: todo.filter(\.isDone).count, isFinished: false,
      mood: day.mood)
  }
}
