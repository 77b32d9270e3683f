extension Planner {
  /// Adds a task to the end of the category of its cost and returns it with its new id.
  @discardableResult
  public mutating func add(
    _ title: String, spoons: Int, at now: Timestamp, note: String? = nil,
    location: String? = nil, due: CivilDate? = nil
  ) throws(PlannerError) -> SpoonTask {
    add(try Title(title), spoons: try SpoonCost(spoons), at: now, note: note, location: location,
      due: due)
  }

  /// Adds an already validated task; cannot fail.
  @discardableResult
  public mutating func add(
    _ title: Title, spoons cost: SpoonCost, at now: Timestamp, note: String? = nil,
    location: String? = nil, due: CivilDate? = nil
  ) -> SpoonTask {
    let task = SpoonTask(
      id: nextID, title: title, spoons: cost, placement: .category, created: now, updated: now,
      note: note, location: location, due: due)
    tasks[task.id] = task
    categoryOrder[cost.value - 1].append(task.id)
    nextID = TaskID(nextID.rawValue + 1)
    return task
  }
}
