import SpoonsCore

/// A task's fields in the synced document.
///
/// `place` holds where the task is and the date it was planned for (`SyncPlace`), so a day's
/// list merges as that day's list; `rank` orders each list (`SyncRanks`); `n` is the number
/// people type, which a sync may move (`SyncDocument.planner`).
public enum SyncTaskField: String, SyncFieldSet {
  case number = "n"
  case spoons, title, note
  case location = "where"
  case due, rest, created, updated, place, took, rank

  public static let required: [Self] = [.number, .created, .updated, .title, .spoons, .place]

  /// What a note calls a field a person sets (`SyncNote.lostToClockAhead`); nil for the
  /// fields sync keeps for itself.
  var personName: String? {
    switch self {
    case .title, .spoons, .note, .due, .rest: rawValue
    case .location: "where"
    case .place: "plan"
    case .took: "spoons taken"
    case .number, .created, .updated, .rank: nil
    }
  }
}

/// Where a task is, as the document says it: `category`, `backlog DATE`,
/// `todo DATE ORIGIN` or `done DATE ORIGIN AT BACK` (`BACK` what a rest gave back, `-` for
/// none), each dated by the day it was planned for, so a day's list merges as that day's.
public enum SyncPlace: Hashable, Sendable {
  case category
  case backlog(since: CivilDate)
  case todo(on: CivilDate, from: SyncOrigin)
  case done(on: CivilDate, from: SyncOrigin, at: Timestamp, gaveBack: Int?)

  /// Reads what `text` writes; nil for anything else. Words are split at spaces, as many as
  /// there are.
  public init?(_ text: String) {
    var words = Words(rest: text[...])
    guard let kind = words.next() else { return nil }
    switch kind {
    case "category":
      guard words.atEnd else { return nil }
      self = .category
    case "backlog":
      guard let since = words.next().flatMap(CivilDate.init(iso:)), words.atEnd else { return nil }
      self = .backlog(since: since)
    case "todo":
      guard let on = words.next().flatMap(CivilDate.init(iso:)),
        let from = words.next().flatMap(SyncOrigin.init), words.atEnd
      else { return nil }
      self = .todo(on: on, from: from)
    case "done":
      guard let on = words.next().flatMap(CivilDate.init(iso:)),
        let from = words.next().flatMap(SyncOrigin.init),
        let at = words.next().flatMap(Timestamp.init(iso:)), let back = words.next(), words.atEnd
      else { return nil }
      var gaveBack: Int?
      if back != "-" {
        guard let amount = Int(back) else { return nil }
        gaveBack = amount
      }
      self = .done(on: on, from: from, at: at, gaveBack: gaveBack)
    default: return nil
    }
  }

  /// The words of a place, one at a time, without copying them.
  private struct Words {
    var rest: Substring

    mutating func next() -> Substring? {
      let bytes = rest.utf8
      guard let start = bytes.firstIndex(where: { $0 != 32 }) else {
        rest = rest[rest.endIndex...]
        return nil
      }
      let end = bytes[start...].firstIndex(of: 32) ?? bytes.endIndex
      defer { rest = rest[end...] }
      return rest[start..<end]
    }

    var atEnd: Bool { rest.utf8.allSatisfy { $0 == 32 } }
  }

  public var text: String {
    switch self {
    case .category: "category"
    case .backlog(let since): "backlog \(since)"
    case .todo(let on, let from): "todo \(on) \(from.text)"
    case .done(let on, _, _, _): "done \(on) " + doneText
    }
  }

  /// What a done place says after its date: where the task came from, when it was done and
  /// what a rest gave back.
  var doneText: String {
    guard case .done(_, let from, let at, let back) = self else { return "" }
    return "\(from.text) \(at) \(back.map(String.init) ?? "-")"
  }

  /// Where a planned or done task came from.
  public var origin: SyncOrigin? {
    switch self {
    case .category, .backlog: nil
    case .todo(_, let from), .done(_, let from, _, _): from
    }
  }

  /// The day a planned or done task is on.
  public var date: CivilDate? {
    switch self {
    case .category, .backlog: nil
    case .todo(let on, _), .done(let on, _, _, _): on
    }
  }
}

/// What a place's text says before it is read whole, read as every version of Spoons reads
/// it, so that devices on different versions decide alike even on a place no Spoons writes (a
/// forged one, one with spaces doubled): the first words, not the whole.
extension SyncPlace {
  /// The date a planned or done task is on, from the text's start (`todo DATE`, `done DATE`),
  /// whether or not the rest reads.
  static func date(startingText text: String) -> CivilDate? {
    guard text.hasPrefix("todo ") || text.hasPrefix("done ") else { return nil }
    return CivilDate(iso: text.dropFirst(5).prefix(10))
  }

  /// The stable id of the routine the text's first `routine:` word names, whether or not the
  /// rest reads.
  static func routineUID(inText text: String) -> Substring? {
    // Every task's place is looked at whenever a synced state is indexed (tens of thousands
    // on a long history): ASCII text, where a byte is a character, is read byte by byte.
    var text = text
    let found: Range<Int>?? = text.withUTF8 { bytes in
      guard bytes.allSatisfy({ $0 < 0x80 }) else { return .none }
      var start = 0
      while start < bytes.count {
        var end = start
        while end < bytes.count && bytes[end] != 0x20 { end += 1 }
        if end - start >= 8, bytes[start..<(start + 8)].elementsEqual("routine:".utf8) {
          return .some((start + 8)..<end)
        }
        start = end + 1
      }
      return .some(nil)
    }
    switch found {
    case .none:
      return text.split(separator: " ").first { $0.hasPrefix("routine:") }.map { $0.dropFirst(8) }
    case .some(nil): return nil
    case .some(let range?):
      let utf8 = text.utf8
      return text[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)]
    }
  }

  /// Whether the text plans a task for a routine on a day: `todo DATE … routine:…`.
  static func isRoutineTodo(_ text: String) -> Bool {
    text.hasPrefix("todo ") && text.contains(" routine:")
  }

  /// Whether the text plans a task for `date`, as a new day's rollover left it.
  static func plans(_ text: String, for date: CivilDate) -> Bool {
    text.hasPrefix("todo \(date) ")
  }

  /// The date of a done place whose text ends as `place` does after its date.
  static func doneDate(_ text: String, endingAs place: SyncPlace) -> CivilDate? {
    guard text.hasPrefix("done "), text.hasSuffix(" " + place.doneText) else { return nil }
    return CivilDate(iso: text.dropFirst(5).prefix(10))
  }
}

/// Where a planned task came from (`Origin`), a routine named by its stable id, or by its
/// number (`#3`) when this device knows no id for it.
public enum SyncOrigin: Hashable, Sendable {
  case category
  case backlog(since: CivilDate)
  case routine(uid: String)

  init?(_ word: Substring) {
    if word == "category" {
      self = .category
    } else if word.hasPrefix("backlog:"), let since = CivilDate(iso: word.dropFirst(8)) {
      self = .backlog(since: since)
    } else if word.hasPrefix("routine:") {
      self = .routine(uid: String(word.dropFirst(8)))
    } else {
      return nil
    }
  }

  var text: String {
    switch self {
    case .category: "category"
    case .backlog(let since): "backlog:\(since)"
    case .routine(let uid): "routine:" + uid
    }
  }

  /// The routine of a uid written as its number (`#3`).
  static func number(inUID uid: String) -> RoutineID? {
    uid.hasPrefix("#") ? Int(uid.dropFirst()).map(RoutineID.init) : nil
  }
}

/// A task written to and read from the document.
enum SyncTaskEntity {
  /// The fields of `task`, at `place` (its rank is given with its list's).
  static func values(of task: SpoonTask, at place: SyncPlace) -> [String: String] {
    values(of: task, placedAs: place.text)
  }

  /// The fields of `task`, its place written as `place` (a place the document holds, kept
  /// as it was written). `known`: the task's registers in the document, whose tags the task
  /// no longer carries are written empty (taken away).
  static func values(of task: SpoonTask, placedAs place: String, known: SyncRegisters? = nil)
    -> [String: String]
  {
    var values = SyncTaskField.values([
      .number: String(task.id.rawValue), .spoons: String(task.spoons.value),
      .title: task.title.text, .note: task.note ?? "", .location: task.location ?? "",
      .due: task.due.map { "\($0)" } ?? "", .rest: task.isRest ? "1" : "",
      .created: task.created.description, .updated: task.updated.description,
      .place: place, .took: task.took.map(String.init) ?? "",
    ])
    values[SyncConflictRules.deleteField] = ""
    // Each tag is a field of its own, so a tag added on one device and another taken away on
    // a second both stay.
    for tag in task.tags { values[tagField(tag)] = "1" }
    for (field, register) in known ?? [:] where register.value == "1" && values[field] == nil {
      if tag(inField: field) != nil { values[field] = "" }
    }
    return values
  }

  /// The field that says whether a task carries `tag`: `tag:+health`, `1` or empty.
  static func tagField(_ tag: Tag) -> String { "tag:" + tag.description }

  /// The tag a field is about, when it is a tag field of a tag Spoons can read.
  static func tag(inField field: String) -> Tag? {
    guard field.hasPrefix("tag:") else { return nil }
    let text = field.dropFirst(4)
    return Tag(stored: text)
  }

  /// The tags a task's registers say it carries, in order.
  static func tags(in fields: SyncRegisters) -> [Tag] {
    var tags: [Tag] = []
    for (field, register) in fields where register.value == "1" {
      if let tag = tag(inField: field) { tags.append(tag) }
    }
    return Tag.normalized(tags)
  }

  /// The task `fields` describe, numbered `id`, with the place the document gives it (its
  /// `todo` and `done` dated by `place`). `routine` finds the routine a routine's uid
  /// stands for. Throws the first field no Spoons writes.
  static func task(
    _ entity: SyncEntity, _ fields: SyncRegisters, id: TaskID, created: Timestamp,
    routine: (String) -> RoutineID?
  ) throws(SyncProblem) -> (task: SpoonTask, place: SyncPlace) {
    let read = SyncFieldReader<SyncTaskField>(entity, fields)
    func text(_ field: SyncTaskField) -> String { read.text(field) }
    func problem(_ field: SyncTaskField) -> SyncProblem { read.problem(field) }
    let title = try read.title(.title)
    let spoons = try read.cost(.spoons)
    guard let updated = Timestamp(iso: text(.updated)) else { throw problem(.updated) }
    var due: CivilDate?
    if !text(.due).isEmpty {
      guard let date = CivilDate(iso: text(.due)) else { throw problem(.due) }
      due = date
    }
    func origin(_ origin: SyncOrigin) throws(SyncProblem) -> Origin {
      switch origin {
      case .category: return .category
      case .backlog(let since): return .backlog(since: since)
      case .routine(let uid):
        guard let id = routine(uid) else { throw problem(.place) }
        return .routine(id)
      }
    }
    guard let place = SyncPlace(text(.place)) else { throw problem(.place) }
    let isRest = text(.rest) == "1"
    var back: Int?
    let placement: Placement
    switch place {
    case .category: placement = .category
    case .backlog(let since): placement = .backlog(since: since)
    case .todo(_, let from): placement = .todo(from: try origin(from))
    case .done(_, let from, let at, let gaveBack):
      placement = .done(from: try origin(from), at: at)
      if let gaveBack {
        guard (0...spoons.value).contains(gaveBack) else { throw problem(.place) }
        if isRest { back = gaveBack }
      }
    }
    // What a done task really took; anything else, or out of range, is not Spoons's.
    let took = placement.isOpen || isRest
      ? nil : Int(text(.took)).flatMap { Limits.spoonsTaken.contains($0) ? $0 : nil }
    let task = SpoonTask(
      id: id, title: title, spoons: spoons, placement: placement, created: created,
      updated: updated, note: text(.note).isEmpty ? nil : text(.note),
      location: text(.location).isEmpty ? nil : text(.location), tags: tags(in: fields), due: due,
      isRest: isRest, gaveBack: back, took: took)
    return (task, place)
  }
}
