import SpoonsCore
import SpoonsSync

/// Where this planner syncs and as which device: `sync --init`, `--auto`, `--name`,
/// `--forget`, and telling a copied data directory from the original.
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
