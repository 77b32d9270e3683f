extension Planner {
  /// Deletes tasks from wherever they are (a category, the backlog or today's list). All or
  /// nothing. Their ids are never given out again.
  @discardableResult
  public mutating func delete(_ refs: [TaskRef]) throws(PlannerError) -> [SpoonTask] {
    try delete(ids: try resolve(refs))
  }

  @discardableResult
  mutating func delete(ids: [TaskID]) throws(PlannerError) -> [SpoonTask] {
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
      p.noteDeleted(removed.map(\.id))
      return removed
    }
  }

  /// Moves a task waiting in a category to `position` (1 = first) within that category.
  @discardableResult
  public mutating func move(_ ref: TaskRef, to position: Int, at now: Timestamp)
    throws(PlannerError) -> SpoonTask
  {
    let id = try resolve(ref)
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
    noteDeleted(cleared.map(\.id))
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

// MARK: - Tasks done on earlier days

extension Planner {
  /// Deletes tasks from wherever they are, the archive included: `archived` holds the tasks
  /// checked off on earlier days (`ArchivedCopies.newest`), and loses the ones selected.
  /// All or nothing; returns the deleted tasks in the order given.
  ///
  /// A task in the archive is history, not part of today: deleting it changes no day's
  /// numbers (what was spent stays spent), only what `completed` and `search` find.
  @discardableResult
  public mutating func delete(_ refs: [TaskRef], archived: inout [SpoonTask])
    throws(PlannerError) -> [SpoonTask]
  {
    let ids = try resolve(refs)
    var seen = Set<TaskID>()
    var live: [TaskID] = []
    var fromArchive: [TaskID: SpoonTask] = [:]
    for id in ids {
      guard seen.insert(id).inserted else { throw .repeatedTask(id) }
      if tasks[id] != nil {
        live.append(id)
      } else if let task = archived.last(where: { $0.id == id }) {
        fromArchive[id] = task
      } else {
        throw .unknownTask(id)
      }
    }
    var deleted: [TaskID: SpoonTask] = [:]
    if !live.isEmpty {
      for task in try delete(ids: live) { deleted[task.id] = task }
    }
    if !fromArchive.isEmpty {
      archived.removeAll { fromArchive[$0.id] != nil }
      deleted.merge(fromArchive) { live, _ in live }
      noteDeleted(Array(fromArchive.keys))
    }
    return ids.compactMap { deleted[$0] }
  }

  /// `reopen` of the task with `id` in `archived` (the tasks checked off on earlier days),
  /// which loses it: it is live again, no longer history.
  @discardableResult
  public mutating func reopen(_ ref: TaskRef, from archived: inout [SpoonTask], at now: Timestamp)
    throws(PlannerError) -> SpoonTask
  {
    let id = try resolve(ref)
    guard let task = archived.last(where: { $0.id == id }) else {
      throw tasks[id] == nil ? .unknownTask(id) : .notDone(id)
    }
    let reopened = try reopen(task, at: now)
    archived.removeAll { $0.id == id }
    return reopened
  }
}
