extension Planner {
  /// Every tag and context the open tasks carry (the categories, the backlog and today's
  /// list), with how many carry it: tags first, then contexts, each by name.
  public var tagCounts: [(tag: Tag, count: Int)] {
    var counts: [Tag: Int] = [:]
    for task in allTasks where !task.isDone {
      for tag in task.tags { counts[tag, default: 0] += 1 }
    }
    return counts.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
  }
}
