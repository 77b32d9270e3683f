extension Planner {
  /// Changes a task's details in place and returns it as it now is. All or nothing.
  ///
  /// A new cost moves a task waiting in a category to the end of the new category. On today's
  /// list the max-spoon rule applies to the difference: a dearer task must still fit the day.
  @discardableResult
  public mutating func edit(_ ref: TaskRef, _ edit: TaskEdit, at now: Timestamp)
    throws(PlannerError) -> SpoonTask
  {
    let id = try resolve(ref)
    return try keepingWithinBudget { (p) throws(PlannerError) in try p.applyEdit(id, edit, at: now) }
  }

  private mutating func applyEdit(_ id: TaskID, _ edit: TaskEdit, at now: Timestamp)
    throws(PlannerError) -> SpoonTask
  {
    guard var task = tasks[id] else { throw .unknownTask(id) }
    let note = try edit.note.map { text throws(PlannerError) in try TaskDetail.note.validate(text) }
    let location = try edit.location.map { text throws(PlannerError) in
      try TaskDetail.place.validate(text)
    }
    if let missing = edit.tags.removing.first(where: { !task.tags.contains($0) }) {
      throw .tagNotOnTask(id, title: task.title, tag: missing)
    }
    let tags = edit.tags.applied(to: task.tags)
    // A task synced with more (added apart on two devices) can still be edited otherwise.
    guard tags.count <= Limits.tagsPerTask || edit.tags.adding.isEmpty else {
      throw .tooManyTags(tags.count)
    }
    let oldCost = task.spoons
    if let cost = edit.spoons, cost != oldCost {
      switch task.placement {
      case .todo, .done:
        if !task.isRest, cost.value > oldCost.value, let ledger {
          // A planned task is already planned: only the difference needs room, and the
          // reserve does not hold back what was planned before it was set.
          do {
            _ = try ledger.admit(cost.value - oldCost.value, useReserve: true)
          } catch {
            throw .editOverBudget(
              id, spoons: cost.value, budget: ledger.total,
              plannedWithout: ledger.planned - oldCost.value)
          }
        }
        if task.isRest, let back = task.gaveBack { task.gaveBack = Swift.min(back, cost.value) }
      case .category:
        categoryOrder[oldCost.value - 1].removeAll { $0 == id }
        categoryOrder[cost.value - 1].append(id)
      case .backlog: break
      }
      task.spoons = cost
    }
    if let title = edit.title { task.title = title }
    if let note { task.note = note }
    if let location { task.location = location }
    task.tags = tags
    switch edit.due {
    case .set(let spec)?: task.due = spec.resolve(today: today(at: now))
    case .clear?: task.due = nil
    case nil: break
    }
    if task != tasks[id] {
      task.updated = now
      tasks[id] = task
    }
    return task
  }
}
