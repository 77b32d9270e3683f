import SpoonsCore
import SpoonsSync

/// The synced state in the data directory (`sync-N.txt`, `sync-history-M.txt`): reading it,
/// and choosing the round over its live part or over the whole document.
extension PlannerStore {
  /// What this device had seen at its last sync, as the planner names it: empty before the
  /// first sync; nil when the file it names is missing. `inPart`: its tasks' registers are
  /// indexed, not read (`SyncStateIndex`), for sync itself.
  func syncBase(of journal: JournalState, inPart: Bool = false) throws(StoreError) -> SyncBase? {
    guard journal.syncFile > 0 else { return SyncBase() }
    let path = directory + "/" + SyncBase.fileName(journal.syncStateFile)
    guard var bytes = try FileSystem.read(path) else { return nil }
    // Bytes past the length the planner counts are a round it never committed: not read.
    if let counted = journal.syncState?.bytes {
      guard bytes.count >= counted else {
        throw .damagedSyncState(
          file: path,
          reason: "is shorter than \(PlannerFile.name) counts (\(bytes.count) of \(counted) bytes)")
      }
      bytes.removeLast(bytes.count - counted)
    }
    do {
      return try SyncBase.decode(bytes, file: path, inPart: inPart)
    } catch {
      throw Self.syncStateDamage(error, path: path)
    }
  }

  /// A synced-state file that does not read, said as the damage it is (only `sync` needs it).
  static func syncStateDamage(_ error: StoreError, path: String) -> StoreError {
    switch error {
    case .corrupt(_, let line, let reason):
      return .damagedSyncState(
        file: path, reason: "does not read" + (line.map { " at line \($0)" } ?? "") + ": \(reason)")
    case .foreign(_, _, let holds):
      return .damagedSyncState(
        file: path, reason: "is not a Spoons file" + (holds.map { " (\($0))" } ?? ""))
    default: return error
    }
  }

  /// Makes `base` whole: the history part its `sync-N.txt` names (each of its files, oldest
  /// first), read and joined to the live part. A base that is whole already (version 1) stays
  /// as it is.
  func loadHistory(into base: inout SyncBase) throws(StoreError) {
    try base.readWhole()
    for reference in base.history {
      let path = directory + "/" + reference.name
      guard let bytes = try FileSystem.read(path) else {
        throw .damagedSyncState(
          file: path, reason: "is missing, though the synced state counts on it")
      }
      let history: SyncDocument
      do {
        history = try SyncHistoryFile.decode(bytes, file: path, reference: reference)
      } catch {
        throw Self.syncStateDamage(error, path: path)
      }
      base.document = base.document.joined(with: history)
    }
    base.history = []
  }

  /// The whole synced document of `base`, read when first asked for; nil when its history
  /// part, or a line of its live part not read yet, does not read.
  func wholeDocument(_ base: SyncBase) -> () -> SyncDocument? {
    {
      var whole = base
      return (try? loadHistory(into: &whole)).map { whole.document }
    }
  }

  /// `syncBase`, refusing a missing one: sync's way in.
  func requiredSyncBase(of journal: JournalState, inPart: Bool = false) throws(StoreError)
    -> SyncBase
  {
    guard let base = try syncBase(of: journal, inPart: inPart) else {
      throw .damagedSyncState(
        file: directory + "/" + SyncBase.fileName(journal.syncStateFile),
        reason: "is missing, though \(PlannerFile.name) counts on it")
    }
    return base
  }

  /// The round: the everyday one (a change made here, an `undo` or `redo`, or one taken in,
  /// that leaves the history part alone) over what changed since the last sync, here and come
  /// in, reading only the registers of what it looks at (`changedRound`), or else over the
  /// live part of the synced state alone; when what came in ended the day open here, over the
  /// live part, archiving that day (`dayTakenInRound`); after a day ended here, with nothing
  /// come in, over the live part and what the archive gained (`dayEndedRound`); any other over
  /// the whole of it and the archive (`.whole`: what it read, and the tasks `done.txt`
  /// records), which leaves `base` whole.
  func chooseRound(
    _ base: inout SyncBase, _ snapshot: PlannerSnapshot, _ incoming: inout SyncIncoming,
    device: DeviceID, copied: Bool, copiedFrom: DeviceID?, now: Timestamp
  ) throws -> (round: SyncRound, over: RoundOver) {
    let clock = HybridClock(device: device, last: base.clock)
    incoming.setAsideStampsAhead(of: now)
    if !copied, !incoming.files.contains(where: \.file.snapshot),
      let changed = livePartDecides(base, snapshot)
    {
      let changes = incoming.files.flatMap(\.file.changes)
      if let round = changedRound(
        base, snapshot, changed: changed, incoming: incoming, clock: clock, now: now),
        changes.isEmpty || hiddenStay(base, round)
      {
        return (round, .livePart)
      }
      try base.readWhole()
      if let round = try? liveRound(base, snapshot, incoming: changes, clock: clock, now: now),
        hiddenStay(base, round)
      {
        assert(
          isTheWholeRound(round, base, snapshot, incoming, clock: clock, now: now),
          "the round over the live part is not the round over the whole")
        return (round, .livePart)
      }
      if let round = dayTakenInRound(base, snapshot, incoming, clock: clock, now: now) {
        return (round, .dayTakenIn(done: round.state.done, days: round.state.days))
      }
    }
    if !copied, incoming.files.isEmpty,
      let round = try dayEndedRound(&base, snapshot, clock: clock, now: now)
    {
      return (round, .dayEnded)
    }
    return try wholeRound(
      &base, snapshot, &incoming, clock: clock, now: now, copiedFrom: copiedFrom)
  }

  /// The round over the whole synced document and the archive, which leaves `base` whole.
  func wholeRound(
    _ base: inout SyncBase, _ snapshot: PlannerSnapshot, _ incoming: inout SyncIncoming,
    clock: HybridClock, now: Timestamp, copiedFrom: DeviceID? = nil
  ) throws -> (round: SyncRound, over: RoundOver) {
    try loadHistory(into: &base)
    var archive = try readRecordedArchive(snapshot)
    let recorded = archive.doneTasks.map(\.id)
    archive.doneTasks = ArchivedCopies.newest(archive.doneTasks, live: snapshot.planner)
    let round = try incoming.round(
      base: base.document,
      local: SyncedState(planner: snapshot.planner, done: archive.doneTasks, days: archive.days),
      clock: clock, now: now, copiedFrom: copiedFrom, lastSynced: base.syncedAt)
    return (round, .whole(read: archive, recorded: recorded))
  }

  /// After a day ended here (`new-day`, with nothing come in): the round over the live part
  /// and what the archive gained since the last sync (`archiveGainedSinceSync`), when the live
  /// part decides it (`SyncRound.overLivePart`) and the history part names fewer than
  /// `SyncBase.historyFilesAtMost` files; nil otherwise, and the whole decides. `base` is
  /// read whole (its live part). Debug builds check it against the round over the whole.
  func dayEndedRound(
    _ base: inout SyncBase, _ snapshot: PlannerSnapshot, clock: HybridClock, now: Timestamp
  ) throws -> SyncRound? {
    guard base.history.count < SyncBase.historyFilesAtMost, historyPartStands(base, snapshot),
      let gained = archiveGainedSinceSync(base, snapshot),
      // Only days ended (what an import appends, with no day, is decided by the whole), none
      // of whose tasks the planner holds (nor, so, one the archive hid: every hidden task is
      // in the planner).
      SyncRound.onlyDaysEnded(gained.done, gained.days, leaving: snapshot.planner)
    else { return nil }
    try base.readWhole()
    guard
      let round = try? SyncRound.overLivePart(
        base.document, limits: base.limits, planner: snapshot.planner, clock: clock, now: now,
        lastSynced: base.syncedAt, handedOut: base.handedOut, archived: gained)
    else { return nil }
    assert(
      isTheWholeRound(round, base, snapshot, SyncIncoming(), clock: clock, now: now),
      "the round after a day ended is not the round over the whole")
    return round
  }

  /// What came in ended the day open here (a `new-day` on another device): the round over the
  /// live part, which archives that day and its tasks (`SyncRound.overLivePartEndingDay`),
  /// when the history part names fewer than `SyncBase.historyFilesAtMost` files and every
  /// task whose archived copy the planner hid stays in the planner it makes (`hiddenStay`);
  /// nil otherwise,
  /// and the whole decides. The caller has made sure the live part decides
  /// (`livePartDecides`: the archive is as the last sync left it) and read `base` whole.
  /// Debug builds check it against the round over the whole.
  func dayTakenInRound(
    _ base: SyncBase, _ snapshot: PlannerSnapshot, _ incoming: SyncIncoming, clock: HybridClock,
    now: Timestamp
  ) -> SyncRound? {
    guard base.history.count < SyncBase.historyFilesAtMost,
      let round = try? SyncRound.overLivePartEndingDay(
        base.document, limits: base.limits, planner: snapshot.planner,
        incoming: incoming.files.flatMap(\.file.changes), clock: clock, now: now,
        lastSynced: base.syncedAt, handedOut: base.handedOut),
      hiddenStay(base, round)
    else { return nil }
    assert(
      isTheWholeRound(
        round, base, snapshot, incoming, clock: clock, now: now,
        gained: (round.state.done, round.state.days)),
      "the round taking in a day ended elsewhere is not the round over the whole")
    return round
  }

  /// Whether `round`, over the live part of `base` (read whole), is the round over the whole
  /// document and archive, which leaves the archive as it is but for what it `gained` (a day
  /// taken in): checked in debug builds (every test) on every such round. True when the history part does not read (there is nothing
  /// to compare with; the next sync that reads it whole says so).
  func isTheWholeRound(
    _ round: SyncRound, _ base: SyncBase, _ snapshot: PlannerSnapshot, _ incoming: SyncIncoming,
    clock: HybridClock, now: Timestamp, gained: (done: [SpoonTask], days: [DayRecord]) = ([], [])
  ) -> Bool {
    var whole = base
    var same = incoming
    guard let history = try? historyDocument(base),
      let other = try? wholeRound(&whole, snapshot, &same, clock: clock, now: now),
      case .whole(let archive, _) = other.over
    else { return true }
    return round.isTheWholeRound(
      other.round, history: history,
      archive: (archive.doneTasks + gained.done, archive.days + gained.days))
  }

  /// Whether every task whose archived copy the planner hid (`SyncBase.hidden`) is in the
  /// planner `round` makes, under the number it had: a task that left it (deleted, or
  /// archived again) would show its old copy again, and one whose number went to another
  /// task would hide it behind that one, where the round over the whole leaves the copy out
  /// of the archive it writes. Only the whole then decides.
  func hiddenStay(_ base: SyncBase, _ round: SyncRound) -> Bool {
    guard !base.hidden.isEmpty else { return true }
    var moved = Set<Int>()
    for renumbering in round.stateToSave.planner.renumbered {
      if case .task(let id) = renumbering.old { moved.insert(id.rawValue) }
    }
    return base.hidden.allSatisfy {
      round.state.planner.task(TaskID($0)) != nil && !moved.contains($0)
    }
  }

  /// The history part `base` names, read whole.
  func historyDocument(_ base: SyncBase) throws(StoreError) -> SyncDocument {
    var history = base
    history.document = SyncDocument()
    history.unread = nil
    try loadHistory(into: &history)
    return history.document
  }

  /// Whether the history part `base` names stands as the last sync left it, for a round over
  /// the live part: the state is split and the planner has synced; every history file is
  /// there at the size it names (a file put back or replaced is read whole, by the round over
  /// the whole, which checks it); and no task whose archived copy the planner hid has left
  /// the planner (its archived copy shows again, which only the whole takes in).
  func historyPartStands(_ base: SyncBase, _ snapshot: PlannerSnapshot) -> Bool {
    !base.history.isEmpty && snapshot.journal.syncFile != 0
      && base.history.allSatisfy { FileSystem.size(directory + "/" + $0.name) == $0.bytes }
      && base.hidden.allSatisfy { snapshot.planner.task(TaskID($0)) != nil }
  }

  /// The tasks and days the archive gained since the last sync, as the undo history since
  /// then recorded them: only when it recorded nothing but changes (no undo or redo, which
  /// may take back what the sync saw), and the archive's files are the ones the sync saw,
  /// grown by those appends alone. Nil otherwise, and when it gained nothing.
  func archiveGainedSinceSync(_ base: SyncBase, _ snapshot: PlannerSnapshot)
    -> (done: [SpoonTask], days: [DayRecord])?
  {
    guard let was = base.archive, was != snapshot.archive,
      was.doneFile == snapshot.archive.doneFile, was.daysFile == snapshot.archive.daysFile,
      let tail = journalSinceSync(base, snapshot.journal, marks: false)
    else { return nil }
    var done: [UInt8] = []
    var days: [UInt8] = []
    var ends = (done: was.done, days: was.days)
    for append in tail.appends {
      if append.file == was.doneName, append.at == ends.done {
        done += append.bytes
        ends.done += append.bytes.count
      } else if append.file == was.daysName, append.at == ends.days {
        days += append.bytes
        ends.days += append.bytes.count
      } else {
        return nil
      }
    }
    guard ends == (snapshot.archive.done, snapshot.archive.days) else { return nil }
    // Records past the start of a file follow its format line, which the first append wrote.
    func records(_ bytes: [UInt8], from: Int, _ format: FileFormat) -> [UInt8] {
      var out: [UInt8] = []
      if from > 0 || bytes.isEmpty { format.encodeHeader(to: &out) }
      return out + bytes
    }
    guard
      let gainedDone = try? ArchiveFiles.decodeDone(
        records(done, from: was.done, ArchiveFiles.doneFormat)),
      let gainedDays = try? ArchiveFiles.decodeDays(
        records(days, from: was.days, ArchiveFiles.daysFormat))
    else { return nil }
    return (gainedDone, gainedDays)
  }

  /// Whether the live part of the synced state decides a round alone, and the tasks changed
  /// since the last sync if it does: the history part stands (`historyPartStands`) and the
  /// archive is as it was at the last sync.
  func livePartDecides(_ base: SyncBase, _ snapshot: PlannerSnapshot) -> Set<TaskID>? {
    guard historyPartStands(base, snapshot), base.archive == snapshot.archive,
      let changed = tasksChangedSinceSync(base, snapshot.journal)
    else { return nil }
    return changed
  }

  /// The round over the live part of the synced state alone (`SyncRound.overLivePart`), when
  /// it can be sure to be the round over the whole (`livePartDecides`); nil when it cannot,
  /// and when the live part does not make a planner (the whole then says why). `base` is read
  /// whole.
  func liveRound(
    _ base: SyncBase, _ snapshot: PlannerSnapshot, incoming: [SyncChange], clock: HybridClock,
    now: Timestamp
  ) throws(SyncProblem) -> SyncRound? {
    try SyncRound.overLivePart(
      base.document, limits: base.limits, planner: snapshot.planner, incoming: incoming,
      clock: clock, now: now, lastSynced: base.syncedAt, handedOut: base.handedOut)
  }

  /// The round over what changed since the last sync, here and come in, alone
  /// (`SyncRound.overChanged`), over the registers `base` holds or has indexed, when it is
  /// sure. Debug builds check it against the round over the whole live part, and that one,
  /// when something came in, against the round over the whole document.
  func changedRound(
    _ base: SyncBase, _ snapshot: PlannerSnapshot, changed: Set<TaskID>, incoming: SyncIncoming,
    clock: HybridClock, now: Timestamp
  ) -> SyncRound? {
    let live: any SyncLiveRegisters = base.unread ?? base.document
    let changes = incoming.files.flatMap(\.file.changes)
    guard
      let round = try? SyncRound.overChanged(
        live, limits: base.limits, planner: snapshot.planner, changed: changed,
        incoming: changes, clock: clock, now: now, lastSynced: base.syncedAt,
        handedOut: base.handedOut)
    else { return nil }
    assert(
      {
        // A register the round did not read that does not read either: the next sync that
        // reads the state whole says so; there is nothing to compare with.
        var whole = base
        guard (try? whole.readWhole()) != nil else { return true }
        guard
          let other = try? liveRound(whole, snapshot, incoming: changes, clock: clock, now: now)
        else { return false }
        return round.agrees(with: other, joinedTo: whole.document)
          && (changes.isEmpty
            || isTheWholeRound(other, whole, snapshot, incoming, clock: clock, now: now))
      }(), "the round over what changed is not the live round, or that not the whole round")
    return round
  }

  /// The tasks the changes recorded since the last sync touched (the undo history from where
  /// that sync left it), an `undo` or `redo` among them included (the lines it took back or
  /// made again), when none archived a day or changed an archived task. Nil when that cannot
  /// be told: the history was rewritten since, or does not read.
  func tasksChangedSinceSync(_ base: SyncBase, _ journal: JournalState) -> Set<TaskID>? {
    guard let mark = base.journal, mark.bytes == journal.bytes, mark.generation == journal.generation
    else { return journalSinceSync(base, journal).flatMap { Self.tasksChanged(by: $0) } }
    // Nothing recorded since, an empty history included (a device that joined and has changed
    // nothing yet): every commit but a sync's is recorded there, or (`check --repair`) starts
    // a new history, gives the archive new files, or puts back the planner its state was
    // synced with.
    return []
  }

  /// The tasks `tail`'s changes touched; nil when one appended to the archive or changed it.
  static func tasksChanged(by tail: JournalTail) -> Set<TaskID>? {
    guard tail.appends.isEmpty else { return nil }
    var changed = Set<TaskID>()
    for step in tail.steps {
      for touched in step {
        if touched.key == "archive" { return nil }
        if let id = PlannerLines.taskID(ofKey: touched.key) { changed.insert(id) }
      }
    }
    return changed
  }

  /// The records of the undo history since the last sync (from where that sync left it): nil
  /// when there are none, or when the history was rewritten since or does not read. With
  /// `marks`, an `undo` or `redo` among them takes its change from the history before the
  /// sync, which is read for it (`readJournal`), and its steps are the lines it took back or
  /// made again; without, one makes it nil, with nothing more read (what the archive gained
  /// is told only from changes: `archiveGainedSinceSync`).
  func journalSinceSync(_ base: SyncBase, _ journal: JournalState, marks: Bool = true)
    -> JournalTail?
  {
    guard let mark = base.journal, mark.generation == journal.generation,
      mark.bytes < journal.bytes
    else { return nil }
    let since = JournalState(
      generation: mark.generation, bytes: mark.bytes, lastSeq: journal.syncFile)
    // Marks within the bytes the snapshot holds were committed (an undo commits with a
    // checkpoint that counts them, and may be the last record).
    guard
      let tail = try? JournalTail.read(
        journalPath(since), journal: since, marksUpTo: journal.bytes,
        committed: { () throws(StoreError) in
          guard marks else {
            throw .io(path: journalPath(since), operation: "read", reason: "an undo or redo")
          }
          return try readJournal(since)
        }),
      mark.bytes + tail.length == journal.bytes
    else { return nil }
    return tail
  }
}

/// Which round a sync took, and what it read for it.
enum RoundOver {
  var isLivePart: Bool { if case .livePart = self { true } else { false } }
  var isWhole: Bool { archiveRead != nil }
  /// The archive the round over the whole read.
  var archiveRead: Archive? { if case .whole(let read, _) = self { read } else { nil } }

  /// The live part alone (or what changed since the last sync): appended to the state read.
  case livePart
  /// The live part and what the archive gained since the last sync (a day ended here): a new
  /// checkpoint, and the history part gains a file of what the live part no longer names (if
  /// anything).
  case dayEnded
  /// The live part, with what came in ending the day open here: the archive gains `done` and
  /// `days`, appended to its files by the commit; then as after a day ended here.
  case dayTakenIn(done: [SpoonTask], days: [DayRecord])
  /// The whole document and the archive (`read`, and the tasks `done.txt` records).
  case whole(read: Archive, recorded: [TaskID])

  /// What the commit appends to the archive.
  var archiveGained: (done: [SpoonTask], days: [DayRecord])? {
    if case .dayTakenIn(let done, let days) = self { (done, days) } else { nil }
  }
}

extension SyncBase {
  /// What a sync that sends or takes in something saves: the files taken in as read, the
  /// number of this device's newest change file, the clock, when, and the round's document.
  mutating func record(
    _ round: SyncRound, incoming: SyncIncoming, device: DeviceID, sent: Int, at now: Timestamp
  ) {
    markRead(incoming, by: device)
    self.sent = sent
    clock = round.clock.last
    syncedAt = now
    document = round.document
  }

  /// Records the files taken in as read, and what each snapshot among them covered.
  mutating func markRead(_ incoming: SyncIncoming, by device: DeviceID) {
    for (file, sum) in incoming.files {
      seen.insert(SyncBase.key(file, sum))
      // A snapshot holds what its device had read of every device's files.
      for (other, upto) in file.covers where other != device.text {
        covered[other] = max(covered[other] ?? 0, upto)
      }
    }
  }

  /// After a round over the whole document: keeps its live part here, with what a round over
  /// it alone needs, and returns the history part to write. `archive`: what the round read,
  /// and the tasks `done.txt` records; `state`: what the sync saves.
  mutating func split(
    _ round: SyncRound, _ archive: (read: Archive, recorded: [TaskID]), saving state: SyncedState,
    now: Timestamp
  ) -> SyncDocument {
    let parts = round.document.parts(
      for: state.planner, identities: round.identities, clock: state.planner.today(at: now))
    document = parts.live
    limits = parts.limits
    handedOut = Self.handedOut(by: state.planner)
    // An archive the commit rewrites holds no copy of a live task; one it keeps may.
    let rewritten = state.done != archive.read.doneTasks || state.days != archive.read.days
    hidden = rewritten
      ? [] : archive.recorded.filter { state.planner.task($0) != nil }.map(\.rawValue)
    return parts.history
  }
}

/// What a sync writes of the history part.
enum SyncHistoryWrite {
  /// The history part made anew, by a round over the whole: one file replaces the ones named.
  case replacing(SyncDocument)
  /// What a day ended here took out of the live part: a file added to the ones named.
  case adding(SyncDocument)
}

extension SyncBase {
  /// Splits the document again after `round` for the rounds after it: after a round over the
  /// whole document, into the live part and the history part made anew (`split`); after a day
  /// ended here, what the live part no longer names is the history part's next file
  /// (`splitAfterDayEnded`). Nil after a round over the live part alone: the files stay.
  mutating func splitAfter(
    _ round: SyncRound, _ over: RoundOver, saving state: SyncedState, now: Timestamp
  ) -> SyncHistoryWrite? {
    switch over {
    case .livePart: nil
    case .dayEnded, .dayTakenIn: .adding(splitAfterDayEnded(round, saving: state, now: now))
    case .whole(let read, let recorded):
      .replacing(split(round, (read, recorded), saving: state, now: now))
    }
  }

  /// After the round over the live part and what the archive gained (a day ended here, or
  /// taken in from another device): keeps what the planner it saves names as the live part,
  /// and returns the rest (the day ended, its done tasks, deletes) for the history part's next
  /// file. The limits become those of the history part with that file
  /// (`SyncDocument.partsAfterArchiving`); the archive is as the commit leaves it, and the
  /// tasks it hides are the ones it hid (the round archived no task the planner holds, and
  /// every hidden task stays in the planner).
  mutating func splitAfterDayEnded(_ round: SyncRound, saving state: SyncedState, now: Timestamp)
    -> SyncDocument
  {
    let parts = round.document.partsAfterArchiving(
      for: state.planner, identities: round.identities, clock: state.planner.today(at: now),
      old: limits, elsewhere: document.elsewhere)
    document = parts.live
    limits = parts.limits
    handedOut = Self.handedOut(by: state.planner)
    return parts.history
  }

  /// The numbers `planner` has handed out: nothing named at or after them is in a history
  /// part written now.
  static func handedOut(by planner: Planner) -> SyncNumbers {
    SyncNumbers(task: planner.nextID.rawValue, routine: planner.nextRoutineID.rawValue)
  }
}