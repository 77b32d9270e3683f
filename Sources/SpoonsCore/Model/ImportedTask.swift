/// A task as another program kept it (Taskwarrior, todo.txt), put in Spoons' terms: checked
/// by the same rules as a task typed at the prompt, but with no id yet and, usually, no cost.
///
/// Made by the pure mappings (`MovingIn.taskwarrior`, `TodoTxt.read`) and turned into tasks
/// by `Planner.moveIn`, so what arrives is decided in one place and tested without files.
public struct ImportedTask: Hashable, Sendable {
  public var title: Title
  /// At most `MovingIn.tagsKept`; the rest are in the note.
  public var tags: [Tag]
  public var due: CivilDate?
  /// What Spoons has no field for (annotations, a wait date, a priority, a user-defined
  /// attribute, a tag the tag rule refuses), one `key: value` part after another; checked
  /// as `TaskDetail.note` checks a typed note.
  public var note: String?
  /// When the other program says it was made; nil: now.
  public var created: Timestamp?
  /// When it was done, for a done task; nil for an open one.
  public var completed: Timestamp?
  /// A cost the file itself gives (todo.txt's `spoons:3`, a Taskwarrior `spoons` attribute);
  /// nil takes the import's (`--spoons`, else `MovingIn.defaultSpoons`).
  public var spoons: SpoonCost?
  /// Whether `created` and `completed` are days the file gave, not times (todo.txt, whose
  /// dates become noon): a task here already is then found by its creation day.
  public var datesOnly = false
  /// Whether `completed` is only "done, some time": an `x` line without its date, which
  /// becomes now. Such a task is here already only as a done task brought in before.
  public var completedUndated = false

  public init(
    title: Title, tags: [Tag] = [], due: CivilDate? = nil, note: String? = nil,
    created: Timestamp? = nil, completed: Timestamp? = nil, spoons: SpoonCost? = nil
  ) {
    self.title = title
    self.tags = tags
    self.due = due
    self.note = note
    self.created = created
    self.completed = completed
    self.spoons = spoons
  }
}

/// What one import file brings, and what it left out and why, for the summary line.
public struct MovingIn: Hashable, Sendable {
  /// In the file's order.
  public var tasks: [ImportedTask] = []
  /// Taskwarrior's deleted tasks: in the bin there, so not brought.
  public var deletedSkipped = 0
  /// Taskwarrior recurring tasks that came in as their pending instances (the template
  /// itself does not come, or it would be there twice).
  public var recurring = 0
  /// Tags and projects the tag rule refuses (or past `tagsKept`), kept in notes instead.
  public var tagsInNotes = 0
  /// Titles past `Title.maxLength`, shortened; the whole text is the note's first part.
  public var shortenedTitles = 0

  public init() {}

  /// The cost of a task that arrives without one: most to-do items another program held are
  /// small errands, and 2 keeps them cheap to plan without making them look free (1) while
  /// the person looks them over; `import --spoons N` chooses another.
  public static let defaultSpoons = SpoonCost(unchecked: 2)

  /// The tag every open task brought in carries, so `list +imported` finds what to look over
  /// (its cost above all) and `edit ID -imported` says it was.
  public static let importedTag = Tag(checkedKind: .tag, name: "imported")

  /// How many tags an imported task keeps: the limit less one, so `+imported` always fits.
  public static let tagsKept = Limits.tagsPerTask - 1
}

/// Why an import file was refused, and where: nothing was imported.
public struct ImportProblem: Error, Hashable, Sendable, CustomStringConvertible {
  /// Where in the file: a Taskwarrior task by its place in the file (and uuid), a todo.txt
  /// line by its number.
  public enum Place: Hashable, Sendable {
    case task(Int, uuid: String?)
    case line(Int)
    /// The file as a whole.
    case file
  }

  public enum Reason: Hashable, Sendable {
    case noDescription
    /// A date that does not read as `20261128T230000Z` (Taskwarrior) or `2026-11-28`.
    case badDate(field: String, value: String)
    /// A value Taskwarrior never writes there (`"status": "asleep"`, tags that are not text).
    case badValue(field: String, value: String)
    /// A control character, a bidirectional override or U+FFFD, which titles and notes
    /// refuse: they would drive the terminal they are printed on.
    case forbiddenCharacter(field: String, scalar: UInt32)
    /// What Spoons cannot keep in a note: longer than `TaskDetail.note.maxLength`.
    case noteTooLong(Int)
    /// The same uuid twice: two exports joined, most likely.
    case repeatedUUID
    /// A completed task with no `end`: Spoons would not know when it was done.
    case missing(field: String)
    /// Bytes that are not UTF-8: Spoons never guesses what they meant.
    case notText
  }

  public let place: Place
  public let reason: Reason

  public init(_ place: Place, _ reason: Reason) {
    self.place = place
    self.reason = reason
  }

  public var description: String {
    let at: String
    switch place {
    case .task(let n, let uuid?): at = "task \(n) (uuid \(uuid))"
    case .task(let n, nil): at = "task \(n)"
    case .line(let n): at = "line \(n)"
    case .file: at = "the file"
    }
    switch reason {
    case .noDescription: return "\(at) has no description"
    case .badDate(let field, let value): return "\(at) has \(field) '\(value)', which is not a date"
    case .badValue(let field, let value):
      return "\(at) has \(field) '\(value)', which is not a value Spoons knows there"
    case .forbiddenCharacter(let field, let scalar):
      return "\(at) has a control character (U+\(hex(scalar))) in its \(field)"
    case .noteTooLong(let n):
      return "\(at) would need a note of \(n) characters, more than the "
        + "\(TaskDetail.note.maxLength) a note holds"
    case .repeatedUUID: return "\(at) appears twice"
    case .missing(let field): return "\(at) has no \(field)"
    case .notText: return "\(at) is not UTF-8 text"
    }
  }

  private func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
