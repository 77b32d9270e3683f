extension Planner {
  /// The day being lived at `now`, by the person's day start: before 04:00 (the default) it
  /// is still the date before.
  public func today(at now: Timestamp) -> CivilDate { dayStart.today(at: now) }

  /// The open day, when it began on an earlier date than today: the to-do list still belongs
  /// to a day that is over, and `new-day` should start today's before anything changes it.
  public func endedDay(at now: Timestamp) -> Day? {
    guard let day, day.date < today(at: now) else { return nil }
    return day
  }

  /// The budget a new day is offered: the one asked for last time (before repaying a
  /// borrow, and as `budget` left it), so a person can accept it with Enter; nil before the
  /// first day.
  public var usualBudget: Int? { day?.budget }

  /// Refuses a change to today's list while the open day is an earlier date: it would
  /// silently change a day that is over. `keeping` is a day the person chose to carry on
  /// with anyway (the REPL asked them).
  ///
  /// Asked before a command whose whole point is today's list (`plan`, `done`, `borrow`...),
  /// so its refusal speaks of starting today rather than of the old day's numbers.
  /// `checkEndedDayUntouched` is the promise every other change keeps.
  public func checkOpenDayIsToday(at now: Timestamp, keeping: CivilDate? = nil)
    throws(PlannerError)
  {
    guard let ended = endedDay(at: now), ended.date != keeping else { return }
    throw .openDayHasEnded(open: ended.date, today: today(at: now), usualBudget: ended.budget)
  }

  /// Refuses a change (this planner, as `before` became) that touched a day that is over:
  /// its numbers, its list, or any task on it (`edit 1 --spoons 5`, `delete 2`, `routine add
  /// --today`...). Asked after every change, whatever rule made it, so no command can change
  /// yesterday's list without a word because nobody listed it; a change that starts today
  /// (`new-day`) leaves no ended day open, and one that touches only the categories, the
  /// backlog or the settings goes ahead. `keeping`: as for `checkOpenDayIsToday`.
  public func checkEndedDayUntouched(
    since before: Planner, at now: Timestamp, keeping: CivilDate? = nil
  ) throws(PlannerError) {
    guard let ended = before.endedDay(at: now), ended.date != keeping,
      let day, day.date == ended.date
    else { return }
    let touched = day != ended
      || ended.todo.contains { id in !holdsSameTask(id, as: before) }
    guard touched else { return }
    try before.checkOpenDayIsToday(at: now, keeping: keeping)
  }

  /// Sets when the day begins. Changes no day already open.
  public mutating func setDayStart(_ start: DayStart) { dayStart = start }
}
