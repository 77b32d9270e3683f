import SpoonsCore

extension SyncRound {
  /// The round over what changed here since the last sync alone, when nothing came in: the
  /// lists the changed tasks are in now, today's list, the routines, the day and the settings,
  /// over the part of the live document that names them (`SyncLiveRegisters.part(holding:)`):
  /// the store reads the registers of those tasks alone.
  ///
  /// Why the rest need not be looked at: the last sync made this planner from the document it
  /// saved (a round commits only a planner made from its document), and every change since
  /// is in the undo history, which names the tasks it touched (`changed`: the caller reads
  /// it, and gives none when it cannot). On the same date, every other task is as that
  /// planner held it, its fields are the document's, and the ranks of a list no change came
  /// to are in order already (`SyncRanks.assign` keeps them). Every task the part of the
  /// document names that this planner holds is in a list looked at (a routine's task is
  /// named for its routine, so its list is looked at too), and so is every task that holds a
  /// number deleted here today. So the live round over those parts (`overLivePart`) sends
  /// what it sends over the whole, and decides the same. The round's `document` is the part
  /// it read with its changes (the caller joins it to the rest: `agrees(with:joinedTo:)`),
  /// and the planner is this one (`identities`, `namedAnew` and `writtenAnew` stay the
  /// part's: no one reads them of a live round). Debug builds run the round over the whole
  /// live part beside it and check that they agree (`PlannerStore.changedRound`), as the sync
  /// tests (`SyncDevice`) and the `changes` fuzz target do, and that it answers only where
  /// that round answers.
  ///
  /// Nil when it cannot be sure: the date moved since the last sync (the days and routine
  /// tasks this device holds may be others), or the round over the parts is not sure either.
  /// A `planner.txt` changed outside Spoons (never through the undo history, as the README
  /// says never to do) is not seen here: a task it changed is sent by the next round that
  /// looks at its list or at the whole live part (any sync that takes something in).
  public static func overChanged(
    _ live: some SyncLiveRegisters, limits: SyncPartLimits, planner: Planner, changed: Set<TaskID>,
    clock: HybridClock, now: Timestamp, lastSynced: Timestamp?, handedOut: SyncNumbers
  ) throws(SyncProblem) -> SyncRound? {
    guard let lastSynced, planner.today(at: lastSynced) == planner.today(at: now) else {
      return nil
    }
    // The lists of the changed tasks; of every routine's task the part holds (named for its
    // routine and date, not by number: one may wait in the backlog); and of every task
    // holding a number deleted here today (whether a sync gave it to another is asked of it).
    var categories = Set<Int>()
    var backlog = false
    let looked = changed.union(live.routineTaskNumbers.map(TaskID.init))
      .union(planner.deletedToday)
    for id in looked {
      guard let task = planner.task(id) else { continue }
      switch task.placement {
      case .category: categories.insert(task.spoons.value)
      case .backlog: backlog = true
      case .todo, .done: continue
      }
    }
    let part = planner.keeping(categories: categories, backlog: backlog)
    var numbers = Set(changed.map(\.rawValue))
    for task in part.allTasks { numbers.insert(task.id.rawValue) }
    // Registers that do not read: the whole decides, and says why.
    guard let read = try? live.part(holding: numbers),
      var round = try overLivePart(
        read, limits: limits, planner: part, clock: clock, now: now, lastSynced: lastSynced,
        handedOut: handedOut)
    else { return nil }
    // A name given anew that the whole already holds (which naming over the part could not
    // see): the whole decides.
    guard round.namedAnew.keys.allSatisfy({ !live.holds($0) }) else { return nil }
    var document = read
    document.elsewhere = live.elsewhere
    document.apply(round.outgoing)
    round.document = document
    round.state = SyncedState(planner: planner.withoutGuards)
    round.stateToSave = SyncedState(planner: planner)
    return round
  }

  /// Whether this round over what changed sends, saves and says what `other`, the live round
  /// over `live`, does (its document joined to the rest of `live`): checked side by side in
  /// debug builds, tests and fuzzing.
  public func agrees(with other: SyncRound, joinedTo live: SyncDocument) -> Bool {
    var whole = live
    whole.apply(document.changes)
    return outgoing == other.outgoing && whole == other.document && state == other.state
      && stateToSave == other.stateToSave && notes == other.notes && clock == other.clock
      && settledChanges == other.settledChanges
  }
}
