import SpoonsCore

extension SyncRound {
  /// The round over what changed since the last sync alone, here and come in. With nothing
  /// come in: the tasks looked at (those changed, every routine's task and every task holding
  /// a number deleted here today) with their neighbours in the categories and the backlog,
  /// today's list, the routines, the day and the settings, over the part of the live document
  /// that names them (`SyncLiveRegisters.part(holding:)`): the store reads the registers of
  /// those tasks alone. Where a rank among them would move (`RoundOverPart.ranksKept`), the
  /// lists those tasks are in are looked at whole instead. With changes come in, the lists
  /// whole that the tasks looked at and the tasks those changes name are in, before and after
  /// them (`RoundOverPart.takingIn`, which says why).
  ///
  /// Why the rest need not be looked at: the last sync made this planner from the document it
  /// saved (a round commits only a planner made from its document), and every change since is
  /// in the undo history, which names the tasks it touched (`changed`: the caller reads it, and
  /// gives none when it cannot). On the same date, every other task is as that planner held it,
  /// its fields are the document's, and the ranks of its list are in order (`SyncRanks.assign`
  /// keeps them). Every task the part of the document names that this planner holds is looked
  /// at (a routine's task is named for its routine, so it is looked at whatever its number),
  /// and so is every task that holds a number deleted here today. So the live round over those
  /// parts (`overLivePart`) sends what it sends over the whole, and decides the same. The
  /// round's `document` is the part it read with its changes (the caller joins it to the rest:
  /// `agrees(with:joinedTo:)`), and the planner is this one, or with changes come in the part's
  /// joined to the lists it left out (`identities`, `namedAnew` and `writtenAnew` stay the
  /// part's: no one reads them of a live round). Debug builds run the round over the whole live
  /// part beside it and check that they agree (`PlannerStore.changedRound`), as the sync tests
  /// (`SyncDevice`) and the `changes` fuzz target do, and that it answers only where that round
  /// answers.
  ///
  /// Nil when it cannot be sure: the date moved since the last sync (the days and routine
  /// tasks this device holds may be others), or the round over the parts is not sure either.
  /// A `planner.txt` changed outside Spoons (never through the undo history, as the README
  /// says never to do) is not seen here: a task it changed is sent by the next round that
  /// looks at it or at the whole live part (the first sync on a later date at the latest).
  public static func overChanged(
    _ live: some SyncLiveRegisters, limits: SyncPartLimits, planner: Planner, changed: Set<TaskID>,
    incoming: [SyncChange] = [], clock: HybridClock, now: Timestamp, lastSynced: Timestamp?,
    handedOut: SyncNumbers
  ) throws(SyncProblem) -> SyncRound? {
    guard let lastSynced, planner.today(at: lastSynced) == planner.today(at: now) else {
      return nil
    }
    // The changed tasks; every routine's task the part holds (named for its routine and date,
    // not by number: one may wait in the backlog); and every task holding a number deleted
    // here today (whether a sync gave it to another is asked of it).
    let looked = changed.union(live.routineTaskNumbers.map(TaskID.init))
      .union(planner.deletedToday)
    let round = RoundOverPart(
      live: live, limits: limits, planner: planner, changed: changed, looked: looked,
      incoming: incoming, clock: clock, now: now, lastSynced: lastSynced, handedOut: handedOut)
    if !incoming.isEmpty { return try round.takingIn() }
    // Around what changed first: when a rank there would move, the lists whole decide.
    switch try round.over(planner.keeping(around: looked), aroundOnly: true) {
    case .round(let round): return round
    case .wholeDecides: return nil
    case .rankMoved: break
    }
    var lists = PartLists()
    for id in looked { lists.insert(planner.task(id)) }
    switch try round.over(planner.keeping(categories: lists.categories, backlog: lists.backlog)) {
    case .round(let round): return round
    case .wholeDecides, .rankMoved: return nil
    }
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

extension SyncRound {
  /// Whether this round, over the live part and what the archive gained since the last sync
  /// (a day ended here), is `other`, the round over the whole document: the same changes
  /// sent, planner, notes and clock; this document joined to the `history` part it left
  /// alone is the other's; and the other leaves the `archive` as it is, whatever the order
  /// of its done tasks. Checked in debug builds on every such sync.
  public func isTheWholeRound(
    _ other: SyncRound, history: SyncDocument, archive: (done: [SpoonTask], days: [DayRecord])
  ) -> Bool {
    outgoing == other.outgoing && stateToSave.planner == other.stateToSave.planner
      && notes == other.notes && clock == other.clock && settledChanges == other.settledChanges
      && document.joined(with: history) == other.document
      && Self.sameTasks(other.state.done, archive.done) && other.state.days == archive.days
  }
}

/// The round over what changed, over one part of the planner (`SyncRound.overChanged`).
private struct RoundOverPart<Live: SyncLiveRegisters> {
  enum Outcome {
    case round(SyncRound)
    /// The round over the part cannot be sure: the whole live part decides.
    case wholeDecides
    /// Over the tasks around what changed, a rank in a list would move: the lists whole decide.
    case rankMoved
  }

  let live: Live
  let limits: SyncPartLimits
  /// The whole planner, which the round ends with.
  let planner: Planner
  let changed: Set<TaskID>
  let looked: Set<TaskID>
  /// What came in from the other devices (`takingIn`).
  let incoming: [SyncChange]
  let clock: HybridClock
  let now: Timestamp
  let lastSynced: Timestamp
  let handedOut: SyncNumbers

  /// The round over `part` and the registers of the tasks it holds. `aroundOnly`: the part
  /// holds the categories and the backlog around `looked` alone (`Planner.keeping(around:)`).
  func over(_ part: Planner, aroundOnly: Bool = false) throws(SyncProblem) -> Outcome {
    var numbers = Set(changed.map(\.rawValue))
    for task in part.allTasks { numbers.insert(task.id.rawValue) }
    // Registers that do not read: the whole decides, and says why.
    // The round ends with this planner: one whose numbers the document moves on (a task
    // added and undone here) is the live round's to make.
    guard let read = try? live.part(holding: numbers),
      var round = try SyncRound.overLivePart(
        read, limits: limits, planner: part, clock: clock, now: now, lastSynced: lastSynced,
        handedOut: handedOut),
      round.stateToSave.planner.nextID == part.nextID,
      round.stateToSave.planner.nextRoutineID == part.nextRoutineID
    else { return .wholeDecides }
    // A name given anew that the whole already holds (which naming over the part could not
    // see): the whole decides.
    guard round.namedAnew.keys.allSatisfy({ !live.holds($0) }) else { return .wholeDecides }
    var document = read
    document.elsewhere = live.elsewhere
    document.apply(round.outgoing)
    if aroundOnly, !ranksKept(in: part, read: read, after: document, round.identities) {
      return .rankMoved
    }
    round.document = document
    round.state = SyncedState(planner: planner.withoutGuards)
    round.stateToSave = SyncedState(planner: planner)
    return .round(round)
  }

  /// With changes come in: the round over lists whole (`Planner.keeping(categories:backlog:)`),
  /// those the tasks looked at are in (changed here, every routine's task, every number
  /// deleted here today), those the tasks holding a number a change names are in, and those
  /// the document puts a task a change names on once it has taken them in; the planner it
  /// ends with is that part's, with the lists it left out put back (`Planner.joining`). Why
  /// that is the round over the whole live part: a task that no change names, here or come
  /// in, and whose number none names, is as the last sync left it in both, so its registers
  /// and its line decide nothing but its list's ranks, which the part holds whole. Nil when
  /// it cannot be sure: a task a change names that the live part holds without a number (the
  /// part cannot read it), one put on another day's list, on no list (but a delete alone) or
  /// at a cost out of range, a name given anew that the live part holds, a task put on a
  /// list the part left out, or what `overLivePart` refuses.
  func takingIn() throws(SyncProblem) -> SyncRound? {
    // The tasks the changes name, and the numbers they hold here or are given.
    var entities = Set<SyncEntity>()
    var numbers = Set(changed.map(\.rawValue))
    for change in incoming where change.entity.kind == .task {
      entities.insert(change.entity)
      if change.field == SyncTaskField.number.rawValue, let n = Int(change.value) {
        numbers.insert(n)
      }
    }
    // Each named task's registers: the number it holds here, and (with the changes) where the
    // document puts it once they are in.
    var named = SyncDocument()
    for entity in entities where live.holds(entity) {
      guard let registers = try? live.registers(ofTask: entity) else { return nil }
      if let n = registers[SyncTaskField.number].flatMap({ Int($0.value) }) { numbers.insert(n) }
      named.take(entity, registers)
    }
    var lists = PartLists()
    for id in looked.union(numbers.map(TaskID.init)) { lists.insert(planner.task(id)) }
    named.apply(incoming)
    for entity in entities {
      guard let fields = named.entities[entity],
        lists.insert(fields, today: planner.day?.date)
      else { return nil }
    }
    let part = planner.keeping(categories: lists.categories, backlog: lists.backlog)
    var held = numbers
    for task in part.allTasks { held.insert(task.id.rawValue) }
    guard let read = try? live.part(holding: held),
      entities.allSatisfy({ read.entities[$0] != nil || !live.holds($0) })
    else { return nil }
    return try overLists(part, read: read, lists: lists)
  }

  /// The round over `part`, which holds `lists` whole, taking in what came in; its planners
  /// joined to the lists it left out.
  private func overLists(_ part: Planner, read: SyncDocument, lists: PartLists)
    throws(SyncProblem) -> SyncRound?
  {
    guard
      var round = try SyncRound.overLivePart(
        read, limits: limits, planner: part, incoming: incoming, clock: clock, now: now,
        lastSynced: lastSynced, handedOut: handedOut, history: live.elsewhere),
      round.namedAnew.keys.allSatisfy({ !live.holds($0) }),
      let state = round.state.planner.joining(
        planner, partHolding: lists.categories, backlog: lists.backlog),
      let saved = round.stateToSave.planner.joining(
        planner, partHolding: lists.categories, backlog: lists.backlog)
    else { return nil }
    round.document.elsewhere = live.elsewhere
    round.state.planner = state
    round.stateToSave.planner = saved
    return round
  }

  /// Whether, of the categories and the backlog held around what changed, only tasks looked at
  /// that had no rank were given one, and every other task kept the rank it had.
  ///
  /// Why the whole lists would then rank them alike: the last sync ranked each list in the
  /// planner's order, and no task but those looked at has moved since; with every rank in a
  /// part in order, every rank of the whole list is in order too, so `SyncRanks.assign` keeps
  /// them all, and gives each run of tasks without one the ranks between the same two
  /// neighbours (or numbers the list afresh, which moves a rank here too). A task looked at
  /// that had a rank (moved here from another list, or edited) has it kept only where it is in
  /// order; otherwise the lists whole decide. Debug builds check the round against the live
  /// round over the whole (`PlannerStore.changedRound`).
  func ranksKept(
    in part: Planner, read: SyncDocument, after: SyncDocument, _ identities: SyncIdentities
  ) -> Bool {
    let field = SyncTaskField.rank.rawValue
    var ids = part.backlog.map(\.id)
    for cost in SpoonCost.all { ids += part.category(cost).map(\.id) }
    for id in ids {
      guard let uid = identities.tasks[id] else { return false }
      let entity = SyncEntity.task(uid)
      let before = read.entities[entity]?[field]?.value
      guard SyncRanks.parse(before) != nil else {
        if looked.contains(id) { continue }
        return false
      }
      guard after.entities[entity]?[field]?.value == before else { return false }
    }
    return true
  }
}

/// The lists a round over part of the planner holds whole: categories by cost, and the
/// backlog (today's list is in every part).
private struct PartLists {
  var categories = Set<Int>()
  var backlog = false

  /// Adds the list `task` waits in, if any.
  mutating func insert(_ task: SpoonTask?) {
    guard let task else { return }
    switch task.placement {
    case .category: categories.insert(task.spoons.value)
    case .backlog: backlog = true
    case .todo, .done: break
    }
  }

  /// Adds the list a task's registers put it on; false when they put it on none a part can
  /// hold for `today`: another day's list, a cost out of range, or no place at all (but for a
  /// delete alone, a task added and deleted elsewhere, which makes no task).
  mutating func insert(_ fields: SyncRegisters, today: CivilDate?) -> Bool {
    guard let place = fields[SyncTaskField.place.rawValue].flatMap({ SyncPlace($0.value) }) else {
      return fields.keys.allSatisfy { $0 == SyncConflictRules.deleteField }
    }
    switch place {
    case .category:
      guard let spoons = fields[SyncTaskField.spoons.rawValue].flatMap({ Int($0.value) }),
        SpoonCost.range.contains(spoons)
      else { return false }
      categories.insert(spoons)
      return true
    case .backlog:
      backlog = true
      return true
    case .todo(let on, _), .done(let on, _, _, _):
      return on == today
    }
  }
}
