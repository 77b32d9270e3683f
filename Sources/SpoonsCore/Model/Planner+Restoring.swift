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
    var restorer = Restorer(expecting: list.count)
    for task in list { restorer.add(task) }
    self = try restorer.finish(
      nextID: nextID, day: day, routines: routines, nextRoutineID: nextRoutineID,
      reserve: reserve)
  }

  /// `Planner(nextID:day:tasks:)` one task at a time, as a file is read, so that a file's
  /// 100,000 tasks are never held twice over; `finish` checks what needs every part, and names
  /// the same task the one-call form would.
  public struct Restorer {
    private var planner = Planner()
    private var todo: [TaskID] = []
    /// Every id in the order given, to find the first one out of range.
    private var ids: [TaskID] = []
    private var firstRepeat: Int?
    private var firstOnList: Int?

    /// - Parameter count: how many tasks to make room for (an upper bound is fine).
    public init(expecting count: Int) {
      planner.tasks.reserveCapacity(count)
      ids.reserveCapacity(count)
    }

    /// How many tasks have been added.
    public var count: Int { ids.count }

    public mutating func add(_ task: consuming SpoonTask) {
      let index = ids.count
      let id = task.id
      ids.append(id)
      let place = task.placement
      let cost = task.spoons
      guard planner.tasks.updateValue(task, forKey: id) == nil else {
        if firstRepeat == nil { firstRepeat = index }
        return
      }
      switch place {
      case .category: planner.categoryOrder[cost.value - 1].append(id)
      case .backlog: planner.backlogOrder.append(id)
      case .todo, .done:
        todo.append(id)
        if firstOnList == nil { firstOnList = index }
      }
    }

    public func finish(
      nextID: TaskID, day: Day?, routines: [Routine] = [],
      nextRoutineID: RoutineID = RoutineID(1), reserve: Int = 0
    ) throws(RestoreProblem) -> Planner {
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
        guard routine.days.canFall else {
          throw RestoreProblem(taskIndex: nil, reason: "routine \(routine.id) falls on no day")
        }
      }
      guard Limits.spoonsPerDay.contains(reserve) else {
        throw RestoreProblem(taskIndex: nil, reason: "the reserve \(reserve) is not 0 to 99")
      }
      // The first task, in the order given, that breaks a rule; at one task, the rules are
      // checked in this order.
      let outOfRange = ids.firstIndex { $0.rawValue < 1 || $0 >= nextID }
      let problems: [(index: Int?, reason: (TaskID) -> String)] = [
        (outOfRange, { "task \($0) is not below the next id \(nextID.rawValue)" }),
        (firstRepeat, { "task \($0) appears twice" }),
        (day == nil ? firstOnList : nil, {
          "task \($0) is on a to-do list but no day has started"
        }),
      ]
      if let first = problems.filter({ $0.index != nil }).min(by: { $0.index! < $1.index! }),
        let index = first.index
      {
        throw RestoreProblem(taskIndex: index, reason: first.reason(ids[index]))
      }
      var planner = self.planner
      planner.nextID = nextID
      planner.routines = routines
      planner.nextRoutineID = nextRoutineID
      planner.reserve = reserve
      if var day {
        day.todo = todo
        planner.day = day
        planner.fillInLegacyRests()
        // A list past the budget loads as it is (plans made apart on two devices add up
        // after a sync); `status` shows how far over, and `plan` takes nothing more until
        // it is back within.
      }
      return planner
    }
  }
}

extension Planner {
  /// Files written before rests kept what they gave back hold done rests without the amount:
  /// they gave back, together, what was spent up to their spoons (the rule then), shared out
  /// in list order. Runs once, at load; the next save writes the amounts.
  mutating func fillInLegacyRests() {
    func needsAmount(_ task: SpoonTask) -> Bool {
      task.isRest && task.isDone && task.gaveBack == nil
    }
    guard let todo = day?.todo, todo.contains(where: { tasks[$0].map(needsAmount) ?? false }),
      let ledger
    else { return }
    var unpaid = ledger.spent - ledger.rested
    for id in todo {
      guard var task = tasks[id], needsAmount(task) else { continue }
      let back = Swift.max(0, Swift.min(task.spoons.value, unpaid))
      task.gaveBack = back
      unpaid -= back
      tasks[id] = task
    }
  }
}
