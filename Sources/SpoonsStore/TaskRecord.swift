#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import SpoonsCore

/// The `task` record, shared by `planner.txt` (open tasks and today's done ones) and `done.txt`
/// (the archive).
enum TaskRecord {
  /// No task line is shorter: an id, spoons, a place, two 25-byte times and a title, each
  /// required (107 bytes for the least of them). A file of N bytes holds at most N / this.
  static let shortestLine = 100

  static let keys: [StaticString] = [
    "id", "spoons", "at", "from", "since", "routine", "rest", "back", "took", "completed",
    "created", "updated", "due", "title", "note", "where", "tags",
  ]

  /// A task line: every field of `TaskField` the task has, in the table's order.
  static func encode(_ task: SpoonTask, to out: inout [UInt8]) {
    out.append(contentsOf: "task".utf8)
    for field in TaskField.allCases {
      guard let value = field.value(of: task) else { continue }
      RecordCodec.field(field.rawValue, value, to: &out, escape: field.kind == .text)
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
    // `back=` (format 4): only on a done rest, and never more than its spoons.
    let isRest = try record.flag("rest")
    let gaveBack = record.raw("back") == nil ? nil : try record.int("back")
    if let gaveBack {
      guard isRest, RecordCodec.equal(record.raw("at") ?? [], "done"),
        (0...spoons.value).contains(gaveBack)
      else {
        throw DecodeError(
          line: line, reason: "back= belongs to a done rest, from 0 to its spoons")
      }
    }
    // `took=` (format 7): only on a done task that is not a rest.
    let took = record.raw("took") == nil ? nil : try record.int("took")
    if let took {
      guard !isRest, RecordCodec.equal(record.raw("at") ?? [], "done"),
        Limits.spoonsTaken.contains(took)
      else {
        throw DecodeError(
          line: line, reason: "took= belongs to a done task that is not a rest, from 0 to 99")
      }
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
      tags: try tags(record), due: try record.optionalDate("due"), isRest: isRest,
      gaveBack: gaveBack, took: took)
  }

  /// `tags=+health @phone`: each as `Tag` writes it, once, in order; a hand edit that breaks
  /// any of that is refused, never repaired. Any number: `Limits.tagsPerTask` is what a
  /// person may give one task, and two devices that each added some may sync more.
  static func tags(_ record: RecordCodec.Record) throws(DecodeError) -> [Tag] {
    guard let text = try record.optionalString("tags") else { return [] }
    guard let tags = parseTags(text[...]) else {
      throw DecodeError(
        line: record.line,
        reason: "tags= holds +tag and @context words, in order, each once")
    }
    return tags
  }

  /// The tags a `tags=` value holds; nil unless it is exactly as `encode` writes it.
  static func parseTags(_ text: Substring) -> [Tag]? { Tag.parseStored(String(text)) }

  /// A task line: quickly when it has the common shape, else through the general decoder.
  static func decode(_ line: RecordCodec.Line) throws(DecodeError) -> SpoonTask {
    if let task = decodeQuickly(line) { return task }
    return try decode(line.record())
  }

  /// The common shape of a task line read in one pass, with nothing allocated but its text:
  /// each known field once, no escapes, every value valid. Every command reads every open task
  /// (and `search` and `history` the whole archive), so this is the store's hottest loop.
  ///
  /// `nil` means "not the common shape", never "wrong": the caller then reads the line with
  /// `decode(_:)`, which accepts what is merely unusual (an escaped tab in a title) and words
  /// the error for what is bad. Whatever this returns, `decode(_:)` returns too (tested).
  static func decodeQuickly(_ line: RecordCodec.Line) -> SpoonTask? {
    let buffer = line.buffer
    guard let base = buffer.baseAddress else { return nil }
    var seen: UInt32 = 0
    var id = 0, spoons = 0, routine = 0, rest = 0, back: Int?, took: Int?
    var at: Place?, from: Place?
    var since: CivilDate?, due: CivilDate?
    var completed: Timestamp?, created: Timestamp?, updated: Timestamp?
    var title: Title?, note: String?, location: String?, tagText = ""
    var stamps = RepeatedStamps()
    var i = line.kindEnd
    let end = line.end
    while i < end {
      // The key is told from its first letter and checked whole, `=` and all, in place: no
      // scan for the `=`, no comparing against each name in turn.
      let keyStart = i + 1
      guard let (field, keyLength) = Field.at(base + keyStart, count: end - keyStart) else {
        return nil
      }
      let valueStart = keyStart + keyLength
      guard let valueEnd = valueEnd(of: field, in: buffer, from: valueStart, to: end) else {
        return nil
      }
      let value = UnsafeBufferPointer(rebasing: buffer[valueStart..<valueEnd])
      let bit: UInt32 = 1 << field.rawValue
      guard seen & bit == 0 else { return nil }
      seen |= bit
      switch field {
      case .id: guard let n = RecordCodec.parseInt(value) else { return nil }; id = n
      case .spoons: guard let n = RecordCodec.parseInt(value) else { return nil }; spoons = n
      case .routine: guard let n = RecordCodec.parseInt(value) else { return nil }; routine = n
      case .rest: guard let n = RecordCodec.parseInt(value) else { return nil }; rest = n
      case .back: guard let n = RecordCodec.parseInt(value) else { return nil }; back = n
      case .took: guard let n = RecordCodec.parseInt(value) else { return nil }; took = n
      case .at: guard let place = Place(value) else { return nil }; at = place
      case .from: guard let place = Place(value) else { return nil }; from = place
      case .since: guard let date = CivilDate(isoBytes: value) else { return nil }; since = date
      case .due: guard let date = CivilDate(isoBytes: value) else { return nil }; due = date
      case .completed: guard let t = stamps.read(value) else { return nil }; completed = t
      case .created: guard let t = stamps.read(value) else { return nil }; created = t
      case .updated: guard let t = stamps.read(value) else { return nil }; updated = t
      case .title:
        if let plain = Title(plainBytes: value) {
          title = plain
        } else {
          guard let text = plainText(value), let checked = try? Title(text) else { return nil }
          title = checked
        }
      case .note: guard let text = plainText(value) else { return nil }; note = text
      case .location: guard let text = plainText(value) else { return nil }; location = text
      case .tags:
        // An escape is left to `decode(_:)`, which reads it unescaped.
        guard !value.contains(92), let text = Tag.storedText(value) else { return nil }
        tagText = text
      }
      i = valueEnd
    }
    guard id >= 1, rest <= 1, let created, let updated, let title, let at,
      let cost = try? SpoonCost(spoons)
    else { return nil }
    guard
      let placement = placement(
        at: at, from: from, since: since, routine: routine, completed: completed)
    else { return nil }
    // What `decode(_:)` would refuse, it is left to refuse with its words.
    if let back, rest != 1 || at != .done || !(0...cost.value).contains(back) { return nil }
    if let took, rest == 1 || at != .done || !Limits.spoonsTaken.contains(took) { return nil }
    return SpoonTask(
      id: TaskID(id), title: title, spoons: cost, placement: placement, created: created,
      updated: updated, note: note, location: location, checkedTagText: tagText, due: due,
      isRest: rest == 1, gaveBack: back, took: took)
  }

  /// The times of one task line. Most tasks were never changed after they were made, so
  /// `updated` repeats `created` byte for byte (and `completed` often repeats `updated`):
  /// each distinct one is parsed once.
  private struct RepeatedStamps {
    var lastBytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    var last = Timestamp(seconds: 0)

    @inline(__always)
    mutating func read(_ value: UnsafeBufferPointer<UInt8>) -> Timestamp? {
      if value.count == lastBytes.count, value.count > 0,
        memcmp(value.baseAddress!, lastBytes.baseAddress!, value.count) == 0
      {
        return last
      }
      guard let stamp = Timestamp(isoBytes: value) else { return nil }
      (lastBytes, last) = (value, stamp)
      return stamp
    }
  }

  /// Where a value of `field` that starts at `valueStart` ends, found without a search where
  /// its shape allows: a time is 25 bytes, a number its digits; a wrong guess only makes the
  /// value fail to parse, which a search would have made it do too (a time holds no tab, a
  /// number no other byte). Nil when the line is not of the common shape.
  @inline(__always)
  private static func valueEnd(
    of field: Field, in buffer: UnsafeBufferPointer<UInt8>, from valueStart: Int, to end: Int
  ) -> Int? {
    let base = buffer.baseAddress!
    var valueEnd: Int
    switch field {
    case .completed, .created, .updated:
      valueEnd = valueStart + 25
      if valueEnd > end || (valueEnd < end && base[valueEnd] != 9) { return nil }
    case .id, .spoons, .routine, .rest, .back, .took:
      valueEnd = valueStart
      while valueEnd < end && base[valueEnd] &- 48 < 10 { valueEnd += 1 }
      if valueEnd < end && base[valueEnd] != 9 { return nil }
    case .title:
      // Printable ASCII runs to the tab. A backslash starts an escape in the file (though a
      // title may hold one), left to `decode(_:)`; after any other byte the tab is searched
      // for, and `plainText` below refuses a backslash further on.
      valueEnd = valueStart
      while valueEnd < end, base[valueEnd] &- 0x20 < 0x5F, base[valueEnd] != 92 {
        valueEnd += 1
      }
      if valueEnd < end && base[valueEnd] == 92 { return nil }
      if valueEnd < end && base[valueEnd] != 9 {
        valueEnd = RecordCodec.nextIndex(of: 9, in: buffer, from: valueEnd, to: end)
      }
    default:
      valueEnd = RecordCodec.nextIndex(of: 9, in: buffer, from: valueStart, to: end)
    }
    return valueEnd
  }

  /// Where a task is, from its `at`, `from`, `since`, `routine` and `completed` fields; nil
  /// when they do not make a place.
  @inline(__always)
  private static func placement(
    at: Place, from: Place?, since: CivilDate?, routine: Int, completed: Timestamp?
  ) -> Placement? {
    func origin() -> Origin? {
      switch from {
      case .category: return .category
      case .backlog: return since.map { .backlog(since: $0) }
      case .routine: return routine >= 1 ? .routine(RoutineID(routine)) : nil
      case .todo, .done, nil: return nil
      }
    }
    let placement: Placement
    switch at {
    case .category: placement = .category
    case .backlog:
      guard let since else { return nil }
      placement = .backlog(since: since)
    case .todo:
      guard let origin = origin() else { return nil }
      placement = .todo(from: origin)
    case .done:
      guard let origin = origin(), let completed else { return nil }
      placement = .done(from: origin, at: completed)
    case .routine: return nil
    }
    return placement
  }

  /// A text value with no escapes in it, as a String; nil for an escape or invalid UTF-8.
  private static func plainText(_ value: UnsafeBufferPointer<UInt8>) -> String? {
    var ascii = true
    for byte in value {
      if byte == 92 { return nil }
      if byte >= 0x80 { ascii = false }
    }
    // Plain ASCII (most titles) needs no validating; anything else is checked, never repaired.
    return ascii
      ? String(decoding: value, as: Unicode.ASCII.self) : String(validating: value, as: UTF8.self)
  }

  /// The fields of a task record, as bits of a mask of those seen.
  private enum Field: UInt16 {
    case id, spoons, at, from, since, routine, rest, completed, created, updated, due, title
    case note, location, back, took, tags

    /// The field whose key and `=` start at `p` (`count` bytes to the line's end), and the
    /// bytes they take; nil for any other key, as for one without an `=`.
    static func at(_ p: UnsafePointer<UInt8>, count: Int) -> (Field, Int)? {
      /// Whether `key=` starts at `p`; its first letter is already known to match.
      func starts(_ key: StaticString) -> Bool {
        let n = key.utf8CodeUnitCount
        guard n <= count else { return false }
        let k = key.utf8Start
        for j in 1..<n where p[j] != k[j] { return false }
        return true
      }
      guard count > 0 else { return nil }
      switch p[0] {
      case UInt8(ascii: "i"): if starts("id=") { return (.id, 3) }
      case UInt8(ascii: "a"): if starts("at=") { return (.at, 3) }
      case UInt8(ascii: "s"):
        if starts("spoons=") { return (.spoons, 7) }
        if starts("since=") { return (.since, 6) }
      case UInt8(ascii: "c"):
        if starts("created=") { return (.created, 8) }
        if starts("completed=") { return (.completed, 10) }
      case UInt8(ascii: "u"): if starts("updated=") { return (.updated, 8) }
      case UInt8(ascii: "t"):
        if starts("title=") { return (.title, 6) }
        if starts("took=") { return (.took, 5) }
        if starts("tags=") { return (.tags, 5) }
      case UInt8(ascii: "f"): if starts("from=") { return (.from, 5) }
      case UInt8(ascii: "r"):
        if starts("routine=") { return (.routine, 8) }
        if starts("rest=") { return (.rest, 5) }
      case UInt8(ascii: "b"): if starts("back=") { return (.back, 5) }
      case UInt8(ascii: "d"): if starts("due=") { return (.due, 4) }
      case UInt8(ascii: "n"): if starts("note=") { return (.note, 5) }
      case UInt8(ascii: "w"): if starts("where=") { return (.location, 6) }
      default: break
      }
      return nil
    }
  }

  /// The values `at` and `from` take.
  private enum Place {
    case category, backlog, todo, done, routine

    init?(_ value: UnsafeBufferPointer<UInt8>) {
      let equal: (UnsafeBufferPointer<UInt8>, StaticString) -> Bool = RecordCodec.equal
      if equal(value, "category") { self = .category }
      else if equal(value, "backlog") { self = .backlog }
      else if equal(value, "todo") { self = .todo }
      else if equal(value, "done") { self = .done }
      else if equal(value, "routine") { self = .routine }
      else { return nil }
    }
  }
}
