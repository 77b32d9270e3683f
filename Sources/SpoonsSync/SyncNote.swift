import SpoonsCore

/// Something a sync had to decide that the person should hear about, one line each.
public enum SyncNote: Hashable, Sendable {
  /// Two devices gave one number to different tasks; the later task took the next free one.
  case renumbered(old: TaskID, new: TaskID, title: String, device: DeviceID)
  /// The same for routines.
  case routineRenumbered(old: RoutineID, new: RoutineID, title: String, device: DeviceID)
  /// A task this device showed is gone (deleted, or its routine's day ended on another
  /// device), and the sync gave its number to another task.
  case numberTaken(TaskID, title: String)
  /// One device deleted a task another changed without having seen the delete: it is kept.
  case keptAfterDelete(TaskID, title: String)
  /// The open day's budget here changed in a sync: another device started the same date or
  /// changed its budget (`budget`), and the one set last is kept.
  case budgetChosen(date: CivilDate, budget: Int, device: DeviceID)
  /// Plans made apart add up past the budget; nothing was taken off the list.
  case overBudget(by: Int)
  /// A device's clock runs ahead of this machine's.
  case clockAhead(DeviceID, seconds: Int64)
  /// Fields of a task set here that a change stamped by a clock `seconds` ahead of this one
  /// replaced: if this clock is the one behind, they were the later change and lost to it.
  case lostToClockAhead(TaskID, title: String, fields: [String], device: DeviceID, seconds: Int64)
}
