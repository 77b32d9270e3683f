import SpoonsCore

/// The `task` record, shared by `planner.txt` (open tasks and today's done ones) and `done.txt`
/// (the archive).
enum TaskRecord {
  static let keys: [StaticString] = [
    "id", "spoons", "at", "from", "since", "routine", "rest", "completed", "created", "updated",
    "due", "title", "note", "where",
  ]

  static func encode(_ task: SpoonTask, to out: inout [UInt8]) {
    out.append(contentsOf: "task".utf8)
    RecordCodec.field("id", String(task.id.rawValue), to: &out)
    RecordCodec.field("spoons", String(task.spoons.value), to: &out)
    func origin(_ origin: Origin) {
      switch origin {
      case .category: RecordCodec.field("from", "category", to: &out)
      case .backlog(let since):
        RecordCodec.field("from", "backlog", to: &out)
        RecordCodec.field("since", since.description, to: &out)
      case .routine(let id):
        RecordCodec.field("from", "routine", to: &out)
        RecordCodec.field("routine", String(id.rawValue), to: &out)
      }
    }
    switch task.placement {
    case .category: RecordCodec.field("at", "category", to: &out)
    case .backlog(let since):
      RecordCodec.field("at", "backlog", to: &out)
      RecordCodec.field("since", since.description, to: &out)
    case .todo(let from):
      RecordCodec.field("at", "todo", to: &out)
      origin(from)
    case .done(let from, let completed):
      RecordCodec.field("at", "done", to: &out)
      origin(from)
      RecordCodec.field("completed", completed.description, to: &out)
    }
    if task.isRest { RecordCodec.field("rest", "1", to: &out) }
    RecordCodec.field("created", task.created.description, to: &out)
    RecordCodec.field("updated", task.updated.description, to: &out)
    if let due = task.due { RecordCodec.field("due", due.description, to: &out) }
    RecordCodec.field("title", task.title.text, to: &out, escape: true)
    if let note = task.note { RecordCodec.field("note", note, to: &out, escape: true) }
    if let location = task.location {
      RecordCodec.field("where", location, to: &out, escape: true)
    }
    out.append(UInt8(ascii: "\n"))
  }

  static func decode(_ record: RecordCodec.Record) throws(DecodeError) -> SpoonTask {
    try record.expectOnly(keys)
    let line = record.line
    let id = try record.int("id")
    guard id >= 1 else { throw DecodeError(line: line, reason: "id must be 1 or more") }
    let spoons: SpoonCost
    let title: Title
    do {
      spoons = try SpoonCost(try record.int("spoons"))
      title = try Title(try record.string("title"))
    } catch let error as PlannerError {
      throw DecodeError(line: line, reason: error.description)
    } catch let error as DecodeError {
      throw error
    } catch {
      throw DecodeError(line: line, reason: "\(error)")
    }

    func origin() throws(DecodeError) -> Origin {
      guard let from = record.raw("from") else { throw record.missing("from") }
      if RecordCodec.equal(from, "category") { return .category }
      if RecordCodec.equal(from, "backlog") { return .backlog(since: try record.date("since")) }
      if RecordCodec.equal(from, "routine") {
        let id = try record.int("routine")
        guard id >= 1 else { throw DecodeError(line: line, reason: "routine must be 1 or more") }
        return .routine(RoutineID(id))
      }
      let other = String(decoding: from, as: UTF8.self)
      throw DecodeError(line: line, reason: "unknown origin '\(other)'")
    }
    guard let at = record.raw("at") else { throw record.missing("at") }
    let placement: Placement
    if RecordCodec.equal(at, "category") {
      placement = .category
    } else if RecordCodec.equal(at, "backlog") {
      placement = .backlog(since: try record.date("since"))
    } else if RecordCodec.equal(at, "todo") {
      placement = .todo(from: try origin())
    } else if RecordCodec.equal(at, "done") {
      placement = .done(from: try origin(), at: try record.timestamp("completed"))
    } else {
      let other = String(decoding: at, as: UTF8.self)
      throw DecodeError(line: line, reason: "unknown place '\(other)'")
    }
    return SpoonTask(
      id: TaskID(id), title: title, spoons: spoons, placement: placement,
      created: try record.timestamp("created"), updated: try record.timestamp("updated"),
      note: try record.optionalString("note"), location: try record.optionalString("where"),
      due: try record.optionalDate("due"), isRest: try record.flag("rest"))
  }
}
