/// A set of task ids for one pass over many tasks: a bitset over the ids handed out one after
/// another (12 KB for 100,000 tasks, no hashing), a plain `Set` for ids past 2^24, which only
/// a hand-edited file has.
public struct TaskIDSet: Sendable {
  static let denseLimit = 1 << 24

  private var words: [UInt64] = []
  private var large = Set<TaskID>()

  public init() {}

  public func contains(_ id: TaskID) -> Bool {
    let raw = id.rawValue
    guard raw >= 0 && raw < Self.denseLimit else { return large.contains(id) }
    guard raw / 64 < words.count else { return false }
    return words[raw / 64] & (UInt64(1) << UInt64(raw % 64)) != 0
  }

  /// Adds `id`; true when it was not there before.
  @discardableResult
  public mutating func insert(_ id: TaskID) -> Bool {
    let raw = id.rawValue
    guard raw >= 0 && raw < Self.denseLimit else { return large.insert(id).inserted }
    if raw / 64 >= words.count {
      words += repeatElement(0, count: raw / 64 + 1 - words.count)
    }
    let bit = UInt64(1) << UInt64(raw % 64)
    defer { words[raw / 64] |= bit }
    return words[raw / 64] & bit == 0
  }
}
