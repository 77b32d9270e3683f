extension Planner {
  /// Deletes tasks from wherever they are (a category, the backlog or today's list). All or
  /// nothing. Their ids are never given out again.
  @discardableResult
  public mutating func delete(_ ids: [TaskID]) throws(PlannerError) -> [SpoonTask] {
    try validateSelection(ids) { _ throws(PlannerError) in }
    var removed: [SpoonTask] = []
    for id in ids {
      guard let task = tasks.removeValue(forKey: id) else { continue }
      switch task.placement {
      case .category: categoryOrder[task.spoons.value - 1].removeAll { $0 == id }
      case .backlog: backlogOrder.removeAll { $0 == id }
      case .todo, .done: day?.todo.removeAll { $0 == id }
      }
      removed.append(task)
    }
    return removed
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
