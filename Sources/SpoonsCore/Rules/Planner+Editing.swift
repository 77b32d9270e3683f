extension Planner {
  /// Changes a task's details in place and returns it as it now is. All or nothing.
  ///
  /// A new cost moves a task waiting in a category to the end of the new category. On today's
  /// list the max-spoon rule applies to the difference: a dearer task must still fit the day.
  @discardableResult
  public mutating func edit(_ ref: TaskRef, _ edit: TaskEdit, at now: Timestamp)
    throws(PlannerError) -> SpoonTask
  {
    return try editChecked(try resolve(ref), edit, at: now)
  }

  /// One task's edit, the max-spoon rule checked on what it leaves (`keepingWithinBudget`).
  private mutating func editChecked(_ id: TaskID, _ edit: TaskEdit, at now: Timestamp)
    throws(PlannerError) -> SpoonTask
  {
    try keepingWithinBudget { (p) throws(PlannerError) in try p.applyEdit(id, edit, at: now) }
  }

  /// Changes several tasks alike (`edit 3-6 --due fri`), all or nothing, in the order
  /// given (a task named twice, once), and returns each as it was and as it is now. A new
  /// cost is checked against the day for the planned tasks of the selection together first,
  /// so a refusal names the selection, not the day half changed; each task is then checked
  /// as `edit` checks one.
  public mutating func edit(_ refs: [TaskRef], _ edit: TaskEdit, at now: Timestamp)
    throws(PlannerError) -> [(was: SpoonTask, now: SpoonTask)]
  {
    var ids: [TaskID] = []
    var named = Set<TaskID>()
    for ref in refs {
      let id = try resolve(ref)
      if named.insert(id).inserted { ids.append(id) }
    }
    if let cost = edit.spoons, let ledger {
      var old = 0
      var planned = 0
      for id in ids {
        // On today's list and no rest, as `applyEdit` counts a planned task.
        guard let task = tasks[id], !task.isRest else { continue }
        switch task.placement {
        case .todo, .done: break
        case .category, .backlog: continue
        }
        old += task.spoons.value
        planned += 1
      }
      if planned > 1, planned * cost.value > old,
        (try? ledger.admit(planned * cost.value - old, useReserve: true)) == nil
      {
        throw .editsOverBudget(
          count: planned, spoons: cost.value, budget: ledger.total,
          plannedWithout: ledger.planned - old)
      }
    }
    // On a copy: a task refused after others changed leaves every one as it was.
    var copy = self
    var changed: [(was: SpoonTask, now: SpoonTask)] = []
    for id in ids {
      guard let was = copy.tasks[id] else { throw .unknownTask(id) }
      changed.append((was, try copy.editChecked(id, edit, at: now)))
    }
    self = copy
    return changed
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
