extension Planner {
  /// Brings the tasks of another program's file in (`import --from taskwarrior|todotxt`):
  /// each gets the next id, in the file's order. An open one waits in the category of its
  /// cost (the file's own, else `spoons`), as a task just added does, and carries
  /// `MovingIn.importedTag` so the person can find and look over what came; it is not put
  /// in the backlog, which holds what earlier days left and which `suggest` puts first. A
  /// done one goes to the archive as checked off at its completion time.
  ///
  /// Cannot fail: every task was checked as it was read.
  ///
  /// - Returns: the done tasks, for the archive, and how many open tasks took `spoons`.
  public mutating func moveIn(_ batch: MovingIn, spoons: SpoonCost, at now: Timestamp)
    -> (done: [SpoonTask], guessed: Int)
  {
    var done: [SpoonTask] = []
    var guessed = 0
    for incoming in batch.tasks {
      let cost = incoming.spoons ?? spoons
      let id = nextID
      nextID = TaskID(nextID.rawValue + 1)
      if let completed = incoming.completed {
        let created = min(incoming.created ?? completed, completed)
        done.append(SpoonTask(
          id: id, title: incoming.title, spoons: cost,
          placement: .done(from: .category, at: completed), created: created,
          updated: max(now, completed), note: incoming.note, tags: incoming.tags,
          due: incoming.due))
        continue
      }
      if incoming.spoons == nil { guessed += 1 }
      let created = min(incoming.created ?? now, now)
      let task = SpoonTask(
        id: id, title: incoming.title, spoons: cost, placement: .category, created: created,
        updated: now, note: incoming.note, tags: incoming.tags + [MovingIn.importedTag],
        due: incoming.due)
      tasks[id] = task
      categoryOrder[cost.value - 1].append(id)
    }
    return (done, guessed)
  }
}
