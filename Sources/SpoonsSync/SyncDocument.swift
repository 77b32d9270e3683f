import SpoonsCore

/// Everything a device has seen, field by field: the newest value of each field of each task,
/// routine, day and setting.
///
/// Applying a change keeps whichever of the two stamps is larger, so applying changes is
/// commutative, associative and idempotent: devices that have seen the same changes hold the
/// same document, whatever order the changes came in and however often they came.
public struct SyncDocument: Hashable, Sendable {
  /// Entity name, then field name.
  public private(set) var entities: [SyncEntity: SyncRegisters]
  /// For the live part of a document (`SyncParts`): the highest numbers its history part
  /// holds, so that a round over the live part alone hands out no number the whole has used.
  /// None for a whole document.
  public var elsewhere = SyncNumbersElsewhere()

  public init() { entities = [:] }

  /// Keeps the change if it wins over the field's value (`SyncConflictRules.keeps`); true
  /// when it did.
  @discardableResult
  public mutating func apply(_ change: SyncChange) -> Bool {
    guard SyncConflictRules.keeps(change, over: entities[change.entity]?[change.field]) else {
      return false
    }
    entities[change.entity, default: [:]][change.field] = SyncRegister(
      value: change.value, stamp: change.stamp)
    return true
  }

  /// Applies changes that all name `entity`, looking the entity up once, not once a field
  /// (reading a synced state, whose lines come grouped by entity).
  public mutating func apply(_ changes: [SyncChange], to entity: SyncEntity) {
    guard !changes.isEmpty else { return }
    var registers = entities.removeValue(forKey: entity) ?? [:]
    for change in changes where SyncConflictRules.keeps(change, over: registers[change.field]) {
      registers[change.field] = SyncRegister(value: change.value, stamp: change.stamp)
    }
    entities[entity] = registers
  }

  /// Takes an entity whole from another document, in place of what this one holds of it.
  mutating func take(_ entity: SyncEntity, _ registers: SyncRegisters) {
    entities[entity] = registers
  }

  /// Joins what another document holds of `entity` to what this one holds, register by
  /// register as `apply` keeps them (`SyncConflictRules.keeps`), looking the entity up once
  /// and making no change of each register: a whole round joins tens of thousands.
  mutating func join(_ entity: SyncEntity, _ registers: SyncRegisters) {
    guard !registers.isEmpty else { return }
    guard let at = entities.index(forKey: entity) else {
      entities[entity] = registers
      return
    }
    for (field, register) in registers
    where SyncConflictRules.keeps(
      value: register.value, stamp: register.stamp, over: entities.values[at][field])
    {
      entities.values[at][field] = register
    }
  }

  public mutating func apply(_ changes: some Sequence<SyncChange>) {
    for change in changes { apply(change) }
  }

  public func value<Field: SyncFieldSet>(_ entity: SyncEntity, _ field: Field) -> String? {
    entities[entity]?[field.rawValue]?.value
  }

  /// Every register as a change, sorted: what a saved document holds.
  public var changes: [SyncChange] {
    var all: [SyncChange] = []
    for entity in entities.keys.sorted() {
      // The fields come sorted (`SyncRegisters`).
      for (field, register) in entities[entity]! {
        all.append(
          SyncChange(entity: entity, field: field, value: register.value, stamp: register.stamp))
      }
    }
    return all
  }
}
