import SpoonsCore

// Days written the way a test reads best: the ledger's numbers by name, everything else 0.

extension DayRecord {
  /// A finished day that asked for `budget` and repaid nothing unless told.
  public init(
    date: CivilDate, budget: Int, planned: Int, spent: Int, done: [TaskID], borrowed: Int = 0,
    rested: Int = 0, repaid: Int = 0
  ) {
    self.init(
      date: date,
      ledger: SpoonLedger(
        budget: budget, repaid: repaid, borrowed: borrowed, rested: rested, planned: planned,
        spent: spent),
      done: done)
  }
}

extension EnergyDay {
  public init(
    date: CivilDate, budget: Int, planned: Int, spent: Int, rested: Int = 0, borrowed: Int = 0,
    tasksDone: Int = 0, isFinished: Bool = true
  ) {
    self.init(
      date: date,
      ledger: SpoonLedger(
        budget: budget, borrowed: borrowed, rested: rested, planned: planned, spent: spent),
      tasksDone: tasksDone, isFinished: isFinished)
  }
}
