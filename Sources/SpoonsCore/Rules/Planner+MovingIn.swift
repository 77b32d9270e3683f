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
  /// A task already here is not brought again, so importing a file twice, or a file Spoons
  /// exported, changes nothing (`MovingIn.HereAlready`).
  ///
  /// Cannot fail: every task was checked as it was read.
  ///
  /// - Returns: the done tasks, for the archive, how many open tasks took `spoons`, and how
  ///   many were here already.
  public mutating func moveIn(
    _ batch: MovingIn, spoons: SpoonCost, at now: Timestamp, archived: [SpoonTask] = []
  ) -> (done: [SpoonTask], guessed: Int, alreadyHere: Int) {
    let here = MovingIn.HereAlready(self, archived: archived)
    var done: [SpoonTask] = []
    var guessed = 0
    var alreadyHere = 0
    for incoming in batch.tasks {
      if here.holds(incoming, at: now) {
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
  /// What tells a task brought in before from a new one, as `add` tells a task typed twice:
  /// the same title, and
  /// - when the file says when the task was made (or, for a done one, done): the same time,
  ///   to the second, or the same day when the file gives days only (todo.txt, whose
  ///   export writes the creation day of every task);
  /// - when it does not (a todo.txt line without a date): an open task of that title.
  /// Only what was here before the import counts: two lines alike in one file both come.
  struct HereAlready {
    private var times = Set<String>()
    private var days = Set<String>()
    private var openTitles = Set<String>()

    init(_ planner: Planner, archived: [SpoonTask]) {
      planner.forEachTask(planner.allTaskIDs) { task in
        add(task)
        if !task.isDone { openTitles.insert(task.title.text) }
      }
      for task in archived { add(task) }
    }

    private mutating func add(_ task: borrowing SpoonTask) {
      let title = task.title.text
      times.insert("\(task.created.seconds) \(title)")
      days.insert("\(task.created.date) \(title)")
    }

    /// Whether `incoming` is a task here already; `now`: when the import runs, which an
    /// open task made later than it is taken to be made at, as `moveIn` does.
    func holds(_ incoming: ImportedTask, at now: Timestamp) -> Bool {
      let title = incoming.title.text
      guard let made = incoming.created ?? incoming.completed else {
        return openTitles.contains(title)
      }
      let created = min(made, incoming.completed ?? now)
      return incoming.datesOnly
        ? days.contains("\(created.date) \(title)")
        : times.contains("\(created.seconds) \(title)")
    }
  }
}
