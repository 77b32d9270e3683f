/// A task's permanent number, shown as `#12`.
///
/// Assigned once by the planner and never reused, even after the task is deleted, so that
/// `done 12` typed from memory can never hit a different task than the one the user saw.
public struct TaskID: Hashable, Comparable, Sendable, CustomStringConvertible {
  public let rawValue: Int

  public init(_ rawValue: Int) { self.rawValue = rawValue }

  public static func < (lhs: TaskID, rhs: TaskID) -> Bool { lhs.rawValue < rhs.rawValue }

  public var description: String { "#\(rawValue)" }
}
