/// A routine's permanent number, shown as `r3` so it is never mistaken for a task's `#3`.
public struct RoutineID: Hashable, Comparable, Sendable, CustomStringConvertible {
  public let rawValue: Int

  public init(_ rawValue: Int) { self.rawValue = rawValue }

  public static func < (lhs: RoutineID, rhs: RoutineID) -> Bool { lhs.rawValue < rhs.rawValue }

  public var description: String { "r\(rawValue)" }
}

/// Something done again and again ("Take meds", "Walk the dog", "Pay rent" on the 1st): each
/// `new-day` on one of its dates (`Recurrence`) puts a fresh task for it on the to-do list.
///
/// The routine is only the template. The task it makes is an ordinary task of its own, so
/// checking it off never changes the routine, and one left undone is dropped at the next new
/// day instead of piling up in the backlog.
public struct Routine: Hashable, Sendable, Identifiable {
  public let id: RoutineID
  public internal(set) var title: Title
  public internal(set) var spoons: SpoonCost
  /// When it falls: `routine edit --days` changes it from the next new day.
  public internal(set) var days: Recurrence
  /// A rest (a nap, a quiet hour) gives its spoons back when checked off.
  public let isRest: Bool
  /// Paused routines stay in the list but make no tasks.
  public internal(set) var isPaused: Bool
  public let created: Timestamp

  public init(
    id: RoutineID, title: Title, spoons: SpoonCost, days: Recurrence, isRest: Bool = false,
    isPaused: Bool = false, created: Timestamp
  ) {
    self.id = id
    self.title = title
    self.spoons = spoons
    self.days = days
    self.isRest = isRest
    self.isPaused = isPaused
    self.created = created
  }

  /// Whether `new-day` on `date` makes a task for it.
  public func runs(on date: CivilDate) -> Bool { !isPaused && days.falls(on: date) }
}
