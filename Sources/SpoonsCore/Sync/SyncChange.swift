/// One field of one thing set to a value at a moment: the unit devices exchange.
///
/// Entities are named by kind and stable id (`task:k3v9q2.41`, `routine:...`, `day:2026-11-23`,
/// `settings`, `next:k3v9q2`); fields are strings (see `SyncView`). Every value is text, so
/// the change files stay readable and the merge knows nothing about what a field means.
public struct SyncChange: Hashable, Sendable {
  public let entity: String
  public let field: String
  public let value: String
  public let stamp: SyncStamp

  public init(entity: String, field: String, value: String, stamp: SyncStamp) {
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
