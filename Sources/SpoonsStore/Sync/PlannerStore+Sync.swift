import SpoonsCore
import SpoonsSync

/// `sync`: the lock, the reads, the round (pure, `SyncRound` in SpoonsSync), and the result
/// committed as one save of the planner, its archive and the synced state. Choosing the round
/// and reading the synced state: `PlannerStore+SyncState.swift`; what this device writes
/// where it syncs: `PlannerStore+SyncPublish.swift`; joining and this device's name:
/// `PlannerStore+SyncSetup.swift`.
extension PlannerStore {
  /// One sync: sends what changed here since the last one, takes in what the other devices
  /// sent, and saves the merged planner. Not undoable: `undo` afterwards takes back changes
  /// made here only where the sync left them as they were.
  public func sync(at now: Timestamp) throws -> SyncReport {
    guard var setup = try syncSetup() else { throw SyncError.notSetUp }
    let target = try transport(setup.kind, setup.target, at: now)
    return try exclusively { lock throws -> SyncReport in
      // A sync may write where it syncs before it commits here, and git writes to its cache
      // here: it runs locked or not at all, never as a trial run.
      guard let lock else { throw WouldWrite() }
      // Right after a change here with no other writer since: the planner it committed.
      let committed = lastCommit.take(under: lock)
      assert(committed.map { (try? readSnapshot()) == $0 } ?? true, "not the planner on disk")
      var snapshot = try committed ?? readSnapshot()
      var base = try requiredSyncBase(of: snapshot.journal, inPart: true)
      try checkHistoryNumbers(base, snapshot)
      let read = base
      let previousHistory = base.history.map(\.name)
      var report = SyncReport(target: setup.target, device: setup.name)
      report.lastSynced = base.syncedAt
      let named = setup.name
      // Before anything is written here, so a target out of reach changes nothing.
      let (copy, found) = try identify(setup, target, sent: base.sent)
      let copied = copy != nil
      if let copy { becomeNewDevice(copy, &setup, &base, &report) }
      var incoming = try target.read(except: setup.device, seen: base.seen)
      if !copied {
        incoming.files += target.ownFiles(after: base.sent, of: setup.device, seen: base.seen)
      }
      report.arriving = incoming.arriving.map { base.names[$0] ?? $0 }.sorted()
      report.newer = incoming.newer.map { (base.names[$0.device] ?? $0.device, $0.version) }
      let (round, over) = try chooseRound(
        &base, snapshot, &incoming, device: setup.device, copied: copied,
        copiedFrom: report.previousDevice.flatMap { DeviceID($0) }, now: now)
      report.damaged = incoming.damaged
      // Told apart from the devices known here: on joining, and a copy by this host's name.
      let naming = copied ? currentHostName : snapshot.journal.syncFile == 0 ? setup.name : nil
      let (renamed, learned) = learnNames(&base, &setup, from: incoming, naming: naming)
      report.device = setup.name
      report.tell(round, incoming: incoming, known: base, device: setup.device)
      // A day another device started ahead becomes this one's once its clock gets there, with
      // nothing new to send or read.
      guard !round.outgoing.isEmpty || !incoming.files.isEmpty || copied || renamed
        || learned || snapshot.journal.syncFile == 0
        || round.state.planner.day != snapshot.planner.day
      else {
        compactOnly(target, setup: &setup, base: base, incoming: incoming, found: found)
        return report
      }
      let (sent, outgoing) = try changeFile(
        round, renamed: renamed, setup: setup, sent: base.sent, target: target)
      base.record(round, incoming: incoming, device: setup.device, sent: sent, at: now)
      let state = round.stateToSave
      let whole = over.isWhole ? round.document : nil
      // What is appended to the state read, worked out once; a state read in part that will
      // be written whole (a new checkpoint) is read whole before anything is written where
      // this device syncs: a damaged line then stops the sync with nothing sent.
      let appended = over.isLivePart
        ? Self.appendedRound(
          base, snapshot, appending: (read, Self.kept(round, incoming, in: base.document)))
        : nil
      if appended == nil { try base.readWhole() }
      // The shared folder or the remote first, in one step (one commit and push for git):
      // the change file, what this device has read, and any compaction. Once the planner
      // says these changes are synced, they must be there. A kill between the two sends them
      // again next time (the same values, newer stamps), which changes nothing; a push that
      // fails commits nothing here.
      var own = ownUpdates(
        target, setup: setup, base: base, incoming: incoming, sending: outgoing?.seq,
        whole: { whole ?? wholeDocument(base)() })
      if let outgoing { own.writing[outgoing.storedName] = outgoing.encode() }
      try send(
        own, setup: &setup, found: found, to: target, incoming: incoming,
        saving: copied || setup.name != named)
      let history = base.splitAfter(round, over, saving: state, now: now)
      try commitSync(
        &snapshot, state: state, archive: over.archiveRead, gained: over.archiveGained, base: base,
        history: history, previousHistory: previousHistory, appended: appended, lock: lock)
      return report
    }
  }

  /// Refuses a synced state that names a history file numbered after the planner's last
  /// change (only a state edited by hand can): this sync would write over it. Before anything
  /// is sent.
  private func checkHistoryNumbers(_ base: SyncBase, _ snapshot: PlannerSnapshot)
    throws(StoreError)
  {
    guard
      let ahead = base.history.first(where: {
        SyncHistoryFile.number(of: $0.name).map { $0 > snapshot.journal.lastSeq } ?? false
      })
    else { return }
    throw .damagedSyncState(
      file: directory + "/" + SyncBase.fileName(snapshot.journal.syncStateFile),
      reason: "names \(ahead.name), which no sync has written yet")
  }

  /// Sends what this device writes where it syncs (`publish`), and saves `sync.txt` when
  /// `saving`. Not into a link or anything but a real folder: what was to go there is sent
  /// again as a snapshot once it is one (its files are then missing), as after a folder
  /// emptied.
  private func send(
    _ own: (writing: [String: [UInt8]], removing: Set<String>), setup: inout SyncSetup,
    found: String?, to target: any SyncTransport, incoming: SyncIncoming, saving: Bool
  ) throws {
    if !incoming.ownFolderRefused {
      try publish(
        own, setup: &setup, found: found, to: target, saving: saving,
        deviceFile: !incoming.deviceFileRefused)
    } else if saving {
      try FileSystem.replace(syncSetupPath, with: setup.encode(), in: directory, backup: nil)
    }
  }

  /// What a round over the live part alone kept of the changes it sent and took in: what it
  /// appends to the state it read.
  private static func kept(_ round: SyncRound, _ incoming: SyncIncoming, in document: SyncDocument)
    -> [SyncChange]
  {
    (round.outgoing + incoming.files.flatMap(\.file.changes)).filter {
      document.entities[$0.entity]?[$0.field] == SyncRegister(value: $0.value, stamp: $0.stamp)
    }
  }

  /// A sync with nothing new either way: the others may have read more since, so what this
  /// device wrote where it syncs is compacted, if anything; a failure changes nothing.
  private func compactOnly(
    _ target: any SyncTransport, setup: inout SyncSetup, base: SyncBase, incoming: SyncIncoming,
    found: String?
  ) {
    let own = ownUpdates(
      target, setup: setup, base: base, incoming: incoming, whole: wholeDocument(base))
    if !incoming.ownFolderRefused, !own.writing.isEmpty || !own.removing.isEmpty {
      try? publish(
        own, setup: &setup, found: found, to: target, saving: false,
        deviceFile: !incoming.deviceFileRefused)
    }
  }

  /// The number of this device's newest change file after this round, and the file to send,
  /// if any. A new name goes in a change file, of its own when nothing else goes: the others
  /// take a device's name from its newest file.
  private func changeFile(
    _ round: SyncRound, renamed: Bool, setup: SyncSetup, sent: Int, target: any SyncTransport
  ) throws -> (sent: Int, file: ChangeFile?) {
    var sent = max(sent, try target.highestSeq(of: setup.device))
    guard !round.outgoing.isEmpty || renamed else { return (sent, nil) }
    sent += 1
    return (
      sent, ChangeFile(device: setup.device, name: setup.name, seq: sent, changes: round.outgoing)
    )
  }

  /// Saves a sync's planner, archive and synced state as one commit, outside the undo
  /// history: the archive, `sync-N.txt` and a new history file go to new files that only the
  /// new `planner.txt` names (N is a change number taken for it), so a kill leaves the old
  /// state or the new one. `archive`: the archive the round read (nil: it read none, and the
  /// archive is as it was, but for what it `gained`: a day ended on another device, appended
  /// to its files after the lengths `planner.txt` counts, which only the new one counts);
  /// `history`: the history part made anew, or a file added to it (nil: the files `base`
  /// names stay). `appended`: what to append to the file the state was read from, when the
  /// round went over the live part alone and the file does not outgrow its checkpoint
  /// (`appendedRound`); nil writes a new checkpoint.
  func commitSync(
    _ snapshot: inout PlannerSnapshot, state: SyncedState, archive: Archive?,
    gained: (done: [SpoonTask], days: [DayRecord])? = nil, base: SyncBase,
    history: SyncHistoryWrite?, previousHistory: [String], appended: [UInt8]? = nil, lock: FileLock?
  ) throws {
    guard let lock else { throw WouldWrite() }
    var base = base
    let number = snapshot.journal.lastSeq + 1
    snapshot.journal.lastSeq = number
    var writes: [PendingWrite] = []
    if let archive, state.done != archive.doneTasks || state.days != archive.days {
      var done: [UInt8] = []
      var days: [UInt8] = []
      if !state.done.isEmpty { ArchiveFiles.doneFormat.encodeHeader(to: &done) }
      for task in state.done { TaskRecord.encode(task, to: &done) }
      if !state.days.isEmpty { ArchiveFiles.daysFormat.encodeHeader(to: &days) }
      for day in state.days { ArchiveFiles.encode(day, to: &days) }
      let doneName = ArchiveFiles.name(ArchiveFiles.doneName, number: number)
      let daysName = ArchiveFiles.name(ArchiveFiles.daysName, number: number)
      writes.append(PendingWrite(path: directory + "/" + doneName, bytes: done, at: 0))
      writes.append(PendingWrite(path: directory + "/" + daysName, bytes: days, at: 0))
      snapshot.archive = ArchiveLengths(
        done: done.count, days: days.count, doneFile: number, daysFile: number)
    }
    if let gained { writes += appending(gained, to: &snapshot.archive) }
    var written: SyncDocument?
    switch history {
    case .replacing(let whole)?:
      written = whole
      base.history = []
    // A day that took nothing out of the live part adds no file.
    case .adding(let moved)? where !moved.entities.isEmpty: written = moved
    case .adding?, nil: break
    }
    if let document = written {
      let (bytes, registers) = SyncHistoryFile.encode(document)
      let name = SyncHistoryFile.fileName(number)
      writes.append(PendingWrite(path: directory + "/" + name, bytes: bytes, at: 0))
      base.history.append(
        SyncHistoryFile.Reference(
          name: name, registers: registers, bytes: bytes.count, sum: FNV1a.hex(bytes)))
    }
    base.archive = snapshot.archive
    base.journal = (snapshot.journal.generation, snapshot.journal.bytes)
    let previous = snapshot.journal.syncStateFile
    if history == nil, let mark = snapshot.journal.syncState, let round = appended {
      let path = directory + "/" + SyncBase.fileName(mark.file)
      assert(Self.readsBack(base, path: path, counted: mark.bytes, appending: round))
      writes.append(PendingWrite(path: path, bytes: round, at: mark.bytes))
      snapshot.journal.syncState = SyncedStateMark(file: mark.file, bytes: mark.bytes + round.count)
    } else {
      try base.readWhole()
      let bytes = base.encode()
      writes.append(
        PendingWrite(path: directory + "/" + SyncBase.fileName(number), bytes: bytes, at: 0))
      snapshot.journal.syncState = SyncedStateMark(file: number, bytes: bytes.count)
    }
    snapshot.journal.syncFile = number
    snapshot.journal.syncRecords = snapshot.journal.records
    snapshot.planner = state.planner
    try save(&snapshot, after: writes, lock: lock)
    // The one before stays too: `planner.txt.bak`, which the README tells people to put back
    // after a mishap, names it.
    if previous > 0 {
      let keep = Set(
        [SyncBase.fileName(snapshot.journal.syncStateFile), SyncBase.fileName(previous)]
          + base.history.map(\.name) + previousHistory)
      FileSystem.removeFiles(in: directory) {
        (SyncBase.isFileName($0) || SyncHistoryFile.isFileName($0)) && !keep.contains($0)
      }
    }
  }

  /// The writes that append `gained` to the archive files after the lengths `archive` counts
  /// (with the format line, to a file still empty), and `archive` counting them.
  private func appending(
    _ gained: (done: [SpoonTask], days: [DayRecord]), to archive: inout ArchiveLengths
  ) -> [PendingWrite] {
    var done: [UInt8] = []
    var days: [UInt8] = []
    if archive.done == 0, !gained.done.isEmpty { ArchiveFiles.doneFormat.encodeHeader(to: &done) }
    for task in gained.done { TaskRecord.encode(task, to: &done) }
    if archive.days == 0, !gained.days.isEmpty { ArchiveFiles.daysFormat.encodeHeader(to: &days) }
    for day in gained.days { ArchiveFiles.encode(day, to: &days) }
    var writes: [PendingWrite] = []
    if !done.isEmpty {
      writes.append(
        PendingWrite(path: directory + "/" + archive.doneName, bytes: done, at: archive.done))
      archive.done += done.count
    }
    if !days.isEmpty {
      writes.append(
        PendingWrite(path: directory + "/" + archive.daysName, bytes: days, at: archive.days))
      archive.days += days.count
    }
    return writes
  }

  /// What this sync appends to the synced state it read (`SyncBase.round(after:registers:)`,
  /// for `base` as `commitSync` saves it); nil when it writes a new checkpoint instead: the
  /// state cannot be said by appending, or the rounds would outgrow the checkpoint.
  static func appendedRound(
    _ base: SyncBase, _ snapshot: PlannerSnapshot,
    appending: (read: SyncBase, registers: [SyncChange])?
  ) -> [UInt8]? {
    guard let appending, snapshot.journal.syncState != nil else { return nil }
    var base = base
    base.archive = snapshot.archive
    base.journal = (snapshot.journal.generation, snapshot.journal.bytes)
    guard let round = base.round(after: appending.read, registers: appending.registers),
      appending.read.appendedRecords + round.count(where: { $0 == 10 })
        <= max(appending.read.checkpointRecords, SyncBase.appendedAtLeast)
    else { return nil }
    return round
  }

  /// Whether the file a round is appended to reads, with it, as `base`: checked in debug
  /// builds (every test) on every appended round.
  static func readsBack(_ base: SyncBase, path: String, counted: Int, appending round: [UInt8])
    -> Bool
  {
    // A state whose unread registers do not read cannot be compared: the next sync that reads
    // it whole says so.
    var base = base
    guard (try? base.readWhole()) != nil else { return true }
    guard let bytes = try? FileSystem.read(path), bytes.count >= counted,
      let read = try? SyncBase.decode(Array(bytes[..<counted]) + round, file: path)
    else { return false }
    return read == base
  }
}
