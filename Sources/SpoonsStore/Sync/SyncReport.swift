import SpoonsCore
import SpoonsSync

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
    // What the state knew of an entity: read now for one the round did not read whole (a
    // state read in part holds its registers in `unread`).
    var read: [SyncEntity: SyncRegisters] = [:]
    func knownStamp(_ change: SyncChange) -> SyncStamp? {
      if let register = known.document.entities[change.entity]?[change.field] {
        return register.stamp
      }
      guard let unread = known.unread else { return nil }
      if read[change.entity] == nil {
        read[change.entity] = unread.registers(of: change.entity) ?? [:]
      }
      return read[change.entity]?[change.field]?.stamp
    }
    // Only what was new here: a snapshot, or a copy of a file, mostly repeats what is known.
    for (file, _) in incoming.files where file.device != device {
      for change in file.changes where knownStamp(change).map({ $0 < change.stamp }) ?? true {
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
