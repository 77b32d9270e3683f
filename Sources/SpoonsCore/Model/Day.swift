/// The day being lived: its date, its budget of spoons, and the to-do list in planning order.
///
/// `planned` and `spent` are not stored: they are derived from the tasks on the list, so they
/// can never disagree with it.
public struct Day: Hashable, Sendable {
  public static let budgetRange = 0...99

  public let date: CivilDate
  /// The spoons the day started with, after paying back what the day before borrowed.
  public let budget: Int
  /// Spoons borrowed from tomorrow today; they raise what can be planned now and come off the
  /// next day's budget.
  public internal(set) var borrowed: Int
  /// What was paid back at the start: the budget asked for was `budget + repaid`.
  public let repaid: Int
  /// Today's to-do list, in the order the tasks were planned (done ones included).
  public internal(set) var todo: [TaskID]

  public init(
    date: CivilDate, budget: Int, borrowed: Int = 0, repaid: Int = 0, todo: [TaskID] = []
  ) throws(PlannerError) {
    guard Self.budgetRange.contains(budget) else { throw .invalidBudget(budget) }
    guard (0...Self.borrowLimit(budget: budget)).contains(borrowed) else {
      throw .borrowLimit(asked: borrowed, borrowed: 0, limit: Self.borrowLimit(budget: budget))
    }
    guard (0...Self.budgetRange.upperBound).contains(repaid) else { throw .invalidBudget(repaid) }
    self.date = date
    self.budget = budget
    self.borrowed = borrowed
    self.repaid = repaid
    self.todo = todo
  }

  /// The most a day may borrow in all: half its budget, so nobody borrows themselves into a
  /// crash tomorrow.
  public static func borrowLimit(budget: Int) -> Int { budget / 2 }

  public var borrowLimit: Int { Self.borrowLimit(budget: budget) }

  /// What was asked for at `new-day`, before paying back yesterday's borrowing.
  public var asked: Int { budget + repaid }
}
