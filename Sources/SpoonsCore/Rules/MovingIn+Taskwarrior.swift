/// One task of a Taskwarrior export (`task export`), its fields as the file wrote them: the
/// store reads the JSON, and `MovingIn.taskwarrior` decides what each field becomes.
public struct TaskwarriorTask: Hashable, Sendable {
  public struct Annotation: Hashable, Sendable {
    public var entry: String?
    public var description: String
    public init(entry: String?, description: String) {
      self.entry = entry
      self.description = description
    }
  }

  public var uuid: String?
  public var description: String?
  public var status: String?
  /// Dates, as `20261128T230000Z` (UTC).
  public var entry: String?, end: String?, due: String?, wait: String?, scheduled: String?
  public var until: String?
  public var project: String?
  public var priority: String?
  public var recur: String?
  /// The recurring template this task is an instance of.
  public var parent: String?
  public var tags: [String] = []
  public var annotations: [Annotation] = []
  /// User-defined attributes (any key Taskwarrior does not define), with their values as
  /// text, in the file's order.
  public var attributes: [(key: String, value: String)] = []

  public init() {}

  public static func == (a: TaskwarriorTask, b: TaskwarriorTask) -> Bool {
    a.uuid == b.uuid && a.description == b.description && a.status == b.status
      && a.entry == b.entry && a.end == b.end && a.due == b.due && a.wait == b.wait
      && a.scheduled == b.scheduled && a.until == b.until && a.project == b.project
      && a.priority == b.priority && a.recur == b.recur && a.parent == b.parent
      && a.tags == b.tags && a.annotations == b.annotations
      && a.attributes.map(\.key) == b.attributes.map(\.key)
      && a.attributes.map(\.value) == b.attributes.map(\.value)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(uuid)
    hasher.combine(description)
  }

  /// The keys Taskwarrior (2.6 and 3.x) defines. Those without a field above are its own
  /// bookkeeping (`id`, `urgency`, `modified`, `mask`, `imask`, `depends` ...) and mean
  /// nothing in Spoons; any other key is a user-defined attribute, kept in the note.
  public static let definedKeys: Set<String> = [
    "id", "uuid", "description", "status", "entry", "modified", "end", "start", "due", "wait",
    "scheduled", "until", "project", "priority", "tags", "annotations", "depends", "urgency",
    "recur", "mask", "imask", "parent", "rtype", "template", "last",
  ]
}

extension MovingIn {
  /// What a Taskwarrior export brings, by these rules (the README gives the gist):
  /// - `description` is the title; `tags` and `project` tags (`Tag.importing`); `due` the
  ///   due date, on the calendar of `utcOffset` (the person's time zone: Taskwarrior keeps
  ///   UTC, and `due:2026-11-28` typed in Berlin is `20261127T230000Z`);
  /// - `wait`, `scheduled`, `until`, `priority`, `recur`, annotations and user-defined
  ///   attributes become `key: value` parts of the note, so nothing is lost from sight;
  /// - pending and waiting tasks come in open, completed ones done at their `end`; deleted
  ///   ones are counted, not brought;
  /// - a recurring task comes in as its pending instances (what `task list` shows, each
  ///   with its own due date), never its template as well; a template with no pending
  ///   instance in the file comes in once itself, so no recurrence is lost.
  ///
  /// - Parameter utcOffset: the UTC offset, in seconds, at an instant (seconds since 1970):
  ///   the time zone, given, as Core reads no clock.
  public static func taskwarrior(
    _ records: [TaskwarriorTask], utcOffset: (Int64) -> Int
  ) throws(ImportProblem) -> MovingIn {
    var batch = MovingIn()
    var seen: Set<String> = []
    var withInstances: Set<String> = []
    for (index, record) in records.enumerated() {
      if let uuid = record.uuid {
        guard seen.insert(uuid).inserted else {
          throw ImportProblem(.task(index + 1, uuid: uuid), .repeatedUUID)
        }
      }
      if let parent = record.parent, record.status == "pending" || record.status == "waiting" {
        withInstances.insert(parent)
      }
    }
    for (index, record) in records.enumerated() {
      let place = ImportProblem.Place.task(index + 1, uuid: record.uuid)
      switch record.status ?? "pending" {
      case "deleted":
        batch.deletedSkipped += 1
        continue
      case "recurring":
        if let uuid = record.uuid, withInstances.contains(uuid) {
          batch.recurring += 1
          continue
        }
      case "pending", "waiting", "completed": break
      case let other: throw ImportProblem(place, .badValue(field: "status", value: other))
      }
      batch.tasks.append(try task(record, at: place, utcOffset: utcOffset, into: &batch))
    }
    return batch
  }

  /// One Taskwarrior task as Spoons keeps it.
  static func task(
    _ record: TaskwarriorTask, at place: ImportProblem.Place, utcOffset: (Int64) -> Int,
    into batch: inout MovingIn
  ) throws(ImportProblem) -> ImportedTask {
    func time(_ field: String, _ text: String?) throws(ImportProblem) -> Timestamp? {
      guard let text else { return nil }
      guard let seconds = Self.taskwarriorSeconds(text) else {
        throw ImportProblem(place, .badDate(field: field, value: String(text.prefix(40))))
      }
      return Timestamp(seconds: seconds, utcOffset: utcOffset(seconds))
    }
    var draft = ImportedTaskDraft(place)
    if let project = record.project, !project.isEmpty {
      let before = draft.refusedTags.count
      draft.tag(project, kind: .tag, project: true)
      if draft.refusedTags.count > before {
        draft.refusedTags.removeLast()
        try draft.note("project", project)
        batch.tagsInNotes += 1
      }
    }
    for name in record.tags { draft.tag(name, kind: .tag) }
    draft.due = try time("due", record.due)?.date
    draft.created = try time("entry", record.entry)
    if record.status == "completed" {
      guard let end = try time("end", record.end) else {
        throw ImportProblem(place, .missing(field: "end"))
      }
      draft.completed = end
    }
    for annotation in record.annotations {
      let day = try time("annotation entry", annotation.entry)?.date
      try draft.note(day.map(\.description) ?? "", annotation.description)
    }
    for (key, text) in [("wait", record.wait), ("scheduled", record.scheduled),
      ("until", record.until)]
    {
      if let date = try time(key, text)?.date { try draft.note(key, date.description) }
    }
    if let priority = record.priority, !priority.isEmpty { try draft.note("priority", priority) }
    if let recur = record.recur, !recur.isEmpty { try draft.note("recur", recur) }
    for (key, value) in record.attributes {
      if key == "spoons", let n = Int(value), let cost = try? SpoonCost(n) {
        draft.spoons = cost
        continue
      }
      try ImportedTaskDraft.check(key, field: "attribute name", at: place)
      try draft.note(key, value)
    }
    return try draft.finished(title: record.description ?? "", into: &batch)
  }

  /// Seconds since 1970 of a Taskwarrior date, `YYYYMMDDTHHMMSSZ` (always UTC); nil for
  /// anything else, including a date that does not exist.
  public static func taskwarriorSeconds(_ text: String) -> Int64? {
    let b = Array(text.utf8)
    guard b.count == 16, b[8] == UInt8(ascii: "T"), b[15] == UInt8(ascii: "Z") else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for i in range {
        let digit = b[i] &- 48
        guard digit < 10 else { return nil }
        value = value * 10 + Int(digit)
      }
      return value
    }
    guard let y = number(0..<4), let mo = number(4..<6), let d = number(6..<8),
      let h = number(9..<11), let mi = number(11..<13), let s = number(13..<15),
      h < 24, mi < 60, s < 61, let date = CivilDate(year: y, month: mo, day: d)
    else { return nil }
    return Int64(date.daysSinceEpoch) * 86_400 + Int64(h * 3600 + mi * 60 + min(s, 59))
  }
}
