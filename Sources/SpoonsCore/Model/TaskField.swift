/// A task's fields, defined once.
///
/// Each field's key is the one name it has everywhere: the task line of `planner.txt` and
/// `done.txt`, an export's JSON and CSV column, `--json`, and what `show` calls it. The file
/// codec, the exports, `--json` and `show` are all driven by this table, in its order, so a
/// new field is a case here (its kind, who sets it, and its value), plus what reads it back
/// (the store's decoders, tested to cover the table) and what lets a person set it.
///
/// `at`, `from`, `since`, `routine` and `completed` say together where the task is
/// (`Placement`), as the files have always written it.
///
/// Two orders, both here: `allCases` is the files' (as it has been since version 1, so a
/// file read and written again is the same bytes); `reading` is the order a person reads a
/// task in, which `--json`, the CSV export and `show` follow.
public enum TaskField: String, CaseIterable, Sendable {
  case id, spoons, at, from, since, routine, completed, rest, back, took, created, updated
  case due, title, note
  case `where`
  case tags

  /// What a field's value is, for the formats that tell numbers, flags and lists from text.
  public enum Kind: Sendable {
    case number, flag, text, date, time, tags
    /// One word of a fixed few (`at=todo`, `from=routine`).
    case word
  }

  /// Who may set a field.
  public enum Setter: Sendable {
    /// The person, with `add` and `edit`, by this option (or, for tags, by `+tag` words).
    case person(option: String)
    /// Spoons, as the task is planned, checked off and rolled over.
    case planning
    /// Spoons alone, when the task is made or changed.
    case spoons
  }

  public var key: String { rawValue }

  /// Every field in the order a person reads a task: what it is and costs, where it is and
  /// when, then the rest. The CSV export's task columns are in this order, with a new field
  /// at the end of them.
  public static let reading: [TaskField] = [
    .id, .title, .spoons, .at, .from, .since, .due, .created, .updated, .completed, .rest, .back,
    .took, .note, .where, .tags, .routine,
  ]

  public var kind: Kind {
    switch self {
    case .id, .spoons, .routine, .back, .took: .number
    case .rest: .flag
    case .title, .note, .where: .text
    case .since, .due: .date
    case .completed, .created, .updated: .time
    case .at, .from: .word
    case .tags: .tags
    }
  }

  public var setBy: Setter {
    switch self {
    case .title: .person(option: "--title")
    case .spoons: .person(option: "--spoons")
    case .due: .person(option: "--due")
    case .note: .person(option: "--note")
    case .where: .person(option: "--where")
    case .tags: .person(option: "+TAG, -TAG, @CONTEXT")
    case .rest: .person(option: "--rest")
    case .took: .person(option: "--took")
    case .at, .from, .since, .routine, .completed, .back: .planning
    case .id, .created, .updated: .spoons
    }
  }

  /// A field's value on `task`; nil when the task has none (the field is left out).
  public func value(of task: SpoonTask) -> TaskFieldValue? {
    switch self {
    case .id: return .number(task.id.rawValue)
    case .title: return .text(task.title.text)
    case .spoons: return .number(task.spoons.value)
    case .at:
      switch task.placement {
      case .category: return .word("category")
      case .backlog: return .word("backlog")
      case .todo: return .word("todo")
      case .done: return .word("done")
      }
    case .from:
      switch task.origin {
      case .category?: return .word("category")
      case .backlog?: return .word("backlog")
      case .routine?: return .word("routine")
      case nil: return nil
      }
    case .since:
      if case .backlog(let since) = task.placement { return .date(since) }
      if case .backlog(let since)? = task.origin { return .date(since) }
      return nil
    case .routine: return task.routine.map { .number($0.rawValue) }
    case .completed: return task.completed.map { .time($0) }
    case .rest: return task.isRest ? .flag : nil
    case .back: return task.gaveBack.map { .number($0) }
    case .took: return task.took.map { .number($0) }
    case .due: return task.due.map { .date($0) }
    case .note: return task.note.map { .text($0) }
    case .where: return task.location.map { .text($0) }
    case .tags: return task.tagText.isEmpty ? nil : .tags(task.tagText)
    case .created: return .time(task.created)
    case .updated: return .time(task.updated)
    }
  }
}

/// One field's value, of its field's kind.
public enum TaskFieldValue: Hashable, Sendable {
  case number(Int)
  case flag
  case text(String)
  case date(CivilDate)
  case time(Timestamp)
  /// Tags as the task keeps them, in the files' form (`+health @phone`, `SpoonTask.tagText`):
  /// a checkpoint writes every task's, which reading them out and joining them again cost a
  /// third of its time; `tags` reads them out for what lists them one by one.
  case tags(String)
  case word(String)

  /// The value as the files write it (`1` for a flag; tags separated by spaces).
  public var text: String {
    switch self {
    case .number(let n): String(n)
    case .flag: "1"
    case .text(let text), .word(let text), .tags(let text): text
    case .date(let date): date.description
    case .time(let time): time.description
    }
  }

  /// A `tags` value's tags, one by one; none for any other value.
  public var tags: [Tag] {
    guard case .tags(let text) = self else { return [] }
    return Tag.parseStored(text) ?? []
  }
}

extension SpoonTask {
  /// Where `unplan` would send a planned or done task back to; nil for one not planned.
  public var origin: Origin? {
    switch placement {
    case .todo(let from), .done(let from, _): return from
    case .category, .backlog: return nil
    }
  }
}
