import SpoonsCore

/// One field of one thing set to a value at a moment: the unit devices exchange.
///
/// Entities are named by kind and stable id (`SyncEntity`); fields by the name their kind's
/// field set gives them (`SyncTaskField` and the others beside it). Every value is text, so
/// the change files stay readable and the merge knows nothing about what a field means.
public struct SyncChange: Hashable, Sendable {
  public let entity: SyncEntity
  /// The field's name: one of its kind's field set, the delete field
  /// (`SyncConflictRules.deleteField`) or, from a newer version, one kept unread.
  public let field: String
  public let value: String
  public let stamp: SyncStamp

  public init(entity: SyncEntity, field: String, value: String, stamp: SyncStamp) {
    self.entity = entity
    self.field = field
    self.value = value
    self.stamp = stamp
  }
}

/// A field's value and the stamp of the change that set it.
public struct SyncRegister: Hashable, Sendable {
  public let value: String
  public let stamp: SyncStamp

  public init(value: String, stamp: SyncStamp) {
    self.value = value
    self.stamp = stamp
  }
}
