import SpoonsCore

/// One sync, as pure rules: what this device sends, and the planner it ends with.
///
/// The device's changes since its last sync are found by comparing its planner with the
/// document it saved then (so everyday commands never pay for sync, and hand edits or a
/// restored backup are picked up too). Those changes and the ones received are merged into
/// the document, the planner is made from it, and whatever making it decided (a number moved,
/// a delete undone by an unseen edit, a list settled onto the backlog) is itself sent as
/// changes, so the next device to hear of it ends with the same planner.
public struct SyncRound: Sendable {
  /// What to write to this device's next change file (empty when nothing changed here).
  public var outgoing: [SyncChange]
  /// The document to save as this device's last-synced state.
  public var document: SyncDocument
  /// The planner every device that has seen the same changes holds.
  public var state: SyncedState
  public var notes: [SyncNote]
  public var clock: HybridClock
  /// What this device saves: `state`, with the numbers guarded here (this device's alone:
  /// they are never sent), which `Planner.resolve` refuses. A guard lasts the rest of the day
  /// it was made in: a new day, started here or by a sync, drops the earlier ones, and those
  /// this round made last through the day it leaves open.
  public var stateToSave: SyncedState
  /// How many changes making the planner decided (a number moved, a list settled), beyond the
  /// changes made here.
  public var settledChanges = 0
  /// Whether a routine this device holds is numbered anew (a number two routines added apart
  /// shared, moved here or by another device): archived tasks name their routine by number,
  /// and only a round that reads the archive renames them.
  public var routineMoved = false
  /// This device's routines as its view named them before the round.
  var routinesNamedBefore: [RoutineID: String] = [:]
  /// The tasks and routines this device's changes named anew, with their numbers, and every
  /// entity its view held that the document did not (`SyncView`).
  public var namedAnew: [SyncEntity: Int] = [:]
  public var writtenAnew: [SyncEntity] = []
  /// The entity each number of `state` stands for.
  public var identities = SyncIdentities()

  /// A clock this far ahead of the local one is reported.
  public static let noticeableSkew: Int64 = 5 * 60

  /// - Parameter lastSynced: when this device's last sync was saved, by its clock: `local`
  ///   holds no day the document dated after that date, so their absence is no delete.
  public init(
    base: SyncDocument, local: SyncedState, incoming: [SyncChange], clock: HybridClock,
    now: Timestamp, copiedFrom: DeviceID? = nil, lastSynced: Timestamp? = nil
  ) throws(SyncProblem) {
    var clock = clock
    let device = clock.device
    var document = base
    // This device's date: a day dated after it (a clock ahead elsewhere) never becomes its
    // open day.
    let clockDate = local.planner.today(at: now)
    // This device's changes were made before it saw what comes in now: they are stamped
    // first, each task's at the time it was last changed (never behind anything seen before
    // it), so of two changes made apart the later one wins, whichever device syncs first.
    let view = SyncView(
      of: local, against: base, device: device, namingDevice: copiedFrom,
      clock: lastSynced.map { local.planner.today(at: $0) } ?? clockDate)
    namedAnew = view.namedAnew
    writtenAnew = view.writtenAnew
    routinesNamedBefore = view.routineUIDs
    var outgoing = view.changes(from: base) { entity in
      clock.tick(now: view.changedAt[entity].map { min($0, now) } ?? now)
    }
    for change in incoming { clock.observe(change.stamp, now: now) }
    document.apply(outgoing)
    let before = document
    document.apply(incoming)
    var made = try document.planner(today: clockDate)
    var decided = made.notes
    // What making the planner decided goes out too.
    let settled = try Self.settle(
      &made, in: &document, clock: &clock, on: clockDate, now: now, notes: &decided,
      sparedFor: incoming.isEmpty && view.clock == clockDate ? (local, view) : nil)
    settledChanges = settled.count
    outgoing += settled
    // Each decision once; a delete undone by an unseen edit is said below, when it happens.
    var notes: [SyncNote] = []
    // Every number this device showed that now names another task or routine, however it
    // was decided (here, or by another device that saw both first): guarded until the next
    // new day, and said once, naming the device the task came from.
    let here = Self.numbersMoved(before: view, local: local, after: made.identities)
      + Self.deletedNumbersTaken(
        local.planner.deletedToday, in: before, by: device, after: made.identities)
    routineMoved = here.contains { if case .routine = $0.old { true } else { false } }
    notes += Self.movedNotes(
      here.filter { !local.planner.renumbered.contains($0) }, view: view, after: made.identities,
      device: device)
    // What making the planner decided, but what is said another way.
    for note in decided where !notes.contains(note) {
      switch note {
      case .keptAfterDelete, .overBudget, .renumbered, .routineRenumbered: continue
      default: notes.append(note)
      }
    }
    if let over = made.state.planner.ledger?.over, over > 0 { notes.append(.overBudget(by: over)) }
    let kept = Self.deletesKept(before, incoming, view, made, device)
    for note in kept where !notes.contains(note) { notes.append(note) }
    notes += Self.budgetChosen(before: local.planner, after: made.state.planner, in: document)
    notes += Self.clocksAhead(in: incoming, now: now)
    // Only a change that came in can replace one made here (what making the planner settles
    // is this device's own): with nothing in, the look through every field is spared.
    if !incoming.isEmpty {
      notes += Self.lostToClockAhead(
        before: before, after: document, incoming: incoming, device: device, now: now,
        made: made)
    }
    var saved = made.state
    if made.state.planner.day?.date == local.planner.day?.date {
      for moved in local.planner.renumbered { saved.planner.noteRenumbered(moved) }
      saved.planner.noteDeleted(local.planner.deletedToday)
    }
    for moved in here { saved.planner.noteRenumbered(moved) }
    stateToSave = saved
    identities = made.identities
    self.outgoing = outgoing
    self.document = document
    self.state = made.state
    self.notes = notes
    self.clock = clock
  }

  /// Sends what making the planner decided (a number moved, a list settled) until making it
  /// decides nothing new: twice is enough (the second pass only records the first's numbers
  /// and ranks), the third is a safety margin. Returns the changes sent.
  ///
  /// `sparedFor`: with nothing come in and the view made for this date, this device's state
  /// and view; when the planner made is that state under the view's names
  /// (`isThisPlanner`), settling finds nothing and is spared (checked in debug builds).
  private static func settle(
    _ made: inout SyncedPlanner, in document: inout SyncDocument, clock: inout HybridClock,
    on date: CivilDate, now: Timestamp, notes: inout [SyncNote],
    sparedFor here: (local: SyncedState, view: SyncView)? = nil
  ) throws(SyncProblem) -> [SyncChange] {
    if let here, isThisPlanner(made, local: here.local, view: here.view) {
      _ = clock.tick(now: now)  // as the settling that finds nothing does
      assert(settlesNothing(made, in: document, clock: clock, on: date, now: now))
      return []
    }
    var sent: [SyncChange] = []
    for _ in 0..<3 {
      let stamp = clock.tick(now: now)
      let settled = SyncView(
        of: made.state, against: document, device: clock.device, known: made.identities,
        clock: date)
        .changes(from: document) { _ in stamp }
      if settled.isEmpty { break }
      sent += settled
      document.apply(settled)
      made = try document.planner(today: date)
      notes += made.notes
    }
    return sent
  }

  /// Whether the planner made from the document is this device's own, every task and
  /// routine under the name this device's view gave it (its guards aside, which are never
  /// sent). Then, with nothing come in and the view made for today, settling finds nothing:
  /// its view would be this device's view again, whose changes the document has taken (a
  /// field stamped too far ahead to replace is passed over the same way twice), with ranks
  /// already in order (`SyncRanks.assign` keeps them) and every delete marked.
  ///
  /// Not when a task's routine is gone: the view names that routine as the document does by
  /// its number (`SyncView.place`), and a routine deleted in this round may leave two
  /// deleted ones with that number for the settling view to choose between.
  static func isThisPlanner(_ made: SyncedPlanner, local: SyncedState, view: SyncView) -> Bool {
    guard made.identities.tasks == view.taskUIDs, made.identities.routines == view.routineUIDs,
      made.state.done == local.done, made.state.days == local.days
    else { return false }
    let routines = Set(local.planner.routines.map(\.id))
    func routineHeld(_ task: SpoonTask) -> Bool { task.routine.map(routines.contains) ?? true }
    guard local.planner.allTasks.allSatisfy(routineHeld), local.done.allSatisfy(routineHeld)
    else { return false }
    var planner = made.state.planner
    if planner.day?.date == local.planner.day?.date {
      for moved in local.planner.renumbered { planner.noteRenumbered(moved) }
      planner.noteDeleted(local.planner.deletedToday)
    }
    return planner == local.planner
  }

  /// Whether settling `made` would send nothing: what `isThisPlanner` spares, checked in
  /// debug builds (every test) where it is spared.
  static func settlesNothing(
    _ made: SyncedPlanner, in document: SyncDocument, clock: HybridClock, on date: CivilDate,
    now: Timestamp
  ) -> Bool {
    var made = made
    var document = document
    var clock = clock
    var notes: [SyncNote] = []
    return (try? settle(&made, in: &document, clock: &clock, on: date, now: now, notes: &notes))
      == []
  }

  /// Today's budget, when the round changed it (another device chose it later): said, naming
  /// the device.
  static func budgetChosen(before: Planner, after: Planner, in document: SyncDocument)
    -> [SyncNote]
  {
    guard let old = before.day, let new = after.day, old.date == new.date,
      old.budget != new.budget,
      let stamp = document.entities[.day(new.date)]?[SyncDayField.budget]?.stamp
    else { return [] }
    return [.budgetChosen(date: new.date, budget: new.budget, device: stamp.device)]
  }

  /// What a person is told of numbers this device showed that moved (`numbersMoved`,
  /// `deletedNumbersTaken`), naming the device each thing came from.
  private static func movedNotes(
    _ moved: [Renumbering], view: SyncView, after: SyncIdentities, device: DeviceID
  ) -> [SyncNote] {
    var notes: [SyncNote] = []
    for moved in moved {
      switch (moved.old, moved.new) {
      case (.task(let old), .task(let new)?):
        notes.append(.renumbered(old: old, new: new, title: moved.title, device: Self.owner(
          of: view.taskUIDs[old], else: device)))
      case (.routine(let old), .routine(let new)?):
        notes.append(.routineRenumbered(old: old, new: new, title: moved.title, device: Self.owner(
          of: view.routineUIDs[old], else: device)))
      case (.task(let old), nil) where after.tasks[old] != nil:
        notes.append(.numberTaken(old, title: moved.title))
      default: continue
      }
    }
    return notes
  }

  /// The round over the live part of the document alone (`SyncParts`), or nil when that part
  /// cannot be sure it is the round over the whole, and the whole must decide. It is sure
  /// when
  /// - the clock has reached nothing new (`limits`);
  /// - what came in touches only the live part or things new to the document, and sets no
  ///   number the history part may hold (`SyncPartLimits.leavesHistoryAlone`);
  /// - nothing this device holds is given a name the history part may hold
  ///   (`SyncPartLimits.isNew`);
  /// - making the planner archived nothing but what it was given (`archived`) and left the
  ///   same day open (a day another device took back opens the one before it, which is in the
  ///   history part); and with nothing come in, the planner made is this one (but for numbers
  ///   handed out later: the document holds the number of a task added and undone here, which
  ///   the planner made skips, as the whole does) and nothing but its budget is noted;
  /// - no routine this device holds is numbered anew (`routineMoved`), and every routine
  ///   number names the routine it named before (`routineNumbering`): the archive names a
  ///   routine's done tasks by its number, and only a round that reads it names them anew.
  /// The caller also makes sure the archive is as it was at the last sync, or gave it only
  /// `done` and `days` since (a day ended here: `new-day`); then making the planner must
  /// archive exactly those, and the history part is left as it was (what the live part no
  /// longer names is the history's next file: `SyncDocument.partsAfterArchiving`). What making the
  /// planner decides (a number two tasks added apart share moved, a list settled) is decided
  /// here as over the whole: settling views the planner made against the live part, whose
  /// tasks are all that planner's, and a number it hands out is above every number the
  /// history part holds (`SyncDocument.elsewhere`). A routine's number is the exception (the
  /// archived tasks that name it are not the planner's), hence the rule above. `SyncDevice`
  /// in the sync tests and the `changes` fuzz target compare the two rounds wherever this one
  /// answers.
  /// `history`: the numbers the history part holds, when `live` is a part of the live part
  /// (`SyncLiveRegisters.part(holding:)`, whose `elsewhere` also counts the live tasks it
  /// left out).
  public static func overLivePart(
    _ live: SyncDocument, limits: SyncPartLimits, planner: Planner, incoming: [SyncChange] = [],
    clock: HybridClock, now: Timestamp, lastSynced: Timestamp?, handedOut: SyncNumbers,
    archived: (done: [SpoonTask], days: [DayRecord]) = ([], []),
    history: SyncNumbersElsewhere? = nil
  ) throws(SyncProblem) -> SyncRound? {
    guard
      let round = try overLivePartAlone(
        live, limits: limits, planner: planner, incoming: incoming, clock: clock, now: now,
        lastSynced: lastSynced, handedOut: handedOut, archived: archived, history: history),
      Self.sameTasks(round.state.done, archived.done), round.state.days == archived.days,
      round.state.planner.day?.date == planner.day?.date
    else { return nil }
    return round
  }

  /// The round over the live part alone when what came in ended the day this device has open
  /// (a `new-day` on another device), or nil when it cannot be sure (`overLivePart` says
  /// when), and the whole decides. Making the planner then archives that day and the tasks it
  /// names, each once, none of them left in the planner, and opens a later day: those are
  /// what the archive gains (`state.done`, `state.days`, which the store appends to its
  /// files). Why the live part holds all of it: the history part names only days ended before
  /// the one open here and their tasks, which the archive holds already, and what came in
  /// leaves it alone. The caller also makes sure the archive is as it was at the last sync,
  /// and that no task whose archived copy the planner hid leaves it; debug builds compare the
  /// round with the one over the whole (`isTheWholeRound`).
  public static func overLivePartEndingDay(
    _ live: SyncDocument, limits: SyncPartLimits, planner: Planner, incoming: [SyncChange],
    clock: HybridClock, now: Timestamp, lastSynced: Timestamp?, handedOut: SyncNumbers
  ) throws(SyncProblem) -> SyncRound? {
    guard !incoming.isEmpty, let open = planner.day?.date,
      let round = try overLivePartAlone(
        live, limits: limits, planner: planner, incoming: incoming, clock: clock, now: now,
        lastSynced: lastSynced, handedOut: handedOut, archived: ([], [])),
      let ended = round.state.days.first, round.state.days.count == 1, ended.date == open,
      let opened = round.state.planner.day?.date, opened > open,
      onlyDaysEnded(round.state.done, round.state.days, leaving: round.state.planner)
    else { return nil }
    return round
  }

  /// Whether `done` are the tasks `days` name, each once, none of them held by `planner`:
  /// what the archive gains when days end, and nothing else.
  public static func onlyDaysEnded(
    _ done: [SpoonTask], _ days: [DayRecord], leaving planner: Planner
  ) -> Bool {
    let ids = done.map(\.id)
    return Set(ids).count == ids.count && ids.sorted() == days.flatMap(\.done).sorted()
      && !ids.contains(where: { planner.task($0) != nil })
  }

  /// What `overLivePart` and `overLivePartEndingDay` share: the round, when the live part can
  /// decide it but for what making the planner archived.
  private static func overLivePartAlone(
    _ live: SyncDocument, limits: SyncPartLimits, planner: Planner, incoming: [SyncChange],
    clock: HybridClock, now: Timestamp, lastSynced: Timestamp?, handedOut: SyncNumbers,
    archived: (done: [SpoonTask], days: [DayRecord]), history: SyncNumbersElsewhere? = nil
  ) throws(SyncProblem) -> SyncRound? {
    guard limits.decide(on: planner.today(at: now)),
      incoming.allSatisfy({ limits.leavesHistoryAlone($0, live: live, history: history) })
    else { return nil }
    let round = try SyncRound(
      base: live, local: SyncedState(planner: planner, done: archived.done, days: archived.days),
      incoming: incoming, clock: clock, now: now, lastSynced: lastSynced)
    let onlyOverBudget = round.notes.allSatisfy { if case .overBudget = $0 { true } else { false } }
    guard !round.routineMoved,
      routineNumbering(live, round.routinesNamedBefore)
        == routineNumbering(round.document, round.identities.routines),
      round.writtenAnew.allSatisfy({
        limits.isNew($0, named: round.namedAnew[$0], handedOut: handedOut)
      }),
      !incoming.isEmpty || onlyOverBudget
        && round.stateToSave.planner.isSame(handingOutLaterThan: planner)
    else { return nil }
    return round
  }

  /// Whether two lists of archived tasks hold the same tasks, whatever their order: the
  /// document lists them as made (the earliest created first), the archive as they were done.
  public static func sameTasks(_ a: [SpoonTask], _ b: [SpoonTask]) -> Bool {
    guard a.count == b.count else { return false }
    if a == b { return true }
    func sorted(_ tasks: [SpoonTask]) -> [SpoonTask] { tasks.sorted { $0.id < $1.id } }
    return sorted(a) == sorted(b)
  }

  /// The routine each routine number names, as a done task's routine is named (`SyncView`):
  /// this device's routines as it names them, any other number as the document holds it
  /// (`SyncIndex.routinesByNumber`: a removed routine's number, or one shared by routines
  /// added apart).
  static func routineNumbering(_ document: SyncDocument, _ named: [RoutineID: String])
    -> [Int: String]
  {
    var numbering = SyncIndex.routinesByNumber(document)
    for (id, uid) in named { numbering[id.rawValue] = uid }
    return numbering
  }

  /// The numbers of `before` (the planner as this device last showed it) that no longer name
  /// what they named: each with its new number, or none when the round removed it.
  static func numbersMoved(before view: SyncView, local: SyncedState, after: SyncIdentities)
    -> [Renumbering]
  {
    var moved: [Renumbering] = []
    var taskNow: [String: TaskID] = [:]
    for (id, uid) in after.tasks { taskNow[uid] = id }
    for (old, uid) in view.taskUIDs.sorted(by: { $0.key < $1.key }) where after.tasks[old] != uid {
      guard let task = local.planner.task(old) ?? local.done.last(where: { $0.id == old })
      else { continue }
      moved.append(
        Renumbering(old: .task(old), new: taskNow[uid].map { .task($0) }, title: task.title.text))
    }
    var routineNow: [String: RoutineID] = [:]
    for (id, uid) in after.routines { routineNow[uid] = id }
    for routine in local.planner.routines {
      guard let uid = view.routineUIDs[routine.id], after.routines[routine.id] != uid else {
        continue
      }
      moved.append(
        Renumbering(
          old: .routine(routine.id), new: routineNow[uid].map { .routine($0) },
          title: routine.title.text))
    }
    return moved
  }

  /// The numbers of tasks deleted here since the day began that the round gave to another
  /// task: the person may still mean the deleted one (`undone`, `show`), so they are refused
  /// too. Not a task this device deleted that an edit it had not seen brought back: that is
  /// the same task (`ownDeletesKept` says so). `document` is the one before what came in:
  /// the device whose edit kept the task stamps the delete again as its own.
  static func deletedNumbersTaken(
    _ deleted: [TaskID], in document: SyncDocument, by device: DeviceID, after: SyncIdentities
  ) -> [Renumbering] {
    deleted.compactMap { id in
      guard let holder = after.tasks[id],
        document.entities[.task(holder)]?[SyncConflictRules.deleteField]?.stamp.device != device
      else { return nil }
      return Renumbering(old: .task(id), new: nil, title: "")
    }
  }

  /// The device a task or routine was first made on, from its stable id (`device.number.
  /// created`, a routine's task `…@date`); `fallback` when the id says none.
  static func owner(of uid: String?, else fallback: DeviceID) -> DeviceID {
    uid.flatMap { DeviceID($0.prefix { $0 != "." }) } ?? fallback
  }

  /// The devices whose clocks run ahead of this one, by how far, as their stamps show.
  ///
  /// Only a stamp read off its device's own clock (counter 0) says where that clock is: one
  /// that follows a stamp seen before stays ahead after a fast clock is put right, until the
  /// time catches up, and would go on blaming a clock that is right by then.
  static func clocksAhead(in incoming: [SyncChange], now: Timestamp) -> [SyncNote] {
    var ahead: [DeviceID: Int64] = [:]
    for change in incoming where change.stamp.counter == 0 {
      let skew = change.stamp.seconds - now.seconds
      guard skew > noticeableSkew else { continue }
      ahead[change.stamp.device] = max(ahead[change.stamp.device] ?? 0, skew)
    }
    return ahead.sorted { $0.key < $1.key }.map { .clockAhead($0.key, seconds: $0.value) }
  }

  /// Task fields set here that a change stamped far ahead of this clock replaced, one note
  /// per task: last-writer-wins orders them by stamp, so if this clock is the one behind, the
  /// change made here was the later one and is lost all the same. Only values set here within
  /// that lead of now count: one older than that was replaced by a later change whatever the
  /// clocks say. Only the tasks a change came in for are looked at: what else differs from
  /// `before` was not replaced by another device.
  static func lostToClockAhead(
    before: SyncDocument, after: SyncDocument, incoming: [SyncChange], device: DeviceID,
    now: Timestamp, made: SyncedPlanner
  ) -> [SyncNote] {
    let touched = Set(incoming.lazy.map(\.entity).filter { $0.kind == .task })
    guard !touched.isEmpty else { return [] }
    var numbers: [SyncEntity: TaskID]?  // made when a field was lost: seldom
    var notes: [SyncNote] = []
    for entity in touched.sorted() {
      guard let fields = after.entities[entity] else { continue }
      var lost: [String] = []
      var winner: (device: DeviceID, seconds: Int64)?
      for (field, theirs) in fields.sorted(by: { $0.key < $1.key }) {
        guard let name = SyncTaskField(rawValue: field)?.personName, let mine = before.entities[entity]?[field],
          mine.stamp.device == device, theirs.stamp.device != device, theirs.value != mine.value
        else { continue }
        let lead = theirs.stamp.seconds - now.seconds
        guard lead > noticeableSkew, mine.stamp.seconds > now.seconds - lead else { continue }
        lost.append(name)
        if lead > winner?.seconds ?? 0 { winner = (theirs.stamp.device, lead) }
      }
      guard let winner else { continue }
      if numbers == nil {
        numbers = [:]
        for (id, uid) in made.identities.tasks { numbers?[.task(uid)] = id }
      }
      guard let id = numbers?[entity],
        let task = made.state.planner.task(id) ?? made.state.done.first(where: { $0.id == id })
      else { continue }
      notes.append(
        .lostToClockAhead(
          id, title: task.title.text, fields: lost, device: winner.device, seconds: winner.seconds))
    }
    return notes
  }

  /// The tasks a delete did not remove because of a change it had not seen: a delete that
  /// came in (`keptAfterDelete`), and one made here (`ownDeletesKept`), each said once.
  static func deletesKept(
    _ before: SyncDocument, _ incoming: [SyncChange], _ view: SyncView, _ made: SyncedPlanner,
    _ device: DeviceID
  ) -> [SyncNote] {
    let received = keptAfterDelete(before: before, incoming: incoming, after: made.state)
    guard !incoming.isEmpty else { return received }
    let own = ownDeletesKept(before: before, heldHere: view, made: made, device: device)
    return received + own.filter { !received.contains($0) }
  }

  /// Tasks deleted here (in this round or an earlier one) that a change from another
  /// device, made without seeing the delete, kept: the task is back here, and the person is
  /// told, as for a delete that came in. Said once: the round after, this device holds it.
  static func ownDeletesKept(
    before: SyncDocument, heldHere view: SyncView, made: SyncedPlanner, device: DeviceID
  ) -> [SyncNote] {
    let held = Set(view.taskUIDs.values)
    var notes: [SyncNote] = []
    for (id, uid) in made.identities.tasks.sorted(by: { $0.key < $1.key })
    where !held.contains(uid) {
      guard let delete = before.entities[.task(uid)]?[SyncConflictRules.deleteField],
        !delete.value.isEmpty, delete.stamp.device == device,
        let task = made.state.planner.task(id) ?? made.state.done.first(where: { $0.id == id })
      else { continue }
      notes.append(.keptAfterDelete(task.id, title: task.title.text))
    }
    return notes
  }

  /// Tasks a received delete did not remove because of a change it had not seen.
  static func keptAfterDelete(before: SyncDocument, incoming: [SyncChange], after: SyncedState)
    -> [SyncNote]
  {
    var notes: [SyncNote] = []
    var seen = Set<SyncEntity>()
    for change in incoming where SyncConflictRules.deletes(change)
      && change.entity.kind == .task && seen.insert(change.entity).inserted
    {
      guard let n = before.value(change.entity, SyncTaskField.number).flatMap(Int.init),
        let task = after.planner.task(TaskID(n)) ?? after.done.first(where: { $0.id.rawValue == n })
      else { continue }
      notes.append(.keptAfterDelete(task.id, title: task.title.text))
    }
    return notes
  }
}
