import SpoonsCore
import SpoonsSync

/// What this device writes where it syncs: its change file, what it has read, and compaction.
extension PlannerStore {
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
    // Nil when the history part of the synced state, or a line of its live part not read
    // yet, does not read: then no snapshot is published and nothing removed this time (`check`
    // or the next sync that reads it whole names the damage).
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
}
