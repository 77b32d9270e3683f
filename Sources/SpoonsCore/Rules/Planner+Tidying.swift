extension Planner {
  /// Deletes tasks from wherever they are (a category, the backlog or today's list). All or
  /// nothing. Their ids are never given out again.
  @discardableResult
  public mutating func delete(_ ids: [TaskID]) throws(PlannerError) -> [SpoonTask] {
    try validateSelection(ids) { _ throws(PlannerError) in }
    return try keepingWithinBudget { p in
      var removed: [SpoonTask] = []
      for id in ids {
        guard let task = p.tasks.removeValue(forKey: id) else { continue }
        switch task.placement {
        case .category: p.categoryOrder[task.spoons.value - 1].removeAll { $0 == id }
        case .backlog: p.backlogOrder.removeAll { $0 == id }
        case .todo, .done: p.day?.todo.removeAll { $0 == id }
        }
        removed.append(task)
      }
      return removed
    }
  }

  /// Moves a task waiting in a category to `position` (1 = first) within that category.
  @discardableResult
  public mutating func move(_ id: TaskID, to position: Int, at now: Timestamp) throws(PlannerError)
    -> SpoonTask
  {
    guard var task = tasks[id] else { throw .unknownTask(id) }
    guard case .category = task.placement else { throw .notInCategory(id) }
    let index = task.spoons.value - 1
    let count = categoryOrder[index].count
    guard (1...count).contains(position) else { throw .invalidPosition(position, count: count) }
    categoryOrder[index].removeAll { $0 == id }
    categoryOrder[index].insert(id, at: position - 1)
    task.updated = now
    tasks[id] = task
    return task
  }
}

extension Planner {
  /// Deletes every task in the backlog and returns them, oldest first.
  @discardableResult
  public mutating func clearBacklog() -> [SpoonTask] {
    let cleared = backlog
    for task in cleared { tasks[task.id] = nil }
    backlogOrder.removeAll()
    return cleared
  }

  /// Brings a task checked off on an earlier day (now in the archive) back to the end of its
  /// category, open again. Its archived copy is superseded by the live one.
  @discardableResult
  public mutating func reopen(_ archived: SpoonTask, at now: Timestamp) throws(PlannerError)
    -> SpoonTask
  {
    guard tasks[archived.id] == nil else { throw .notDone(archived.id) }
    guard archived.isDone, archived.id.rawValue < nextID.rawValue else {
      throw .unknownTask(archived.id)
    }
    var task = archived
    task.placement = .category  // a routine's task comes back as an ordinary one
    task.updated = now
    tasks[task.id] = task
    categoryOrder[task.spoons.value - 1].append(task.id)
    return task
  }
}
