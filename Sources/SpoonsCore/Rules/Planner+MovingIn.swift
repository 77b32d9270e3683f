extension Planner {
  /// Brings the tasks of another program's file in (`import --from taskwarrior|todotxt`):
  /// each gets the next id, in the file's order. An open one waits in the category of its
  /// cost (the file's own, else `spoons`), as a task just added does, and carries
  /// `MovingIn.importedTag` so the person can find and look over what came; it is not put
  /// in the backlog, which holds what earlier days left and which `suggest` puts first. A
  /// done one goes to the archive as checked off at its completion time, tagged too, so
  /// `search +imported` finds everything that came.
  ///
  /// A task already here is not brought again, so importing a file twice, or a file Spoons
  /// exported, changes nothing (`MovingIn.HereAlready`), as long as the tasks it brought keep
  /// their titles (and, from todo.txt, whether they are done): the other program's ids are
  /// not kept.
  ///
  /// Cannot fail: every task was checked as it was read.
  ///
  /// - Returns: the done tasks, for the archive, how many open tasks took `spoons`, and how
  ///   many were here already.
  public mutating func moveIn(
    _ batch: MovingIn, spoons: SpoonCost, at now: Timestamp, archived: [SpoonTask] = []
  ) -> (done: [SpoonTask], guessed: Int, alreadyHere: Int) {
    var here = MovingIn.HereAlready(
      self, archived: archived, readsDays: batch.tasks.contains { $0.datesOnly })
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
  /// - from Taskwarrior, which keeps times: the same creation time, to the second, open or
  ///   done alike (a task brought in open and checked off here since is the same task);
  /// - from todo.txt, which keeps days: an open line, an open task made that day (or, for a
  ///   line without a date, any open task of that title); a done line, a task done that day
  ///   (the day as the day start counts it, as Spoons' own export writes it); an `x` line
  ///   without its date, a done task of that title brought in before (`+imported`), one for
  ///   one. Titles compare as a todo.txt line reads them back (`TodoTxt.titlesAsRead`): a
  ///   word such as `+notatag` kept as text here comes back as a tag, and a `due:` word reads
  ///   as the task's due date or as text depending on whether the task has one.
  /// Only what was here before the import counts: two lines alike in one file both come.
  struct HereAlready {
    /// A title with when its task was made (`Int64`: to the second) or on which day.
    private struct Made<When: Hashable>: Hashable {
      let title: String
      let when: When
    }

    private var times = Set<Made<Int64>>()
    private var openDays = Set<Made<CivilDate>>()
    private var doneDays = Set<Made<CivilDate>>()
    private var openTitles = Set<String>()
    /// How many done tasks brought in before have each title (as todo.txt reads it), and
    /// each title and day: a dated `x` line that finds one of them claims it, so an undated
    /// line cannot take the same task again.
    private var importedDone: [String: Int] = [:]
    private var importedDoneDays: [Made<CivilDate>: Int] = [:]
    private let dayStart: DayStart
    /// Whether the file gives days (todo.txt): only then are titles read as a line reads
    /// them and days kept; a file that gives times (Taskwarrior) needs the times alone.
    private let readsDays: Bool

    init(_ planner: Planner, archived: [SpoonTask], readsDays: Bool) {
      dayStart = planner.dayStart
      self.readsDays = readsDays
      planner.forEachTask(planner.allTaskIDs) { add($0) }
      for task in archived { add(task) }
    }

    private mutating func add(_ task: borrowing SpoonTask) {
      times.insert(Made(title: task.title.text, when: task.created.seconds))
      guard readsDays else { return }
      // The title a line of the task reads back with, and the one a line written before its
      // due date was set or cleared reads back with (the counts go by the first alone).
      let titles = TodoTxt.titlesAsRead(task)
      if let completed = task.completed {
        let done = dayStart.today(at: completed)
        for title in titles { doneDays.insert(Made(title: title, when: done)) }
        if task.carries(MovingIn.importedTag) {
          importedDone[titles[0], default: 0] += 1
          importedDoneDays[Made(title: titles[0], when: done), default: 0] += 1
        }
      } else {
        for title in titles {
          openDays.insert(Made(title: title, when: task.created.date))
          openTitles.insert(title)
        }
      }
    }

    /// Whether `incoming` is a task here already; `now`: when the import runs, which an
    /// open task made later than it is taken to be made at, as `moveIn` does.
    mutating func holds(_ incoming: ImportedTask, at now: Timestamp) -> Bool {
      let title = incoming.title.text
      guard incoming.datesOnly else {
        guard let made = incoming.created ?? incoming.completed else { return false }
        let created = min(made, incoming.completed ?? now)
        return times.contains(Made(title: title, when: created.seconds))
      }
      if let completed = incoming.completed {
        guard incoming.completedUndated else {
          let day = Made(title: title, when: completed.date)
          guard doneDays.contains(day) else { return false }
          if let count = importedDoneDays[day], count > 0 {
            importedDoneDays[day] = count - 1
            if let left = importedDone[title] { importedDone[title] = left - 1 }
          }
          return true
        }
        guard let count = importedDone[title], count > 0 else { return false }
        importedDone[title] = count - 1
        return true
      }
      guard let created = incoming.created else { return openTitles.contains(title) }
      return openDays.contains(Made(title: title, when: min(created, now).date))
    }
  }
}
