/// The max-spoon rule: a day never holds more planned spoons than it has to plan with.
///
/// One function, so that planning, editing a planned task's cost, routines at `new-day` and
/// every later feature that adds to today's list ask the same question and refuse with the
/// same numbers.
public enum MaxSpoonRule {
  /// Throws `overBudget` when adding `selection` spoons to `planned` would pass `capacity`.
  public static func check(capacity: Int, planned: Int, selection: Int) throws(PlannerError) {
    if planned + selection > capacity {
      throw .overBudget(budget: capacity, planned: planned, selection: selection)
    }
  }
}

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
    _ ids: [TaskID], at now: Timestamp, borrow: Bool = false, useReserve: Bool = false
  ) throws(PlannerError) -> PlanOutcome {
    guard !ids.isEmpty else { throw .nothingSelected }
    guard var day else { throw .noDayStarted }
    var selection = 0
    try validateSelection(ids) { task throws(PlannerError) in
      switch task.placement {
      case .todo: throw .alreadyPlanned(task.id)
      case .done: throw .alreadyDone(task.id)
      case .category, .backlog: selection += task.cost
      }
    }
    let room = useReserve ? left : leftAboveReserve
    var borrowed = 0
    if selection > room {
      if borrow {
        borrowed = selection - room
        guard day.borrowed + borrowed <= day.borrowLimit else {
          throw .borrowLimit(asked: borrowed, borrowed: day.borrowed, limit: day.borrowLimit)
        }
        day.borrowed += borrowed
      } else if selection <= left {
        throw .intoReserve(reserve: reserve, left: left, selection: selection)
      } else {
        try MaxSpoonRule.check(capacity: capacity, planned: planned, selection: selection)
      }
    }

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
  @discardableResult
  public mutating func borrow(_ spoons: Int) throws(PlannerError) -> Int {
    guard var day else { throw .noDayStarted }
    guard spoons >= 1 else { throw .invalidBorrow(spoons) }
    guard spoons <= day.borrowLimit - day.borrowed else {
      throw .borrowLimit(asked: spoons, borrowed: day.borrowed, limit: day.borrowLimit)
    }
    day.borrowed += spoons
    self.day = day
    return day.borrowed
  }

  /// Keeps `spoons` back from planning from now on (0 to stop).
  public mutating func setReserve(_ spoons: Int) throws(PlannerError) {
    guard Day.budgetRange.contains(spoons) else { throw .invalidReserve(spoons) }
    reserve = spoons
  }

  /// Runs `change` and keeps its result only if today still has room for everything planned:
  /// undoing a check-off or deleting a done task can take back spoons a rest gave.
  mutating func keepingWithinBudget<T>(_ change: (inout Planner) throws(PlannerError) -> T)
    throws(PlannerError) -> T
  {
    var copy = self
    let result = try change(&copy)
    guard copy.day == nil || copy.planned <= copy.capacity else {
      throw .wouldLeaveOverBudget(planned: copy.planned, capacity: copy.capacity)
    }
    self = copy
    return result
  }
}
