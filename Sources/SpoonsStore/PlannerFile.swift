import SpoonsCore

/// What `planner.txt` holds: the live planner, and how many bytes of each archive file belong
/// to it.
///
/// The archive lengths make the rename of `planner.txt` the single moment a change commits:
/// archive bytes past them (a writer killed after appending, before renaming) are not part of
/// any saved state and are ignored, then cut off by the next writer.
public struct PlannerSnapshot: Equatable, Sendable {
  public var planner: Planner
  public var archive: ArchiveLengths
  /// Where the undo history stands, changes after the checkpoint included.
  public var journal: JournalState
  /// What the changes after the checkpoint left to fold into the next one.
  var tail = CheckpointTail()

  public init(
    planner: Planner, archive: ArchiveLengths = ArchiveLengths(),
    journal: JournalState = JournalState()
  ) {
    self.planner = planner
    self.archive = archive
    self.journal = journal
  }
}

/// How far a planner read is from its checkpoint (`planner.txt`): the changes committed in
/// the undo history since, and the archive bytes they added, which the archive files get
/// only at the next checkpoint (until then they are read from the history).
struct CheckpointTail: Hashable, Sendable {
  /// The version `planner.txt` was read in (0: there was none); a checkpoint older than
  /// `PlannerFile.journalCommits` is rewritten by the next change.
  var version = PlannerFile.format.version
  /// The journal bytes the checkpoint counts; the changes since follow them.
  var folded = 0
  /// How many changes since.
  var changes = 0
  /// Archive bytes those changes added, in order.
  var appends: [ChangeJournal.Append] = []
  /// A last record cut short after them (never confirmed), which the next writer keeps in a
  /// side file before it writes over it.
  var torn: [UInt8] = []
  /// The history file `torn` is from.
  var tornFile = ""
  /// Where the changes since stop reading, in a lenient read (`check --repair`) only.
  var damage: JournalDamage?
}

/// Which archive files hold the archive, and how many of their bytes are committed.
///
/// A change that rewrites an archive file rather than appending to it (`clear completed`,
/// `import --replace`) writes a new file named after the change (`done-7.txt`) and commits by
/// naming it here, so no committed byte is ever written over; the old file stays while undo
/// may need it.
public struct ArchiveLengths: Hashable, Sendable {
  /// Committed sizes in bytes; 0 when the file does not exist yet.
  public var done: Int
  public var days: Int
  /// The files' numbers: 0 for `done.txt` and `days.txt`, N for `done-N.txt`, `days-N.txt`.
  public var doneFile: Int
  public var daysFile: Int

  public init(done: Int = 0, days: Int = 0, doneFile: Int = 0, daysFile: Int = 0) {
    self.done = done
    self.days = days
    self.doneFile = doneFile
    self.daysFile = daysFile
  }

  var doneName: String { ArchiveFiles.name(ArchiveFiles.doneName, number: doneFile) }
  var daysName: String { ArchiveFiles.name(ArchiveFiles.daysName, number: daysFile) }
}

/// `planner.txt`: everything everyday commands need, small and quick to read.
enum PlannerFile {
  static let name = "planner.txt"
  /// Version 2 added routines, the reserve, borrowing and rests (`next routine=`, `settings`,
  /// `routine` records, `day borrowed= repaid=`, `task rest= from=routine`); version 3 the
  /// `journal` line (undo); version 4 `task back=` (what a done rest gave back); version 5
  /// `settings daystart=` (when the day begins); version 6, for sync, `journal sync=
  /// syncrecords=`, `renumbered` and `day started=`; version 7, for pacing, `day mood=`,
  /// `settings mood= pacehint=` and `task took=`. Version 8 adds no field but a meaning: the
  /// file is a checkpoint, and the whole records after `journal bytes=` in the undo history
  /// are changes committed since (see `JournalTail`); before it, bytes past there belonged to
  /// no saved state. Older files load as they are: every addition is optional.
  /// Version 9 guards routine numbers and numbers a sync removed: `renumbered of=routine`,
  /// `renumbered` without `new=`, and `deleted ids=`. Version 10 adds `task tags=` (tags and
  /// contexts). Version 11 adds routine `days=` that are no set of weekdays (`every 3 days from
  /// 2026-11-26`, `31st`, `last fri`: `Recurrence.storedForm`). Version 12 adds `journal
  /// syncfile= syncbytes=`: a sync's round appended to an earlier sync's state
  /// (`SyncedStateMark`).
  static let format = FileFormat(name: "spoons-planner", version: 12)
  /// The first version whose journal records after the checkpoint are committed changes.
  static let journalCommits = 8

  static func encode(_ snapshot: PlannerSnapshot) -> [UInt8] {
    head(snapshot.journal) + body(snapshot)
  }

  /// The format line and the `journal` line: the two lines undo leaves out of its diffs
  /// (see `PlannerLines`), written apart so a save can diff the body before it knows where
  /// the journal will stand.
  static func head(_ journal: JournalState) -> [UInt8] {
    var out: [UInt8] = []
    format.encodeHeader(to: &out)
    out.append(contentsOf: "journal".utf8)
    RecordCodec.field("generation", String(journal.generation), to: &out)
    RecordCodec.field("bytes", String(journal.bytes), to: &out)
    RecordCodec.field("records", String(journal.records), to: &out)
    RecordCodec.field("seq", String(journal.lastSeq), to: &out)
    if journal.syncFile > 0 {
      RecordCodec.field("sync", String(journal.syncFile), to: &out)
      RecordCodec.field("syncrecords", String(journal.syncRecords), to: &out)
      if let state = journal.syncState {
        RecordCodec.field("syncfile", String(state.file), to: &out)
        RecordCodec.field("syncbytes", String(state.bytes), to: &out)
      }
    }
    out.append(UInt8(ascii: "\n"))
    return out
  }

  /// Everything after the head: the planner and the archive lengths.
  static func body(_ snapshot: PlannerSnapshot) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(200 + snapshot.planner.taskCount * 160)
    encodeLeading(snapshot, to: &out)
    var count = 0
    for task in snapshot.planner.allTasks {
      TaskRecord.encode(task, to: &out)
      count += 1
    }
    encodeEnd(tasks: count, to: &out)
    return out
  }

  /// The `end` line, which counts the tasks so a file cut short is never read as whole.
  static func encodeEnd(tasks count: Int, to out: inout [UInt8]) {
    out.append(contentsOf: "end".utf8)
    RecordCodec.field("tasks", String(count), to: &out)
    out.append(UInt8(ascii: "\n"))
  }

  /// The body's lines before the tasks: `next`, `archive`, `settings`, `renumbered`, `day`
  /// and the routines. A handful, so a change can compare them whole (see `PlannerDiff`).
  static func encodeLeading(_ snapshot: PlannerSnapshot, to out: inout [UInt8]) {
    let planner = snapshot.planner
    out.append(contentsOf: "next".utf8)
    RecordCodec.field("id", String(planner.nextID.rawValue), to: &out)
    RecordCodec.field("routine", String(planner.nextRoutineID.rawValue), to: &out)
    out.append(UInt8(ascii: "\n"))
    out.append(contentsOf: "archive".utf8)
    RecordCodec.field("done", String(snapshot.archive.done), to: &out)
    RecordCodec.field("days", String(snapshot.archive.days), to: &out)
    if snapshot.archive.doneFile > 0 {
      RecordCodec.field("donefile", String(snapshot.archive.doneFile), to: &out)
    }
    if snapshot.archive.daysFile > 0 {
      RecordCodec.field("daysfile", String(snapshot.archive.daysFile), to: &out)
    }
    out.append(UInt8(ascii: "\n"))
    out.append(contentsOf: "settings".utf8)
    RecordCodec.field("reserve", String(planner.reserve), to: &out)
    RecordCodec.field("daystart", planner.dayStart.description, to: &out)
    // Left out when on (the default), so a planner that never turned them off reads the same.
    if !planner.asksMood { RecordCodec.field("mood", "off", to: &out) }
    if !planner.paceHints { RecordCodec.field("pacehint", "off", to: &out) }
    out.append(UInt8(ascii: "\n"))
    for moved in planner.renumbered {
      out.append(contentsOf: "renumbered".utf8)
      switch moved.old {
      case .task(let id): RecordCodec.field("old", String(id.rawValue), to: &out)
      case .routine(let id):
        RecordCodec.field("of", "routine", to: &out)
        RecordCodec.field("old", String(id.rawValue), to: &out)
      }
      switch moved.new {
      case .task(let id)?: RecordCodec.field("new", String(id.rawValue), to: &out)
      case .routine(let id)?: RecordCodec.field("new", String(id.rawValue), to: &out)
      case nil: break
      }
      RecordCodec.field("title", moved.title, to: &out, escape: true)
      out.append(UInt8(ascii: "\n"))
    }
    if !planner.deletedToday.isEmpty {
      out.append(contentsOf: "deleted".utf8)
      RecordCodec.field("ids", runs(of: planner.deletedToday), to: &out)
      out.append(UInt8(ascii: "\n"))
    }
    if let day = planner.day {
      out.append(contentsOf: "day".utf8)
      RecordCodec.field("date", day.date.description, to: &out)
      // What the day started with, after repaying: the budget asked for is that plus
      // `repaid=`.
      RecordCodec.field("budget", String(day.budget - day.repaid), to: &out)
      if day.borrowed > 0 { RecordCodec.field("borrowed", String(day.borrowed), to: &out) }
      if day.repaid > 0 { RecordCodec.field("repaid", String(day.repaid), to: &out) }
      if let set = day.budgetSet { RecordCodec.field("started", set.description, to: &out) }
      if let mood = day.mood { RecordCodec.field("mood", String(mood), to: &out) }
      out.append(UInt8(ascii: "\n"))
    }
    for routine in planner.routines { encode(routine, to: &out) }
  }

  static func encode(_ routine: Routine, to out: inout [UInt8]) {
    out.append(contentsOf: "routine".utf8)
    RecordCodec.field("id", String(routine.id.rawValue), to: &out)
    RecordCodec.field("spoons", String(routine.spoons.value), to: &out)
    RecordCodec.field("days", routine.days.storedForm, to: &out)
    if routine.isPaused { RecordCodec.field("paused", "1", to: &out) }
    if routine.isRest { RecordCodec.field("rest", "1", to: &out) }
    RecordCodec.field("created", routine.created.description, to: &out)
    RecordCodec.field("title", routine.title.text, to: &out, escape: true)
    out.append(UInt8(ascii: "\n"))
  }

  static func decodeRoutine(_ record: RecordCodec.Record) throws(DecodeError) -> Routine {
    try record.expectOnly(["id", "spoons", "days", "paused", "rest", "created", "title"])
    let id = try record.int("id")
    guard id >= 1 else { throw DecodeError(line: record.line, reason: "id must be 1 or more") }
    guard let days = try? RecurrenceSpec(parsing: try record.string("days")).stored, days.canFall
    else {
      throw DecodeError(line: record.line, reason: "days is not a form 'routine add --days' writes")
    }
    let (text, cost) = (try record.string("title"), try record.unchecked("spoons"))
    let (title, spoons) = try valid(record.line) { () throws(PlannerError) in
      (try Title(text), try SpoonCost(cost))
    }
    return Routine(
      id: RoutineID(id), title: title, spoons: spoons, days: days, isRest: try record.flag("rest"),
      isPaused: try record.flag("paused"), created: try record.timestamp("created"))
  }

  /// An `archive` line (without its newline), as a redo replays it.
  static func decodeArchiveLine(_ text: [UInt8]) throws(DecodeError) -> ArchiveLengths {
    var lengths = ArchiveLengths()
    try RecordCodec.forEachRecord(in: text + [UInt8(ascii: "\n")]) { record throws(DecodeError) in
      lengths = try archive(record)
    }
    return lengths
  }

  static func archive(_ record: RecordCodec.Record) throws(DecodeError) -> ArchiveLengths {
    try record.expectOnly(["done", "days", "donefile", "daysfile"])
    return ArchiveLengths(
      done: try record.int("done"), days: try record.int("days"),
      doneFile: try record.optionalInt("donefile", in: 0...Int.max),
      daysFile: try record.optionalInt("daysfile", in: 0...Int.max))
  }

  /// A `renumbered` record: a task's number (or, with `of=routine`, a routine's) a sync moved
  /// to `new=`, or removed when `new=` is left out.
  static func renumbering(_ record: RecordCodec.Record) throws(DecodeError) -> Renumbering {
    try record.expectOnly(["of", "old", "new", "title"])
    let isRoutine: Bool
    switch try record.optionalString("of") {
    case nil: isRoutine = false
    case "routine"?: isRoutine = true
    case let other?:
      throw DecodeError(line: record.line, reason: "of must be routine, not '\(other)'")
    }
    let old = try record.int("old", in: 1...Int.max)
    let new = try record.optionalInt("new", in: 1...Int.max)
    let title = try record.string("title")
    func number(_ n: Int) -> Renumbering.Number {
      isRoutine ? .routine(RoutineID(n)) : .task(TaskID(n))
    }
    return Renumbering(old: number(old), new: new == 0 ? nil : number(new), title: title)
  }

  /// Ids lowest first as runs (`3-40,52`): a cleared backlog is one run, not thousands.
  static func runs(of ids: [TaskID]) -> String {
    var text = ""
    var index = ids.startIndex
    while index < ids.endIndex {
      var end = index
      while end + 1 < ids.endIndex, ids[end + 1].rawValue == ids[end].rawValue + 1 { end += 1 }
      if !text.isEmpty { text += "," }
      text += end == index ? "\(ids[index].rawValue)" : "\(ids[index].rawValue)-\(ids[end].rawValue)"
      index = end + 1
    }
    return text
  }

  /// The most ids a `deleted` line may name: far past any day's deletes, and small enough that
  /// a hand-edited run cannot take the memory of a billion ids.
  static let mostDeletedIDs = 1 << 24

  /// `runs(of:)` read back; a run that is not two task numbers low to high is refused.
  static func ids(inRuns text: String, line: Int) throws(DecodeError) -> [TaskID] {
    var ids: [TaskID] = []
    for part in text.split(separator: ",") {
      let bounds = part.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
      guard let low = Int(bounds[0]), low > 0, let high = bounds.count == 2 ? Int(bounds[1]) : low,
        high >= low, high - low < mostDeletedIDs - ids.count
      else {
        throw DecodeError(line: line, reason: "ids must be task numbers or runs, not '\(part)'")
      }
      ids += (low...high).map(TaskID.init)
    }
    return ids
  }

  /// A core refusal while decoding, as a decode error on `line`.
  static func valid<T>(_ line: Int, _ body: () throws(PlannerError) -> T) throws(DecodeError) -> T {
    do { return try body() } catch { throw DecodeError(line: line, reason: error.description) }
  }

  /// A setting written `off` when turned off, and left out when on.
  fileprivate static func onOff(_ record: RecordCodec.Record, _ key: StaticString) throws(DecodeError)
    -> Bool
  {
    guard let value = record.raw(key) else { return true }
    if RecordCodec.equal(value, "off") { return false }
    if RecordCodec.equal(value, "on") { return true }
    throw DecodeError(line: record.line, reason: "\(key) must be on or off")
  }

  static func decodeJournal(_ record: RecordCodec.Record) throws(DecodeError) -> JournalState {
    try record.expectOnly([
      "generation", "bytes", "records", "seq", "sync", "syncrecords", "syncfile", "syncbytes",
    ])
    var state: SyncedStateMark?
    // One without the other is refused: each names what the other counts.
    if record.raw("syncfile") != nil || record.raw("syncbytes") != nil {
      state = SyncedStateMark(
        file: try record.int("syncfile", in: 1...Int.max),
        bytes: try record.int("syncbytes", in: 0...Int.max))
    }
    return JournalState(
      generation: try record.int("generation"), bytes: try record.int("bytes", in: 0...Int.max),
      records: try record.int("records"), lastSeq: try record.int("seq"),
      syncFile: try record.optionalInt("sync", in: 0...Int.max),
      syncRecords: try record.optionalInt(
        "syncrecords", absent: try record.int("records"), in: 0...Int.max),
      syncState: state)
  }

  /// The file's version and its `journal` line, read from its first two lines alone: where
  /// the changes after the checkpoint are, before the whole file is read with them. nil when
  /// those lines do not read (`decode` then says why).
  static func peek(_ buffer: UnsafeBufferPointer<UInt8>) -> (version: Int, journal: JournalState?)? {
    var fields: [(key: ArraySlice<UInt8>, value: ArraySlice<UInt8>)] = []
    let first = RecordCodec.nextIndex(of: 10, in: buffer, from: 0, to: buffer.count)
    guard first < buffer.count else { return nil }
    let second = RecordCodec.nextIndex(of: 10, in: buffer, from: first + 1, to: buffer.count)
    let bytes = Array(buffer[..<second])  // the two lines alone, not the whole file
    guard
      let header = try? RecordCodec.parseLine(bytes, from: 0, to: first, line: 1, fields: &fields),
      let version = try? format.checkHeader(header)
    else { return nil }
    fields.removeAll(keepingCapacity: true)
    guard second < buffer.count,
      let line = try? RecordCodec.parseLine(
        bytes, from: first + 1, to: second, line: 2, fields: &fields),
      line.isKind("journal")
    else { return (version, nil) }
    return (version, try? decodeJournal(line))
  }

  static func decode(
    _ bytes: [UInt8], file: String = name, over overlay: PlannerLines.Overlay? = nil
  ) throws(StoreError) -> PlannerSnapshot {
    try bytes.withUnsafeBufferPointer { (buffer) throws(StoreError) in
      try decode(buffer, file: file, over: overlay)
    }
  }

  /// The planner in `lines`: the whole file in memory, or the file read a block at a time
  /// (`BlockReader`), since nothing decoded points into the bytes a line was read from.
  static func decode(
    _ lines: any LineSource, file: String = name, over overlay: PlannerLines.Overlay? = nil
  ) throws(StoreError) -> PlannerSnapshot {
    if let foreign = format.foreign(lines.head, whole: lines.byteCount, file: file) {
      throw foreign
    }
    var other = OtherRecords()
    // Tasks go straight into the planner, which makes room for as many as the file and the
    // changes after it can hold (an upper bound, so nothing is copied as it grows): 100,000
    // open tasks must load within 64 MiB, never held twice.
    let room = lines.byteCount / TaskRecord.shortestLine + (overlay?.lineCount ?? 0)
    var tasks = Planner.Restorer(expecting: room)
    var taskLines: [Int] = []
    taskLines.reserveCapacity(room)
    var checked = false
    do {
      try PlannerLines.forEachLine(in: lines, over: overlay) { line throws(DecodeError) in
        if !checked {
          checked = true
          _ = try format.checkHeader(line.record())  // every older version reads as it is
          return
        }
        guard other.endCount == nil else {
          throw DecodeError(line: line.number, reason: "a record after the end line")
        }
        if line.isKind("task") {  // checked first: nearly every line is one
          tasks.add(try TaskRecord.decode(line))
          taskLines.append(line.number)
          return
        }
        try other.read(try line.record())
      }
    } catch {
      // A line the changes after the checkpoint put there (line 0): theirs is the fault.
      if error.line == 0, let overlay, error.newerVersion == nil {
        throw .corrupt(file: overlay.file, line: nil, reason: error.reason)
      }
      throw error.inFile(file, supported: format.version)
    }
    guard let nextID = other.nextID, let archive = other.archive else {
      throw .corrupt(file: file, line: nil, reason: "the next or archive line is missing")
    }
    guard let endCount = other.endCount else {
      throw .corrupt(file: file, line: nil, reason: "the file is cut short (no end line)")
    }
    guard endCount == tasks.count else {
      throw .corrupt(
        file: file, line: nil,
        reason: "the end line counts \(endCount) tasks but the file holds \(tasks.count)")
    }
    do {
      var planner = try tasks.finish(
        nextID: TaskID(nextID), day: other.day, routines: other.routines,
        nextRoutineID: RoutineID(other.nextRoutineID), reserve: other.reserve ?? 0)
      planner.setDayStart(other.dayStart)
      planner.setAsksMood(other.asksMood)
      planner.setPaceHints(other.paceHints)
      for moved in other.renumbered { planner.noteRenumbered(moved) }
      if !other.deleted.isEmpty { planner.noteDeleted(other.deleted) }
      return PlannerSnapshot(
        planner: planner, archive: archive, journal: other.journal ?? JournalState())
    } catch {
      let line = error.taskIndex.map { taskLines[$0] }
      throw .corrupt(file: line == 0 ? overlay?.file ?? file : file, line: line == 0 ? nil : line, reason: error.reason)
    }
  }
}

/// What a planner file holds besides its tasks (read as they come, straight into the
/// planner): each other record, read into its place, and refused when it comes twice.
private struct OtherRecords {
  var nextID: Int?
  var nextRoutineID = 1
  var archive: ArchiveLengths?
  var journal: JournalState?
  var reserve: Int?
  var dayStart = DayStart.standard
  var asksMood = true
  var paceHints = true
  var routines: [Routine] = []
  var renumbered: [Renumbering] = []
  var deleted: [TaskID] = []
  var day: Day?
  var endCount: Int?

  mutating func read(_ record: RecordCodec.Record) throws(DecodeError) {
    switch record.kind {
    case "next":
      try record.expectOnly(["id", "routine"])
      guard nextID == nil else { throw DecodeError(line: record.line, reason: "next twice") }
      nextID = try record.int("id")
      nextRoutineID = try record.optionalInt("routine", absent: 1, in: 1...Int.max)
    case "journal":
      guard journal == nil else {
        throw DecodeError(line: record.line, reason: "journal twice")
      }
      // Right after the format line, where a read looks for it before the rest (`peek`):
      // anywhere else, the changes after the checkpoint would go unread.
      guard record.line == 2 else {
        throw DecodeError(
          line: record.line, reason: "the journal line must come right after the format line")
      }
      journal = try PlannerFile.decodeJournal(record)
    case "settings":
      try record.expectOnly(["reserve", "daystart", "mood", "pacehint"])
      guard reserve == nil else {
        throw DecodeError(line: record.line, reason: "settings twice")
      }
      reserve = try record.optionalInt("reserve", in: Limits.spoonsPerDay)
      if let text = try record.optionalString("daystart") {
        guard let start = DayStart(text), text.count == 5 else {
          throw DecodeError(
            line: record.line, reason: "daystart must be a time from 00:00 to 12:00")
        }
        dayStart = start
      }
      asksMood = try PlannerFile.onOff(record, "mood")
      paceHints = try PlannerFile.onOff(record, "pacehint")
    case "routine":
      routines.append(try PlannerFile.decodeRoutine(record))
    case "renumbered":
      renumbered.append(try PlannerFile.renumbering(record))
    case "deleted":
      try record.expectOnly(["ids"])
      deleted = try PlannerFile.ids(inRuns: try record.string("ids"), line: record.line)
    case "archive":
      guard archive == nil else {
        throw DecodeError(line: record.line, reason: "archive twice")
      }
      archive = try PlannerFile.archive(record)
    case "day":
      try record.expectOnly(["date", "budget", "borrowed", "repaid", "started", "mood"])
      guard day == nil else { throw DecodeError(line: record.line, reason: "day twice") }
      let (date, budget) = (try record.date("date"), try record.unchecked("budget"))
      let borrowed = try record.unchecked("borrowed", absent: 0)
      let repaid = try record.unchecked("repaid", absent: 0)
      let started = record.raw("started") == nil ? nil : try record.timestamp("started")
      let mood = record.raw("mood") == nil ? nil : try record.int("mood", in: Limits.mood)
      day = try PlannerFile.valid(record.line) { () throws(PlannerError) in
        guard repaid >= 0, repaid <= Limits.spoonsPerDay.upperBound else {
          throw .invalidRepaid(repaid, budget: budget)
        }
        return try Day(
          date: date, budget: budget + repaid, borrowed: borrowed, repaid: repaid,
          budgetSet: started, mood: mood)
      }
    case "end":
      try record.expectOnly(["tasks"])
      endCount = try record.int("tasks")
    default:
      throw DecodeError(line: record.line, reason: "unknown record '\(record.kind)'")
    }
  }
}
