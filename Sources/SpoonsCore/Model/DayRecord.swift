/// What a finished day came to, kept in the history once the next day starts.
public struct DayRecord: Hashable, Sendable {
  public let date: CivilDate
  /// The day's spoons as they stood when it ended (the reserve is a setting, not part of the
  /// record: 0 here).
  public let ledger: SpoonLedger
  /// The tasks checked off that day, in the order they were planned.
  public let done: [TaskID]
  /// How the person felt that morning (`Limits.mood`), if they said.
  public let mood: Int?

  public init(date: CivilDate, ledger: SpoonLedger, done: [TaskID], mood: Int? = nil) {
    self.date = date
    self.ledger = SpoonLedger(
      budget: ledger.budget, repaid: ledger.repaid, borrowed: ledger.borrowed,
      rested: ledger.rested, planned: ledger.planned, spent: ledger.spent,
      checked: ledger.checked)
    self.done = done
    self.mood = mood
  }
}

/// A day that has just ended: its record and its done tasks, leaving the live planner for the
/// archive. The live planner never holds the archive, so everyday commands stay as fast after
/// years of use as on the first day.
public struct FinishedDay: Hashable, Sendable {
  public let record: DayRecord
  public let doneTasks: [SpoonTask]
}
