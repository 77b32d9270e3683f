/// What a task costs, 1 to 10 spoons; also the number of the category the task lives in.
///
/// A validated type so that a cost of 0 or 11 is refused once, at the edge, and never reaches
/// the rules.
public struct SpoonCost: Hashable, Comparable, Sendable, CustomStringConvertible {
  public static let range = 1...10
  public static let all: [SpoonCost] = range.map { SpoonCost(unchecked: $0) }

  /// One byte, as every task holds one.
  private let stored: UInt8

  public var value: Int { Int(stored) }

  /// Fails with `PlannerError.invalidSpoons` outside 1...10.
  public init(_ value: Int) throws(PlannerError) {
    guard Self.range.contains(value) else { throw .invalidSpoons(value) }
    self.stored = UInt8(value)
  }

  init(unchecked value: Int) { self.stored = UInt8(value) }

  public static func < (lhs: SpoonCost, rhs: SpoonCost) -> Bool { lhs.stored < rhs.stored }

  /// "1 spoon", "3 spoons".
  public var description: String { value == 1 ? "1 spoon" : "\(value) spoons" }
}
