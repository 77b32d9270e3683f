extension Planner {
  /// Checks off tasks on today's list: `spent` rises, `planned` stays. All or nothing.
  ///
  /// `took`: what the task really took (one task; not a rest), noted beside its planned cost.
  /// The same as planned notes nothing: the task reads as done as planned.
  @discardableResult
  public mutating func markDone(_ refs: [TaskRef], took: Int? = nil, at now: Timestamp)
    throws(PlannerError) -> [SpoonTask]
  {
    let ids = try resolve(refs)
    if let took {
      guard Limits.spoonsTaken.contains(took) else { throw .invalidTook(took) }
      guard ids.count == 1 else { throw .tookNeedsOneTask }
    }
    try validateSelection(ids) { task throws(PlannerError) in
      switch task.placement {
      case .todo: break
      case .done: throw .alreadyDone(task.id)
      default: throw .notOnTodayList(task.id)
      }
      if took != nil, task.isRest { throw .tookOnRest(task.id) }
    }
    // Work first, then rests: a rest gives back what has been spent by the time it is
    // checked off, and `done 4 9` should not depend on the order the ids were typed in.
    let ordered =
      ids.filter { tasks[$0]?.isRest == false } + ids.filter { tasks[$0]?.isRest == true }
    for id in ordered {
      guard var task = tasks[id], case .todo(let origin) = task.placement else { continue }
      if task.isRest { task.gaveBack = ledger?.giveBack(forRestOf: task.spoons.value) ?? 0 }
      task.placement = .done(from: origin, at: now)
      if let took, took != task.spoons.value { task.took = took }
      task.updated = now
      tasks[id] = task
    }
    return ids.compactMap { tasks[$0] }  // every one was checked off: the selection was checked
  }

  /// Reverses today's check-offs: the tasks stay on the list, open again. All or nothing;
  /// refused when taking back a rest's spoons would leave the day over budget.
  @discardableResult
  public mutating func markUndone(_ refs: [TaskRef], at now: Timestamp) throws(PlannerError)
    -> [SpoonTask]
  {
    let ids = try resolve(refs)
    try validateSelection(ids) { task throws(PlannerError) in
      switch task.placement {
      case .done: break
      case .todo: throw .notDone(task.id)
      default: throw .notOnTodayList(task.id)
      }
    }
    return try keepingWithinBudget { p in
      ids.compactMap { id in
        guard var task = p.tasks[id], case .done(let origin, _) = task.placement else {
          return nil
        }
        task.placement = .todo(from: origin)  // forgets what a rest gave back
        task.updated = now
        p.tasks[id] = task
        return task
      }
    }
  }

  /// Checks a selection before anything moves (its numbers already resolved): not empty, no
  /// repeats, every id known, and `accept` passes for each task.
  func validateSelection(
    _ ids: [TaskID], _ accept: (SpoonTask) throws(PlannerError) -> Void
  ) throws(PlannerError) {
    guard !ids.isEmpty else { throw .nothingSelected }
    // Repeats are found in a sorted copy rather than a `Set`: a selection is a few ids, and a
    // set of them costs a one-shot command a runtime conformance lookup.
    let sorted = ids.map(\.rawValue).sorted()
    let repeats = zip(sorted, sorted.dropFirst()).contains { $0 == $1 }
    for (index, id) in ids.enumerated() {
      guard let task = tasks[id] else { throw .unknownTask(id) }
      if repeats, ids[..<index].contains(id) { throw .repeatedTask(id) }
      try accept(task)
    }
  }
}
