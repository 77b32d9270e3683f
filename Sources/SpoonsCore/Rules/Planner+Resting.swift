extension Planner {
  /// `rest N TITLE`: puts a rest straight on today's list. It costs nothing to plan and gives
  /// up to `spoons` back when checked off (never more than was spent by then and not already
  /// given back: `SpoonLedger.giveBack`). Taken off the list again, it waits in category N
  /// like any rest.
  @discardableResult
  public mutating func addRest(
    _ title: Title, spoons: SpoonCost, tags: [Tag] = [], at now: Timestamp
  ) throws(PlannerError) -> SpoonTask {
    guard day != nil else { throw .noDayStarted }
    let tags = Tag.normalized(tags)
    guard tags.count <= Limits.tagsPerTask else { throw .tooManyTags(tags.count) }
    let rest = SpoonTask(
      id: nextID, title: title, spoons: spoons, placement: .todo(from: .category), created: now,
      updated: now, tags: tags, isRest: true)
    tasks[rest.id] = rest
    day?.todo.append(rest.id)
    nextID = TaskID(nextID.rawValue + 1)
    return rest
  }
}
