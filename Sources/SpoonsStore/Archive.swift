import SpoonsCore

/// Everything that has left the live planner: the done tasks of finished days and one record
/// per finished day. Only history, search and stats read it.
public struct Archive: Equatable, Sendable {
  /// Oldest first.
  public var doneTasks: [SpoonTask]
  /// Oldest first.
  public var days: [DayRecord]

  public init(doneTasks: [SpoonTask] = [], days: [DayRecord] = []) {
    self.doneTasks = doneTasks
    self.days = days
  }
}

/// `done.txt` (archived done tasks) and `days.txt` (finished days): append-only, so a new day
/// costs an append of that day's lines, not a rewrite of years of history.
enum ArchiveFiles {
  static let doneName = "done.txt"
  static let daysName = "days.txt"

  /// `done.txt` for number 0, `done-7.txt` for 7.
  static func name(_ base: String, number: Int) -> String {
    number == 0 ? base : String(base.dropLast(4)) + "-\(number).txt"
  }

  /// True for `done.txt`, `days.txt` and their numbered successors.
  static func isArchiveName(_ name: String) -> Bool {
    for base in ["done", "days"] {
      if name == base + ".txt" { return true }
      if name.hasPrefix(base + "-"), name.hasSuffix(".txt"),
        let n = Int(name.dropFirst(5).dropLast(4)), n > 0, name == self.name(base + ".txt", number: n)
      {
        return true
      }
    }
    return false
  }
  static let doneFormat = FileFormat(name: "spoons-done", version: 1)
  static let daysFormat = FileFormat(name: "spoons-days", version: 1)

  /// The bytes to append for `finished`, as (done.txt bytes, days.txt bytes); the format line
  /// is included when a file is still empty.
  static func encode(_ finished: [FinishedDay], doneIsEmpty: Bool, daysIsEmpty: Bool)
    -> (done: [UInt8], days: [UInt8])
  {
    var done: [UInt8] = []
    var days: [UInt8] = []
    if doneIsEmpty { doneFormat.encodeHeader(to: &done) }
    if daysIsEmpty { daysFormat.encodeHeader(to: &days) }
    for day in finished {
      for task in day.doneTasks { TaskRecord.encode(task, to: &done) }
      encode(day.record, to: &days)
    }
    return (done, days)
  }

  static func encode(_ record: DayRecord, to out: inout [UInt8]) {
    out.append(contentsOf: "day".utf8)
    RecordCodec.field("date", record.date.description, to: &out)
    let ledger = record.ledger
    // `budget=` is what the day started with, after repaying; the budget asked for is that
    // plus `repaid=`.
    RecordCodec.field("budget", String(ledger.startedWith), to: &out)
    RecordCodec.field("planned", String(ledger.planned), to: &out)
    RecordCodec.field("spent", String(ledger.spent), to: &out)
    RecordCodec.field("done", numbers: record.done.map(\.rawValue), to: &out)
    // Added with planner format 2 (borrowed, rested) and 4 (repaid); left out when 0, so
    // older lines read the same.
    if ledger.borrowed > 0 { RecordCodec.field("borrowed", String(ledger.borrowed), to: &out) }
    if ledger.rested > 0 { RecordCodec.field("rested", String(ledger.rested), to: &out) }
    if ledger.repaid > 0 { RecordCodec.field("repaid", String(ledger.repaid), to: &out) }
    // Added with planner format 7: `checked=` only when a task took other than planned (it
    // is `spent=` otherwise), `mood=` only when the person said.
    if ledger.checked != ledger.spent {
      RecordCodec.field("checked", String(ledger.checked), to: &out)
    }
    if let mood = record.mood { RecordCodec.field("mood", String(mood), to: &out) }
    out.append(UInt8(ascii: "\n"))
  }

  /// The most spoons a finished day can have planned, spent or rested (`Limits.recordedSpoons`):
  /// bounded so that sums over years of days (stats, charts) cannot overflow, whatever a file
  /// or an import holds, yet above anything a day Spoons ends can write.
  static let maxSpoons = Limits.recordedSpoons.upperBound

  static func decodeDone(_ bytes: [UInt8], file: String = doneName) throws(StoreError)
    -> [SpoonTask]
  {
    var tasks: [SpoonTask] = []
    tasks.reserveCapacity(RecordCodec.lineCount(bytes))
    try doneFormat.decodeLines(bytes, file: file) { line throws(DecodeError) in
      guard line.isKind("task") else {
        throw DecodeError(line: line.number, reason: "unknown record '\(try line.record().kind)'")
      }
      let task = try TaskRecord.decode(line)
      guard task.isDone else {
        throw DecodeError(line: line.number, reason: "an archived task must be done")
      }
      tasks.append(task)
    }
    return tasks
  }

  static func decodeDays(_ bytes: [UInt8], file: String = daysName) throws(StoreError)
    -> [DayRecord]
  {
    var days: [DayRecord] = []
    try daysFormat.decodeRecords(bytes, file: file) { record throws(DecodeError) in
      guard record.isKind("day") else {
        throw DecodeError(line: record.line, reason: "unknown record '\(record.kind)'")
      }
      try record.expectOnly(
        [
          "date", "budget", "planned", "spent", "done", "borrowed", "rested", "repaid", "checked",
          "mood",
        ])
      guard let rawDone = record.raw("done") else { throw record.missing("done") }
      var done: [TaskID] = []
      for part in rawDone.split(separator: UInt8(ascii: ",")) {
        guard let id = RecordCodec.parseInt(part) else {
          throw DecodeError(line: record.line, reason: "done is not a list of ids")
        }
        done.append(TaskID(id))
      }
      let startedWith = try record.int("budget", in: Limits.spoonsPerDay)
      let repaid = try record.optionalInt(
        "repaid", in: 0...(Limits.spoonsPerDay.upperBound - startedWith))
      let ledger = SpoonLedger(
        budget: startedWith + repaid, repaid: repaid,
        borrowed: try record.optionalInt("borrowed", in: 0...Limits.spoonsPerDay.upperBound),
        rested: try record.optionalInt("rested", in: 0...Self.maxSpoons),
        planned: try record.int("planned", in: 0...Self.maxSpoons),
        spent: try record.int("spent", in: 0...Self.maxSpoons),
        checked: record.raw("checked") == nil
          ? nil : try record.int("checked", in: 0...Self.maxSpoons))
      let mood = record.raw("mood") == nil ? nil : try record.int("mood", in: Limits.mood)
      days.append(
        DayRecord(date: try record.date("date"), ledger: ledger, done: done, mood: mood))
    }
    return days
  }


}
