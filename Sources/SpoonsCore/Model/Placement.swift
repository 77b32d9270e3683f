/// Where a task is now. Every task is in exactly one of these places.
public enum Placement: Hashable, Sendable {
  /// Waiting in the category of its cost.
  case category
  /// Rolled over from an unfinished day; `since` is the day it was left on.
  case backlog(since: CivilDate)
  /// On today's to-do list, not yet done. `from` is where `unplan` sends it back.
  case todo(from: Origin)
  /// Checked off at `at`. On today's list until the next new day, then in the archive.
  case done(from: Origin, at: Timestamp)

  public var isOpen: Bool {
    if case .done = self { return false }
    return true
  }
}

/// Where a planned task came from, so that taking it off the list can put it back.
public enum Origin: Hashable, Sendable {
  case category
  case backlog(since: CivilDate)
  /// Made by `new-day` from a routine: it has nowhere to go back to, so taking it off the
  /// list, or leaving it undone at the next new day, drops it.
  case routine(RoutineID)
}
