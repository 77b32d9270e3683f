import SpoonsCore

/// Reading another program's tasks (`import --from taskwarrior|todotxt FILE`): the bytes to
/// the fields Core's mappings (`MovingIn.taskwarrior`, `TodoTxt.task`) turn into tasks.
///
/// **Threat model.** The file is written by another program (Taskwarrior, a todo.txt app, a
/// sync service, a script) or handed over by someone else: anyone who could write it can put
/// any tasks, titles, notes, tags and dates into the planner, and that is all. It cannot
/// make Spoons read more than `ImportFile.limit` bytes (`ImportFile.read`, which also reads
/// plain files only), nest JSON past the parser's 64 levels, overflow a number (JSON numbers
/// past Int are kept as text and never computed with), drive the terminal (control
/// characters, ANSI escapes and bidirectional overrides are refused in every field a task
/// keeps, as typed titles refuse them, and error messages show what they quote escaped), or
/// pass bytes that are not UTF-8. A file Spoons cannot read whole is refused whole, naming
/// the task or line, and nothing is written; nothing in it is ever cut short without being
/// kept (a long title's whole text is its note). What comes in is one change that `undo`
/// takes back, and every open task it brought carries `+imported`.
public enum MovingInFile {
  // MARK: - Taskwarrior

  /// What a Taskwarrior export (`task export`: a JSON array of objects, or one object per
  /// line as older versions write) brings.
  public static func taskwarrior(
    _ bytes: [UInt8], file: String, utcOffset: (Int64) -> Int
  ) throws(ImportError) -> MovingIn {
    let format = "a Taskwarrior export"
    let records = try taskwarriorRecords(bytes, file: file)
    do {
      return try MovingIn.taskwarrior(records, utcOffset: utcOffset)
    } catch {
      throw .unreadable(file: file, format: format, reason: error.description)
    }
  }

  /// `[` and `{`, what a JSON array and object open with.
  private static let openBracket: UInt8 = 0x5B
  private static let openBrace: UInt8 = 0x7B

  /// The export's tasks, each object's fields as `TaskwarriorTask` holds them.
  static func taskwarriorRecords(_ bytes: [UInt8], file: String) throws(ImportError)
    -> [TaskwarriorTask]
  {
    func refuse(_ reason: String) -> ImportError {
      .unreadable(file: file, format: "a Taskwarrior export", reason: reason)
    }
    var objects: [(place: Int, value: JSON)] = []
    let first = bytes.first { ![9, 10, 13, 32].contains($0) }
    if first == openBracket {
      let root: JSON
      do { root = try JSON.parse(bytes, fractions: true) } catch {
        throw refuse("it is not JSON Spoons can read (line \(error.line): \(error.reason))")
      }
      guard case .array(let items) = root else { throw refuse("it is not a list of tasks") }
      objects = items.enumerated().map { ($0.offset + 1, $0.element) }
    } else if first == openBrace {
      if let whole = try? JSON.parse(bytes, fractions: true) {
        if case .string(ExportFormat.name)? = whole["format"] {
          throw refuse("it is a Spoons export, which 'import FILE' reads without --from")
        }
        objects = [(1, whole)]
      } else {
        objects = try jsonLines(bytes, refuse: refuse)
      }
    } else {
      let found = bytes.isEmpty ? "it is empty" : FileFormat.describe(bytes.prefix(512), whole: bytes.count)
      throw refuse(found ?? "it is not JSON")
    }
    var records: [TaskwarriorTask] = []
    records.reserveCapacity(objects.count)
    for (place, object) in objects {
      do {
        records.append(try record(object, place: place))
      } catch {
        throw refuse(error.description)
      }
    }
    return records
  }

  /// One object a line (blank lines skipped); `place` counts the objects.
  private static func jsonLines(_ bytes: [UInt8], refuse: (String) -> ImportError)
    throws(ImportError) -> [(place: Int, value: JSON)]
  {
    var objects: [(place: Int, value: JSON)] = []
    var line = 0
    for slice in bytes.split(separator: 10, omittingEmptySubsequences: false) {
      line += 1
      guard slice.contains(where: { ![9, 13, 32].contains($0) }) else { continue }
      do {
        objects.append((objects.count + 1, try JSON.parse(Array(slice), fractions: true)))
      } catch {
        throw refuse("line \(line) is not a JSON object Spoons can read (\(error.reason))")
      }
    }
    return objects
  }

  /// The fields of one task object: text where Taskwarrior writes text, and every key it
  /// does not define kept, as text, for the note.
  static func record(_ value: JSON, place: Int) throws(ImportProblem) -> TaskwarriorTask {
    guard case .object(let pairs) = value else {
      throw ImportProblem(.task(place, uuid: nil), .badValue(field: "task", value: "not an object"))
    }
    var uuid: String?
    if case .string(let text)? = value["uuid"] { uuid = text }
    let at = ImportProblem.Place.task(place, uuid: uuid)
    func text(_ key: String, _ value: JSON) throws(ImportProblem) -> String? {
      switch value {
      case .string(let s): return s
      case .null: return nil
      default: throw ImportProblem(at, .badValue(field: key, value: kind(value)))
      }
    }
    var task = TaskwarriorTask()
    task.uuid = uuid
    for (key, field) in pairs {
      switch key {
      case "description": task.description = try text(key, field)
      case "status": task.status = try text(key, field)
      case "entry": task.entry = try text(key, field)
      case "end": task.end = try text(key, field)
      case "due": task.due = try text(key, field)
      case "wait": task.wait = try text(key, field)
      case "scheduled": task.scheduled = try text(key, field)
      case "until": task.until = try text(key, field)
      case "project": task.project = try text(key, field)
      case "priority": task.priority = try text(key, field)
      case "recur": task.recur = try text(key, field)
      case "parent": task.parent = try text(key, field)
      case "tags": task.tags = try strings(field, key: key, at: at)
      case "annotations": task.annotations = try annotations(field, at: at)
      case _ where TaskwarriorTask.definedKeys.contains(key): continue
      default:
        switch field {
        case .string(let s): task.attributes.append((key, s))
        case .number(let n): task.attributes.append((key, String(n)))
        case .decimal(let s): task.attributes.append((key, s))
        case .bool(let b): task.attributes.append((key, b ? "true" : "false"))
        case .null: continue
        case .array, .object: throw ImportProblem(at, .badValue(field: key, value: kind(field)))
        }
      }
    }
    return task
  }

  private static func strings(_ value: JSON, key: String, at: ImportProblem.Place)
    throws(ImportProblem) -> [String]
  {
    guard case .array(let items) = value else {
      throw ImportProblem(at, .badValue(field: key, value: kind(value)))
    }
    var out: [String] = []
    for item in items {
      guard case .string(let s) = item else {
        throw ImportProblem(at, .badValue(field: key, value: "a list holding \(kind(item))"))
      }
      out.append(s)
    }
    return out
  }

  private static func annotations(_ value: JSON, at: ImportProblem.Place) throws(ImportProblem)
    -> [TaskwarriorTask.Annotation]
  {
    guard case .array(let items) = value else {
      throw ImportProblem(at, .badValue(field: "annotations", value: kind(value)))
    }
    var out: [TaskwarriorTask.Annotation] = []
    for item in items {
      guard case .string(let text)? = item["description"] else {
        throw ImportProblem(at, .badValue(field: "annotations", value: "one with no description"))
      }
      var entry: String?
      if case .string(let s)? = item["entry"] { entry = s }
      out.append(.init(entry: entry, description: text))
    }
    return out
  }

  /// What a JSON value is, for a message (never the value itself, which could be huge).
  private static func kind(_ value: JSON) -> String {
    switch value {
    case .null: "null"
    case .bool: "true or false"
    case .number, .decimal: "a number"
    case .string: "text"
    case .array: "a list"
    case .object: "an object"
    }
  }

  // MARK: - todo.txt

  /// What a todo.txt file brings: one task a line, blank lines skipped. A line that is not
  /// UTF-8 is refused by number (Spoons never guesses an encoding); a byte-order mark and
  /// Windows line ends are allowed.
  public static func todoTxt(
    _ bytes: [UInt8], file: String, now: Timestamp, utcOffset: (Int64) -> Int
  ) throws(ImportError) -> MovingIn {
    var batch = MovingIn()
    var body = bytes[...]
    if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
    var number = 0
    do throws(ImportProblem) {
      for var slice in body.split(separator: 10, omittingEmptySubsequences: false) {
        number += 1
        if slice.last == 13 { slice = slice.dropLast() }
        guard let line = String(validating: slice, as: UTF8.self) else {
          throw ImportProblem(.line(number), .notText)
        }
        if let task = try TodoTxt.task(
          line, number: number, now: now, utcOffset: utcOffset, into: &batch)
        {
          batch.tasks.append(task)
        }
      }
    } catch {
      throw .unreadable(file: file, format: "a todo.txt file", reason: error.description)
    }
    return batch
  }
}

extension ExportFormat {
  /// Every task as a todo.txt line (`TodoTxt.line`): the open ones in planning order, then
  /// those checked off, oldest first. What `import --from todotxt` reads back.
  /// `filter` given, only the tasks that pass it (`today` the planner's date).
  public static func todoTxt(
    _ export: PlannerExport, matching filter: TaskFilter = TaskFilter(),
    today: CivilDate = CivilDate(daysSinceEpoch: 0)
  ) -> [UInt8] {
    var out: [UInt8] = []
    let planner = export.planner
    let open = planner.allTasks.filter { !$0.isDone }
    let done = export.archive.doneTasks + planner.todo.filter(\.isDone)
    for task in open + done where filter.isEmpty || filter.matches(task, today: today) {
      out.append(contentsOf: TodoTxt.line(task, dayStart: planner.dayStart).utf8)
      out.append(10)
    }
    return out
  }
}
