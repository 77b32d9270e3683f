/// The day being lived: its date, what it was started with, and the to-do list in planning
/// order.
///
/// Only what a person decided is stored here (the budget, what was repaid, what was
/// borrowed); everything else about the day's spoons is derived by `SpoonLedger`, from the
/// tasks on the list, so it can never disagree with them.
///
/// One date is one day: `new-day` refuses the date already open, and `budget N` changes the
/// open day's budget in place, keeping its list.
public struct Day: Hashable, Sendable {
  public let date: CivilDate
  /// The spoons asked for at `new-day` or since with `budget`: what the next check-in offers
  /// again.
  public internal(set) var budget: Int
  /// Spoons borrowed from tomorrow today; they raise what can be planned now and come off the
  /// next day's budget.
  public internal(set) var borrowed: Int
  /// What was taken off the budget at the start to pay back the day before's borrowing.
  public internal(set) var repaid: Int
  /// Today's to-do list, in the order the tasks were planned (done ones included).
  public internal(set) var todo: [TaskID]
  /// When the budget was last chosen: when `new-day` started the day, or `budget` changed it
  /// since (nil for days started before this was kept). Of two devices that chose one date's
  /// budget apart, the later choice is the one kept.
  public internal(set) var budgetSet: Timestamp?
  /// How the person felt at the check-in (`Limits.mood`), if they said: `pace` compares the
  /// mornings after heavy days with the others.
  public internal(set) var mood: Int?

  public init(
    date: CivilDate, budget: Int, borrowed: Int = 0, repaid: Int = 0, todo: [TaskID] = [],
    budgetSet: Timestamp? = nil, mood: Int? = nil
  ) throws(PlannerError) {
    if let mood, !Limits.mood.contains(mood) { throw .invalidMood(mood) }
    guard Limits.spoonsPerDay.contains(budget) else { throw .invalidBudget(budget) }
    guard (0...budget).contains(repaid) else { throw .invalidRepaid(repaid, budget: budget) }
    let limit = SpoonLedger.borrowLimit(startingWith: budget - repaid)
    guard (0...limit).contains(borrowed) else {
      throw .borrowLimit(asked: borrowed, borrowed: 0, limit: limit)
    }
    self.date = date
    self.budget = budget
    self.borrowed = borrowed
    self.repaid = repaid
    self.todo = todo
    self.budgetSet = budgetSet
    self.mood = mood
  }
}
