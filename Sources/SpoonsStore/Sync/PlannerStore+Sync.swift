import SpoonsCore
import SpoonsSync

/// `sync`: the rules are Core's `SyncRound`; here the shared folder or the git remote is read
/// and written, and the result committed as one save of the planner, its archive and the
/// synced state.
extension PlannerStore {
  var syncSetupPath: String { directory + "/" + SyncSetup.fileName }

  /// Where this planner syncs, or nil when it does not.
  public func syncSetup() throws(StoreError) -> SyncSetup? {
    guard let bytes = try FileSystem.read(syncSetupPath, limit: 1 << 20) else { return nil }
    return try SyncSetup.decode(bytes, file: syncSetupPath)
  }

  /// Turns syncing after every changing command on or off.
  public func setAutoSync(_ on: Bool) throws {
    try exclusively { lock throws in
      guard lock != nil else { throw WouldWrite() }
      guard var setup = try syncSetup() else { throw SyncError.notSetUp }
      setup.auto = on
      try FileSystem.replace(syncSetupPath, with: setup.encode(), in: directory, backup: nil)
    }
  }

  /// `sync --forget`: a device gone for good, by name or id. Compaction stops waiting for it;
  /// its changes stay, and if it ever syncs again it catches up from the snapshots. A name
  /// several devices share is refused, naming their ids.
  public func forgetDevice(_ nameOrID: String) throws -> (id: String, name: String) {
    try exclusively { lock throws -> (id: String, name: String) in
      guard lock != nil else { throw WouldWrite() }
      guard var setup = try syncSetup() else { throw SyncError.notSetUp }
      var names = try syncBase(of: readSnapshot().journal)?.names ?? [:]
      names.removeValue(forKey: setup.device.text)
      let chosen: String
      if names[nameOrID] != nil {
        chosen = nameOrID
      } else {
        let matches = names.filter { $0.value.lowercased() == nameOrID.lowercased() }.keys.sorted()
        guard let first = matches.first else {
          if nameOrID == setup.device.text || nameOrID.lowercased() == setup.name.lowercased() {
            throw SyncError.forgettingItself
          }
          throw SyncError.unknownDevice(
            nameOrID, known: names.sorted { $0.key < $1.key }.map { "\($0.value) (\($0.key))" })
        }
        guard matches.count == 1 else { throw SyncError.ambiguousDevice(nameOrID, ids: matches) }
        chosen = first
      }
      setup.forget.insert(chosen)
      try FileSystem.replace(syncSetupPath, with: setup.encode(), in: directory, backup: nil)
      return (chosen, names[chosen] ?? chosen)
    }
  }

  /// `sync --name`: what people call this device from now on. The others see the new name
  /// after its next sync. A name another device known here has is refused, so `sync
  /// --forget` can tell them apart.
  public func renameDevice(_ name: DeviceName) throws -> (old: String, new: String) {
    try exclusively { lock throws -> (old: String, new: String) in
      guard var setup = try syncSetup() else { throw SyncError.notSetUp }
      let names = try syncBase(of: readSnapshot().journal)?.names ?? [:]
      if let other = names.sorted(by: { $0.key < $1.key }).first(where: {
        $0.key != setup.device.text && $0.value.lowercased() == name.text.lowercased()
      }) {
        throw SyncError.nameTaken(name.text, device: other.key)
      }
      // Refused before the lock is taken for writing, so a refusal leaves nothing behind.
      guard lock != nil else { throw WouldWrite() }
      let old = setup.name
      setup.name = name.text
      try FileSystem.replace(syncSetupPath, with: setup.encode(), in: directory, backup: nil)
      return (old, name.text)
    }
  }

  /// For a planner that syncs, what tells whether a command wrote to it: the stamp the last
  /// writer left on the lock (every change, undo, redo and sync keeps its stamp there; a
  /// refusal puts the one before back). Nil for a planner that does not sync (one look for
  /// `sync.txt`). Two marks that differ saw a change, which `sync --auto on` then sends:
  /// a command that changed nothing never syncs, and reads pay two small reads for it.
  public func autoSyncMark() -> [UInt8]? {
    guard FileSystem.size(syncSetupPath) != nil else { return nil }
    return FileLock.lastStamp(in: directory) ?? []
  }

  /// Whether every change is synced as it is made (`sync --auto on`).
  public func syncsEveryChange() -> Bool {
    (try? syncSetup())??.auto == true
  }

  /// The planner, and whether it syncs and was changed since its last sync, in one read: so
  /// `status` pays one look for `sync.txt` for its quiet line, and nothing else.
  public func loadNotingSync() throws(StoreError) -> (planner: Planner, waitingToSync: Bool) {
    try shared(or: (Planner(), false)) { () throws(StoreError) in
      let snapshot = try readSnapshot()
      return (
        snapshot.planner,
        snapshot.journal.changedSinceSync && FileSystem.size(syncSetupPath) != nil
      )
    }
  }

  /// What this device had seen at its last sync, as the planner names it: empty before the
  /// first sync; nil when the file it names is missing.
  func syncBase(of journal: JournalState) throws(StoreError) -> SyncBase? {
    guard journal.syncFile > 0 else { return SyncBase() }
    let path = directory + "/" + SyncBase.fileName(journal.syncFile)
    guard let bytes = try FileSystem.read(path) else { return nil }
    do {
      return try SyncBase.decode(bytes, file: path)
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

  /// Makes `base` whole: the history part its `sync-N.txt` names, read and joined to the live
  /// part. A base that is whole already (version 1) stays as it is.
  func loadHistory(into base: inout SyncBase) throws(StoreError) {
    guard let reference = base.history else { return }
    let path = directory + "/" + reference.name
    guard let bytes = try FileSystem.read(path) else {
      throw .damagedSyncState(file: path, reason: "is missing, though the synced state counts on it")
    }
    let history: SyncDocument
    do {
      history = try SyncHistoryFile.decode(bytes, file: path, reference: reference)
    } catch {
      throw Self.syncStateDamage(error, path: path)
    }
    base.document = base.document.joined(with: history)
    base.history = nil
  }

  /// The whole synced document of `base`, read when first asked for; nil when its history
  /// part does not read.
  func wholeDocument(_ base: SyncBase) -> () -> SyncDocument? {
    {
      var whole = base
      return (try? loadHistory(into: &whole)).map { whole.document }
    }
  }

  /// The round over the live part of the synced state alone (`SyncRound.overLivePart`), when
  /// it can be sure to be the round over the whole: the state is split, its history part is
  /// there at the size named, the archive is as it was at the last sync, and no task whose
  /// archived copy the planner hid has left the planner. Nil otherwise, and when the live
  /// part does not make a planner (the whole then says why).
  func liveRound(
    _ base: SyncBase, _ snapshot: PlannerSnapshot, incoming: [SyncChange], clock: HybridClock,
    now: Timestamp
  ) -> SyncRound? {
    guard let history = base.history, snapshot.journal.syncFile != 0,
      FileSystem.size(directory + "/" + history.name) == history.bytes,
      base.archive == snapshot.archive, archiveUntouchedSinceSync(base, snapshot.journal),
      base.hidden.allSatisfy({ snapshot.planner.task(TaskID($0)) != nil })
    else { return nil }
    return try? SyncRound.overLivePart(
      base.document, limits: base.limits, planner: snapshot.planner, incoming: incoming,
      clock: clock, now: now, lastSynced: base.syncedAt, handedOut: base.handedOut)
  }

  /// Whether the changes recorded since the last sync (the undo history from where that
  /// sync left it) left the archive alone: none archived a day or changed an archived task,
  /// and none was undone or redone (which may take either back). False when that cannot be
  /// told: the history was rewritten since, or does not read.
  func archiveUntouchedSinceSync(_ base: SyncBase, _ journal: JournalState) -> Bool {
    guard let mark = base.journal, mark.generation == journal.generation, mark.bytes > 0,
      mark.bytes <= journal.bytes
    else { return false }
    if mark.bytes == journal.bytes { return true }
    let since = JournalState(generation: mark.generation, bytes: mark.bytes, lastSeq: journal.syncFile)
    // An undo or redo mark asks for the history before it: there is no need to look further.
    guard
      let tail = try? JournalTail.read(journalPath(since), journal: since, committed: {
        () throws(StoreError) in throw .io(path: journalPath(since), operation: "read", reason: "")
      })
    else { return false }
    return mark.bytes + tail.length == journal.bytes && tail.appends.isEmpty
      && tail.steps.allSatisfy { $0.allSatisfy { $0.key != "archive" } }
  }

  /// `syncBase`, refusing a missing one: sync's way in.
  func requiredSyncBase(of journal: JournalState) throws(StoreError) -> SyncBase {
    guard let base = try syncBase(of: journal) else {
      throw .damagedSyncState(
        file: directory + "/" + SyncBase.fileName(journal.syncFile),
        reason: "is missing, though \(PlannerFile.name) counts on it")
    }
    return base
  }

  /// A data directory inside a folder that Dropbox, iCloud Drive or Syncthing replicates, if
  /// this one is: its lock holds on one machine only, so the person should hear of it.
  public var replicatedFolderAround: String? { SyncFolder.replicatedFolder(containing: directory) }

  /// Joins `target`, a shared folder (made a sync target if it is new) or a git remote, and
  /// syncs with it. A join whose first sync fails leaves the data directory as it was.
  public func joinSync(_ target: String, at now: Timestamp) throws -> SyncReport {
    let (kind, location) = try Self.syncTarget(target)
    if let setup = try syncSetup() {
      guard setup.target == location else { throw SyncError.alreadySetUp(setup.target) }
      // The same folder again: one that lost everything, its mark included, is made a sync
      // target again (an emptied folder deletes nothing), and the sync sends it all anew.
      try transport(setup.kind, location, at: now).create()
      return try sync(at: now)
    }
    let data = FileSystem.realPath(directory) ?? Self.absolute(directory) ?? directory
    if let local = kind == .folder ? location : Self.localPath(ofRemote: location) {
      let resolved = FileSystem.realPath(local) ?? local
      if (resolved + "/").hasPrefix(data + "/") || (data + "/").hasPrefix(resolved + "/") {
        throw SyncError.nested(target: target, data: data)
      }
    }
    try transport(kind, location, at: now).create()
    let rollback = JoinRollback(directory: directory)
    do {
      try exclusively { lock throws in
        guard lock != nil else { throw WouldWrite() }
        _ = try readSnapshot()  // refuse a planner that does not load before writing anything
        var random = SystemRandomNumberGenerator()
        // Resolved now that the directory exists, as each sync resolves it: a data directory
        // made by this join is not taken for a copy.
        let setup = SyncSetup(
          target: location, kind: kind, device: DeviceID.random(using: &random),
          name: DeviceName(host: currentHostName).text,
          directory: FileSystem.realPath(directory) ?? data)
        try FileSystem.replace(syncSetupPath, with: setup.encode(), in: directory, backup: nil)
      }
      let report = try sync(at: now)
      rollback.finish()
      return report
    } catch {
      rollback.undo()
      throw error
    }
  }

  /// What `sync --init` names: a git remote (a URL, `host:path`, or the path of a bare
  /// repository) or else a shared folder, as an absolute path. Refuses a name git would read
  /// as an option (`./-name` names such a folder) and a remote git reaches by running a
  /// program (`GitTarget.check`).
  static func syncTarget(_ text: String) throws(SyncError) -> (
    kind: SyncTargetKind, location: String
  ) {
    guard !text.isEmpty else { throw .unreachable(text) }
    guard !text.hasPrefix("-") else { throw .optionLike(text) }
    let path = absolute(text)
    // `host:path` as git reads it (no slash before the colon), unless it is a folder here.
    if text.contains("://")
      || text.firstIndex(of: ":").map({ !text[..<$0].contains("/") }) == true
        && path.flatMap({ FileSystem.names(in: $0) }) == nil
    {
      try GitTarget.check(text)
      return (.git, text)
    }
    guard let path else { throw .unreachable(text) }
    return (GitTarget.isBareRepository(path) ? .git : .folder, path)
  }

  /// The path of a remote on this machine, for the check that it is not in the data directory.
  static func localPath(ofRemote remote: String) -> String? {
    if remote.hasPrefix("/") { return remote }
    if remote.hasPrefix("file://") { return String(remote.dropFirst("file://".count)) }
    return nil
  }

  /// Where a planner syncs: the folder, or the remote with the cache in the data directory.
  func transport(_ kind: SyncTargetKind, _ target: String, at now: Timestamp?)
    throws(SyncError) -> any SyncTransport
  {
    switch kind {
    case .folder: return SyncFolder(path: target)
    case .git:
      let data = FileSystem.realPath(directory) ?? Self.absolute(directory) ?? directory
      return try GitTarget(remote: target, data: data, options: git, now: now)
    }
  }

  /// One sync: sends what changed here since the last one, takes in what the other devices
  /// sent, and saves the merged planner. Not undoable: `undo` afterwards takes back changes
  /// made here only where the sync left them as they were.
  public func sync(at now: Timestamp) throws -> SyncReport {
    guard var setup = try syncSetup() else { throw SyncError.notSetUp }
    let target = try transport(setup.kind, setup.target, at: now)
    return try exclusively { lock throws -> SyncReport in
      // A sync may write where it syncs before it commits here, and git writes to its cache
      // here: it runs locked or not at all, never as a trial run.
      guard lock != nil else { throw WouldWrite() }
      var snapshot = try readSnapshot()
      var base = try requiredSyncBase(of: snapshot.journal)
      let previousHistory = base.history?.name
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
      let (round, archive) = try chooseRound(
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
      base.markRead(incoming, by: setup.device)
      base.sent = sent
      base.clock = round.clock.last
      base.syncedAt = now
      let state = round.stateToSave
      let whole = archive == nil ? nil : round.document
      base.document = round.document
      // The shared folder or the remote first, in one step (one commit and push for git):
      // the change file, what this device has read, and any compaction. Once the planner
      // says these changes are synced, they must be there. A kill between the two sends them
      // again next time (the same values, newer stamps), which changes nothing; a push that
      // fails commits nothing here.
      var own = ownUpdates(
        target, setup: setup, base: base, incoming: incoming, sending: outgoing?.seq,
        whole: { whole ?? wholeDocument(base)() })
      if let outgoing { own.writing[outgoing.storedName] = outgoing.encode() }
      // Not into a link or anything but a real folder: what was to go there is sent again
      // as a snapshot once it is one (its files are then missing), as after a folder emptied.
      if !incoming.ownFolderRefused {
        try publish(
          own, setup: &setup, found: found, to: target, saving: copied || setup.name != named,
          deviceFile: !incoming.deviceFileRefused)
      } else if copied || setup.name != named {
        try FileSystem.replace(syncSetupPath, with: setup.encode(), in: directory, backup: nil)
      }
      // Split again after a round over the whole document, for the rounds after it.
      let history = archive.map { base.split(round, $0, saving: state, now: now) }
      try commitSync(
        &snapshot, state: state, archive: archive?.read, base: base, history: history,
        previousHistory: previousHistory, lock: lock)
      return report
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

  /// A copy of this data directory is a new device from now on; the other one keeps the id
  /// and the name. Saved once the sync has got as far as writing, so a sync that stops before
  /// then finds the copy again and says so.
  func becomeNewDevice(
    _ copy: DeviceCopy, _ setup: inout SyncSetup, _ base: inout SyncBase, _ report: inout SyncReport
  ) {
    report.copy = copy
    report.previousDevice = setup.device.text
    base.names[setup.device.text] = base.names[setup.device.text] ?? setup.name
    var random = SystemRandomNumberGenerator()
    setup.device = DeviceID.random(using: &random)
    setup.directory = FileSystem.realPath(directory) ?? directory
    setup.instances = []
  }

  /// The round: the everyday one (a change made here, or one taken in, that leaves the
  /// history part alone) over the live part of the synced state alone; any other over the
  /// whole of it and the archive (`archive`: what it read, and the tasks `done.txt` records),
  /// which leaves `base` whole.
  func chooseRound(
    _ base: inout SyncBase, _ snapshot: PlannerSnapshot, _ incoming: inout SyncIncoming,
    device: DeviceID, copied: Bool, copiedFrom: DeviceID?, now: Timestamp
  ) throws -> (round: SyncRound, archive: (read: Archive, recorded: [TaskID])?) {
    let clock = HybridClock(device: device, last: base.clock)
    incoming.setAsideStampsAhead(of: now)
    if !copied, !incoming.files.contains(where: \.file.snapshot),
      let live = liveRound(
        base, snapshot, incoming: incoming.files.flatMap(\.file.changes), clock: clock, now: now)
    {
      return (live, nil)
    }
    try loadHistory(into: &base)
    var archive = try readRecordedArchive(snapshot)
    let recorded = archive.doneTasks.map(\.id)
    archive.doneTasks = ArchivedCopies.newest(archive.doneTasks, live: snapshot.planner)
    let round = try incoming.round(
      base: base.document,
      local: SyncedState(planner: snapshot.planner, done: archive.doneTasks, days: archive.days),
      clock: clock, now: now, copiedFrom: copiedFrom, lastSynced: base.syncedAt)
    return (round, (archive, recorded))
  }

  /// Takes the other devices' names from what came in, each from its device's newest file
  /// (a file older than one read before, arriving late, keeps the name it was written under),
  /// or, for a device with none, from its acks file; and records this device's own. With
  /// `naming`, this device is named that, told apart from the others known. `renamed`: this
  /// device's name is not the one its last sync recorded, so the others must hear of it;
  /// `learned`: a name changed.
  func learnNames(
    _ base: inout SyncBase, _ setup: inout SyncSetup, from incoming: SyncIncoming,
    naming: String?
  ) -> (renamed: Bool, learned: Bool) {
    let before = base.names
    var newest: [String: Int] = [:]
    for key in base.seen {
      let parts = key.split(separator: " ")
      guard parts.count == 3, let seq = Int(parts[1].drop { $0 == "s" }) else { continue }
      newest[String(parts[0]), default: 0] = max(newest[String(parts[0]), default: 0], seq)
    }
    for (file, _) in incoming.files.sorted(by: { $0.file.seq < $1.file.seq })
    where file.seq >= newest[file.device.text, default: 0] {
      base.names[file.device.text] = file.name
      newest[file.device.text] = file.seq
    }
    for (folder, acks) in incoming.acks where base.names[folder] == nil && !acks.name.isEmpty {
      base.names[folder] = acks.name
    }
    if let naming {
      let others = base.names.filter { $0.key != setup.device.text }.values
      setup.name = DeviceName(host: naming).distinct(from: others).text
    }
    base.names[setup.device.text] = setup.name
    let renamed = before[setup.device.text].map { $0 != setup.name } ?? false
    return (renamed, base.names != before)
  }

  /// This machine's name, or the one a test gave (`hostName`).
  var currentHostName: String { hostName ?? FileSystem.hostName() }

  /// Refreshes `target`, and finds whether this data directory is a copy of the one that made
  /// the device `setup` names (the rule is `SyncSetup`'s): the copy found, or nil, and the
  /// token in this device's `device.txt` in a shared folder.
  func identify(_ setup: SyncSetup, _ target: any SyncTransport, sent: Int)
    throws(SyncError) -> (copy: DeviceCopy?, found: String?)
  {
    let data = FileSystem.realPath(directory) ?? directory
    if setup.directory != data {
      // This device's own files there are not checked: it is about to become a new device.
      try target.refresh(as: nil, sent: sent)
      return (.moved(from: setup.directory), nil)
    }
    // Through git, a branch this directory did not write stops the sync here.
    try target.refresh(as: setup.device, sent: sent)
    guard let found = (target as? SyncFolder)?.instance(of: setup.device) else { return (nil, nil) }
    return (setup.instances.contains(found) ? nil : .anotherSynced, found)
  }

  /// Writes this device's own files where it syncs. Through a shared folder, `device.txt`
  /// goes with them, with a new token that `sync.txt` holds first, so that a sync stopped
  /// anywhere never leaves there a token this directory does not know; `sync.txt` is also
  /// saved when `saving` (a new device, a new name). `deviceFile` false: something not a file
  /// is where `device.txt` goes (set aside and named), so it is left out.
  func publish(
    _ own: (writing: [String: [UInt8]], removing: Set<String>), setup: inout SyncSetup,
    found: String?, to target: any SyncTransport, saving: Bool, deviceFile: Bool
  ) throws {
    var writing = own.writing
    if setup.kind == .folder, deviceFile {
      let token = setup.addInstance(keeping: found)
      writing[DeviceFile.fileName] =
        DeviceFile(device: setup.device, name: setup.name, instance: token).encode()
    }
    if saving || setup.kind == .folder {
      try FileSystem.replace(syncSetupPath, with: setup.encode(), in: directory, backup: nil)
    }
    if !writing.isEmpty || !own.removing.isEmpty {
      try target.updateOwn(
        setup.device, name: setup.name, writing: writing, removing: own.removing)
    }
  }

  /// What a sync writes of its own besides its change file: what this device has read (its
  /// `acks.txt`, when that changed), and, once every device it knows of (but the forgotten)
  /// has read its older change files, a snapshot of everything it knows that replaces them.
  /// Nothing here can lose a change: every file removed has been read by every device known,
  /// and is in the snapshot for any that joins later.
  func ownUpdates(
    _ target: any SyncTransport, setup: SyncSetup, base: SyncBase, incoming: SyncIncoming,
    sending: Int? = nil, whole: () -> SyncDocument?
  ) -> (writing: [String: [UInt8]], removing: Set<String>) {
    let me = setup.device
    let others = incoming.devices.union(base.names.keys).subtracting([me.text])
    var acks = AckFile(device: me, name: setup.name)
    acks.acks = self.acks(of: base, others: others)
    acks.forget = setup.forget
    guard let own = try? target.ownNames(me) else { return ([:], []) }
    var writing: [String: [UInt8]] = [:]
    // This device's files gone from the shared place (emptied by hand, or by a tool): what
    // they held is published again, as a snapshot, so the others still get it.
    // Everything this device knows, and what of each device's files that includes.
    // Nil when the history part of the synced state does not read: then no snapshot is
    // published and nothing removed this time (`check` names the damage).
    var document: SyncDocument?? = .none
    func snapshot() -> ChangeFile? {
      if case .none = document { document = .some(whole()) }
      guard let changes = document??.changes else { return nil }
      var covers = acks.acks
      covers[me.text] = base.sent
      return ChangeFile(
        device: me, name: setup.name, seq: base.sent, changes: changes, snapshot: true,
        covers: covers)
    }
    let snapshotted = own.compactMap(ChangeFile.seq(ofSnapshotNamed:)).max() ?? 0
    let present = Set(own.compactMap(ChangeFile.seq(ofFileNamed:)) + (sending.map { [$0] } ?? []))
    var published: ChangeFile?
    if base.sent > snapshotted, !(snapshotted + 1...base.sent).allSatisfy(present.contains) {
      published = snapshot()
    }
    if !own.contains(AckFile.fileName) || !incoming.files.isEmpty || !setup.forget.isEmpty {
      writing[AckFile.fileName] = acks.encode()
    }
    var removing = Set<String>()
    let forgotten = incoming.acks.values.reduce(setup.forget) { $0.union($1.forget) }
    let known = others.subtracting(forgotten)
    if !known.isEmpty {
      let everyoneRead = known.map { incoming.acks[$0]?.acks[me.text] ?? 0 }.min() ?? 0
      let read = own.filter { (ChangeFile.seq(ofFileNamed: $0) ?? Int.max) <= everyoneRead }
      if read.count >= syncCompactAfter, let replacing = published ?? snapshot() {
        published = replacing
        removing = Set(read).union(
          own.filter { ChangeFile.seq(ofSnapshotNamed: $0) != nil && $0 != replacing.storedName })
      }
    }
    if let published { writing[published.storedName] = published.encode() }
    return (writing, removing)
  }

  /// Up to which number this device has read every change file of each of `others`.
  func acks(of base: SyncBase, others: Set<String>) -> [String: Int] {
    var acks: [String: Int] = [:]
    for other in others {
      let upto = base.readUpTo(other)
      if upto > 0 { acks[other] = upto }
    }
    return acks
  }

  /// Saves a sync's planner, archive and synced state as one commit, outside the undo
  /// history: the archive, `sync-N.txt` and a new history part go to new files that only the
  /// new `planner.txt` names (N is a change number taken for it), so a kill leaves the old
  /// state or the new one. `archive`: the archive the round read (nil: it read none, and the
  /// archive is as it was); `history`: the history part when the round made it anew (nil: the
  /// one `base` names stays).
  func commitSync(
    _ snapshot: inout PlannerSnapshot, state: SyncedState, archive: Archive?, base: SyncBase,
    history: SyncDocument?, previousHistory: String?, lock: FileLock?
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
    if let history {
      let (bytes, registers) = SyncHistoryFile.encode(history)
      let name = SyncHistoryFile.fileName(number)
      writes.append(PendingWrite(path: directory + "/" + name, bytes: bytes, at: 0))
      base.history = SyncHistoryFile.Reference(
        name: name, registers: registers, bytes: bytes.count, sum: FNV1a.hex(bytes))
    }
    base.archive = snapshot.archive
    base.journal = (snapshot.journal.generation, snapshot.journal.bytes)
    let previous = snapshot.journal.syncFile
    writes.append(
      PendingWrite(path: directory + "/" + SyncBase.fileName(number), bytes: base.encode(), at: 0))
    snapshot.journal.syncFile = number
    snapshot.journal.syncRecords = snapshot.journal.records
    snapshot.planner = state.planner
    try save(&snapshot, after: writes, lock: lock)
    // The one before stays too: `planner.txt.bak`, which the README tells people to put back
    // after a mishap, names it.
    if previous > 0 {
      let keep = [
        SyncBase.fileName(number), SyncBase.fileName(previous), base.history?.name,
        previousHistory,
      ].compactMap { $0 }
      FileSystem.removeFiles(in: directory) {
        (SyncBase.isFileName($0) || SyncHistoryFile.isFileName($0)) && !keep.contains($0)
      }
    }
  }

  /// `path` made absolute against the working directory, `~` expanded by the shell already.
  static func absolute(_ path: String) -> String? {
    guard !path.isEmpty else { return nil }
    var full = path
    if !path.hasPrefix("/") {
      guard let cwd = FileSystem.realPath(".") else { return nil }
      full = cwd + "/" + path
    }
    while full.count > 1 && full.hasSuffix("/") { full.removeLast() }
    return full
  }
}

extension SyncBase {
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
    handedOut = SyncNumbers(
      task: state.planner.nextID.rawValue, routine: state.planner.nextRoutineID.rawValue)
    // An archive the commit rewrites holds no copy of a live task; one it keeps may.
    let rewritten = state.done != archive.read.doneTasks || state.days != archive.read.days
    hidden = rewritten
      ? [] : archive.recorded.filter { state.planner.task($0) != nil }.map(\.rawValue)
    return parts.history
  }
}

/// What a sync did, for the one line and the notes `sync` prints.
public struct SyncReport: Sendable {
  public var target: String
  /// This device's name.
  public var device: String
  /// Things changed here and sent (a task, a day, a setting: however many of its fields).
  public var sent = 0
  /// Things received, per device name.
  public var received: [(device: String, changes: Int)] = []
  public var notes: [SyncNote] = []
  /// Device names by id, for the notes.
  public var names: [String: String] = [:]
  /// Devices with a change file still arriving.
  public var arriving: [String] = []
  public var newer: [(device: String, version: Int)] = []
  public var damaged: [(path: String, reason: String)] = []
  /// How this data directory was found to be a copy, when it was.
  public var copy: DeviceCopy?
  /// The device it synced as there.
  public var previousDevice: String?
  /// When this device synced before.
  public var lastSynced: Timestamp?

  init(target: String, device: String) {
    self.target = target
    self.device = device
  }

  public func name(of device: DeviceID) -> String { names[device.text] ?? device.text }

  /// What the round sent and decided, and what came in, counted as things changed (a task, a
  /// day, a setting), not fields; `known`: the synced state before the round.
  mutating func tell(_ round: SyncRound, incoming: SyncIncoming, known: SyncBase, device: DeviceID) {
    var things: [String: Set<SyncEntity>] = [:]
    // Only what was new here: a snapshot, or a copy of a file, mostly repeats what is known.
    for (file, _) in incoming.files where file.device != device {
      for change in file.changes
      where (known.document.entities[change.entity]?[change.field]?.stamp).map({ $0 < change.stamp }) ?? true {
        things[file.name, default: []].insert(change.entity)
      }
    }
    received = things.sorted { $0.key < $1.key }.map { ($0.key, $0.value.count) }
    notes = round.notes
    names = known.names
    names[device.text] = "this device"
    sent = Set(round.outgoing.map(\.entity)).count
  }
}

/// How a sync found that this data directory is a copy of the one its device was made in (the
/// rule is `SyncSetup`'s): from then on it syncs as a new device.
public enum DeviceCopy: Equatable, Sendable {
  /// It is not where the device was made: `from` is that path.
  case moved(from: String)
  /// Another copy of it has synced as this device since (through a shared folder).
  case anotherSynced
}

/// Where syncing stands, for `sync --status`.
public struct SyncStatus: Sendable {
  public var setup: SyncSetup
  public var reachable: Bool
  /// Why it cannot be reached, when git said.
  public var problem: String?
  public var lastSynced: Timestamp?
  /// Changes were made here since the last sync.
  public var changedSince: Bool
  /// Every device known, with the newest change seen from it (nil for this one or none).
  public var devices: [(name: String, id: String, newest: Int64?)]
  /// Change files where it syncs not read yet, per device name.
  public var waiting: [(device: String, files: Int)]
}

extension PlannerStore {
  public func syncStatus() throws -> SyncStatus {
    guard let setup = try syncSetup() else { throw SyncError.notSetUp }
    let target = try transport(setup.kind, setup.target, at: nil)
    let snapshot = try readSnapshot()
    var base = try requiredSyncBase(of: snapshot.journal)
    try loadHistory(into: &base)
    var newest: [String: Int64] = [:]
    for fields in base.document.entities.values {
      for register in fields.values {
        let id = register.stamp.device.text
        newest[id] = max(newest[id] ?? 0, register.stamp.seconds)
      }
    }
    var unreachable: SyncError?
    do {
      switch setup.kind {
      case .folder: try target.refresh(as: nil, sent: 0)
      case .git:
        // A fetch writes to the cache: under the lock, as in a sync.
        try exclusively { lock throws in
          guard lock != nil else { throw WouldWrite() }
          try target.refresh(as: nil, sent: 0)
        }
      }
    } catch let error as SyncError where error.isUnreachable {
      unreachable = error
    }
    var waiting: [String: Int] = [:]
    var ids = Set(base.names.keys).union(newest.keys)
    if unreachable == nil {
      let incoming = try target.read(except: setup.device, seen: base.seen)
      for (file, _) in incoming.files {
        waiting[base.names[file.device.text] ?? file.name, default: 0] += 1
        ids.insert(file.device.text)
        if base.names[file.device.text] == nil { base.names[file.device.text] = file.name }
      }
    }
    ids.insert(setup.device.text)
    let devices = ids.sorted().map { id in
      (name: id == setup.device.text ? setup.name : base.names[id] ?? id, id: id,
       newest: id == setup.device.text ? nil : newest[id])
    }
    var problem: String?
    switch unreachable {
    case .remoteUnreachable(_, let reason): problem = reason
    case .timedOut(_, let seconds): problem = "no answer within \(seconds) s"
    default: problem = nil
    }
    return SyncStatus(
      setup: setup, reachable: unreachable == nil, problem: problem, lastSynced: base.syncedAt,
      changedSince: snapshot.journal.changedSinceSync,
      devices: devices, waiting: waiting.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
  }
}
