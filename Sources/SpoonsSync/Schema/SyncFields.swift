import SpoonsCore

/// The fields of one kind of entity, by the names devices exchange (the raw value, written
/// once, in the kind's own file), and the ones a thing needs before it can be made: changes
/// to one thing can come from several files, and a thing is made (or deleted) only once its
/// creation is here.
///
/// Every kind that can be deleted (task, routine, day) also holds the delete field of
/// `SyncConflictRules`, which none of these sets lists: the rules own it.
public protocol SyncFieldSet: RawRepresentable, CaseIterable, Hashable, Sendable
where RawValue == String {
  static var required: [Self] { get }
}

extension SyncFieldSet {
  /// An entity's field values as the document holds them, from typed pairs.
  static func values(_ pairs: KeyValuePairs<Self, String>) -> [String: String] {
    var values: [String: String] = [:]
    values.reserveCapacity(pairs.count + 2)
    for (field, value) in pairs { values[field.rawValue] = value }
    return values
  }
}

extension SyncRegisters {
  /// The register of a field.
  subscript<Field: SyncFieldSet>(field: Field) -> SyncRegister? { self[field.rawValue] }

  /// A field's value; a field never set reads as empty.
  func text<Field: SyncFieldSet>(_ field: Field) -> String { self[field.rawValue]?.value ?? "" }

  /// Whether every field a thing of this kind needs has arrived.
  func holdsRequired<Field: SyncFieldSet>(_: Field.Type) -> Bool {
    Field.required.allSatisfy { self[$0.rawValue] != nil }
  }
}

extension Dictionary where Key == String, Value == String {
  /// A field's value, as a view writes it.
  subscript<Field: SyncFieldSet>(field: Field) -> String? {
    get { self[field.rawValue] }
    set { self[field.rawValue] = newValue }
  }
}

/// One entity's fields as a thing of its kind is read from them: each value, and the problem
/// that names a value no Spoons writes.
struct SyncFieldReader<Field: SyncFieldSet> {
  let entity: SyncEntity
  let fields: SyncRegisters

  init(_ entity: SyncEntity, _ fields: SyncRegisters) {
    self.entity = entity
    self.fields = fields
  }

  /// A field's value; a field never set reads as empty.
  func text(_ field: Field) -> String { fields.text(field) }

  func problem(_ field: Field) -> SyncProblem {
    SyncProblem(entity: entity.name, field: field.rawValue, value: text(field))
  }

  func title(_ field: Field) throws(SyncProblem) -> Title {
    guard let title = try? Title(text(field)) else { throw problem(field) }
    return title
  }

  func cost(_ field: Field) throws(SyncProblem) -> SpoonCost {
    guard let cost = Int(text(field)).flatMap({ try? SpoonCost($0) }) else { throw problem(field) }
    return cost
  }

  func int(_ field: Field, in range: ClosedRange<Int>) throws(SyncProblem) -> Int {
    guard let value = Int(text(field)), range.contains(value) else { throw problem(field) }
    return value
  }
}
