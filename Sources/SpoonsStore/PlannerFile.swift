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

  public init(planner: Planner, archive: ArchiveLengths = ArchiveLengths()) {
    self.planner = planner
    self.archive = archive
  }
}

/// Committed sizes, in bytes, of `done.txt` and `days.txt`; 0 when the file does not exist yet.
public struct ArchiveLengths: Hashable, Sendable {
  public var done: Int
  public var days: Int
  public init(done: Int = 0, days: Int = 0) {
    self.done = done
    self.days = days
  }
}

/// `planner.txt`: everything everyday commands need, small and quick to read.
enum PlannerFile {
  static let name = "planner.txt"
  static let format = FileFormat(name: "spoons-planner", version: 1)

  static func encode(_ snapshot: PlannerSnapshot) -> [UInt8] {
    var out: [UInt8] = []
    let planner = snapshot.planner
    out.reserveCapacity(200 + planner.taskCount * 160)
    format.encodeHeader(to: &out)
    out.append(contentsOf: "next".utf8)
    RecordCodec.field("id", String(planner.nextID.rawValue), to: &out)
    out.append(UInt8(ascii: "\n"))
    out.append(contentsOf: "archive".utf8)
    RecordCodec.field("done", String(snapshot.archive.done), to: &out)
    RecordCodec.field("days", String(snapshot.archive.days), to: &out)
    out.append(UInt8(ascii: "\n"))
    if let day = planner.day {
      out.append(contentsOf: "day".utf8)
      RecordCodec.field("date", day.date.description, to: &out)
      RecordCodec.field("budget", String(day.budget), to: &out)
      out.append(UInt8(ascii: "\n"))
    }
    var count = 0
    for task in planner.allTasks {
      TaskRecord.encode(task, to: &out)
      count += 1
    }
    out.append(contentsOf: "end".utf8)
    RecordCodec.field("tasks", String(count), to: &out)
    out.append(UInt8(ascii: "\n"))
    return out
  }

  static func decode(_ bytes: [UInt8], file: String = name) throws(StoreError) -> PlannerSnapshot {
    guard !bytes.isEmpty else {
      throw .corrupt(file: file, line: nil, reason: "the file is empty")
    }
    var nextID: Int?
    var archive: ArchiveLengths?
    var day: Day?
    var tasks: [SpoonTask] = []
    var taskLines: [Int] = []
    var endCount: Int?
    var checked = false
    do {
      try RecordCodec.forEachRecord(in: bytes) { record throws(DecodeError) in
        if !checked {
          checked = true
          _ = try format.checkHeader(record)  // version 1 is the only one so far
          return
        }
        guard endCount == nil else {
          throw DecodeError(line: record.line, reason: "a record after the end line")
        }
        if record.isKind("task") {  // checked first: nearly every line is one
          tasks.append(try TaskRecord.decode(record))
          taskLines.append(record.line)
          return
        }
        switch record.kind {
        case "next":
          try record.expectOnly(["id"])
          guard nextID == nil else { throw DecodeError(line: record.line, reason: "next twice") }
          nextID = try record.int("id")
        case "archive":
          try record.expectOnly(["done", "days"])
          guard archive == nil else {
            throw DecodeError(line: record.line, reason: "archive twice")
          }
          archive = ArchiveLengths(done: try record.int("done"), days: try record.int("days"))
        case "day":
          try record.expectOnly(["date", "budget"])
          guard day == nil else { throw DecodeError(line: record.line, reason: "day twice") }
          do {
            day = try Day(date: try record.date("date"), budget: try record.int("budget"))
          } catch let error as PlannerError {
            throw DecodeError(line: record.line, reason: error.description)
          } catch let error as DecodeError {
            throw error
          } catch {
            throw DecodeError(line: record.line, reason: "\(error)")
          }
        case "end":
          try record.expectOnly(["tasks"])
          endCount = try record.int("tasks")
        default:
          throw DecodeError(line: record.line, reason: "unknown record '\(record.kind)'")
        }
      }
    } catch {
      throw error.inFile(file, supported: format.version)
    }
    guard let nextID, let archive else {
      throw .corrupt(file: file, line: nil, reason: "the next or archive line is missing")
    }
    guard let endCount else {
      throw .corrupt(file: file, line: nil, reason: "the file is cut short (no end line)")
    }
    guard endCount == tasks.count else {
      throw .corrupt(
        file: file, line: nil,
        reason: "the end line counts \(endCount) tasks but the file holds \(tasks.count)")
    }
    do {
      let planner = try Planner(nextID: TaskID(nextID), day: day, tasks: tasks)
      return PlannerSnapshot(planner: planner, archive: archive)
    } catch {
      throw .corrupt(file: file, line: error.taskIndex.map { taskLines[$0] }, reason: error.reason)
    }
  }
}
