import SpoonsCore

/// The registers of one entity, by field name: a field of a newer version is kept and merged,
/// and read by no one.
///
/// Kept as an array sorted by name rather than a hash table: an entity holds a handful of
/// fields (a task about ten), whose names are short enough to be kept inline, so finding one
/// by comparing names costs less than hashing it, and a whole round finds about a million
/// (`Sync.md`, what a round costs). Past `mostKeptInOrder` fields (only a forged file holds
/// that many: each tag is a field) they go into a hash table instead, so that a file of
/// millions of fields for one entity, in whatever order, costs what it holds and never hangs a
/// sync. Either way, two entities that hold the same registers are equal, and are read in the
/// order of their names.
public struct SyncRegisters: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
  public typealias Element = (key: String, value: SyncRegister)

  /// The most fields kept in order, in `few`.
  static let mostKeptInOrder = 32

  /// Sorted by `key`, each key once; empty once `many` holds them.
  private var few: [Element] = []
  private var many: [String: SyncRegister]?

  public init() {}

  public init(minimumCapacity: Int) {
    few.reserveCapacity(Swift.min(minimumCapacity, Self.mostKeptInOrder))
  }

  public init(dictionaryLiteral elements: (String, SyncRegister)...) {
    for (field, register) in elements { self[field] = register }
  }

  public init(_ registers: [String: SyncRegister]) {
    for (field, register) in registers { self[field] = register }
  }

  public var isEmpty: Bool { count == 0 }
  public var count: Int { many?.count ?? few.count }
  /// The field names, in order.
  public var keys: [String] { inOrder.map(\.key) }
  public var values: [SyncRegister] { inOrder.map(\.value) }

  public func makeIterator() -> IndexingIterator<[Element]> { inOrder.makeIterator() }

  /// Every register, in the order of the field names.
  private var inOrder: [Element] {
    guard let many else { return few }
    return many.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
  }

  /// Where `field` is in `few`, or where it would go.
  private func position(of field: String) -> (found: Bool, at: Int) {
    var low = 0
    var high = few.count
    while low < high {
      let middle = (low + high) / 2
      let key = few[middle].key
      if key == field { return (true, middle) }
      if key < field { low = middle + 1 } else { high = middle }
    }
    return (false, low)
  }

  public subscript(field: String) -> SyncRegister? {
    get {
      if let many { return many[field] }
      let (found, at) = position(of: field)
      return found ? few[at].value : nil
    }
    set {
      if many != nil {
        many![field] = newValue
        return
      }
      let (found, at) = position(of: field)
      switch (found, newValue) {
      case (true, let register?): few[at].value = register
      case (true, nil): few.remove(at: at)
      case (false, let register?):
        few.insert((field, register), at: at)
        if few.count > Self.mostKeptInOrder {
          var table: [String: SyncRegister] = [:]
          table.reserveCapacity(few.count * 2)
          for (key, value) in few { table[key] = value }
          many = table
          few = []
        }
      case (false, nil): break
      }
    }
  }

  @discardableResult
  public mutating func removeValue(forKey field: String) -> SyncRegister? {
    let old = self[field]
    self[field] = nil
    return old
  }

  public mutating func reserveCapacity(_ capacity: Int) {
    if many == nil { few.reserveCapacity(Swift.min(capacity, Self.mostKeptInOrder)) }
  }

  public static func == (a: SyncRegisters, b: SyncRegisters) -> Bool {
    guard a.count == b.count else { return false }
    if a.many == nil, b.many == nil {
      return zip(a.few, b.few).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
    return a.allSatisfy { b[$0.key] == $0.value }
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for (key, value) in self {
      hasher.combine(key)
      hasher.combine(value)
    }
  }
}
