/// One day's energy as the history shows it: what the day started with, planned, spent, got
/// back from rests and borrowed from the next day.
///
/// The same shape for a finished day (from its `DayRecord`) and for the day being lived, so
/// `history`, `stats` and `chart` treat both alike and only have to ask `isFinished`.
public struct EnergyDay: Hashable, Sendable {
  public let date: CivilDate
  /// What the day started with, after paying back the day before's borrowing.
  public let budget: Int
  public let planned: Int
  public let spent: Int
  /// Spoons rests gave back.
  public let rested: Int
  /// Spoons borrowed from the next day.
  public let borrowed: Int
  /// How many tasks were checked off, rests included.
  public let tasksDone: Int
  /// False for the day being lived: its numbers can still change.
  public let isFinished: Bool

  public init(
    date: CivilDate, budget: Int, planned: Int, spent: Int, rested: Int = 0, borrowed: Int = 0,
    tasksDone: Int = 0, isFinished: Bool = true
  ) {
    self.date = date
    self.budget = budget
    self.planned = planned
    self.spent = spent
    self.rested = rested
    self.borrowed = borrowed
    self.tasksDone = tasksDone
    self.isFinished = isFinished
  }

  /// A finished day, from the archive.
  public init(_ record: DayRecord) {
    self.init(
      date: record.date, budget: record.budget, planned: record.planned, spent: record.spent,
      rested: record.rested, borrowed: record.borrowed, tasksDone: record.done.count)
  }

  /// Planned on the day's own spoons: nothing borrowed, and no more planned than the budget
  /// plus what rests gave back. Resting is how a spoonie gets energy back, so planning what a
  /// rest returned does not count against the day; borrowing does, because tomorrow pays.
  public var isWithinBudget: Bool { borrowed == 0 && planned <= budget + rested }

  /// Everything planned was checked off: spent equals planned, and something was planned.
  /// Rests cost nothing to plan, so a rest left undone does not spoil it.
  public var isFullyDone: Bool { planned > 0 && spent >= planned }
}

extension Planner {
  /// The day being lived, as history shows it; nil before the first `new-day`.
  public var energyToday: EnergyDay? {
    guard let day else { return nil }
    return EnergyDay(
      date: day.date, budget: day.budget, planned: planned, spent: spent, rested: rested,
      borrowed: day.borrowed, tasksDone: todo.filter(\.isDone).count, isFinished: false)
  }
}
