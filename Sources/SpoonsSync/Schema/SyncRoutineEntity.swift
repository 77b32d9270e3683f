import SpoonsCore

/// A routine's fields in the synced document. `days` is the weekday mask (`Weekdays.mask`).
public enum SyncRoutineField: String, SyncFieldSet {
  case number = "n"
  case spoons, title, days, paused, rest, created, rank

  public static let required: [Self] = [.number, .created, .title, .spoons, .days]
}

/// A routine written to and read from the document.
enum SyncRoutineEntity {
  /// The fields of `routine` (its rank is given with the list's).
  static func values(of routine: Routine) -> [String: String] {
    var values = SyncRoutineField.values([
      .number: String(routine.id.rawValue), .spoons: String(routine.spoons.value),
      .title: routine.title.text, .days: String(routine.days.mask),
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
    return Routine(
      id: id, title: title, spoons: spoons, days: Weekdays(mask: UInt8(mask)),
      isRest: read.text(.rest) == "1", isPaused: read.text(.paused) == "1", created: created)
  }
}
