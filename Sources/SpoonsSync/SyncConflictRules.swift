import SpoonsCore

/// Every rule that decides between changes made apart, in one place. Each device applies the
/// same rules to the same changes, so devices that have seen the same changes hold the same
/// document and the same planner, whatever order the changes came in.
///
/// - **The later change wins, field by field** (`keeps`): a field holds the value of the change
///   with the largest stamp. A stamp is never behind anything its device had seen
///   (`HybridClock`), so an edit made after seeing another always wins, whatever the clocks
///   say; two edits made apart are ordered by their clocks, and a tie by device id.
/// - **A delete is a field too** (`gone`): its value is the newest stamp the deleting device
///   had seen of the thing (`deleteMark`), empty for a thing brought back.
/// - **Delete against edit** (`isLive`): a deleted thing stays deleted unless one of its fields
///   was changed after a stamp the deleting device had not seen: an edit or a check-off made
///   without seeing the delete keeps the task, on every device.
/// - **What is reported** (`wasKeptAfterDelete`): a thing that a delete did not remove because
///   of such a change is said once, by the device that takes in the delete
///   (`SyncNote.keptAfterDelete`).
enum SyncConflictRules {
  /// The field that deletes a task, routine or day: the only field every kind that can be
  /// deleted shares, and the only one these rules read.
  static let deleteField = "gone"

  /// Whether a change to a field replaces `current`, the register the field holds. The same
  /// stamp with a different value only comes from a damaged or forged file: the larger value
  /// wins, so every device still agrees.
  static func keeps(_ change: SyncChange, over current: SyncRegister?) -> Bool {
    keeps(value: change.value, stamp: change.stamp, over: current)
  }

  static func keeps(value: String, stamp: SyncStamp, over current: SyncRegister?) -> Bool {
    guard let current, current.stamp >= stamp else { return true }
    return current.stamp == stamp && current.value < value
  }

  /// The value of `gone` when a device deletes a thing whose fields it holds as `fields`: the
  /// newest stamp it had seen of it.
  static func deleteMark(seeing fields: SyncRegisters) -> String? {
    fields.values.map(\.stamp).max()?.description
  }

  /// Whether a thing is live: never deleted, brought back (`gone` empty), or changed after a
  /// stamp the deleting device had not seen.
  static func isLive(_ fields: SyncRegisters) -> Bool {
    guard let gone = fields[deleteField], !gone.value.isEmpty else { return true }
    guard let seen = SyncStamp(gone.value) else { return false }
    return fields.contains { $0.key != deleteField && $0.value.stamp > seen }
  }

  /// Whether a live thing carries a delete that a change it had not seen overrode.
  static func wasKeptAfterDelete(_ fields: SyncRegisters) -> Bool {
    guard let gone = fields[deleteField] else { return false }
    return !gone.value.isEmpty
  }

  /// Whether a change that came in deletes something.
  static func deletes(_ change: SyncChange) -> Bool {
    change.field == deleteField && !change.value.isEmpty
  }
}

extension SyncRegister {
  /// Whether the change that set this register replaces `current` in the same field
  /// (`SyncConflictRules.keeps`).
  public func wins(over current: SyncRegister?) -> Bool {
    SyncConflictRules.keeps(value: value, stamp: stamp, over: current)
  }
}

extension SyncRegisters {
  /// Keeps `change` in its field if it wins there (`SyncConflictRules.keeps`): how a reader
  /// of registers one entity at a time (the store's index of a synced state) merges them.
  public mutating func merge(_ change: SyncChange) {
    if SyncConflictRules.keeps(change, over: self[change.field]) {
      self[change.field] = SyncRegister(value: change.value, stamp: change.stamp)
    }
  }
}
