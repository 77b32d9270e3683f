/// Why stored parts do not make a consistent planner; `taskIndex` points at the offending task
/// in the list given to `Planner(nextID:day:tasks:)`, so the store can name the line.
public struct RestoreProblem: Error, Hashable, Sendable, CustomStringConvertible {
  public let taskIndex: Int?
  public let reason: String

  public var description: String { reason }
}

extension Planner {
  /// Rebuilds a planner from stored parts, refusing any that break an invariant.
  ///
  /// - Parameters:
  ///   - day: the day's date and budget; its to-do list is taken from the order of `tasks`.
  ///   - tasks: every open task and today's done ones; order within each place is kept.
  ///   - routines: in their order; `nextRoutineID` must be above every one of their ids.
  public init(
    nextID: TaskID, day: Day?, tasks list: [SpoonTask], routines: [Routine] = [],
    nextRoutineID: RoutineID = RoutineID(1), reserve: Int = 0
  ) throws(RestoreProblem) {
    self.init()
    self.nextID = nextID
    var routineIDs = Set<RoutineID>()
    for routine in routines {
      guard routine.id.rawValue >= 1, routine.id < nextRoutineID,
        routineIDs.insert(routine.id).inserted
      else {
        throw RestoreProblem(
          taskIndex: nil,
          reason: "routine \(routine.id) is repeated or not below the next routine id "
            + "\(nextRoutineID.rawValue)")
      }
      guard !routine.days.isEmpty else {
        throw RestoreProblem(taskIndex: nil, reason: "routine \(routine.id) runs on no day")
      }
    }
    guard Day.budgetRange.contains(reserve) else {
      throw RestoreProblem(taskIndex: nil, reason: "the reserve \(reserve) is not 0 to 99")
    }
    self.routines = routines
    self.nextRoutineID = nextRoutineID
    self.reserve = reserve
    var todo: [TaskID] = []
    tasks.reserveCapacity(list.count)
    for (index, task) in list.enumerated() {
      guard task.id.rawValue >= 1, task.id < nextID else {
        throw RestoreProblem(
          taskIndex: index, reason: "task \(task.id) is not below the next id \(nextID.rawValue)")
      }
      guard tasks.updateValue(task, forKey: task.id) == nil else {
        throw RestoreProblem(taskIndex: index, reason: "task \(task.id) appears twice")
      }
      switch task.placement {
      case .category: categoryOrder[task.spoons.value - 1].append(task.id)
      case .backlog: backlogOrder.append(task.id)
      case .todo, .done:
        guard day != nil else {
          throw RestoreProblem(
            taskIndex: index, reason: "task \(task.id) is on a to-do list but no day has started")
        }
        todo.append(task.id)
      }
    }
    if var day {
      day.todo = todo
      self.day = day
      if planned > capacity {
        throw RestoreProblem(
          taskIndex: nil,
          reason: "today's list holds \(planned) spoons, more than the \(capacity) it has")
      }
    }
  }
}
