extension Planner {
  /// Adds a routine at the end of the list; `new-day` uses it from the next day on.
  @discardableResult
  public mutating func addRoutine(
    _ title: Title, spoons: SpoonCost, days: Recurrence = .everyDay, isRest: Bool = false,
    at now: Timestamp
  ) throws(PlannerError) -> Routine {
    if case .weekly(let weekdays) = days, weekdays.isEmpty { throw .noRoutineDays }
    let routine = Routine(
      id: nextRoutineID, title: title, spoons: spoons, days: days, isRest: isRest, created: now)
    routines.append(routine)
    nextRoutineID = RoutineID(nextRoutineID.rawValue + 1)
    return routine
  }

  /// The next date `new-day` puts the routine's task on the list: from today while today's
  /// day has not begun, else from the day after the open one; nil while it is paused.
  public func nextDate(of routine: Routine, at now: Timestamp) -> CivilDate? {
    guard !routine.isPaused else { return nil }
    let today = self.today(at: now)
    let from = day.map { $0.date >= today ? $0.date.adding(days: 1) : today } ?? today
    return routine.days.next(onOrAfter: from)
  }

  /// Removes a routine. Tasks it already put on today's list stay: they are tasks of their own.
  @discardableResult
  public mutating func removeRoutine(_ ref: RoutineRef) throws(PlannerError) -> Routine {
    let id = try resolve(ref)
    guard let index = routines.firstIndex(where: { $0.id == id }) else {
      throw .unknownRoutine(id)
    }
    return routines.remove(at: index)
  }

  /// Changes a routine's title, cost or days (`routine edit`), for the tasks it makes from
  /// the next new day: what `stats` suggests when its tasks keep taking other than planned.
  /// Tasks it already made keep theirs. Refused when nothing is given.
  @discardableResult
  public mutating func editRoutine(
    _ ref: RoutineRef, title: Title?, spoons: SpoonCost?, days: Recurrence? = nil
  ) throws(PlannerError) -> Routine {
    let id = try resolve(ref)
    guard let index = routines.firstIndex(where: { $0.id == id }) else {
      throw .unknownRoutine(id)
    }
    guard title != nil || spoons != nil || days != nil else { throw .nothingToEditInRoutine(id) }
    if case .weekly(let weekdays)? = days, weekdays.isEmpty { throw .noRoutineDays }
    if let title { routines[index].title = title }
    if let spoons { routines[index].spoons = spoons }
    if let days { routines[index].days = days }
    return routines[index]
  }

  /// Pauses (`true`) or resumes (`false`) a routine: paused, it makes no tasks.
  @discardableResult
  public mutating func setRoutine(_ ref: RoutineRef, paused: Bool) throws(PlannerError) -> Routine {
    let id = try resolve(ref)
    guard let index = routines.firstIndex(where: { $0.id == id }) else {
      throw .unknownRoutine(id)
    }
    guard routines[index].isPaused != paused else {
      throw paused ? .routineAlreadyPaused(id) : .routineNotPaused(id)
    }
    routines[index].isPaused = paused
    return routines[index]
  }

  /// Puts a routine's task on today's list now, as `new-day` does, for a routine added after
  /// the day began. Refused when no day is open, when the routine's task is already on the
  /// list (open or done: a routine goes on a day's list once, as `new-day` puts it) or, by
  /// the max-spoon rule, when it does not fit above the reserve; never borrows.
  @discardableResult
  public mutating func planRoutineToday(_ ref: RoutineRef, at now: Timestamp)
    throws(PlannerError) -> SpoonTask
  {
    let id = try resolve(ref)
    guard let routine = routines.first(where: { $0.id == id }) else { throw .unknownRoutine(id) }
    guard let ledger else { throw .noDayStarted }
    if let already = todo.first(where: { $0.routine == id }) {
      throw .routineAlreadyToday(id, title: routine.title, task: already.id)
    }
    _ = try ledger.admit(routine.isRest ? 0 : routine.spoons.value, useReserve: false, borrowing: false)
    return putOnList(routine, at: now)
  }

  /// The routine's task for today, at the end of today's list (a day is open and it fits).
  mutating func putOnList(_ routine: Routine, at now: Timestamp) -> SpoonTask {
    let task = SpoonTask(
      id: nextID, title: routine.title, spoons: routine.spoons,
      placement: .todo(from: .routine(routine.id)), created: now, updated: now,
      isRest: routine.isRest)
    tasks[task.id] = task
    day?.todo.append(task.id)
    nextID = TaskID(nextID.rawValue + 1)
    return task
  }
}
