extension Planner {
  /// Takes unfinished tasks off today's list and back where they came from, giving their
  /// spoons back to the day. All or nothing.
  ///
  /// A task from a category goes to the end of it; one from the backlog goes back among the
  /// backlog by age, so the backlog stays oldest first. A routine's task has nowhere to go
  /// back to and is dropped (the routine makes a fresh one on its next day). The spoons freed
  /// give back what today borrowed first (`giveBackBorrowing`).
  @discardableResult
  public mutating func unplan(_ refs: [TaskRef], at now: Timestamp) throws(PlannerError)
    -> [SpoonTask]
  {
    let ids = try resolve(refs)
    try validateSelection(ids) { task throws(PlannerError) in
      switch task.placement {
      case .todo: break
      case .done: throw .alreadyDone(task.id)
      default: throw .notOnTodayList(task.id)
      }
    }
    return try keepingWithinBudget { p in
      var moved: [SpoonTask] = []
      for id in ids {
        guard var task = p.tasks[id], case .todo(let origin) = task.placement else { continue }
        p.day?.todo.removeAll { $0 == id }
        switch origin {
        case .category:
          task.placement = .category
          p.categoryOrder[task.spoons.value - 1].append(id)
        case .routine:
          p.tasks[id] = nil
          p.noteDeleted([id])
          moved.append(task)
          continue
        case .backlog(let since):
          task.placement = .backlog(since: since)
          let index =
            p.backlogOrder.lastIndex { other in
              guard case .backlog(let otherSince)? = p.tasks[other]?.placement else { return false }
              return otherSince <= since
            }.map { $0 + 1 } ?? 0
          p.backlogOrder.insert(id, at: index)
        }
        task.updated = now
        p.tasks[id] = task
        moved.append(task)
      }
      return moved
    }
  }
}
