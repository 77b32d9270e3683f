// Planning: putting tasks on today's list under the max-spoon rule (`SpoonLedger.admit`),
// borrowing from tomorrow, and the reserve.

/// What `plan` did: the tasks it moved, and what it borrowed to fit them (`--borrow`).
public struct PlanOutcome: Hashable, Sendable {
  public let tasks: [SpoonTask]
  public let borrowed: Int
}

extension Planner {
  /// Puts tasks from the categories or the backlog on today's list, all or nothing.
  ///
  /// Refused, with nothing moved, when there is no day yet, an id is unknown, repeated, already
  /// planned or done, or the selection would take the day past what it has to plan with. The
  /// reserve is kept unless `useReserve`; `borrow` borrows from tomorrow exactly what the
  /// selection needs instead of refusing (within the day's borrowing limit).
  @discardableResult
  public mutating func plan(
    _ refs: [TaskRef], at now: Timestamp, borrow: Bool = false, useReserve: Bool = false
  ) throws(PlannerError) -> PlanOutcome {
    let ids = try resolve(refs)
    guard var day, let ledger else { throw .noDayStarted }
    var selection = 0
    try validateSelection(ids) { task throws(PlannerError) in
      switch task.placement {
      case .todo: throw .alreadyPlanned(task.id)
      case .done: throw .alreadyDone(task.id)
      case .category, .backlog: selection += task.cost
      }
    }
    let borrowed = try ledger.admit(selection, useReserve: useReserve, borrowing: borrow)
    day.borrowed += borrowed

    var moved: [SpoonTask] = []
    for id in ids {
      guard var task = tasks[id] else { continue }
      let origin: Origin
      switch task.placement {
      case .backlog(let since):
        origin = .backlog(since: since)
        backlogOrder.removeAll { $0 == id }
      default:
        origin = .category
        categoryOrder[task.spoons.value - 1].removeAll { $0 == id }
      }
      task.placement = .todo(from: origin)
      task.updated = now
      tasks[id] = task
      day.todo.append(id)
      moved.append(task)
    }
    self.day = day
    return PlanOutcome(tasks: moved, borrowed: borrowed)
  }

  /// Borrows `spoons` from tomorrow: today may plan that many more, and the next `new-day`
  /// starts with that many fewer. Returns all borrowed today.
  ///
  /// `borrow 0` gives back what today borrowed and its plan does not need (`borrowNeeded`):
  /// spoons borrowed ahead and never planned would otherwise still cost tomorrow. Refused
  /// when there is nothing to give back.
  @discardableResult
  public mutating func borrow(_ spoons: Int) throws(PlannerError) -> Int {
    guard spoons >= 0 else { throw .invalidBorrow(spoons) }
    guard var day, let ledger else { throw .noDayStarted }
    if spoons == 0 {
      let needed = borrowNeeded
      guard needed < day.borrowed else { throw .nothingToGiveBack(borrowed: day.borrowed) }
      day.borrowed = needed
    } else {
      try ledger.checkBorrow(spoons)
      day.borrowed += spoons
    }
    self.day = day
    return day.borrowed
  }

  /// What today's plan needs of what it borrowed: what is planned past the day's own spoons
  /// (what it started with and rests gave back), and the reserve kept on top, as `plan
  /// --borrow` borrowed it.
  public var borrowNeeded: Int {
    guard let ledger else { return 0 }
    let own = ledger.startedWith + ledger.rested
    return Swift.min(ledger.borrowed, Swift.max(0, ledger.planned + ledger.reserve - own))
  }

  /// Gives back borrowing from the spoons a change freed: what it took off the plan (`unplan`,
  /// `delete`, a cheaper `edit`) or added to the budget (`budget`) goes first to what today
  /// borrowed, so tomorrow never repays spoons today no longer plans with. Never what the
  /// plan still needs (`borrowNeeded`), nor more than the spoons left to plan rose by, so
  /// what may still be planned never shrinks; a rest's spoons coming back are the day's, not
  /// a repayment. Returns what was given back.
  @discardableResult
  mutating func giveBackBorrowing(freedSince before: SpoonLedger?) -> Int {
    guard let before, let after = ledger, var day, day.borrowed > 0 else { return 0 }
    let freed = (before.planned - after.planned) + (after.startedWith - before.startedWith)
    let rose = (after.left - after.borrowed) - (before.left - before.borrowed)
    let given = Swift.min(day.borrowed - borrowNeeded, Swift.max(0, Swift.min(freed, rose)))
    guard given > 0 else { return 0 }
    day.borrowed -= given
    self.day = day
    return given
  }

  /// Keeps `spoons` back from planning from now on (0 to stop).
  public mutating func setReserve(_ spoons: Int) throws(PlannerError) {
    guard Limits.spoonsPerDay.contains(spoons) else { throw .invalidReserve(spoons) }
    reserve = spoons
  }

  /// Runs `change` and keeps its result only if it leaves today no further over its total
  /// than it was. Undoing or deleting a check-off takes back what was spent, and with it what
  /// a rest gave back for it (`settleRests`), which can take back spoons already planned.
  /// (A day already over, after an import, may still shrink.) Spoons the change took off the
  /// plan give back what today borrowed first (`giveBackBorrowing`).
  mutating func keepingWithinBudget<T>(_ change: (inout Planner) throws(PlannerError) -> T)
    throws(PlannerError) -> T
  {
    var copy = self
    let result = try change(&copy)
    copy.settleRests()
    if let after = copy.ledger, after.over > (ledger?.over ?? 0) {
      throw .wouldLeaveOverBudget(planned: after.planned, capacity: after.total)
    }
    copy.giveBackBorrowing(freedSince: ledger)
    self = copy
    return result
  }
}

extension Planner {
  /// Rests never give back more than was spent: when a check-off is undone or deleted, what
  /// the latest rests gave back shrinks to match (their amounts stay fixed otherwise, however
  /// much is spent after them).
  mutating func settleRests() {
    guard var excess = ledger.map({ $0.rested - $0.spent }), excess > 0,
      let todo = day?.todo
    else { return }
    for id in todo.reversed() where excess > 0 {
      guard var task = tasks[id], let back = task.gaveBack, back > 0 else { continue }
      let taken = Swift.min(back, excess)
      task.gaveBack = back - taken
      tasks[id] = task
      excess -= taken
    }
  }
}
