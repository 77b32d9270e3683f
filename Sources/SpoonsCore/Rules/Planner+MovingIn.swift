extension Planner {
  /// Brings the tasks of another program's file in (`import --from taskwarrior|todotxt`):
  /// each gets the next id, in the file's order. An open one waits in the category of its
  /// cost (the file's own, else `spoons`), as a task just added does, and carries
  /// `MovingIn.importedTag` so the person can find and look over what came; it is not put
  /// in the backlog, which holds what earlier days left and which `suggest` puts first. A
  /// done one goes to the archive as checked off at its completion time, tagged too: it was
  /// done in the other program, on no Spoons day, so no day's numbers count it
  /// (`CompletedDay`).
  ///
  /// A task already here is not brought again, so importing a file twice changes nothing:
  /// one whose title and creation time are those of an open task or of one in `archived`
  /// (`MovingIn.Arrival`). A task the file gives no creation time (a todo.txt line without
  /// its date) has nothing to be told apart by, and always comes.
  ///
  /// Cannot fail: every task was checked as it was read.
  ///
  /// - Returns: the done tasks, for the archive, how many open tasks took `spoons`, and how
  ///   many were here already.
  public mutating func moveIn(
    _ batch: MovingIn, spoons: SpoonCost, at now: Timestamp, archived: [SpoonTask] = []
  ) -> (done: [SpoonTask], guessed: Int, alreadyHere: Int) {
    var here = Set<MovingIn.Arrival>()
    forEachTask(allTaskIDs) { here.insert(MovingIn.Arrival($0)) }
    for task in archived { here.insert(MovingIn.Arrival(task)) }
    var done: [SpoonTask] = []
    var guessed = 0
    var alreadyHere = 0
    for incoming in batch.tasks {
      if let arrival = MovingIn.Arrival(incoming, at: now), here.contains(arrival) {
        alreadyHere += 1
        continue
      }
      let cost = incoming.spoons ?? spoons
      let id = nextID
      nextID = TaskID(nextID.rawValue + 1)
      if let completed = incoming.completed {
        let created = min(incoming.created ?? completed, completed)
        done.append(SpoonTask(
          id: id, title: incoming.title, spoons: cost,
          placement: .done(from: .category, at: completed), created: created,
          updated: max(now, completed), note: incoming.note,
          tags: incoming.tags + [MovingIn.importedTag],
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
    return (done, guessed, alreadyHere)
  }
}

extension MovingIn {
  /// What tells a task brought in before from a new one: its title and when it was made.
  public struct Arrival: Hashable, Sendable {
    let title: String
    let created: Int64

    init(_ task: borrowing SpoonTask) {
      title = task.title.text
      created = task.created.seconds
    }

    /// The task `incoming` becomes, as `moveIn` makes it; nil when the file gave no time.
    init?(_ incoming: ImportedTask, at now: Timestamp) {
      guard let created = incoming.created else { return nil }
      title = incoming.title.text
      self.created = min(created, incoming.completed ?? now).seconds
    }
  }
}
