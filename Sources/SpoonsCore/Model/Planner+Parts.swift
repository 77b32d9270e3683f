/// Parts of a planner, for a sync that looks at some of it (`SyncRound.overChanged`).
extension Planner {
  /// This planner with only the tasks of the categories named, of the backlog if `backlog`,
  /// and of today's list (always whole): everything else (the day, routines, settings, next
  /// numbers, guards) as it is. What a sync that looks only at the lists a change touched
  /// compares (`SyncRound.overChanged`).
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

  /// This planner without the numbers guarded on this device alone (`renumbered`,
  /// `deletedToday`): the planner another device that has seen the same changes holds.
  package var withoutGuards: Planner {
    var planner = self
    planner.forgetNumbersShownHere()
    return planner
  }
}
