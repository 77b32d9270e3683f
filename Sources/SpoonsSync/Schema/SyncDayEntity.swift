import SpoonsCore

/// A day's fields in the synced document, named `day:DATE`.
///
/// `record` is what a finished day planned, spent and rested (`planned spent rested`), written
/// once the day has ended; `checked` is its own field (pacing came later), so a device from
/// before pacing reads the record as it always did. `started` is when the open day's budget
/// was set.
public enum SyncDayField: String, SyncFieldSet {
  case budget, repaid, borrowed, record, checked, mood, started

  public static let required: [Self] = [.budget, .repaid, .borrowed]
}

/// A day written to and read from the document.
enum SyncDayEntity {
  /// The fields of a finished day.
  static func values(of record: DayRecord) -> [String: String] {
    let l = record.ledger
    var values = SyncDayField.values([
      .budget: String(l.budget), .repaid: String(l.repaid), .borrowed: String(l.borrowed),
      .record: "\(l.planned) \(l.spent) \(l.rested)",
      .checked: l.checked == l.spent ? "" : String(l.checked),
      .mood: record.mood.map(String.init) ?? "",
    ])
    values[SyncConflictRules.deleteField] = ""
    return values
  }

  /// The fields of the open day. An open day has no record: one a device further on wrote
  /// (`written`) stays, as it is read only once the day has ended, so devices on different
  /// dates never undo each other's.
  static func values(of day: Day, written: String?) -> [String: String] {
    var values = SyncDayField.values([
      .budget: String(day.budget), .repaid: String(day.repaid),
      .borrowed: String(day.borrowed), .record: written ?? "",
      .started: day.budgetSet.map { "\($0)" } ?? "", .mood: day.mood.map(String.init) ?? "",
    ])
    values[SyncConflictRules.deleteField] = ""
    return values
  }

  /// A day's budget, what it repaid and borrowed, clamped to what the ledger allows, and its
  /// mood (one out of range reads as not said). Throws a number no Spoons writes.
  static func ledgerStart(_ entity: SyncEntity, _ fields: SyncRegisters) throws(SyncProblem)
    -> (budget: Int, repaid: Int, borrowed: Int, mood: Int?)
  {
    let read = SyncFieldReader<SyncDayField>(entity, fields)
    let budget = try read.int(.budget, in: Limits.spoonsPerDay)
    let repaid = min(try read.int(.repaid, in: 0...budget), budget)
    let borrowed = min(
      try read.int(.borrowed, in: 0...Limits.spoonsPerDay.upperBound),
      SpoonLedger.borrowLimit(startingWith: budget - repaid))
    let mood = Int(fields.text(SyncDayField.mood)).flatMap { Limits.mood.contains($0) ? $0 : nil }
    return (budget, repaid, borrowed, mood)
  }

  /// The open day `fields` describe, on `date`.
  static func openDay(_ entity: SyncEntity, _ fields: SyncRegisters, on date: CivilDate)
    throws(SyncProblem) -> Day?
  {
    let start = try ledgerStart(entity, fields)
    // Within every limit by now (clamped above), so this cannot refuse.
    return try? Day(
      date: date, budget: start.budget, borrowed: start.borrowed, repaid: start.repaid,
      budgetSet: Timestamp(iso: fields.text(SyncDayField.started)), mood: start.mood)
  }

  /// The finished day `fields` describe, on `date`, with the tasks done on it. Its record
  /// counts at least what those tasks took; a record with a number out of range is not
  /// Spoons's, and is read as none. Without `checked`, the day took what it planned.
  static func record(
    _ entity: SyncEntity, _ fields: SyncRegisters, on date: CivilDate, done: [SpoonTask]
  ) throws(SyncProblem) -> DayRecord {
    let start = try ledgerStart(entity, fields)
    var spent = 0
    var checked = 0
    var rested = 0
    for task in done {
      spent += task.spent
      checked += task.cost
      rested += task.rested
    }
    var planned = checked
    let record = fields.text(SyncDayField.record).split(separator: " ").map { Int($0) }
    if record.count == 3, record.allSatisfy({ $0.map(Limits.recordedSpoons.contains) ?? false }) {
      planned = max(planned, record[0]!)
      spent = max(spent, record[1]!)
      rested = max(rested, record[2]!)
      let noted = Int(fields.text(SyncDayField.checked)).flatMap {
        Limits.recordedSpoons.contains($0) ? $0 : nil
      }
      checked = max(checked, noted ?? record[1]!)
    }
    return DayRecord(
      date: date,
      ledger: SpoonLedger(
        budget: start.budget, repaid: start.repaid, borrowed: start.borrowed, rested: rested,
        planned: planned, spent: spent, checked: checked),
      done: done.map(\.id), mood: start.mood)
  }
}
