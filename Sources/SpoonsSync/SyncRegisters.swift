import SpoonsCore

/// The registers of one entity, by field name: a field of a newer version is kept and merged,
/// and read by no one.
///
/// Kept as an array sorted by name rather than a hash table: an entity holds a handful of
/// fields (a task about ten), whose names are short enough to be kept inline, so finding one
/// by comparing names costs a few instructions where hashing it cost a few hundred, and a
/// whole round finds about a million (`Benchmark.md`, synced planners). Sorted, two entities
/// that hold the same registers are equal however they came in, and are written in one order.
public struct SyncRegisters: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
  public typealias Element = (key: String, value: SyncRegister)

  /// Sorted by `key`, each key once.
  private var entries: [Element] = []

  public init() {}

  public init(minimumCapacity: Int) { entries.reserveCapacity(minimumCapacity) }

  public init(dictionaryLiteral elements: (String, SyncRegister)...) {
    for (field, register) in elements { self[field] = register }
  }

  public init(_ registers: [String: SyncRegister]) {
    entries = registers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
  }

  public var isEmpty: Bool { entries.isEmpty }
  public var count: Int { entries.count }
  /// The field names, in order.
  public var keys: [String] { entries.map(\.key) }
  public var values: [SyncRegister] { entries.map(\.value) }

  public func makeIterator() -> IndexingIterator<[Element]> { entries.makeIterator() }

  /// Where `field` is, or where it would go.
  private func position(of field: String) -> (found: Bool, at: Int) {
    var low = 0
    var high = entries.count
    while low < high {
      let middle = (low + high) / 2
      let key = entries[middle].key
      if key == field { return (true, middle) }
      if key < field { low = middle + 1 } else { high = middle }
    }
    return (false, low)
  }

  public subscript(field: String) -> SyncRegister? {
    get {
      let (found, at) = position(of: field)
      return found ? entries[at].value : nil
    }
    set {
      let (found, at) = position(of: field)
      switch (found, newValue) {
      case (true, let register?): entries[at].value = register
      case (true, nil): entries.remove(at: at)
      case (false, let register?): entries.insert((field, register), at: at)
      case (false, nil): break
      }
    }
  }

  @discardableResult
  public mutating func removeValue(forKey field: String) -> SyncRegister? {
    let (found, at) = position(of: field)
    return found ? entries.remove(at: at).value : nil
  }

  public mutating func reserveCapacity(_ capacity: Int) { entries.reserveCapacity(capacity) }

  public static func == (a: SyncRegisters, b: SyncRegisters) -> Bool {
    a.entries.count == b.entries.count
      && zip(a.entries, b.entries).allSatisfy { $0.key == $1.key && $0.value == $1.value }
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(entries.count)
    for (key, value) in entries {
      hasher.combine(key)
      hasher.combine(value)
    }
  }
}
