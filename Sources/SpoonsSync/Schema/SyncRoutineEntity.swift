import SpoonsCore

/// A routine's fields in the synced document. `days` is the weekday mask (`Weekdays.mask`);
/// `repeat`, when not empty, is a recurrence that is no set of weekdays in its stored form
/// (`every 3 days from 2026-11-26`, `last fri`) and decides instead. Such a routine's `days`
/// is every day, which a Spoons that knows no `repeat` (and keeps it, unread) shows as it can.
public enum SyncRoutineField: String, SyncFieldSet {
  case number = "n"
  case spoons, title, days, paused, rest, created, rank
  case recurrence = "repeat"

  public static let required: [Self] = [.number, .created, .title, .spoons, .days]
}

/// A routine written to and read from the document.
enum SyncRoutineEntity {
  /// The fields of `routine` (its rank is given with the list's).
  static func values(of routine: Routine) -> [String: String] {
    var (mask, recurrence) = (Weekdays.everyDay.mask, routine.days.storedForm)
    if case .weekly(let days) = routine.days { (mask, recurrence) = (days.mask, "") }
    var values = SyncRoutineField.values([
      .number: String(routine.id.rawValue), .spoons: String(routine.spoons.value),
      .title: routine.title.text, .days: String(mask), .recurrence: recurrence,
      .paused: routine.isPaused ? "1" : "", .rest: routine.isRest ? "1" : "",
      .created: routine.created.description,
    ])
    values[SyncConflictRules.deleteField] = ""
    return values
  }

  /// The routine `fields` describe, numbered `id`. Throws the first field no Spoons writes.
  static func routine(
    _ entity: SyncEntity, _ fields: SyncRegisters, id: RoutineID, created: Timestamp
  ) throws(SyncProblem) -> Routine {
    let read = SyncFieldReader<SyncRoutineField>(entity, fields)
    let title = try read.title(.title)
    let spoons = try read.cost(.spoons)
    let mask = try read.int(.days, in: 1...127)
    var days = Recurrence.weekly(Weekdays(mask: UInt8(mask)))
    if case let text = read.text(.recurrence), !text.isEmpty {
      guard let recurrence = try? RecurrenceSpec(parsing: text).stored, recurrence.canFall else {
        throw read.problem(.recurrence)
      }
      days = recurrence
    }
    return Routine(
      id: id, title: title, spoons: spoons, days: days,
      isRest: read.text(.rest) == "1", isPaused: read.text(.paused) == "1", created: created)
  }
}
