/// What starting a new day did.
public struct NewDayOutcome: Hashable, Sendable {
  /// The day that ended, with its done tasks, for the archive; nil on the very first day.
  public let finished: FinishedDay?
  /// Unfinished tasks that moved from the old to-do list into the backlog, in list order.
  public let rolledOver: [SpoonTask]
}

extension Planner {
  /// Ends the current day, if any, and starts a new one with `budget` spoons.
  ///
  /// Unfinished to-do items go to the end of the backlog, done ones leave with the finished
  /// day's record. Allowed any time, also twice on one date: the user decides when a day starts.
  @discardableResult
  public mutating func startNewDay(budget: Int, at now: Timestamp) throws(PlannerError)
    -> NewDayOutcome
  {
    let newDay = try Day(date: now.date, budget: budget)
    guard let old = day else {
      day = newDay
      return NewDayOutcome(finished: nil, rolledOver: [])
    }
    let (plannedThen, spentThen) = (planned, spent)
    var rolled: [SpoonTask] = []
    var done: [SpoonTask] = []
    for id in old.todo {
      guard var task = tasks[id] else { continue }
      if task.isDone {
        done.append(task)
        tasks[id] = nil
      } else {
        task.placement = .backlog(since: old.date)
        task.updated = now
        tasks[id] = task
        backlogOrder.append(id)
        rolled.append(task)
      }
    }
    let record = DayRecord(
      date: old.date, budget: old.budget, planned: plannedThen, spent: spentThen,
      done: done.map(\.id))
    day = newDay
    return NewDayOutcome(finished: FinishedDay(record: record, doneTasks: done), rolledOver: rolled)
  }
}
