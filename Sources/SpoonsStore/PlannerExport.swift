import SpoonsCore

/// The whole planner, live and archived, as one value: what `export` writes and `import`
/// reads.
public struct PlannerExport: Equatable, Sendable {
  public var planner: Planner
  public var archive: Archive

  /// What only this device's person saw (the numbers syncs moved, those deleted today) is
  /// no part of an export: another data directory never showed them.
  public init(planner: Planner, archive: Archive) {
    var planner = planner
    planner.forgetNumbersShownHere()
    self.planner = planner
    self.archive = archive
  }
}

/// Why an export file cannot be imported. Nothing was changed.
public enum ImportError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Not JSON, or not a Spoons export, or a record in it that Spoons refuses.
  case invalid(file: String, reason: String)
  /// Something else altogether (a CSV export, a photo, text): `found` says what it seems.
  case notAnExport(file: String, found: String)
  /// JSON that stops before its end, at `line`: an export cut short (a copy that did not
  /// finish, a disk that filled up).
  case cutShort(file: String, line: Int)
  /// Merging would give one id or date two different contents.
  case conflicts(file: String, tasks: [TaskID], routines: [RoutineID], days: [CivilDate])
  /// The merged planner would break a rule (a to-do list over budget, two days...).
  case wouldBreak(file: String, reason: String)
  /// Another program's file (`import --from taskwarrior|todotxt`) that Spoons cannot read
  /// whole: `format` names what it should be, `reason` what and where the trouble is.
  case unreadable(file: String, format: String, reason: String)

  public var description: String {
    switch self {
    case .invalid(let file, let reason):
      return "\(file) is not a Spoons export: \(reason); nothing was imported"
    case .notAnExport(let file, let found):
      return "\(file) is not a Spoons JSON export (\(found)); nothing was imported. "
        + Self.whatImportReads
    case .cutShort(let file, let line):
      return "\(file) is not a complete Spoons JSON export: it stops short at line \(line); "
        + "nothing was imported. " + Self.whatImportReads
    case .conflicts(let file, let tasks, let routines, let days):
      var parts: [String] = []
      func list(_ items: [String]) -> String {
        items.prefix(5).joined(separator: ", ") + (items.count > 5 ? " and \(items.count - 5) more" : "")
      }
      if !tasks.isEmpty { parts.append("tasks \(list(tasks.map(\.description)))") }
      if !routines.isEmpty { parts.append("routines \(list(routines.map(\.description)))") }
      if !days.isEmpty { parts.append("days \(list(days.map(\.description)))") }
      return "\(file) has different \(parts.joined(separator: "; ")) under the same "
        + "\(tasks.isEmpty && routines.isEmpty ? "dates" : "ids"); nothing was imported "
        + "(import --replace replaces the whole planner with the file)"
    case .wouldBreak(let file, let reason):
      return "importing \(file) would break the planner: \(reason); nothing was imported"
    case .unreadable(let file, let format, let reason):
      return "\(file) is not \(format) Spoons can read: \(reason); nothing was imported"
    }
  }

  static let whatImportReads =
    "import reads the whole JSON file that 'spoons export --output backup.json' writes"
}

/// The JSON and CSV forms of a `PlannerExport`.
///
/// The JSON holds exactly the records of Spoons's own files, one object per record with the
/// same field names, and is read back through the same decoders: an export loses nothing,
/// and an import is checked as strictly as `planner.txt` is.
public enum ExportFormat {
  static let name = "spoons-export"
  /// Version 2 added `back` (what a done rest gave back) and a day's `repaid` in the archive,
  /// and a day's `budget` became the budget asked for, as `status --json` says it (the files
  /// keep what the day started with: version 1 exports still import as they are). Version 3
  /// added `settings.daystart`; version 4 a day's `started`; version 5, for pacing, a done
  /// task's `took`, a day's `checked` and `mood`, and `settings.mood` and `settings.pacehint`.
  /// Version 6 added a task's `tags`, a list of strings (`["+health", "@phone"]`); version 7 a
  /// routine's `days` that are no set of weekdays (`every 3 days from 2026-11-26`, `last fri`).
  static let version = 7
  /// Fields written as JSON numbers and flags; every other field is a string. A task's come
  /// from its field table.
  static let numbers: Set<String> = Set(
    TaskField.allCases.filter { $0.kind == .number }.map(\.key)
      + ["budget", "borrowed", "repaid", "reserve", "planned", "spent", "rested", "checked", "mood"])
  static let flags: Set<String> = Set(
    TaskField.allCases.filter { $0.kind == .flag }.map(\.key) + ["paused"])

  // MARK: - JSON

  public static func json(_ export: PlannerExport) -> [UInt8] {
    var body = PlannerFile.body(PlannerSnapshot(planner: export.planner))
    var planner: [(key: String, value: JSON)] = []
    var routines: [JSON] = []
    var tasks: [JSON] = []
    for record in records(body) {
      switch record.kind {
      case "next", "settings": planner.append((record.kind, record.object))
      case "day": planner.append((record.kind, budgetAsked(record.object, inFile: false)))
      case "routine": routines.append(record.object)
      case "task": tasks.append(record.object)
      default: break  // archive lengths and the end count belong to the file, not the planner
      }
    }
    planner.append(("routines", .array(routines)))
    planner.append(("tasks", .array(tasks)))
    body = []
    for task in export.archive.doneTasks { TaskRecord.encode(task, to: &body) }
    let done = records(body).map(\.object)
    body = []
    for day in export.archive.days { ArchiveFiles.encode(day, to: &body) }
    let days = records(body).map { budgetAsked($0.object, inFile: false) }
    let value = JSON.object([
      ("format", .string(name)), ("version", .number(version)),
      ("planner", .object(planner)),
      ("archive", .object([("done", .array(done)), ("days", .array(days))])),
    ])
    var out: [UInt8] = []
    value.write(to: &out)
    out.append(UInt8(ascii: "\n"))
    return out
  }

  /// Reads an export back; `file` names it in errors.
  public static func decode(json bytes: [UInt8], file: String) throws(ImportError) -> PlannerExport {
    func invalid(_ reason: String) -> ImportError { .invalid(file: file, reason: reason) }
    let (root, found) = try exportRoot(bytes, file: file)
    do {
      return try rebuilt(root, version: found, file: file)
    } catch let error as ImportError {
      if case .invalid("", let reason) = error { throw invalid(reason) }  // from line(_:_:to:)
      throw error
    } catch let error as StoreError {
      if case .corrupt(_, _, let reason) = error { throw invalid(reason) }
      throw invalid(error.description)
    } catch {
      throw invalid("\(error)")
    }
  }

  /// The export's JSON, and the version it was written in; refuses what is not an export or
  /// is of a newer version.
  private static func exportRoot(_ bytes: [UInt8], file: String) throws(ImportError)
    -> (root: JSON, version: Int)
  {
    func invalid(_ reason: String) -> ImportError { .invalid(file: file, reason: reason) }
    let root: JSON
    do { root = try JSON.parse(bytes) } catch {
      let first = bytes.first { ![9, 10, 13, 32].contains($0) }
      // An object or a list that does not parse: JSON, not quite right.
      if first == 0x7B || first == 0x5B {
        if error.atEnd { throw .cutShort(file: file, line: error.line) }
        throw invalid("line \(error.line): \(error.reason)")
      }
      throw .notAnExport(
        file: file,
        found: FileFormat.describe(bytes.prefix(512), whole: bytes.count)
          ?? "it is not JSON: line \(error.line), \(error.reason)")
    }
    guard case .string(name)? = root["format"] else { throw invalid("it has no \"format\": \"\(name)\"") }
    guard case .number(let found)? = root["version"] else { throw invalid("it has no version") }
    guard found <= version else {
      throw invalid("it was written by a newer Spoons (export version \(found)); upgrade Spoons")
    }
    guard case .object? = root["planner"], case .object? = root["archive"] else {
      throw invalid("it needs a \"planner\" and an \"archive\" object")
    }
    return (root, found)
  }

  /// The planner and archive an export's JSON holds, rebuilt as the lines of Spoons's own
  /// files and read by their decoders.
  private static func rebuilt(_ root: JSON, version found: Int, file: String) throws
    -> PlannerExport
  {
    func invalid(_ reason: String) -> ImportError { .invalid(file: file, reason: reason) }
    func list(_ parent: String, _ key: String) throws(ImportError) -> [JSON] {
      switch root[parent]?[key] {
      case nil: return []
      case .array(let items)?: return items
      default: throw invalid("\"\(key)\" must be a list")
      }
    }
    var text: [UInt8] = []
    PlannerFile.format.encodeHeader(to: &text)
    guard let planner = root["planner"], let next = planner["next"] else { throw invalid("the planner has no \"next\"") }
    try line("next", next, to: &text)
    text.append(contentsOf: "archive\tdone=0\tdays=0\n".utf8)
    if let settings = planner["settings"] { try line("settings", settings, to: &text) }
    if let day = planner["day"], day != .null {
      try line("day", found >= 2 ? budgetAsked(day, inFile: true) : day, to: &text)
    }
    for routine in try list("planner", "routines") { try line("routine", routine, to: &text) }
    let tasks = try list("planner", "tasks")
    for task in tasks { try line("task", task, to: &text) }
    text.append(contentsOf: "end\ttasks=\(tasks.count)\n".utf8)
    let snapshot = try PlannerFile.decode(text, file: file)

    var done: [UInt8] = []
    ArchiveFiles.doneFormat.encodeHeader(to: &done)
    for task in try list("archive", "done") { try line("task", task, to: &done) }
    var days: [UInt8] = []
    ArchiveFiles.daysFormat.encodeHeader(to: &days)
    for day in try list("archive", "days") {
      try line("day", found >= 2 ? budgetAsked(day, inFile: true) : day, to: &days)
    }
    let archive = Archive(
      doneTasks: try ArchiveFiles.decodeDone(done, file: file),
      days: try ArchiveFiles.decodeDays(days, file: file))
    // Ids are never given out twice: an archived id at or past `next` would be.
    let nextID = snapshot.planner.nextID
    let ids = archive.doneTasks.map(\.id) + archive.days.flatMap(\.done)
    if let id = ids.first(where: { $0 >= nextID }) {
      throw invalid("the archive holds \(id), which is not below the next id \(nextID.rawValue)")
    }
    return PlannerExport(planner: snapshot.planner, archive: archive)
  }

  /// A day's `budget` as an export says it (the budget asked for: `inFile` false) or as the
  /// files keep it (what the day started with, after repaying: `inFile` true).
  static func budgetAsked(_ day: JSON, inFile: Bool) -> JSON {
    guard case .object(var pairs) = day, case .number(let repaid)? = day["repaid"], repaid != 0,
      let index = pairs.firstIndex(where: { $0.key == "budget" }),
      case .number(let budget) = pairs[index].value
    else { return day }
    pairs[index].value = .number(inFile ? budget - repaid : budget + repaid)
    return .object(pairs)
  }

  /// One JSON object as a record line of `kind`.
  static func line(_ kind: String, _ value: JSON, to out: inout [UInt8]) throws(ImportError) {
    guard case .object(let pairs) = value else {
      throw .invalid(file: "", reason: "a \(kind) must be an object")
    }
    out.append(contentsOf: kind.utf8)
    for (key, value) in pairs {
      guard !key.isEmpty, key.utf8.allSatisfy({ (97...122).contains($0) }) else {
        throw .invalid(file: "", reason: "a \(kind) has the unknown field \"\(key)\"")
      }
      switch value {
      case .number(let n): RecordCodec.field(key, String(n), to: &out)
      case .decimal:  // never parsed for an export: `parse` refuses fractions there
        throw .invalid(file: "", reason: "\"\(key)\" in a \(kind) is not a whole number")
      case .bool(true): RecordCodec.field(key, "1", to: &out)
      case .bool(false), .null: continue
      case .string(let s): RecordCodec.field(key, s, to: &out, escape: true)
      case .array(let items) where kind == "task" && key == TaskField.tags.key:
        if items.isEmpty { continue }  // no tags, as no field
        var words: [String] = []
        for item in items {
          guard case .string(let word) = item else {
            throw .invalid(file: "", reason: "\"tags\" in a task must be a list of +tag and @context words")
          }
          words.append(word)
        }
        RecordCodec.field(key, words.joined(separator: " "), to: &out, escape: true)
      case .array(let items):
        var numbers: [Int] = []
        for item in items {
          guard case .number(let n) = item else {
            throw .invalid(file: "", reason: "\"\(key)\" in a \(kind) must be a list of ids")
          }
          numbers.append(n)
        }
        RecordCodec.field(key, numbers: numbers, to: &out)
      case .object:
        throw .invalid(file: "", reason: "\"\(key)\" in a \(kind) cannot be an object")
      }
    }
    out.append(UInt8(ascii: "\n"))
  }

  struct Line {
    var kind: String
    var object: JSON
  }

  /// Our own record lines as JSON objects (they are known good, so nothing can fail).
  static func records(_ bytes: [UInt8]) -> [Line] {
    var lines: [Line] = []
    try? RecordCodec.forEachRecord(in: bytes) { record throws(DecodeError) in
      var pairs: [(key: String, value: JSON)] = []
      for field in record.fields {
        let key = String(decoding: field.key, as: UTF8.self)
        let text = (try? RecordCodec.unescape(field.value, line: 0, key: key)) ?? ""
        if numbers.contains(key), let n = Int(text) {
          pairs.append((key, .number(n)))
        } else if flags.contains(key) {
          pairs.append((key, .bool(text == "1")))
        } else if key == TaskField.tags.key && record.kind == "task" {
          pairs.append((key, .array(text.split(separator: " ").map { .string(String($0)) })))
        } else if key == "done" && record.kind == "day" {
          pairs.append((key, .array(text.split(separator: ",").compactMap { Int($0) }.map(JSON.number))))
        } else {
          pairs.append((key, .string(text)))
        }
      }
      lines.append(Line(kind: record.kind, object: .object(pairs)))
    }
    return lines
  }

  // MARK: - CSV

  /// A task's columns are its field table's, in reading order; a day's follow.
  static let csvColumns =
    ["type"] + TaskField.reading.map(\.key) + [
      "date", "budget", "repaid", "planned", "spent", "checked", "borrowed", "rested", "mood",
      "done",
    ]

  /// One table for spreadsheets: a row per task (open, today's and archived; `type` task)
  /// and a row per finished day (`type` day), under one header row.
  /// `filter` given, only the tasks that pass it (`today` the planner's date), and no days:
  /// a table of some tasks.
  public static func csv(
    _ export: PlannerExport, matching filter: TaskFilter = TaskFilter(),
    today: CivilDate = CivilDate(daysSinceEpoch: 0)
  ) -> [UInt8] {
    var out = Array((csvColumns.joined(separator: ",") + "\r\n").utf8)
    var body: [UInt8] = []
    for task in export.planner.allTasks + export.archive.doneTasks
    where filter.isEmpty || filter.matches(task, today: today) {
      TaskRecord.encode(task, to: &body)
    }
    if filter.isEmpty {
      for day in export.archive.days { ArchiveFiles.encode(day, to: &body) }
    }
    for line in records(body) {
      let object = line.kind == "day" ? budgetAsked(line.object, inFile: false) : line.object
      var row: [String] = []
      for column in csvColumns {
        if column == "type" { row.append(line.kind); continue }
        switch object[column] {
        case .number(let n)?: row.append(String(n))
        case .bool(let b)?: row.append(b ? "1" : "")
        case .string(let s)?: row.append(s)
        case .array(let items)?:
          row.append(items.compactMap {
            switch $0 {
            case .number(let n): String(n)
            case .string(let s): s
            default: nil
            }
          }.joined(separator: " "))
        default: row.append("")
        }
      }
      out.append(contentsOf: (row.map(csvField).joined(separator: ",") + "\r\n").utf8)
    }
    return out
  }

  /// RFC 4180 quoting; a leading `=`, `+`, `-` or `@` is prefixed with `'` so a spreadsheet
  /// never runs a title as a formula.
  static func csvField(_ text: String) -> String {
    var text = text
    if let first = text.first, "=+-@".contains(first) { text = "'" + text }
    guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
      return text
    }
    return "\"" + text.replacingAll("\"", with: "\"\"") + "\""
  }

  // MARK: - Merging

  /// `PlannerMerge` (the rule, in Core) over two exports, its refusal named after `file`.
  static func merge(_ incoming: PlannerExport, into current: PlannerExport, file: String)
    throws(ImportError) -> PlannerMerge
  {
    do {
      return try PlannerMerge.merge(
        incoming.planner, done: incoming.archive.doneTasks, days: incoming.archive.days,
        into: current.planner, done: current.archive.doneTasks, days: current.archive.days)
    } catch {
      switch error {
      case .conflicts(let tasks, let routines, let days):
        throw .conflicts(file: file, tasks: tasks, routines: routines, days: days)
      case .wouldBreak(let reason):
        throw .wouldBreak(file: file, reason: reason)
      }
    }
  }
}

extension String {
  func replacingAll(_ target: Character, with replacement: String) -> String {
    var out = ""
    for c in self { if c == target { out += replacement } else { out.append(c) } }
    return out
  }
}

/// Files the user names on the command line (`import FILE`): read here, because nothing
/// outside the store touches files.
public enum ImportFile {
  /// The most `import` reads: far above any real planner's export.
  public static let limit = 256 << 20

  public static func read(_ path: String) throws(StoreError) -> [UInt8] {
    // Told by its size first, so a huge file (or a hostile one) is never read into memory.
    if let size = FileSystem.size(path), size > limit {
      throw .io(path: path, operation: "read", reason: "it is larger than \(limit >> 20) MB")
    }
    guard let bytes = try FileSystem.read(path, limit: limit + 1) else {
      throw .io(path: path, operation: "read", reason: "no such file")
    }
    guard bytes.count <= limit else {
      throw .io(path: path, operation: "read", reason: "it is larger than \(limit >> 20) MB")
    }
    return bytes
  }
}

