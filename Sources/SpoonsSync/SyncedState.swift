import SpoonsCore

/// Everything a device syncs: the live planner, its done tasks of finished days and the
/// record of each finished day (what the store keeps in `planner.txt`, `done.txt` and
/// `days.txt`).
public struct SyncedState: Equatable, Sendable {
  public var planner: Planner
  /// Oldest first.
  public var done: [SpoonTask]
  /// Oldest first.
  public var days: [DayRecord]

  public init(planner: Planner, done: [SpoonTask] = [], days: [DayRecord] = []) {
    self.planner = planner
    self.done = done
    self.days = days
  }
}

/// Why a synced document does not make a planner: a change file held a value no Spoons
/// writes. Nothing is changed when it is thrown.
public struct SyncProblem: Error, Hashable, Sendable, CustomStringConvertible {
  public let entity: String
  public let field: String
  public let value: String
  public var description: String {
    "the synced value \(field)=\"\(value)\" of \(entity) is not one Spoons writes"
  }
}
