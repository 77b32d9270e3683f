/// The day being lived: its date, its budget of spoons, and the to-do list in planning order.
///
/// `planned` and `spent` are not stored: they are derived from the tasks on the list, so they
/// can never disagree with it.
public struct Day: Hashable, Sendable {
  public static let budgetRange = 0...99

  public let date: CivilDate
  public let budget: Int
  /// Today's to-do list, in the order the tasks were planned (done ones included).
  public internal(set) var todo: [TaskID]

  public init(date: CivilDate, budget: Int, todo: [TaskID] = []) throws(PlannerError) {
    guard Self.budgetRange.contains(budget) else { throw .invalidBudget(budget) }
    self.date = date
    self.budget = budget
    self.todo = todo
  }
}
