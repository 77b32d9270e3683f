import SpoonsCore
import SpoonsSync
import SpoonsTestSupport
import Testing

/// A device as the sync rules see it: its planner and archive, the document it saved at its
/// last sync, its clock, and every change file it has written.
struct SyncDevice {
  var state = SyncedState(planner: Planner())
  var base = SyncDocument()
  var clock: HybridClock
  var files: [[SyncChange]] = []
  var notes: [SyncNote] = []
  /// Whether it keeps the numbers a sync moved, as the store does (then its planner is no
  /// longer equal to the other devices').
  var keepsGuards = false
  var lastSynced: Timestamp?
  /// The document's two parts at the last sync, the numbers handed out then and the archive
  /// then: every sync that receives nothing also runs the round over the live part alone,
  /// and where that answers, it must be the round over the whole document.
  var parts: SyncParts?
  var handedOut = SyncNumbers()
  var archiveAtSync: (done: [SpoonTask], days: [DayRecord])?
  /// How many rounds the live part answered alone, and of them how many took changes in.
  var liveRounds = 0
  var liveRoundsTakingIn = 0
  /// Of those, the rounds in which making the planner decided something (a number moved, a
  /// list settled), checked like any other against the round over the whole.
  var liveRoundsSettling = 0
  /// The planner as the last sync left it, and how many rounds the round over what changed
  /// since (`SyncRound.overChanged`) answered, each checked against the live part's.
  var syncedPlanner: Planner?
  var changedRounds = 0
  /// Of those, the rounds that took changes in.
  var changedRoundsTakingIn = 0
  /// How many rounds after a day ended here the live part and what the archive gained
  /// answered, each checked against the round over the whole.
  var newDayRounds = 0
  /// How many rounds that took in a day ended on another device the live part answered
  /// (`SyncRound.overLivePartEndingDay`), each checked against the round over the whole.
  var dayTakenInRounds = 0

  init(_ name: String, keepsGuards: Bool = false) {
    clock = HybridClock(device: DeviceID(name)!)
    self.keepsGuards = keepsGuards
  }

  mutating func change(_ body: (inout Planner) throws -> Void) rethrows {
    try body(&state.planner)
  }

  mutating func newDay(_ budget: Int, mood: Int? = nil, at now: Timestamp) throws {
    let outcome = try state.planner.startNewDay(budget: budget, mood: mood, at: now)
    if let finished = outcome.finished {
      state.done += finished.doneTasks
      state.days.append(finished.record)
    }
  }

  /// Syncs, receiving the given files; returns the notes.
  @discardableResult
  mutating func sync(_ received: [[SyncChange]], at now: Timestamp) throws -> [SyncNote] {
    let round = try SyncRound(
      base: base, local: state, incoming: received.flatMap { $0 }, clock: clock, now: now,
      lastSynced: lastSynced)
    var answered = false
    let archiveAsAtSync = archiveAtSync.map { $0.done == state.done && $0.days == state.days }
    // What the archive gained since the last sync, when it only gained (a day ended here).
    var archiveGained: (done: [SpoonTask], days: [DayRecord])?
    if let was = archiveAtSync, archiveAsAtSync == false, state.done.starts(with: was.done),
      state.days.starts(with: was.days)
    {
      archiveGained = (Array(state.done.dropFirst(was.done.count)), Array(state.days.dropFirst(was.days.count)))
    }
    // The round over what changed, here and come in, as the store tries it first: where it
    // answers, the live round must answer the same.
    var fast: SyncRound?
    if let parts, archiveAsAtSync == true, let syncedPlanner {
      fast = try? SyncRound.overChanged(
        parts.live, limits: parts.limits, planner: state.planner,
        changed: Self.changed(from: syncedPlanner, to: state.planner),
        incoming: received.flatMap { $0 }, clock: clock, now: now, lastSynced: lastSynced,
        handedOut: handedOut)
    }
    if var parts, archiveAsAtSync == true,
      let live = try? SyncRound.overLivePart(
        parts.live, limits: parts.limits, planner: state.planner,
        incoming: received.flatMap { $0 }, clock: clock, now: now, lastSynced: lastSynced,
        handedOut: handedOut)
    {
      #expect(live.outgoing == round.outgoing)
      #expect(live.stateToSave == SyncedState(planner: round.stateToSave.planner))
      #expect(live.document.joined(with: parts.history) == round.document)
      #expect(live.notes == round.notes)
      #expect(live.clock == round.clock)
      // The live round leaves the archive as it was: so must the whole round.
      #expect(round.state.done == state.done && round.state.days == state.days)
      if let fast {
        #expect(fast.agrees(with: live, joinedTo: parts.live), "the round over what changed: \(fast.outgoing)")
        changedRounds += 1
        if !received.flatMap({ $0 }).isEmpty { changedRoundsTakingIn += 1 }
      }
      liveRounds += 1
      if !received.flatMap({ $0 }).isEmpty { liveRoundsTakingIn += 1 }
      if live.settledChanges > 0 { liveRoundsSettling += 1 }
      // As the store keeps them: the live part goes on, the rest stays as it was.
      parts.live = live.document
      self.parts = parts
      answered = true
    } else if fast != nil {
      Issue.record("the round over what changed answered where the live round did not")
    } else if let archived = archiveGained, received.flatMap({ $0 }).isEmpty, let parts,
      let live = try? SyncRound.overLivePart(
        parts.live, limits: parts.limits, planner: state.planner, clock: clock, now: now,
        lastSynced: lastSynced, handedOut: handedOut, archived: archived)
    {
      // The round after a day ended here, over the live part and what the archive gained.
      checkDayEnded(live, round, parts, archive: (state.done, state.days), now: now)
      newDayRounds += 1
      answered = true
    } else if let parts, archiveAsAtSync == true, !received.flatMap({ $0 }).isEmpty,
      let live = try? SyncRound.overLivePartEndingDay(
        parts.live, limits: parts.limits, planner: state.planner,
        incoming: received.flatMap { $0 }, clock: clock, now: now, lastSynced: lastSynced,
        handedOut: handedOut)
    {
      // A day ended on another device, taken in over the live part: the archive gains what
      // the round archived.
      checkDayEnded(
        live, round, parts,
        archive: (state.done + live.state.done, state.days + live.state.days), now: now)
      dayTakenInRounds += 1
      answered = true
    }
    lastSynced = now
    if !round.outgoing.isEmpty { files.append(round.outgoing) }
    base = round.document
    state = keepsGuards ? round.stateToSave : round.state
    if !answered {
      parts = round.document.parts(
        for: state.planner, identities: round.identities, clock: state.planner.today(at: now))
      handedOut = SyncNumbers(
        task: state.planner.nextID.rawValue, routine: state.planner.nextRoutineID.rawValue)
      archiveAtSync = (state.done, state.days)
    }
    clock = round.clock
    notes = round.notes
    syncedPlanner = state.planner
    return round.notes
  }

  /// Checks a round over the live part after a day ended (here, or on another device) against
  /// `round`, the round over the whole document, which must end with `archive`; then keeps
  /// the parts as the store does, with what the live part no longer names in the history.
  mutating func checkDayEnded(
    _ live: SyncRound, _ round: SyncRound, _ parts: SyncParts,
    archive: (done: [SpoonTask], days: [DayRecord]), now: Timestamp
  ) {
    #expect(live.outgoing == round.outgoing)
    #expect(live.stateToSave.planner == round.stateToSave.planner)
    #expect(live.notes == round.notes)
    #expect(live.clock == round.clock)
    #expect(live.settledChanges == round.settledChanges)
    #expect(SyncRound.sameTasks(round.state.done, archive.done) && round.state.days == archive.days)
    let after = parts.afterDayEnded(live, saving: live.state.planner, now: now)
    #expect(after.live.joined(with: after.history) == round.document)
    let whole = round.document.parts(
      for: round.state.planner, identities: round.identities,
      clock: round.state.planner.today(at: now))
    #expect(after.live == whole.live)
    #expect(after.limits.livePartDecides == whole.limits.livePartDecides)
    #expect(after.limits.newestInHistory == whole.limits.newestInHistory)
    #expect(after.limits.waitingFrom.map { w in whole.limits.waitingFrom.map { w <= $0 } ?? true } ?? (whole.limits.waitingFrom == nil))
    self.parts = after
    handedOut = SyncNumbers(
      task: round.state.planner.nextID.rawValue, routine: round.state.planner.nextRoutineID.rawValue)
    archiveAtSync = (round.state.done, round.state.days)
  }

  /// The tasks a change since `before` touched, as the undo history names them: every task
  /// added, removed or changed, and every one whose line follows another now (`PlannerLines`).
  static func changed(from before: Planner, to after: Planner) -> Set<TaskID> {
    func lines(_ planner: Planner) -> [TaskID: (task: SpoonTask, after: TaskID?)] {
      var lines: [TaskID: (task: SpoonTask, after: TaskID?)] = [:]
      var previous: TaskID?
      for id in planner.allTaskIDs {
        if let task = planner.task(id) { lines[id] = (task, previous) }
        previous = id
      }
      return lines
    }
    let old = lines(before)
    let new = lines(after)
    var changed = Set<TaskID>()
    for id in Set(old.keys).union(new.keys) {
      if let a = old[id], let b = new[id], a.task == b.task, a.after == b.after { continue }
      changed.insert(id)
    }
    return changed
  }
}

/// Syncs every device with every file every other device has written, twice over.
func syncAll(_ devices: inout [SyncDevice], at now: Timestamp) throws {
  for _ in 0..<2 {
    for i in devices.indices {
      let others = devices.indices.filter { $0 != i }.flatMap { devices[$0].files }
      try devices[i].sync(others, at: now)
    }
  }
}

func id(_ n: Int) -> TaskID { TaskID(n) }

@Suite struct SyncTests {
  /// A planner with every kind of thing in it: categories, backlog, today with done and open
  /// tasks, a rest, routines, a finished day in the archive, details and a moved task.
  static func richDevice() throws -> SyncDevice {
    var d = SyncDevice("laptop")
    try d.change { p in
      try p.add("Take meds", spoons: 1, at: morning)
      try p.add("Call mum's GP", spoons: 2, at: morning, note: "ask about the letter")
      try p.add("Laundry", spoons: 3, at: morning, location: "basement")
      try p.add("Hoover", spoons: 3, at: morning, due: CivilDate(iso: "2026-11-25"))
      try p.add("Shop", spoons: 5, at: morning)
      try p.addRoutine(try Title("Stretch"), spoons: try SpoonCost(1), at: morning)
      try p.move(TaskID(4), to: 1, at: morning)
    }
    try d.newDay(10, at: morning)
    try d.change { p in
      _ = try p.plan([id(2), id(3)], at: morning)
      try p.markDone([id(2)], at: morning.plus(hours: 2))
      try p.addRest(try Title("Nap"), spoons: try SpoonCost(2), at: morning)
    }
    try d.newDay(12, at: nextMorning)
    try d.change { p in
      _ = try p.plan([id(5)], at: nextMorning)
      try p.markDone([id(5)], at: nextMorning.plus(hours: 1))
    }
    return d
  }

  @Test func aDeviceSyncingAloneKeepsItsPlannerExactlyAndSendsNothingTheSecondTime() throws {
    var d = try Self.richDevice()
    let before = d.state
    #expect(!before.done.isEmpty && !before.days.isEmpty && !before.planner.backlog.isEmpty)
    try d.sync([], at: thirdMorning)
    #expect(d.state == before)
    #expect(d.files.count == 1)
    try d.sync([], at: thirdMorning)
    #expect(d.files.count == 1, "a second sync with nothing new sends nothing")
    #expect(d.state == before)
  }

  @Test func aNewDeviceGetsThePlannerWholeArchiveIncluded() throws {
    var laptop = try Self.richDevice()
    var desktop = SyncDevice("desktop")
    try laptop.sync([], at: thirdMorning)
    try desktop.sync(laptop.files, at: thirdMorning)
    #expect(desktop.state == laptop.state)
    try laptop.sync(desktop.files, at: thirdMorning)
    #expect(desktop.state == laptop.state)
  }

  @Test func changesArriveInAnyOrderAndAnyNumberOfTimesWithTheSameResult() throws {
    var laptop = try Self.richDevice()
    try laptop.sync([], at: morning)
    try laptop.change { p in try p.edit(id(1), TaskEdit(title: try Title("Meds")), at: nextMorning) }
    try laptop.sync([], at: nextMorning)
    try laptop.change { p in _ = try p.delete([id(4)]) }
    try laptop.sync([], at: thirdMorning)
    #expect(laptop.files.count == 3)
    var a = SyncDevice("a")
    var b = SyncDevice("b")
    try a.sync(laptop.files, at: thirdMorning)
    try b.sync([laptop.files[2], laptop.files[0]], at: thirdMorning)
    try b.sync([laptop.files[1], laptop.files[0], laptop.files[2]], at: thirdMorning)
    #expect(a.state.planner.allTasks.map(\.title) == laptop.state.planner.allTasks.map(\.title))
    #expect(b.state.planner.allTasks.map(\.title) == laptop.state.planner.allTasks.map(\.title))
    #expect(a.state.planner.task(id(4)) == nil && b.state.planner.task(id(4)) == nil)
  }

  @Test func twoTasksGivenOneNumberOfflineKeepTheEarlierAndMoveTheLaterEverywhere() throws {
    var laptop = SyncDevice("laptop")
    var desktop = SyncDevice("desktop")
    try laptop.change { try $0.add("Shared", spoons: 1, at: morning) }
    try laptop.sync([], at: morning)
    try desktop.sync(laptop.files, at: morning)
    // Both add #2 offline; the desktop's is made later.
    try laptop.change { try $0.add("Laptop's", spoons: 2, at: morning.plus(hours: 1)) }
    try desktop.change { try $0.add("Desktop's", spoons: 3, at: morning.plus(hours: 2)) }
    try desktop.change { try $0.add("Desktop's other", spoons: 3, at: morning.plus(hours: 2)) }
    var devices = [laptop, desktop]
    try syncAll(&devices, at: nextMorning)
    for d in devices {
      #expect(d.state.planner.task(id(1))?.title.text == "Shared", "a number that never clashed")
      #expect(d.state.planner.task(id(2))?.title.text == "Laptop's")
      #expect(d.state.planner.task(id(3))?.title.text == "Desktop's other")
      #expect(d.state.planner.task(id(4))?.title.text == "Desktop's")
      #expect(d.state.planner.nextID == id(5))
    }
    #expect(devices[0].state == devices[1].state)
  }

  @Test func theDeviceThatMovesANumberSaysSo() throws {
    var laptop = SyncDevice("laptop")
    var desktop = SyncDevice("desktop")
    try laptop.change { try $0.add("Laptop's", spoons: 2, at: morning) }
    try desktop.change { try $0.add("Desktop's", spoons: 3, at: morning.plus(hours: 1)) }
    try laptop.sync([], at: morning.plus(hours: 2))
    let notes = try desktop.sync(laptop.files, at: morning.plus(hours: 2))
    #expect(
      notes.contains(
        .renumbered(old: id(1), new: id(2), title: "Desktop's", device: DeviceID("desktop")!)))
    #expect(desktop.state.planner.task(id(1))?.title.text == "Laptop's")
  }

  @Test func aNumberMovedHereIsRefusedUntilTheNextNewDay() throws {
    var laptop = SyncDevice("laptop")
    var desktop = SyncDevice("desktop")
    try laptop.change { try $0.add("Laptop's", spoons: 2, at: morning) }
    try desktop.change { try $0.add("Desktop's", spoons: 3, at: morning.plus(hours: 1)) }
    try laptop.sync([], at: morning.plus(hours: 2))
    let round = try SyncRound(
      base: desktop.base, local: desktop.state, incoming: laptop.files.flatMap { $0 },
      clock: desktop.clock, now: morning.plus(hours: 2))
    var p = round.stateToSave.planner
    #expect(p.renumbered == [Renumbering(old: id(1), new: id(2), title: "Desktop's")])
    #expect(
      expectRefusal(p, .renumberedBySync(Renumbering(old: id(1), new: id(2), title: "Desktop's"), now: "Laptop's")) {
        try $0.edit(id(1), TaskEdit(note: "meant mine"), at: morning)
      })
    #expect(
      expectRefusal(p, .renumberedBySync(Renumbering(old: id(1), new: id(2), title: "Desktop's"), now: "Laptop's")) {
        try $0.delete([id(1)])
      })
    try p.edit(id(2), TaskEdit(note: "mine"), at: morning)
    try p.startNewDay(budget: 10, at: nextMorning)
    try p.edit(id(1), TaskEdit(note: "theirs"), at: nextMorning)
    #expect(p.renumbered.isEmpty)
  }

  @Test func plansMadeApartAddUpPastTheBudgetAndNothingIsUnplanned() throws {
    var laptop = SyncDevice("laptop")
    try laptop.change { p in
      for n in 1...4 { try p.add("Task \(n)", spoons: 4, at: morning) }
    }
    try laptop.newDay(12, at: morning)
    try laptop.sync([], at: morning)
    var desktop = SyncDevice("desktop")
    try desktop.sync(laptop.files, at: morning)
    try laptop.change { _ = try $0.plan([id(1), id(2)], at: morning.plus(hours: 1)) }
    try desktop.change { _ = try $0.plan([id(3), id(4)], at: morning.plus(hours: 1)) }
    var devices = [laptop, desktop]
    try syncAll(&devices, at: morning.plus(hours: 2))
    for d in devices {
      #expect(d.state.planner.todo.map(\.id).sorted() == ids(1, 2, 3, 4))
      #expect(d.state.planner.ledger?.planned == 16)
      #expect(d.state.planner.ledger?.over == 4)
    }
    #expect(devices[0].state == devices[1].state)
    #expect(devices.contains { $0.notes.contains(.overBudget(by: 4)) })
  }

  @Test func aDeleteAndADoneMadeWithoutSeeingEachOtherKeepTheTask() throws {
    var laptop = SyncDevice("laptop")
    try laptop.change { try $0.add("Ring the bank", spoons: 2, at: morning) }
    try laptop.newDay(10, at: morning)
    try laptop.change { _ = try $0.plan([id(1)], at: morning) }
    try laptop.sync([], at: morning)
    var desktop = SyncDevice("desktop")
    try desktop.sync(laptop.files, at: morning)
    try laptop.change { _ = try $0.delete([id(1)]) }
    try laptop.sync([], at: morning.plus(hours: 1))
    try desktop.change { try $0.markDone([id(1)], at: morning.plus(minutes: 30)) }
    let notes = try desktop.sync(laptop.files, at: morning.plus(hours: 2))
    #expect(desktop.state.planner.task(id(1))?.isDone == true)
    #expect(notes.contains(.keptAfterDelete(id(1), title: "Ring the bank")))
    // The laptop, whose delete lost, is told too, once.
    let back = try laptop.sync(desktop.files, at: morning.plus(hours: 3))
    #expect(laptop.state == desktop.state)
    #expect(back.contains(.keptAfterDelete(id(1), title: "Ring the bank")), "\(back)")
    try desktop.change { try $0.add("Call mum", spoons: 1, at: morning.plus(hours: 4)) }
    try desktop.sync(laptop.files, at: morning.plus(hours: 4))
    let later = try laptop.sync(desktop.files, at: morning.plus(hours: 5))
    #expect(!later.contains { if case .keptAfterDelete = $0 { true } else { false } }, "\(later)")
  }

  /// A task deleted here today that a change made elsewhere kept is the same task: its
  /// number is not refused as one another task took (the device whose change kept it
  /// stamps the delete again as its own, which must not make it look like another task).
  @Test func aKeptTaskDeletedHereTodayIsNotGuardedAsTaken() throws {
    var laptop = SyncDevice("laptop", keepsGuards: true)
    try laptop.change { try $0.add("Ring the bank", spoons: 2, at: morning) }
    try laptop.newDay(10, at: morning)
    try laptop.sync([], at: morning)
    var desktop = SyncDevice("desktop")
    try desktop.sync(laptop.files, at: morning)
    try desktop.change { try $0.edit(id(1), TaskEdit(note: "ask about fees"), at: morning) }
    try laptop.change { _ = try $0.delete([id(1)]) }
    try laptop.sync([], at: morning.plus(hours: 1))
    try desktop.sync(laptop.files, at: morning.plus(hours: 2))
    let back = try laptop.sync(desktop.files, at: morning.plus(hours: 3))
    #expect(back.contains(.keptAfterDelete(id(1), title: "Ring the bank")), "\(back)")
    #expect(!back.contains { if case .numberTaken = $0 { true } else { false } }, "\(back)")
    #expect(try laptop.state.planner.resolve(TaskRef(typed: 1)) == id(1))
  }

  /// The same, when the delete goes out in the round that takes the change in.
  @Test func aDeleteSentInTheRoundThatKeepsTheTaskIsSaid() throws {
    var laptop = SyncDevice("laptop")
    try laptop.change { try $0.add("Ring the bank", spoons: 2, at: morning) }
    try laptop.newDay(10, at: morning)
    try laptop.change { _ = try $0.plan([id(1)], at: morning) }
    try laptop.sync([], at: morning)
    var desktop = SyncDevice("desktop")
    try desktop.sync(laptop.files, at: morning)
    try desktop.change { try $0.markDone([id(1)], at: morning.plus(minutes: 30)) }
    try desktop.sync(laptop.files, at: morning.plus(minutes: 40))
    try laptop.change { _ = try $0.delete([id(1)]) }
    let notes = try laptop.sync(desktop.files, at: morning.plus(hours: 1))
    #expect(laptop.state.planner.task(id(1))?.isDone == true)
    #expect(notes.contains(.keptAfterDelete(id(1), title: "Ring the bank")), "\(notes)")
  }

  @Test func aDeleteSeenByNoOtherChangeRemovesTheTaskEverywhere() throws {
    var laptop = SyncDevice("laptop")
    try laptop.change { try $0.add("Old idea", spoons: 2, at: morning) }
    try laptop.sync([], at: morning)
    var desktop = SyncDevice("desktop")
    try desktop.sync(laptop.files, at: morning)
    try laptop.change { _ = try $0.delete([id(1)]) }
    try laptop.sync([], at: morning.plus(hours: 1))
    try desktop.sync(laptop.files, at: morning.plus(hours: 2))
    #expect(desktop.state.planner.taskCount == 0)
    #expect(desktop.files.isEmpty, "nothing to send back")
  }

  @Test func oneDayStartedOnTwoDevicesIsOneDayWithTheLaterBudgetAndOneTaskPerRoutine() throws {
    var laptop = SyncDevice("laptop")
    try laptop.change { p in
      try p.addRoutine(try Title("Take meds"), spoons: try SpoonCost(1), at: morning)
      try p.add("Post office", spoons: 3, at: morning)
    }
    try laptop.sync([], at: morning)
    var desktop = SyncDevice("desktop")
    try desktop.sync(laptop.files, at: morning)
    try laptop.newDay(10, at: nextMorning)
    try desktop.newDay(12, at: nextMorning.plus(minutes: 5))
    var devices = [laptop, desktop]
    try syncAll(&devices, at: nextMorning.plus(hours: 1))
    for d in devices {
      #expect(d.state.planner.day?.budget == 12)
      #expect(d.state.planner.todo.map(\.title.text) == ["Take meds"])
    }
    #expect(devices[0].state == devices[1].state)
    #expect(
      devices[0].notes.contains(
        .budgetChosen(date: nextMorning.date, budget: 12, device: DeviceID("desktop")!)))
  }

  @Test func aDayStartedElsewhereSettlesTheListLeftOnTheDayBefore() throws {
    var laptop = SyncDevice("laptop")
    try laptop.change { p in
      try p.add("Hoover", spoons: 3, at: morning)
      try p.add("Bins", spoons: 1, at: morning)
    }
    try laptop.newDay(10, at: morning)
    try laptop.change { _ = try $0.plan([id(1), id(2)], at: morning) }
    try laptop.sync([], at: morning)
    var desktop = SyncDevice("desktop")
    try desktop.sync(laptop.files, at: morning)
    try desktop.change { try $0.markDone([id(2)], at: morning.plus(hours: 3)) }
    try desktop.sync([], at: morning.plus(hours: 3))
    // The laptop never saw the desktop's done before starting the next day.
    try laptop.newDay(9, at: nextMorning)
    var devices = [laptop, desktop]
    try syncAll(&devices, at: nextMorning.plus(hours: 1))
    for d in devices {
      #expect(d.state.planner.day?.date == nextMorning.date)
      #expect(d.state.planner.backlog.map(\.title.text) == ["Hoover"])
      #expect(d.state.done.map(\.title.text) == ["Bins"])
      #expect(d.state.days.last?.done == ids(2))
    }
    #expect(devices[0].state == devices[1].state)
  }

  @Test func aRoutinesTaskDroppedWithItsDayKeepsItsNumberAndTheOtherTaskMovesOnce() throws {
    var laptop = SyncDevice("laptop")
    try laptop.newDay(10, at: morning)
    try laptop.sync([], at: morning)
    var desktop = SyncDevice("desktop")
    try desktop.sync(laptop.files, at: morning)
    try desktop.change { try $0.add("Laundry", spoons: 2, at: morning.plus(hours: 1)) }
    try laptop.change { p in
      let routine = try p.addRoutine(try Title("Take meds"), spoons: try SpoonCost(1), at: morning)
      _ = try p.planRoutineToday(routine.id, at: morning.plus(hours: 2))
    }
    try desktop.newDay(10, at: nextMorning)
    try desktop.sync([], at: nextMorning)
    try laptop.sync(desktop.files, at: nextMorning.plus(minutes: 2))
    // Laundry was made first, but the dropped task keeps #1: the laptop meant it by #1.
    #expect(laptop.state.planner.task(id(1)) == nil)
    #expect(laptop.state.planner.task(id(2))?.title.text == "Laundry")
    var devices = [laptop, desktop]
    try expectSettled(&devices, at: nextMorning.plus(minutes: 10))
    for d in devices { #expect(d.state.planner.nextID == id(3)) }
  }

  @Test func aDayDatedAfterThisDevicesClockWaitsUntilTheClockGetsThere() throws {
    var laptop = SyncDevice("laptop")
    try laptop.newDay(10, at: morning)
    try laptop.sync([], at: morning)
    let ahead = morning.plus(days: 3)
    var desktop = SyncDevice("desktop")
    try desktop.sync(laptop.files, at: ahead)
    try desktop.newDay(6, at: ahead.plus(minutes: 1))
    try desktop.change { p in
      let task = try p.add("Ahead", spoons: 2, at: ahead.plus(minutes: 1))
      _ = try p.plan([task.id], at: ahead.plus(minutes: 1))
    }
    try desktop.sync([], at: ahead.plus(minutes: 2))
    let notes = try laptop.sync(desktop.files, at: morning.plus(hours: 1))
    #expect(notes.contains { note in
      guard case .clockAhead(DeviceID("desktop")!, let seconds) = note else { return false }
      return seconds > 2 * 86400
    })
    #expect(laptop.state.planner.day?.date == morning.date)
    #expect(laptop.state.planner.backlog.map(\.title.text) == ["Ahead"])
    #expect(laptop.base.value(.day(ahead.date), SyncDayField.budget) == "6")
    #expect(!(laptop.files.last ?? []).contains { $0.field == "gone" || $0.field == "place" })
    try laptop.sync([], at: ahead.plus(hours: 1))
    #expect(laptop.state.planner.day?.date == ahead.date)
    #expect(laptop.state.planner.todo.map(\.title.text) == ["Ahead"])
  }

  @Test func anEditMadeAfterSeeingAnotherWinsWhateverTheClocksSay() throws {
    var laptop = SyncDevice("laptop")
    try laptop.change { try $0.add("Draft", spoons: 2, at: morning) }
    try laptop.sync([], at: morning)
    var desktop = SyncDevice("desktop")  // its clock runs 3 hours ahead
    try desktop.sync(laptop.files, at: morning.plus(hours: 3))
    try desktop.change {
      let late = morning.plus(hours: 3, minutes: 1)
      try $0.edit(id(1), TaskEdit(title: try Title("Desktop")), at: late)
    }
    try desktop.sync([], at: morning.plus(hours: 3, minutes: 1))
    let notes = try laptop.sync(desktop.files, at: morning.plus(minutes: 2))
    #expect(notes.contains { if case .clockAhead(DeviceID("desktop")!, _) = $0 { true } else { false } })
    try laptop.change { try $0.edit(id(1), TaskEdit(title: try Title("Laptop")), at: morning) }
    try laptop.sync([], at: morning.plus(minutes: 3))
    try desktop.sync(laptop.files, at: morning.plus(hours: 3, minutes: 4))
    #expect(desktop.state.planner.task(id(1))?.title.text == "Laptop")
    #expect(laptop.state == desktop.state)
  }

  @Test func aClockYearsAheadMovesOthersOnlyADay() {
    var clock = HybridClock(device: DeviceID("laptop")!)
    clock.observe(
      SyncStamp(seconds: morning.seconds + 10 * 365 * 86400, counter: 0, device: DeviceID("x")!),
      now: morning)
    let stamp = clock.tick(now: morning)
    #expect(stamp.seconds == morning.seconds + HybridClock.furthestJump)
  }

  @Test func aValueFromAClockYearsAheadIsStillReplacedByAnEditMadeAfterSeeingIt() throws {
    let tenYears = morning.plus(hours: 10 * 365 * 24)
    var ahead = SyncDevice("desktop")  // its clock runs ten years ahead
    try ahead.change { try $0.add("Draft", spoons: 2, at: tenYears) }
    try ahead.sync([], at: tenYears)
    var laptop = SyncDevice("laptop")
    try laptop.sync(ahead.files, at: morning)
    // Edited after the task was made, by the planner's times; by the laptop's clock, now.
    try laptop.change {
      try $0.edit(id(1), TaskEdit(title: try Title("Laptop")), at: tenYears.plus(minutes: 1))
    }
    try laptop.sync([], at: morning.plus(minutes: 1))
    try ahead.sync(laptop.files, at: tenYears.plus(minutes: 2))
    #expect(ahead.state.planner.task(id(1))?.title.text == "Laptop")
    #expect(laptop.state == ahead.state)
    // And once said, it is not said again.
    let sent = laptop.files.count
    try laptop.sync([], at: morning.plus(minutes: 2))
    #expect(laptop.files.count == sent)
  }

  @Test func aNumberWrittenUnusuallyFromAClockFarAheadSettlesInOneSync() throws {
    var laptop = SyncDevice("laptop")
    try laptop.newDay(6, at: morning)
    try laptop.sync([], at: morning)
    let far = SyncStamp(
      seconds: morning.seconds + 60 * 365 * 86400, counter: 0, device: DeviceID("laptop")!)
    let forged = laptop.files[0].map { c in
      c.field == "budget"
        ? SyncChange(entity: c.entity, field: c.field, value: "06", stamp: far) : c
    }
    var desktop = SyncDevice("desktop")
    try desktop.sync([forged], at: morning)
    #expect(desktop.state.planner.day?.budget == 6)
    #expect(desktop.files.count == 1)  // it writes "6" once, stamped after the forged "06"
    try desktop.sync([], at: morning.plus(minutes: 1))
    #expect(desktop.files.count == 1)
    try laptop.sync(desktop.files, at: morning.plus(minutes: 2))
    #expect(laptop.state == desktop.state)
  }

  /// Stamps are read byte by byte now; they must read exactly as `split` and `Int64(_:)` read
  /// them, or a device would refuse a file another accepts.
  @Test func aStampReadsAsItAlwaysDid() {
    func reference(_ text: String) -> SyncStamp? {
      let parts = text.split(separator: ".", omittingEmptySubsequences: false)
      guard parts.count == 3, let seconds = Int64(parts[0]), (0...(1 << 40)).contains(seconds),
        let counter = Int(parts[1]), (0...(1 << 40)).contains(counter),
        let device = DeviceID(parts[2])
      else { return nil }
      return SyncStamp(seconds: seconds, counter: counter, device: device)
    }
    let table = [
      "1795340000.3.k3v9q2m8ta", "1.2.abc", "+1.2.abc", "-0.0.abc", "-1.0.abc", "1..abc",
      ".1.abc", "1.2.", "1.2.ab.c", "1099511627776.0.a", "1099511627777.0.a",
      "1.1099511627777.a", "99999999999999999999.0.a", "1.2.ABC", "0001.02.x9", "1.2.abc ",
      "", ".", "..", "1.2", "+.1.a", "-.1.a", "1.-0.a", "1.+3.a", "9223372036854775807.0.a",
      "9223372036854775808.0.a",
    ]
    for text in table { #expect(SyncStamp(text) == reference(text), "\(text)") }
    var random = SeededGenerator(seed: 7)
    let alphabet = Array("0123456789.+-ab")
    for _ in 0..<20_000 {
      let text = String((0..<random.below(14)).map { _ in alphabet[random.below(alphabet.count)] })
      #expect(SyncStamp(text) == reference(text), "\(text)")
    }
  }

  @Test func aStampIsSucceededByTheLeastLaterOneUpToTheLargest() {
    let device = DeviceID("laptop")!
    let other = DeviceID("zz")!
    let s = SyncStamp(seconds: 10, counter: 3, device: other)
    #expect(s.succeeded(by: device) == SyncStamp(seconds: 10, counter: 4, device: device))
    #expect(s < s.succeeded(by: device)!)
    // The largest a change file may hold: 2^40 seconds, 2^40 stamps in one second.
    let lastInSecond = SyncStamp(seconds: 10, counter: 1 << 40, device: other)
    #expect(
      lastInSecond.succeeded(by: device) == SyncStamp(seconds: 11, counter: 0, device: device))
    let largest = SyncStamp(seconds: 1 << 40, counter: 1 << 40, device: other)
    #expect(largest.succeeded(by: device) == nil)
    #expect(SyncStamp(largest.description) == largest)
    let beyond = SyncStamp(seconds: 1 << 40, counter: (1 << 40) + 1, device: other)
    #expect(SyncStamp(beyond.description) == nil)  // a change file may not hold it
  }

  @Test func aRankNoSpoonsWritesIsReadAsNoneAndNothingOverflows() throws {
    var laptop = SyncDevice("laptop")
    try laptop.change { try $0.add("T", spoons: 1, at: morning) }
    try laptop.sync([], at: morning)
    let forged = laptop.files[0].map { c in
      c.field == "rank"
        ? SyncChange(entity: c.entity, field: "rank", value: "9223372036854775000", stamp: c.stamp)
        : c
    }
    var desktop = SyncDevice("desktop")
    try desktop.sync([forged], at: morning)
    try desktop.change { try $0.add("U", spoons: 1, at: morning.plus(minutes: 1)) }
    try desktop.sync([], at: morning.plus(minutes: 2))
    #expect(desktop.state.planner.category(try SpoonCost(1)).map(\.title.text) == ["T", "U"])
  }

  /// Each tag is a field of its own: one added on one device and another taken away on the
  /// other, apart, both stay; the same tag added on both is one tag.
  @Test func tagsAddedAndTakenAwayApartBothStay() throws {
    var (laptop, desktop) = try Self.pairWithATaskPlanned()
    let health = try #require(try SpoonsCore.Tag(word: "+health"))
    let phone = try #require(try SpoonsCore.Tag(word: "@phone"))
    let errand = try #require(try SpoonsCore.Tag(word: "+errand"))
    try laptop.change {
      try $0.edit(id(1), TaskEdit(tags: TagChange(adding: [health, phone])), at: morning.plus(hours: 1))
    }
    var devices = [laptop, desktop]
    try expectSettled(&devices, at: morning.plus(hours: 2))
    #expect(devices[1].state.planner.task(id(1))?.tags == [health, phone])
    try devices[0].change {
      try $0.edit(id(1), TaskEdit(tags: TagChange(adding: [errand])), at: morning.plus(hours: 3))
    }
    try devices[1].change {
      try $0.edit(id(1), TaskEdit(tags: TagChange(removing: [phone])), at: morning.plus(hours: 3))
      try $0.edit(id(2), TaskEdit(tags: TagChange(adding: [errand])), at: morning.plus(hours: 3))
    }
    try devices[0].change {
      try $0.edit(id(2), TaskEdit(tags: TagChange(adding: [errand])), at: morning.plus(hours: 3))
    }
    try expectSettled(&devices, at: morning.plus(hours: 4))
    for d in devices {
      #expect(d.state.planner.task(id(1))?.tags == [errand, health])
      #expect(d.state.planner.task(id(2))?.tags == [errand])
    }
  }

  @Test func aMoveOnOneDeviceAndAnAddOnAnotherBothKeepTheirPlace() throws {
    var laptop = SyncDevice("laptop")
    try laptop.change { p in for n in 1...4 { try p.add("T\(n)", spoons: 2, at: morning) } }
    try laptop.sync([], at: morning)
    var desktop = SyncDevice("desktop")
    try desktop.sync(laptop.files, at: morning)
    try laptop.change { try $0.move(id(4), to: 1, at: morning) }
    try desktop.change { try $0.add("T5", spoons: 2, at: morning.plus(minutes: 1)) }
    var devices = [laptop, desktop]
    try syncAll(&devices, at: morning.plus(hours: 1))
    for d in devices {
      #expect(d.state.planner.category(try SpoonCost(2)).map(\.title.text) == ["T4", "T1", "T2", "T3", "T5"])
    }
    #expect(devices[0].state == devices[1].state)
  }

  /// Many devices, seeded random commands, changes delivered late, twice, out of order and
  /// partly; then two full rounds: every device holds the same planner, and every task ever
  /// made is there once unless it was deleted.
  ///
  /// Seeds 2, 6 and 8 at 120 steps and 13 and 15 at 300 once failed (a renumbered task made
  /// a second entity; a day whose fields came from a file whose first part never arrived),
  /// and are kept.
  @Test(arguments: [(2, 120), (6, 120), (8, 120), (13, 300), (15, 300)] + (1...12).map { (UInt64($0), 300) } as [(UInt64, Int)])
  func randomCommandsAndDeliveriesConverge(seed: UInt64, steps: Int) throws {
    var random = SeededGenerator(seed: seed)
    var devices = ["a", "b", "c"].map { SyncDevice($0) }
    var now = morning
    var deleted = Set<String>()
    var made = 0
    var titles: [String] = []
    for step in 0..<steps {
      now = now.plus(minutes: 7 + random.below(50))
      let i = random.below(devices.count)
      var d = devices[i]
      let open = d.state.planner.allTasks.filter { !$0.isDone }
      switch random.below(9) {
      case 0, 1:
        made += 1
        let title = "T\(made) \(d.clock.device)"
        titles.append(title)
        let cost = 1 + random.below(10)
        try d.change { try $0.add(title, spoons: cost, at: now) }
      case 2:
        if let t = open.filter({ if case .todo = $0.placement { false } else { true } })
          .randomElement(using: &random)
        {
          _ = try? d.change { _ = try $0.plan([t.id], at: now) }
        }
      case 3:
        if let t = d.state.planner.todo.filter({ !$0.isDone }).randomElement(using: &random) {
          // Every third one with what it really took (`done --took`), chosen from the step
          // rather than drawn, so the kept seeds run the same commands as before.
          let took = step % 3 == 0 && !t.isRest ? step % 12 : nil
          try? d.change { try $0.markDone([t.id], took: took, at: now) }
        }
      case 4:
        if let t = open.randomElement(using: &random) {
          // A tag given or taken away too, chosen from the step, not drawn, so the kept seeds
          // run the same commands as before.
          let tag = try #require(try SpoonsCore.Tag(word: ["+a", "+b", "@c"][step % 3]))
          var edit = TaskEdit(note: "E\(step)")
          if t.tags.contains(tag) { edit.tags.removing = [tag] } else { edit.tags.adding = [tag] }
          try? d.change { try $0.edit(t.id, edit, at: now) }
        }
      case 5:
        if let t = open.randomElement(using: &random), (try? d.change { _ = try $0.delete([t.id]) }) != nil {
          deleted.insert(t.title.text)
        }
      case 6:
        if random.below(4) == 0 {
          let budget = 5 + random.below(15)
          if d.state.planner.day?.date == d.state.planner.today(at: now) {
            // One date is one day: on the date already open, its budget changes instead.
            try d.change { try $0.setBudget(budget, at: now) }
          } else {
            // Most mornings with a mood, from the step for the same reason.
            try d.newDay(budget, mood: step % 4 == 0 ? nil : 1 + step % 5, at: now)
          }
        }
      case 7:
        if let t = open.randomElement(using: &random) {
          try? d.change { try $0.move(t.id, to: 1, at: now) }
        }
      default:
        // A sync that receives some of the others' files, in a random order, some twice.
        var received = devices.indices.filter { $0 != i }.flatMap { devices[$0].files }
          .filter { _ in random.below(3) != 0 }
        received.shuffle(using: &random)
        if let again = received.first { received.append(again) }
        try d.sync(received, at: now)
      }
      devices[i] = d
    }
    try syncAll(&devices, at: now.plus(hours: 1))
    let first = devices[0].state
    for d in devices { #expect(d.state == first) }
    // Syncing again changes nothing and sends nothing.
    let files = devices.map(\.files.count)
    try syncAll(&devices, at: now.plus(hours: 2))
    #expect(devices.map(\.files.count) == files)
    for d in devices { #expect(d.state == first) }
    // Every task made is there exactly once, unless it was deleted (then at most once).
    let held = (first.planner.allTasks + first.done).map(\.title.text)
    for title in titles {
      let count = held.filter { $0 == title }.count
      #expect(deleted.contains(title) ? count <= 1 : count == 1, "\(title)")
    }
    let ids = (first.planner.allTasks + first.done).map(\.id)
    #expect(Set(ids).count == ids.count)
    // Only a done task that is not a rest keeps what it took.
    for task in first.planner.allTasks + first.done where task.took != nil {
      #expect(task.isDone && !task.isRest, "\(task.id)")
    }
  }

  /// `sync --auto on`: a device syncs after each command, mostly with nothing come in. Each
  /// such round the live part answers alone must be the round over the whole document
  /// (`SyncDevice.sync` checks that), and most of them are answered so.
  @Test(arguments: 1...6 as ClosedRange<UInt64>)
  func roundsOverTheLivePartAloneAreTheRoundsOverTheWholeDocument(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    var devices = [try Self.richDevice(), SyncDevice("phone")]
    var now = thirdMorning
    try syncAll(&devices, at: now)
    var alone = 0
    // What each device held before its changes, for an undo (the state put back whole, its
    // archive too, as the store's undo puts back what a change wrote).
    var before: [[SyncedState]] = [[], []]
    var delivered = [0, 0]
    for step in 0..<150 {
      now = now.plus(minutes: 5 + random.below(40))
      let i = random.below(5) == 0 ? 1 : 0
      var d = devices[i]
      let open = d.state.planner.allTasks.filter { !$0.isDone }
      before[i].append(d.state)
      switch random.below(12) {
      case 10:
        // An undo, of the change before or one made before the last sync.
        before[i].removeLast()
        if let earlier = before[i].popLast() { d.state = earlier }
      case 11:
        // A routine's task on today's list, or one taken off it again.
        if let routine = d.state.planner.routines.randomElement(using: &random),
          (try? d.change { _ = try $0.planRoutineToday(routine.id.typed, at: now) }) != nil
        {
        } else if let t = d.state.planner.todo.filter({ $0.routine != nil }).randomElement(using: &random) {
          _ = try? d.change { _ = try $0.delete([t.id]) }
        }
      case 0, 1: try d.change { try $0.add("T\(step)", spoons: 1 + random.below(10), at: now) }
      case 2:
        if let t = open.filter({ if case .todo = $0.placement { false } else { true } })
          .randomElement(using: &random)
        {
          _ = try? d.change { _ = try $0.plan([t.id], at: now) }
        }
      case 3:
        if let t = d.state.planner.todo.filter({ !$0.isDone }).randomElement(using: &random) {
          try? d.change { try $0.markDone([t.id], took: step % 3 == 0 ? 2 : nil, at: now) }
        }
      case 4:
        if let t = open.randomElement(using: &random) {
          // A tag given or taken away too, chosen from the step, not drawn, so the kept seeds
          // run the same commands as before.
          let tag = try #require(try SpoonsCore.Tag(word: ["+a", "+b", "@c"][step % 3]))
          var edit = TaskEdit(note: "E\(step)")
          if t.tags.contains(tag) { edit.tags.removing = [tag] } else { edit.tags.adding = [tag] }
          try? d.change { try $0.edit(t.id, edit, at: now) }
        }
      case 5:
        if let t = open.randomElement(using: &random) { _ = try? d.change { _ = try $0.delete([t.id]) } }
      case 6:
        if let t = open.randomElement(using: &random) { try? d.change { try $0.move(t.id, to: 1, at: now) } }
      case 7:
        if random.below(6) == 0 {
          if d.state.planner.day?.date == d.state.planner.today(at: now) {
            try d.change { try $0.setBudget(5 + random.below(15), at: now) }
          } else {
            try d.newDay(5 + random.below(15), at: now)
          }
        }
      case 8:
        if random.below(3) == 0 {
          try d.change { _ = try $0.addRoutine(try Title("R\(step)"), spoons: try SpoonCost(2), at: now) }
        }
      default:
        // Now and then what the other device sent since comes in, as a store reads only the
        // files it has not read.
        try d.sync(Array(devices[1 - i].files.dropFirst(delivered[i])), at: now)
        delivered[i] = devices[1 - i].files.count
        devices[i] = d
        continue
      }
      let before = d.liveRounds
      try d.sync([], at: now)
      if d.liveRounds > before { alone += 1 }
      devices[i] = d
    }
    try syncAll(&devices, at: now.plus(hours: 1))
    #expect(devices[0].state == devices[1].state)
    #expect(alone > 40, "the live part answered \(alone) of the syncs alone")
    let changed = devices.map(\.changedRounds).reduce(0, +)
    #expect(changed > 30, "the round over what changed answered \(changed) of them")
    let takingIn = devices.map(\.changedRoundsTakingIn).reduce(0, +)
    // Days move often here, and a round that takes a day's end in is the live part's: of the
    // rounds taking changes in that the live part answers, the round over what changed answers
    // half at least (every one it answers checked against the live round above).
    let takenAlone = devices.map(\.liveRoundsTakingIn).reduce(0, +)
    #expect(takingIn * 2 >= takenAlone, "took changes in \(takingIn) of \(takenAlone) times")
  }

  /// Two routines added apart share a number, and one of them has a done task archived
  /// since: whoever moves it to the next number (this device settling, or the other device
  /// before it), the archived task must follow its routine, which only the round that reads
  /// the archive does (`SyncRound.routineMoved`; `SyncDevice` checks that a live round
  /// answers only where the whole round leaves the archive as it was).
  @Test(arguments: [false, true])
  func aRoutineNumberedAnewIsFollowedByItsArchivedTasks(otherDeviceMovesIt: Bool) throws {
    var devices = [SyncDevice("laptop"), SyncDevice("phone")]
    try devices[0].change { try $0.add("A", spoons: 1, at: morning) }
    try devices[0].newDay(10, at: morning)
    try syncAll(&devices, at: morning)
    try devices[1].change {
      _ = try $0.addRoutine(try Title("Yoga"), spoons: try SpoonCost(1), at: morning.plus(hours: 1))
    }
    try devices[1].sync([], at: morning.plus(hours: 1))
    try devices[0].change { p in
      let routine = try p.addRoutine(
        try Title("Stretch"), spoons: try SpoonCost(1), at: morning.plus(hours: 2))
      let task = try p.planRoutineToday(routine.id.typed, at: morning.plus(hours: 2))
      try p.markDone([task.id], at: morning.plus(hours: 3))
    }
    try devices[0].sync([], at: morning.plus(hours: 3))
    try devices[0].newDay(10, at: nextMorning)
    try devices[0].sync([], at: nextMorning)
    try devices[0].sync([], at: nextMorning.plus(minutes: 1))
    var phoneFiles = devices[1].files
    if otherDeviceMovesIt {
      try devices[1].sync(devices[0].files, at: nextMorning.plus(minutes: 30))
      phoneFiles = devices[1].files
    }
    try devices[0].sync(phoneFiles, at: nextMorning.plus(hours: 1))
    let stretch = try #require(devices[0].state.planner.routines.first { $0.title.text == "Stretch" })
    let archived = devices[0].state.done.filter { $0.title.text == "Stretch" }
    #expect(!archived.isEmpty && archived.allSatisfy { $0.routine == stretch.id })
    try syncAll(&devices, at: nextMorning.plus(hours: 2))
    #expect(devices[0].state == devices[1].state)
  }

  /// A removed routine's number is named by its done tasks in the archive: when a routine
  /// added apart on another device takes that number, or two removed routines share it, only
  /// a round that reads the archive may name them anew (`SyncRound.routineNumbering`;
  /// `SyncDevice` checks that a live round answers only as the whole round does).
  @Test(arguments: [false, true])
  func aRemovedRoutinesNumberIsNamedAnewOnlyWithTheArchive(bothRemoved: Bool) throws {
    var devices = [SyncDevice(bothRemoved ? "phone" : "laptop"), SyncDevice(bothRemoved ? "laptop" : "phone")]
    try devices[0].change { try $0.add("A", spoons: 1, at: morning) }
    try devices[0].newDay(10, at: morning)
    try devices[0].change { p in
      let routine = try p.addRoutine(
        try Title("Stretch"), spoons: try SpoonCost(1), at: morning.plus(hours: 1))
      let task = try p.planRoutineToday(routine.id.typed, at: morning.plus(hours: 1))
      try p.markDone([task.id], at: morning.plus(hours: 2))
    }
    try devices[0].sync([], at: morning.plus(hours: 2))
    try devices[1].change {
      _ = try $0.addRoutine(try Title("Yoga"), spoons: try SpoonCost(1), at: morning.plus(hours: 3))
    }
    try devices[1].sync([], at: morning.plus(hours: 3))
    if bothRemoved {
      try devices[1].change { _ = try $0.removeRoutine(RoutineID(1).typed) }
      try devices[1].sync([], at: morning.plus(hours: 4))
      try devices[0].newDay(10, at: nextMorning)
      try devices[0].sync([], at: nextMorning)
      try devices[0].sync(devices[1].files, at: nextMorning.plus(minutes: 5))
      try devices[0].change { _ = try $0.removeRoutine(RoutineID(1).typed) }
      try devices[0].sync([], at: nextMorning.plus(minutes: 10))
    } else {
      try devices[0].newDay(10, at: nextMorning)
      try devices[0].sync([], at: nextMorning)
      try devices[0].change { _ = try $0.removeRoutine(RoutineID(1).typed) }
      try devices[0].sync([], at: nextMorning.plus(minutes: 5))
      try devices[0].sync(devices[1].files, at: nextMorning.plus(minutes: 10))
    }
    try syncAll(&devices, at: nextMorning.plus(hours: 2))
    #expect(devices[0].state == devices[1].state)
  }

  /// Routines added, planned, done, removed and edited on two devices apart, new days, syncs
  /// with some of what the other sent: wherever the live part answers, it answers as the
  /// whole document does (`SyncDevice`), and the devices end with the same planner. (A
  /// reviewer's hunt: it found routine numbers renamed in the archive, `routineNumbering`.)
  @Test(arguments: 1...40 as ClosedRange<UInt64>)
  func routinesAndTheirArchivedTasksAcrossTwoDevices(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    var devices = [SyncDevice("laptop"), SyncDevice("phone")]
    var now = morning
    var delivered = [0, 0]
    for step in 0..<160 {
      now = now.plus(minutes: 5 + random.below(60))
      let i = random.below(2)
      var d = devices[i]
      let open = d.state.planner.allTasks.filter { !$0.isDone }
      switch random.below(14) {
      case 0, 1: try d.change { try $0.add("T\(step)\(i)", spoons: 1 + random.below(10), at: now) }
      case 2:
        if let t = open.filter({ if case .todo = $0.placement { false } else { true } }).randomElement(using: &random) {
          _ = try? d.change { _ = try $0.plan([t.id], at: now) }
        }
      case 3, 4:
        if let t = d.state.planner.todo.filter({ !$0.isDone }).randomElement(using: &random) {
          try? d.change { try $0.markDone([t.id], at: now) }
        }
      case 5:
        if let t = open.randomElement(using: &random) { _ = try? d.change { _ = try $0.delete([t.id]) } }
      case 6:
        if let t = open.randomElement(using: &random) { try? d.change { try $0.move(t.id, to: 1, at: now) } }
      case 7:
        if random.below(3) == 0 {
          if d.state.planner.day?.date == d.state.planner.today(at: now) {
            try d.change { try $0.setBudget(5 + random.below(15), at: now) }
          } else {
            try d.newDay(5 + random.below(15), at: now)
          }
        }
      case 8:
        try d.change { _ = try $0.addRoutine(try Title("R\(step)\(i)"), spoons: try SpoonCost(2), at: now) }
      case 9:
        if let r = d.state.planner.routines.randomElement(using: &random) {
          _ = try? d.change { _ = try $0.planRoutineToday(r.id.typed, at: now) }
        }
      case 10:
        if let r = d.state.planner.routines.randomElement(using: &random) {
          _ = try? d.change { _ = try $0.removeRoutine(r.id.typed) }
        }
      case 11:
        if let r = d.state.planner.routines.randomElement(using: &random) {
          _ = try? d.change { _ = try $0.editRoutine(r.id.typed, title: try Title("E\(step)"), spoons: nil) }
        }
      default:
        let files = devices[1 - i].files
        let upTo = delivered[i] + random.below(files.count - delivered[i] + 1)
        try d.sync(Array(files[delivered[i]..<upTo]), at: now)
        delivered[i] = upTo
        devices[i] = d
        continue
      }
      try d.sync([], at: now)
      devices[i] = d
    }
    try syncAll(&devices, at: now.plus(hours: 1))
    #expect(devices[0].state == devices[1].state)
    #expect(devices.map(\.liveRounds).reduce(0, +) > 20)
  }

  /// A day ended here, with nothing come in: the round over the live part and what the archive
  /// gained (the day's record, its done tasks, a routine's) is the round over the whole, as
  /// `SyncDevice` checks, the rounds after it go on over the new live part, and the other
  /// device ends with the same planner and archive.
  @Test func aDayEndedHereIsSyncedOverTheLivePartAndWhatTheArchiveGained() throws {
    var devices = [try Self.richDevice(), SyncDevice("phone")]
    try syncAll(&devices, at: thirdMorning)
    let evening = thirdMorning.plus(hours: 10)
    try devices[0].change { p in
      let routineTask = try #require(p.todo.first { $0.routine != nil })
      try p.markDone([routineTask.id], at: thirdMorning.plus(hours: 2))
      _ = try p.plan([id(3)], at: thirdMorning.plus(hours: 3))
      try p.markDone([id(3)], at: thirdMorning.plus(hours: 4))
      _ = try p.delete([id(4)])
    }
    try devices[0].sync([], at: evening)
    let fourthMorning = thirdMorning.plus(hours: 24)
    try devices[0].newDay(9, at: fourthMorning)
    let archived = (devices[0].state.done, devices[0].state.days)
    #expect(archived.1.count == 2 && archived.0.count >= 4)
    try devices[0].sync([], at: fourthMorning.plus(minutes: 1))
    #expect(devices[0].newDayRounds == 1)
    #expect(devices[0].state.done == archived.0 && devices[0].state.days == archived.1)
    // The rounds after it, over the new live part.
    let live = devices[0].liveRounds
    try devices[0].change { try $0.add("After the new day", spoons: 2, at: fourthMorning.plus(hours: 1)) }
    try devices[0].sync([], at: fourthMorning.plus(hours: 1))
    #expect(devices[0].liveRounds == live + 1)
    try syncAll(&devices, at: fourthMorning.plus(hours: 2))
    #expect(devices[0].state == devices[1].state)
  }

  /// A day ended on another device: the device that takes it in archives that day and its
  /// done tasks over the live part (as `SyncDevice` checks against the round over the whole),
  /// the rounds after it go on over the new live part, and both end with the same planner and
  /// archive. Not when two days ended there while one was open here.
  @Test func aDayEndedElsewhereIsTakenInOverTheLivePart() throws {
    var devices = [try Self.richDevice(), SyncDevice("phone")]
    try syncAll(&devices, at: thirdMorning)
    try devices[0].change { p in
      let routineTask = try #require(p.todo.first { $0.routine != nil })
      try p.markDone([routineTask.id], at: thirdMorning.plus(hours: 2))
      _ = try p.plan([id(3)], at: thirdMorning.plus(hours: 3))
      try p.markDone([id(3)], at: thirdMorning.plus(hours: 4))
    }
    try syncAll(&devices, at: thirdMorning.plus(hours: 5))
    let fourthMorning = thirdMorning.plus(hours: 24)
    try devices[1].newDay(9, at: fourthMorning)
    let archived = (devices[1].state.done, devices[1].state.days)
    try devices[1].sync([], at: fourthMorning)
    let before = devices[0].state
    try devices[0].sync([devices[1].files.last!], at: fourthMorning.plus(minutes: 1))
    #expect(devices[0].dayTakenInRounds == 1)
    #expect(devices[0].state.planner.day?.date == devices[1].state.planner.day?.date)
    #expect(devices[0].state.planner.day?.date != before.planner.day?.date)
    #expect(SyncRound.sameTasks(devices[0].state.done, archived.0))
    #expect(devices[0].state.days == archived.1)
    #expect(devices[0].state.done.count > before.done.count)
    // The rounds after it, over the new live part.
    let live = devices[0].liveRounds
    try devices[0].change { try $0.add("After the new day", spoons: 2, at: fourthMorning.plus(hours: 1)) }
    try devices[0].sync([], at: fourthMorning.plus(hours: 1))
    #expect(devices[0].liveRounds == live + 1)
    try syncAll(&devices, at: fourthMorning.plus(hours: 2))
    #expect(devices[0].state == devices[1].state)

    // Two days ended on the phone while the laptop had one open: the round would archive
    // two days, and the whole decides.
    try devices[1].newDay(8, at: fourthMorning.plus(hours: 24))
    try devices[1].newDay(7, at: fourthMorning.plus(hours: 48))
    try devices[1].sync([], at: fourthMorning.plus(hours: 48))
    try devices[0].sync([devices[1].files.last!], at: fourthMorning.plus(hours: 49))
    #expect(devices[0].dayTakenInRounds == 1)
    try syncAll(&devices, at: fourthMorning.plus(hours: 50))
    #expect(devices[0].state == devices[1].state)
  }

  /// Both devices add a task while apart, and give it the same number: the device that takes
  /// in the other's moves its own to the next number, over the live part alone, as the round
  /// over the whole document does (`SyncDevice` checks the two side by side).
  @Test func twoTasksAddedApartAreNumberedOverTheLivePart() throws {
    var devices = [try Self.richDevice(), SyncDevice("phone")]
    try syncAll(&devices, at: thirdMorning)
    let at = thirdMorning.plus(hours: 1)
    try devices[1].change { try $0.add("From the phone", spoons: 2, at: at) }
    try devices[1].sync([], at: at)
    try devices[0].change { try $0.add("From the laptop", spoons: 3, at: at) }
    let (taken, settling) = (devices[0].liveRoundsTakingIn, devices[0].liveRoundsSettling)
    try devices[0].sync([devices[1].files.last!], at: at.plus(minutes: 1))
    #expect(devices[0].liveRoundsTakingIn == taken + 1)
    #expect(devices[0].liveRoundsSettling == settling + 1)
    let titles = devices[0].state.planner.allTasks.map(\.title.text)
    #expect(titles.contains("From the phone") && titles.contains("From the laptop"))
    try syncAll(&devices, at: at.plus(minutes: 2))
    #expect(devices[0].state == devices[1].state)
  }

  /// A change to a long list is synced over the tasks around it (the changed task and its
  /// neighbours), not the whole list, and sends what the live round sends; where a rank there
  /// would move (a task moved within the list, or edited into another), the lists whole
  /// decide, and still send the same.
  @Test func aChangeToALongListIsSyncedOverItsNeighbours() throws {
    var device = SyncDevice("laptop")
    var at = morning
    try device.change { p in
      for n in 0..<30 {
        try p.add("Three \(n)", spoons: 3, at: at)
        try p.add("Five \(n)", spoons: 5, at: at)
      }
    }
    try device.sync([], at: at)
    try device.sync([], at: at.plus(minutes: 1))
    let changes: [(String, (inout Planner) throws -> Void)] = [
      ("add", { p in try p.add("New", spoons: 3, at: at) }),
      ("retitle", { p in
        let id = p.category(try SpoonCost(5))[12].id
        try p.edit(TaskRef(typed: id.rawValue), TaskEdit(title: try Title("Renamed")), at: at)
      }),
      ("move", { p in
        let id = p.category(try SpoonCost(3))[20].id
        try p.move(TaskRef(typed: id.rawValue), to: 2, at: at)
      }),
      ("edit into another list", { p in
        let id = p.category(try SpoonCost(3))[5].id
        try p.edit(TaskRef(typed: id.rawValue), TaskEdit(spoons: try SpoonCost(5)), at: at)
      }),
    ]
    let answered = device.changedRounds
    for (i, (name, change)) in changes.enumerated() {
      at = morning.plus(minutes: 10 * (i + 1))
      let before = device.state.planner
      try device.change(change)
      let parts = try #require(device.parts)
      let live = ReadCounting(parts.live)
      let fast = try #require(
        try SyncRound.overChanged(
          live, limits: parts.limits, planner: device.state.planner,
          changed: SyncDevice.changed(from: before, to: device.state.planner),
          clock: device.clock, now: at, lastSynced: device.lastSynced,
          handedOut: device.handedOut), "\(name)")
      let whole = try #require(
        try SyncRound.overLivePart(
          parts.live, limits: parts.limits, planner: device.state.planner, clock: device.clock,
          now: at, lastSynced: device.lastSynced, handedOut: device.handedOut))
      #expect(fast.agrees(with: whole, joinedTo: parts.live), "\(name)")
      #expect(!fast.outgoing.isEmpty, "\(name)")
      // The lists hold 30 tasks or more each.
      if name == "add" || name == "retitle" {
        #expect(live.read.count <= 8, "\(name): \(live.read.count) tasks read")
      } else {
        #expect(live.read.count >= 30, "\(name): \(live.read.count) tasks read")
      }
      try device.sync([], at: at)
    }
    // Each also answered (and was checked) as `SyncDevice.sync` tries it.
    #expect(device.changedRounds == answered + changes.count)
  }

  /// A task added on another device, a task done there and one deleted: what comes in is
  /// taken in over the live part alone, as the whole document would take it in.
  @Test func changesToTheOpenTasksComeInThroughTheLivePart() throws {
    var devices = [try Self.richDevice(), SyncDevice("phone")]
    try syncAll(&devices, at: thirdMorning)
    let at = thirdMorning.plus(hours: 1)
    try devices[1].change { p in
      try p.add("From the phone", spoons: 2, at: at)
      _ = try p.delete([p.category(try SpoonCost(3)).first!.id])
    }
    try devices[1].sync([], at: at)
    let taken = devices[0].liveRoundsTakingIn
    try devices[0].sync([devices[1].files.last!], at: at.plus(minutes: 1))
    #expect(devices[0].liveRoundsTakingIn == taken + 1)
    #expect(devices[0].state.planner.allTasks.contains { $0.title.text == "From the phone" })
    try syncAll(&devices, at: at.plus(minutes: 2))
    #expect(devices[0].state == devices[1].state)
  }

  /// What comes in is taken in over the lists it touches, whole: a task added to one list, one
  /// edited in another, one done from today's list and one moved between lists elsewhere are
  /// taken in reading those lists' registers alone (never a list nothing names), and the
  /// round is the live round's (`SyncDevice.sync` checks every such round side by side).
  @Test func changesThatComeInAreTakenInOverTheListsTheyTouch() throws {
    var devices = [SyncDevice("laptop"), SyncDevice("phone")]
    var at = morning
    try devices[0].change { p in
      for n in 0..<20 {
        for cost in [2, 3, 5, 8] { try p.add("Cost \(cost) number \(n)", spoons: cost, at: at) }
      }
    }
    try devices[0].newDay(12, at: at)
    try devices[0].change { p in _ = try p.plan([TaskRef(typed: p.category(try SpoonCost(2))[0].id.rawValue)], at: at) }
    try syncAll(&devices, at: at)
    let changes: [(String, Int, (inout Planner) throws -> Void)] = [
      ("add", 20, { p in try p.add("From the phone", spoons: 3, at: at) }),
      ("retitle", 20, { p in
        let id = p.category(try SpoonCost(5))[7].id
        _ = try p.edit(TaskRef(typed: id.rawValue), TaskEdit(title: try Title("Renamed")), at: at)
      }),
      ("done", 0, { p in _ = try p.markDone([TaskRef(typed: p.todo[0].id.rawValue)], at: at) }),
      ("move", 39, { p in
        let id = p.category(try SpoonCost(8))[3].id
        _ = try p.edit(TaskRef(typed: id.rawValue), TaskEdit(spoons: try SpoonCost(3)), at: at)
      }),
    ]
    for (name, lists, change) in changes {
      at = at.plus(minutes: 10)
      try devices[1].change(change)
      try devices[1].sync([], at: at)
      let incoming = try #require(devices[1].files.last)
      let parts = try #require(devices[0].parts)
      let live = ReadCounting(parts.live)
      let fast = try #require(
        try SyncRound.overChanged(
          live, limits: parts.limits, planner: devices[0].state.planner, changed: [],
          incoming: incoming, clock: devices[0].clock, now: at.plus(minutes: 1),
          lastSynced: devices[0].lastSynced, handedOut: devices[0].handedOut), "\(name)")
      // The lists it touches, today's list and the task it names; never the 80 open tasks.
      #expect(live.read.count <= lists + 3, "\(name): \(live.read.count) tasks read")
      #expect(fast.outgoing.isEmpty, "\(name): \(fast.outgoing)")
      let taken = devices[0].changedRoundsTakingIn
      try devices[0].sync([incoming], at: at.plus(minutes: 1))
      #expect(devices[0].changedRoundsTakingIn == taken + 1, "\(name)")
      #expect(devices[0].state.planner == devices[1].state.planner, "\(name)")
    }
  }

  /// A change to a task waiting in the backlog comes in over the backlog whole (with today's
  /// list and the routines' tasks), never a category nothing names.
  @Test func aChangeToABacklogTaskComesInOverTheBacklog() throws {
    var devices = [try Self.richDevice(), SyncDevice("phone")]
    try syncAll(&devices, at: thirdMorning)
    let at = thirdMorning.plus(hours: 1)
    let waiting = try #require(devices[1].state.planner.backlog.first)
    try devices[1].change { p in
      _ = try p.edit(
        TaskRef(typed: waiting.id.rawValue), TaskEdit(title: try Title("Laundry, darks")), at: at)
    }
    try devices[1].sync([], at: at)
    let incoming = try #require(devices[1].files.last)
    let parts = try #require(devices[0].parts)
    let live = ReadCounting(parts.live)
    let planner = devices[0].state.planner
    _ = try #require(
      try SyncRound.overChanged(
        live, limits: parts.limits, planner: planner, changed: [], incoming: incoming,
        clock: devices[0].clock, now: at.plus(minutes: 1), lastSynced: devices[0].lastSynced,
        handedOut: devices[0].handedOut))
    var categories = Set<String>()
    for cost in SpoonCost.all {
      for task in planner.category(cost) { categories.insert(task.title.text) }
    }
    #expect(!categories.isEmpty)
    let readTitles = live.read.compactMap { parts.live.value($0, SyncTaskField.title) }
    #expect(readTitles.contains(waiting.title.text), "\(readTitles)")
    #expect(categories.isDisjoint(with: readTitles), "\(readTitles)")
    let taken = devices[0].changedRoundsTakingIn
    try devices[0].sync([incoming], at: at.plus(minutes: 1))
    #expect(devices[0].changedRoundsTakingIn == taken + 1)
    #expect(devices[0].state.planner.backlog.contains { $0.title.text == "Laundry, darks" })
  }

  /// A number a change that came in moves down: the task another device added, moved to the
  /// next free number on two devices that had each seen different tasks, comes in with the
  /// lower number (the later stamp). The numbers handed out after it are counted as the live
  /// round counts them, from the task's number after the change, not before it
  /// (`part(holding:)`); `SyncDevice.sync` checks the two rounds side by side.
  @Test func aNumberMovedDownByAChangeThatCameInIsCountedAfterIt() throws {
    var devices = [SyncDevice("laptop"), SyncDevice("phone"), SyncDevice("tablet")]
    var at = morning
    try devices[0].change { p in
      for n in 1...10 { try p.add("Shared \(n)", spoons: 2, at: at) }
    }
    try syncAll(&devices, at: at)
    at = at.plus(minutes: 1)
    try devices[0].change { p in
      for n in 11...20 { try p.add("Laptop \(n)", spoons: 3, at: at) }
    }
    try devices[1].change { try $0.add("Phone 11", spoons: 4, at: at) }
    at = at.plus(minutes: 1)
    try devices[2].change { try $0.add("Tablet's", spoons: 5, at: at) }
    try devices[2].sync([], at: at)
    let tablet = try #require(devices[2].files.last)
    // The laptop moves the tablet's task to 21, the phone (later) to 12.
    try devices[0].sync([tablet], at: at.plus(minutes: 1))
    try devices[1].sync([tablet], at: at.plus(minutes: 2))
    let fromPhone = try #require(devices[1].files.last)
    #expect(fromPhone.contains { $0.field == SyncTaskField.number.rawValue && $0.value == "12" })
    let taken = devices[0].changedRoundsTakingIn
    try devices[0].sync([fromPhone], at: at.plus(minutes: 3))
    #expect(devices[0].changedRoundsTakingIn == taken + 1)
    try syncAll(&devices, at: at.plus(minutes: 4))
    #expect(devices[0].state == devices[1].state && devices[1].state == devices[2].state)
  }

  /// A day started on one device and taken back there: the other device, which had it open,
  /// opens the day before again, whose records are in the history part. The live part alone
  /// cannot decide that (checked against the whole by `SyncDevice.sync`), and both end with
  /// the same planner.
  @Test func aDayTakenBackElsewhereOpensTheDayBeforeEverywhere() throws {
    var devices = [try Self.richDevice(), SyncDevice("phone")]
    try syncAll(&devices, at: thirdMorning)
    let before = devices[1].state
    try devices[1].newDay(8, at: thirdMorning.plus(hours: 1))
    try devices[1].sync([], at: thirdMorning.plus(hours: 1))
    try devices[0].sync([devices[1].files.last!], at: thirdMorning.plus(hours: 2))
    #expect(devices[0].state.planner.day?.budget == 8)
    devices[1].state = before  // the new day undone
    try devices[1].sync([], at: thirdMorning.plus(hours: 3))
    try devices[0].sync([devices[1].files.last!], at: thirdMorning.plus(hours: 4))
    #expect(devices[0].state.planner.day?.date == before.planner.day?.date)
    try syncAll(&devices, at: thirdMorning.plus(hours: 5))
    #expect(devices[0].state == devices[1].state)
  }

  // MARK: - Pacing

  /// Two devices that have seen each other's everything, with one task on today's list.
  static func pairWithATaskPlanned(mood: Int? = nil) throws -> (SyncDevice, SyncDevice) {
    var laptop = SyncDevice("laptop")
    try laptop.change { p in
      try p.add("Laundry", spoons: 3, at: morning)
      try p.add("Grocery shop", spoons: 4, at: morning)
    }
    try laptop.newDay(10, mood: mood, at: morning)
    try laptop.change { _ = try $0.plan([id(1), id(2)], at: morning) }
    try laptop.sync([], at: morning)
    var desktop = SyncDevice("desktop")
    try desktop.sync(laptop.files, at: morning)
    return (laptop, desktop)
  }

  /// After a full round: the same state everywhere, and another round sends nothing and
  /// changes nothing.
  func expectSettled(_ devices: inout [SyncDevice], at now: Timestamp) throws {
    try syncAll(&devices, at: now)
    let settled = devices[0].state
    for d in devices { #expect(d.state == settled) }
    let files = devices.map(\.files.count)
    try syncAll(&devices, at: now.plus(minutes: 5))
    #expect(devices.map(\.files.count) == files, "a second sync with nothing new sends nothing")
    for d in devices { #expect(d.state == settled) }
  }

  @Test func whatATaskTookOnOneDeviceArrivesOnTheOther() throws {
    var (laptop, desktop) = try Self.pairWithATaskPlanned()
    try laptop.change { try $0.markDone([id(1)], took: 5, at: morning.plus(hours: 2)) }
    try laptop.sync([], at: morning.plus(hours: 2))
    try desktop.sync(laptop.files, at: morning.plus(hours: 3))
    let laundry = try #require(desktop.state.planner.task(id(1)))
    #expect(laundry.isDone && laundry.took == 5 && laundry.spent == 5)
    #expect(desktop.state.planner.ledger?.spent == 5 && desktop.state.planner.ledger?.checked == 3)
    // And the other way: the desktop checks one off as planned, then one that took nothing.
    try desktop.change { try $0.markDone([id(2)], took: 0, at: morning.plus(hours: 4)) }
    var devices = [laptop, desktop]
    try expectSettled(&devices, at: morning.plus(hours: 5))
    for d in devices {
      #expect(d.state.planner.todo.map(\.took) == [5, 0])
      #expect(d.state.planner.ledger?.spent == 5 && d.state.planner.ledger?.checked == 7)
    }
  }

  @Test func aTaskDoneThenUndoneLosesWhatItTookEverywhere() throws {
    var (laptop, desktop) = try Self.pairWithATaskPlanned()
    try laptop.change { try $0.markDone([id(1)], took: 5, at: morning.plus(hours: 1)) }
    var devices = [laptop, desktop]
    try syncAll(&devices, at: morning.plus(hours: 1))
    #expect(devices[1].state.planner.task(id(1))?.took == 5)
    // Undone on the desktop, which saw the took; then checked off again as planned.
    try devices[1].change { _ = try $0.markUndone([id(1)], at: morning.plus(hours: 2)) }
    try expectSettled(&devices, at: morning.plus(hours: 2))
    for d in devices {
      let laundry = try #require(d.state.planner.task(id(1)))
      #expect(!laundry.isDone && laundry.took == nil)
      #expect(d.state.planner.ledger?.spent == 0 && d.state.planner.ledger?.checked == 0)
    }
    try devices[0].change { try $0.markDone([id(1)], at: morning.plus(hours: 3)) }
    try expectSettled(&devices, at: morning.plus(hours: 3))
    for d in devices {
      #expect(d.state.planner.task(id(1))?.took == nil, "done again as planned: nothing taken")
      #expect(d.state.planner.ledger?.spent == 3)
    }
  }

  @Test func aMoodSetOnOneDeviceArrivesAndStaysWithTheFinishedDay() throws {
    var (laptop, desktop) = try Self.pairWithATaskPlanned(mood: 2)
    #expect(desktop.state.planner.day?.mood == 2)
    // The laptop starts the next morning, feeling better; the desktop hears of it.
    try laptop.newDay(9, mood: 4, at: nextMorning)
    var devices = [laptop, desktop]
    try expectSettled(&devices, at: nextMorning.plus(hours: 1))
    for d in devices {
      #expect(d.state.planner.day?.mood == 4)
      #expect(d.state.days.map(\.mood) == [2])
    }
    // A morning without one stays without.
    try devices[1].newDay(8, at: thirdMorning)
    try expectSettled(&devices, at: thirdMorning.plus(hours: 1))
    for d in devices {
      #expect(d.state.planner.day?.mood == nil)
      #expect(d.state.days.map(\.mood) == [2, 4])
    }
  }

  @Test func oneDayStartedOnTwoDevicesKeepsTheLaterStartsMood() throws {
    var (laptop, desktop) = try Self.pairWithATaskPlanned()
    try laptop.newDay(10, mood: 2, at: nextMorning)
    try desktop.newDay(12, mood: 4, at: nextMorning.plus(minutes: 5))
    var devices = [laptop, desktop]
    try expectSettled(&devices, at: nextMorning.plus(hours: 1))
    for d in devices {
      #expect(d.state.planner.day?.budget == 12 && d.state.planner.day?.mood == 4)
    }
  }

  @Test func aFinishedDayKeepsWhatItCheckedOffAndWhatThatTook() throws {
    var (laptop, desktop) = try Self.pairWithATaskPlanned(mood: 3)
    try laptop.change { try $0.markDone([id(1)], took: 5, at: morning.plus(hours: 1)) }
    try laptop.newDay(8, at: nextMorning)
    var devices = [laptop, desktop]
    try expectSettled(&devices, at: nextMorning.plus(hours: 1))
    for d in devices {
      let day = try #require(d.state.days.first)
      #expect(day.ledger.planned == 7 && day.ledger.spent == 5 && day.ledger.checked == 3)
      #expect(day.mood == 3 && day.done == ids(1))
      #expect(d.state.done.map(\.took) == [5])
    }
    // A device that joins later gets the whole day from the files alone.
    var phone = SyncDevice("phone")
    try phone.sync(devices.flatMap(\.files), at: thirdMorning)
    #expect(phone.state == devices[0].state)
    #expect(phone.state.days.first?.ledger.checked == 3)
  }

  /// A record of three numbers (from before pacing) reads as every task taking what it was
  /// planned at: `checked` is `spent`.
  @Test func aDayRecordOfThreeNumbersChecksOffWhatItSpent() throws {
    var laptop = SyncDevice("laptop")
    try laptop.change { try $0.add("Laundry", spoons: 3, at: morning) }
    try laptop.newDay(10, at: morning)
    try laptop.change { p in
      _ = try p.plan([id(1)], at: morning)
      try p.markDone([id(1)], at: morning.plus(hours: 1))
    }
    try laptop.newDay(8, at: nextMorning)
    try laptop.sync([], at: nextMorning)
    let records = laptop.files[0].filter { $0.field == "record" }.map(\.value)
    #expect(records == ["3 3 0"])
    #expect(!laptop.files[0].contains { $0.field == "checked" })  // as spent: left out
    let older = laptop.files[0]
    var desktop = SyncDevice("desktop")
    try desktop.sync([older], at: nextMorning)
    #expect(desktop.state.days.map(\.ledger.checked) == [3])
    #expect(desktop.state.days == laptop.state.days)
  }

  @Test func theCheckInSettingsSyncBothWays() throws {
    var (laptop, desktop) = try Self.pairWithATaskPlanned()
    try laptop.change { p in
      p.setAsksMood(false)
      p.setPaceHints(false)
    }
    var devices = [laptop, desktop]
    try expectSettled(&devices, at: morning.plus(hours: 1))
    for d in devices { #expect(!d.state.planner.asksMood && !d.state.planner.paceHints) }
    try devices[1].change { $0.setPaceHints(true) }
    try expectSettled(&devices, at: morning.plus(hours: 2))
    for d in devices { #expect(!d.state.planner.asksMood && d.state.planner.paceHints) }
  }

  /// A routine removed here whose task stays on today's list, when another device had made
  /// and removed a routine of the same number first: the task's routine is named, as the
  /// document names routines by number, by one of two deleted ones, which the delete made
  /// here may change. The round settles that itself (it is not spared: debug builds check
  /// that what is spared settles nothing), and the next round with nothing new sends nothing.
  @Test func aTaskWhoseRoutineIsGoneIsSettledInTheSameRound() throws {
    // "aaa" sorts before "zzz": the routine deleted elsewhere has the smaller name.
    var other = SyncDevice("aaa")
    try other.change { p in
      _ = try p.addRoutine(try Title("Walk"), spoons: try SpoonCost(2), at: morning)
    }
    try other.sync([], at: morning)
    try other.change { p in _ = try p.removeRoutine(RoutineRef(typed: 1)) }
    try other.sync([], at: morning.plus(minutes: 1))

    var here = SyncDevice("zzz")
    try here.change { p in
      _ = try p.addRoutine(try Title("Stretch"), spoons: try SpoonCost(1), at: morning.plus(minutes: 2))
    }
    try here.newDay(10, at: morning.plus(minutes: 3))
    try here.sync(other.files, at: morning.plus(minutes: 4))
    try here.sync([], at: morning.plus(minutes: 5))
    try #require(here.state.planner.routines.count == 1 && here.state.planner.todo.count == 1)
    try here.change { p in _ = try p.removeRoutine(RoutineRef(typed: 1)) }
    try here.sync([], at: morning.plus(minutes: 6))
    let sent = here.files.count
    try here.sync([], at: morning.plus(minutes: 7))
    #expect(here.files.count == sent, "a second round with nothing new sent \(here.files.last ?? [])")
    #expect(here.state.planner.todo.count == 1)
  }

  /// A routine's task waiting in the backlog (the day that made it was taken back on one
  /// device, and an edit on the other kept it): a round over what changed elsewhere still
  /// looks at the backlog (the part of the document holds every routine's task) and sends
  /// no delete for it.
  @Test func aRoutinesTaskInTheBacklogIsNotDeletedByARoundOverWhatChanged() throws {
    var laptop = SyncDevice("laptop")
    var phone = SyncDevice("phone")
    try laptop.change { p in
      _ = try p.addRoutine(try Title("Meds"), spoons: try SpoonCost(1), at: morning)
    }
    let beforeDay = laptop.state.planner
    try laptop.newDay(10, at: morning.plus(minutes: 1))
    try laptop.sync([], at: morning.plus(minutes: 2))
    try phone.sync(laptop.files, at: morning.plus(minutes: 3))
    laptop.state.planner = beforeDay  // the new day undone
    try laptop.sync([], at: morning.plus(minutes: 4))
    try phone.change { p in
      _ = try p.edit(id(1), TaskEdit(title: try Title("MedsX")), at: morning.plus(minutes: 5))
    }
    try phone.sync(laptop.files, at: morning.plus(minutes: 6))
    try laptop.sync(phone.files, at: morning.plus(minutes: 7))
    try #require(laptop.state.planner.backlog.map(\.title.text) == ["MedsX"])
    try laptop.change { p in _ = try p.add("Walk", spoons: 2, at: morning.plus(minutes: 8)) }
    try laptop.sync([], at: morning.plus(minutes: 9))
    try laptop.change { p in
      _ = try p.edit(id(2), TaskEdit(title: try Title("Walk2")), at: morning.plus(minutes: 10))
    }
    let sent = laptop.files.count
    let answered = laptop.changedRounds
    try laptop.sync([], at: morning.plus(minutes: 11))
    #expect(laptop.changedRounds == answered + 1)
    #expect(laptop.files.count == sent + 1)
    #expect(!(laptop.files.last ?? []).contains { $0.field == "gone" })
  }

  /// A task deleted here that another device's unseen edit kept holds a number deleted here
  /// today: whether a sync gave that number to another task is asked of it by every round,
  /// so a round over what changed elsewhere looks at its list too, and says what the live
  /// round says.
  @Test func aTaskKeptAfterItsDeleteHereIsLookedAtByARoundOverWhatChanged() throws {
    var laptop = SyncDevice("laptop", keepsGuards: true)
    var phone = SyncDevice("phone", keepsGuards: true)
    try laptop.newDay(10, at: morning)
    try laptop.change { p in _ = try p.add("Tea", spoons: 3, at: morning) }
    try laptop.change { p in _ = try p.add("Walk", spoons: 2, at: morning) }
    try laptop.sync([], at: morning.plus(minutes: 1))
    try phone.sync(laptop.files, at: morning.plus(minutes: 2))
    try phone.change { p in
      _ = try p.edit(id(1), TaskEdit(title: try Title("TeaX")), at: morning.plus(minutes: 3))
    }
    try laptop.change { p in _ = try p.delete([id(1)]) }
    try laptop.sync([], at: morning.plus(minutes: 4))
    try phone.sync(laptop.files, at: morning.plus(minutes: 5))
    try laptop.sync(phone.files, at: morning.plus(minutes: 6))
    try #require(laptop.state.planner.task(id(1)) != nil)
    try laptop.sync([], at: morning.plus(minutes: 7))
    try laptop.change { p in
      _ = try p.edit(id(2), TaskEdit(title: try Title("Walk2")), at: morning.plus(minutes: 8))
    }
    try laptop.sync([], at: morning.plus(minutes: 9))
  }
}

/// A live part that counts the tasks whose registers a round reads.
final class ReadCounting: SyncLiveRegisters {
  let document: SyncDocument
  private(set) var read = Set<SyncEntity>()
  init(_ document: SyncDocument) { self.document = document }
  var elsewhere: SyncNumbersElsewhere { document.elsewhere }
  func forEachTask(_ body: (SyncEntity, SyncRegister?, Bool) -> Void) { document.forEachTask(body) }
  func forEachOther(_ body: (SyncEntity, SyncRegisters) -> Void) { document.forEachOther(body) }
  func registers(ofTask entity: SyncEntity) throws -> SyncRegisters {
    read.insert(entity)
    return document.registers(ofTask: entity)
  }
  func holds(_ entity: SyncEntity) -> Bool { document.holds(entity) }
}
