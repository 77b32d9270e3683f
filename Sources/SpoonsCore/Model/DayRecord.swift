/// What a finished day came to, kept in the history once the next day starts.
public struct DayRecord: Hashable, Sendable {
  public let date: CivilDate
  public let budget: Int
  public let planned: Int
  public let spent: Int
  /// The tasks checked off that day, in the order they were planned.
  public let done: [TaskID]
  /// Spoons borrowed from the next day.
  public let borrowed: Int
  /// Spoons rests gave back.
  public let rested: Int

  public init(
    date: CivilDate, budget: Int, planned: Int, spent: Int, done: [TaskID], borrowed: Int = 0,
    rested: Int = 0
  ) {
    self.date = date
    self.budget = budget
    self.planned = planned
    self.spent = spent
    self.done = done
    self.borrowed = borrowed
    self.rested = rested
  }
}

/// A day that has just ended: its record and its done tasks, leaving the live planner for the
/// archive. The live planner never holds the archive, so everyday commands stay as fast after
/// years of use as on the first day.
public struct FinishedDay: Hashable, Sendable {
  public let record: DayRecord
  public let doneTasks: [SpoonTask]
}
