import SpoonsCore

/// `import`: the merge rule is Core's `PlannerMerge`; here it is read and written as one change.
extension PlannerStore {
  /// What an import added.
  public struct ImportSummary: Equatable, Sendable {
    public var tasks: Int
    public var routines: Int
    public var days: Int
    /// Whether the file's settings came too (into a planner that held nothing yet).
    public var settings = false
  }

  /// Merges `incoming` into the planner by id (or, with `replace`, puts it in the planner's
  /// place, archive and all) as one change that `undo` takes back.
  @discardableResult
  public func importPlanner(
    _ incoming: PlannerExport, file: String, replace: Bool, at time: Timestamp,
    describe: (ImportSummary) -> String = { _ in "import" }
  ) throws -> ImportSummary {
    try exclusively { lock throws -> ImportSummary in
      var snapshot = try readSnapshot()
      let before = snapshot
      var done: [UInt8] = []
      var days: [UInt8] = []
      if replace {
        snapshot.planner = incoming.planner
        for task in incoming.archive.doneTasks { TaskRecord.encode(task, to: &done) }
        for day in incoming.archive.days { ArchiveFiles.encode(day, to: &days) }
        let summary = ImportSummary(
          tasks: incoming.planner.taskCount + incoming.archive.doneTasks.count,
          routines: incoming.planner.routines.count, days: incoming.archive.days.count)
        try commit(
          &snapshot, from: before, archive: .replace(done: done, days: days), at: time,
          what: describe(summary), lock: lock)
        return summary
      }
      let current = PlannerExport(
        planner: snapshot.planner,
        archive: try readArchive(snapshot))
      let merged = try ExportFormat.merge(incoming, into: current, file: file)
      let summary = ImportSummary(
        tasks: merged.planner.taskCount - snapshot.planner.taskCount + merged.newDone.count,
        routines: merged.planner.routines.count - snapshot.planner.routines.count,
        days: merged.newDays.count, settings: merged.tookSettings)
      guard
        merged.planner != snapshot.planner || !merged.newDone.isEmpty || !merged.newDays.isEmpty
      else { return summary }
      snapshot.planner = merged.planner
      for task in merged.newDone { TaskRecord.encode(task, to: &done) }
      for day in merged.newDays { ArchiveFiles.encode(day, to: &days) }
      try commit(
        &snapshot, from: before, archive: .append(done: done, days: days), at: time,
        what: describe(summary), lock: lock)
      return summary
    }
  }
}

extension PlannerStore {
  /// What `import --from taskwarrior|todotxt` brought.
  public struct MovingInSummary: Equatable, Sendable {
    /// The open tasks, now in the categories, tagged `+imported`.
    public var open: Int
    /// Of them, those that took the import's cost (the file gave none).
    public var guessed: Int
    /// The done tasks, now in the archive.
    public var done: Int
    /// The tasks not brought again: here already (`Planner.moveIn`).
    public var alreadyHere = 0
  }

  /// Brings another program's tasks in (`Planner.moveIn`, which leaves out the tasks here
  /// already, open or in the archive) as one change that `undo` takes back; a file that
  /// brings no new task changes nothing.
  @discardableResult
  public func moveIn(
    _ batch: MovingIn, spoons: SpoonCost, at time: Timestamp,
    describe: (MovingInSummary) -> String = { _ in "import" }
  ) throws -> MovingInSummary {
    try exclusively { lock throws -> MovingInSummary in
      var snapshot = try readSnapshot()
      let before = snapshot
      guard !batch.tasks.isEmpty else { return MovingInSummary(open: 0, guessed: 0, done: 0) }
      let archived = try readArchive(snapshot).doneTasks
      let (done, guessed, alreadyHere) = snapshot.planner.moveIn(
        batch, spoons: spoons, at: time, archived: archived)
      let summary = MovingInSummary(
        open: batch.tasks.count - done.count - alreadyHere, guessed: guessed, done: done.count,
        alreadyHere: alreadyHere)
      guard summary.open + summary.done > 0 else { return summary }
      var records: [UInt8] = []
      // The archive is oldest first.
      for task in done.sorted(by: { a, b in
        (a.completed?.seconds ?? 0, a.id.rawValue) < (b.completed?.seconds ?? 0, b.id.rawValue)
      }) {
        TaskRecord.encode(task, to: &records)
      }
      try commit(
        &snapshot, from: before, archive: .append(done: records, days: []), at: time,
        what: describe(summary), lock: lock)
      return summary
    }
  }
}
