/// What starting a new day did.
public struct NewDayOutcome: Hashable, Sendable {
  /// The day that ended, with its done tasks, for the archive; nil on the very first day.
  public let finished: FinishedDay?
  /// Unfinished tasks that moved from the old to-do list into the backlog, in list order.
  public let rolledOver: [SpoonTask]
  /// Unfinished routine tasks from the old list, dropped (their routine makes new ones).
  public let dropped: [SpoonTask]
  /// The tasks today's routines put on the new list, in routine order.
  public let fromRoutines: [SpoonTask]
  /// Today's routines that did not fit the budget, in routine order.
  public let skipped: [Routine]
  /// What the day before borrowed and this one did not repay: written off, never carried
  /// further (a low day should not start a spiral of debt).
  public let writtenOff: Int
}

extension Planner {
  /// Ends the current day, if any, and starts a new one with `budget` spoons, less what the
  /// day before borrowed. A day repays at most half its budget (`SpoonLedger.repayment`), so
  /// a low day never starts empty because of the day before; the rest of the debt is written
  /// off and reported, not carried on.
  ///
  /// Refused on the date already open, or an earlier one (`checkNewDay`).
  ///
  /// Unfinished to-do items go to the end of the backlog, except routine tasks, which are
  /// dropped; done ones leave with the finished day's record. Then today's routines go on the
  /// list in their order, each one only if it fits above the reserve; the rest are reported
  /// as skipped.
  ///
  /// `mood`: how the person feels this morning (`Limits.mood`), kept with the day if given.
  @discardableResult
  public mutating func startNewDay(budget asked: Int, mood: Int? = nil, at now: Timestamp)
    throws(PlannerError) -> NewDayOutcome
  {
    guard Limits.spoonsPerDay.contains(asked) else { throw .invalidBudget(asked) }
    if let mood, !Limits.mood.contains(mood) { throw .invalidMood(mood) }
    try checkNewDay(asked: asked, at: now)
    let today = today(at: now)
    let owed = day?.borrowed ?? 0
    let repaid = SpoonLedger.repayment(of: owed, budget: asked)
    let newDay = try Day(date: today, budget: asked, repaid: repaid, budgetSet: now, mood: mood)

    var finished: FinishedDay?
    var rolled: [SpoonTask] = []
    var dropped: [SpoonTask] = []
    if let old = day, let then = ledger {
      var done: [SpoonTask] = []
      for id in old.todo {
        guard var task = tasks[id] else { continue }
        if task.isDone {
          done.append(task)
          tasks[id] = nil
        } else if task.routine != nil {
          dropped.append(task)
          tasks[id] = nil
        } else {
          task.placement = .backlog(since: old.date)
          task.updated = now
          tasks[id] = task
          backlogOrder.append(id)
          rolled.append(task)
        }
      }
      let record = DayRecord(date: old.date, ledger: then, done: done.map(\.id), mood: old.mood)
      finished = FinishedDay(record: record, doneTasks: done)
    }
    day = newDay
    renumbered = []
    deletedToday = []

    var fromRoutines: [SpoonTask] = []
    var skipped: [Routine] = []
    for routine in routines where routine.runs(on: today) {
      let cost = routine.isRest ? 0 : routine.spoons.value
      guard ledger?.fits(cost) == true else {
        skipped.append(routine)
        continue
      }
      fromRoutines.append(putOnList(routine, at: now))
    }
    return NewDayOutcome(
      finished: finished, rolledOver: rolled, dropped: dropped, fromRoutines: fromRoutines,
      skipped: skipped, writtenOff: owed - repaid)
  }
}

extension Planner {
  /// Whether a new day may start at `now`, asked before `new-day` asks for a budget too.
  ///
  /// One date is one day: on the date already open it is refused, with the `budget` command
  /// that changes that day's budget instead (a script run twice, a mistyped `new-day 0` or a
  /// day start moved later would otherwise end the day, roll its plan into the backlog and
  /// write a second history row for one date). On a date before the open day's (a clock
  /// gone back, a wrong time zone, a day start moved later) it is refused too: the history
  /// would run backwards. Either refusal names the day start when it, not the clock, holds
  /// today back. `asked`: the budget asked for, for the example.
  public func checkNewDay(asked: Int?, at now: Timestamp) throws(PlannerError) {
    guard let day else { return }
    let today = today(at: now)
    // The clock's own date is later: the day start, not the clock, keeps today where it is.
    let heldBack = now.date > today ? dayStart : nil
    if today == day.date {
      throw .dayAlreadyBegun(day.date, budget: day.budget, asked: asked, dayStart: heldBack)
    }
    if today < day.date {
      throw .dayBeforeCurrent(
        today: today, open: day.date, dayStart: now.date >= day.date ? dayStart : nil)
    }
  }
}
