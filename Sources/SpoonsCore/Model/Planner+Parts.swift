/// Parts of a planner, for a sync that looks at some of it (`SyncRound.overChanged`).
extension Planner {
  /// This planner with only the tasks of the categories named, of the backlog if `backlog`,
  /// and of today's list (always whole): everything else (the day, routines, settings, next
  /// numbers, guards) as it is. What a sync that looks only at what changed compares where a
  /// rank around a change would move (`SyncRound.overChanged`; else `keeping(around:)`).
  package func keeping(categories: Set<Int>, backlog: Bool) -> Planner {
    var kept = self
    var table = TaskTable()
    func keep(_ ids: [TaskID]) {
      for id in ids { if let task = tasks[id] { _ = table.updateValue(task, forKey: id) } }
    }
    for cost in SpoonCost.range {
      if categories.contains(cost) {
        keep(categoryOrder[cost - 1])
      } else {
        kept.categoryOrder[cost - 1] = []
      }
    }
    if backlog { keep(backlogOrder) } else { kept.backlogOrder = [] }
    keep(day?.todo ?? [])
    kept.tasks = table
    return kept
  }

  /// This planner, made over the part `keeping(categories:backlog:)` gives of `rest` (the
  /// categories `partHolding` and, when `backlog`, the backlog), with the lists of `rest` that
  /// part left out put back as they are: what a round over some lists whole makes of the
  /// whole planner (`SyncRound.overChanged`). Nil when a task of those lists is in this one
  /// too (a number the round gave to another task), or this one holds a task in a list the
  /// part left out: the part did not decide alone.
  package func joining(_ rest: Planner, partHolding categories: Set<Int>, backlog: Bool)
    -> Planner?
  {
    var joined = self
    func put(_ ids: [TaskID]) -> Bool {
      for id in ids {
        guard let task = rest.tasks[id], joined.tasks[id] == nil else { return false }
        _ = joined.tasks.updateValue(task, forKey: id)
      }
      return true
    }
    for cost in SpoonCost.range where !categories.contains(cost) {
      guard categoryOrder[cost - 1].isEmpty, put(rest.categoryOrder[cost - 1]) else { return nil }
      joined.categoryOrder[cost - 1] = rest.categoryOrder[cost - 1]
    }
    if !backlog {
      guard backlogOrder.isEmpty, put(rest.backlogOrder) else { return nil }
      joined.backlogOrder = rest.backlogOrder
    }
    return joined
  }

  /// This planner with only the tasks of `looked` in the categories and the backlog, each run
  /// of them with the nearest other task on either side of it, and today's list whole:
  /// everything else as it is. A list that holds none of `looked` is left out. What a sync that
  /// looks only around what changed compares (`SyncRound.overChanged`): a task's rank needs its
  /// neighbours' alone when every other task of the list keeps its own.
  package func keeping(around looked: Set<TaskID>) -> Planner {
    var kept = self
    var table = TaskTable()
    func keep(_ id: TaskID) { if let task = tasks[id] { _ = table.updateValue(task, forKey: id) } }
    func window(_ order: [TaskID]) -> [TaskID] {
      var held = [Bool](repeating: false, count: order.count)
      for (i, id) in order.enumerated() where looked.contains(id) {
        held[i] = true
        if i > 0 { held[i - 1] = true }
        if i + 1 < order.count { held[i + 1] = true }
      }
      let ids = order.indices.filter { held[$0] }.map { order[$0] }
      ids.forEach(keep)
      return ids
    }
    for cost in SpoonCost.range { kept.categoryOrder[cost - 1] = window(categoryOrder[cost - 1]) }
    kept.backlogOrder = window(backlogOrder)
    (day?.todo ?? []).forEach(keep)
    kept.tasks = table
    return kept
  }

  /// This planner without the numbers guarded on this device alone (`renumbered`,
  /// `deletedToday`): the planner another device that has seen the same changes holds.
  package var withoutGuards: Planner {
    var planner = self
    planner.forgetNumbersShownHere()
    return planner
  }

  /// Whether this planner is `other` but for numbers it hands out later (a synced document
  /// still holds the number of a task added and then undone here, which `nextID` then skips).
  package func isSame(handingOutLaterThan other: Planner) -> Bool {
    guard nextID >= other.nextID, nextRoutineID >= other.nextRoutineID else { return false }
    var same = self
    same.nextID = other.nextID
    same.nextRoutineID = other.nextRoutineID
    return same == other
  }
}
