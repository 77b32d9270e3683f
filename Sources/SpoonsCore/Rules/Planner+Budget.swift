/// What `budget N` changed: the day's numbers before it, beside the planner after it.
public struct BudgetChange: Hashable, Sendable {
  /// The budget asked for before.
  public let was: Int
  /// What the day repaid of the day before's borrowing before: a lower budget repays at most
  /// half of itself, and the rest is written off, as at `new-day`.
  public let repaidBefore: Int
}

extension Planner {
  /// Changes the open day's budget to `asked` (`budget N`): the same day with another
  /// budget, its list kept as it is, so a day started with the wrong number, or one that
  /// turned out better or worse, is put right without ending it.
  ///
  /// Nothing is unplanned: a list past the new total stays, and `ledger.over` says by how
  /// much (`taskToUnplan` names what would bring it back). What the day repays stays, at most
  /// half the new budget, as `new-day` would have repaid (a higher budget repays no more:
  /// what `new-day` wrote off stays written off). What it borrowed stays within half of what
  /// it now starts with, and spoons a higher budget frees give back what it borrowed first
  /// (`giveBackBorrowing`). The budget's time is now, so of two devices that set the
  /// date's budget apart the later wins in a sync.
  ///
  /// Refused with the same bounds as `new-day`, and when no day has started.
  @discardableResult
  public mutating func setBudget(_ asked: Int, at now: Timestamp) throws(PlannerError)
    -> BudgetChange
  {
    guard Limits.spoonsPerDay.contains(asked) else { throw .invalidBudget(asked) }
    guard var day, let before = ledger else { throw .noDayStarted }
    let change = BudgetChange(was: day.budget, repaidBefore: day.repaid)
    guard asked != day.budget else { return change }
    day.repaid = SpoonLedger.repayment(of: day.repaid, budget: asked)
    day.budget = asked
    day.borrowed = Swift.min(
      day.borrowed, SpoonLedger.borrowLimit(startingWith: asked - day.repaid))
    day.budgetSet = now
    self.day = day
    giveBackBorrowing(freedSince: before)
    return change
  }

  /// The open task on today's list to name when the day is `spoons` over: the cheapest whose
  /// unplanning brings it back within (the latest planned of equals), else the dearest; nil
  /// when nothing open costs anything to unplan.
  public func taskToUnplan(freeing spoons: Int) -> SpoonTask? {
    let open = todo.filter { !$0.isDone && $0.cost > 0 }
    let enough = open.filter { $0.cost >= spoons }
    if let cheapest = enough.map(\.cost).min() {
      return enough.last { $0.cost == cheapest }
    }
    let dearest = open.map(\.cost).max()
    return open.last { $0.cost == dearest }
  }
}
