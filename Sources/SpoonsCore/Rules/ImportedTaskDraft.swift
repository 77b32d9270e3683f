/// One imported task being put together from another program's fields: the rules the
/// Taskwarrior and todo.txt mappings share, so a refused tag, a long title or a control
/// character is met the same way whichever file it came from.
struct ImportedTaskDraft {
  let place: ImportProblem.Place
  var tags: [Tag] = []
  /// Names the tag rule refused, as the file wrote them, for the note's `tags:` part.
  var refusedTags: [String] = []
  /// `key: value` parts of the note, in order.
  var noteParts: [String] = []
  var due: CivilDate?
  var created: Timestamp?
  var completed: Timestamp?
  var spoons: SpoonCost?
  /// `ImportedTask.datesOnly`, `ImportedTask.completedUndated`.
  var datesOnly = false
  var completedUndated = false

  init(_ place: ImportProblem.Place) { self.place = place }

  /// A tag (`+name`) or context (`@name`) named `name`, by the tag rule; refused names are
  /// kept for the note. `project`: a Taskwarrior project or a todo.txt `+project`, whose
  /// name may hold dots (`home.garden`) and is made a tag by `Tag.importing`.
  mutating func tag(_ name: String, kind: Tag.Kind, project: Bool = false) {
    let sigil = kind == .context ? "@" : "+"
    let found = project ? Tag.importing(name, kind: kind) : (try? Tag(word: sigil + name)) ?? nil
    if let found {
      if !tags.contains(found) { tags.append(found) }
    } else {
      refusedTags.append(sigil + name)
    }
  }

  /// Adds `key: value` to the note, refusing what a note refuses (named by `key`).
  mutating func note(_ key: String, _ value: String) throws(ImportProblem) {
    try Self.check(value, field: key, at: place)
    noteParts.append(key.isEmpty ? value : "\(key): \(value)")
  }

  /// The task, or the refusal that names what is wrong and where. A title past
  /// `Title.maxLength` is shortened at a word, with `…`, and the whole text is the note's
  /// first part: nothing is cut without being kept.
  func finished(title raw: String, into batch: inout MovingIn) throws(ImportProblem)
    -> ImportedTask
  {
    let text = Title.trim(raw)
    guard !text.isEmpty else { throw ImportProblem(place, .noDescription) }
    try Self.check(text, field: "description", at: place)
    var parts = noteParts
    let title: Title
    if let whole = try? Title(text) {
      title = whole
    } else {
      guard let short = Self.shortened(text) else { throw ImportProblem(place, .noDescription) }
      title = short
      parts.insert(text, at: 0)
      batch.shortenedTitles += 1
    }
    var kept = tags
    var refused = refusedTags
    if kept.count > MovingIn.tagsKept {
      refused += kept[MovingIn.tagsKept...].map(\.description)
      kept.removeLast(kept.count - MovingIn.tagsKept)
    }
    if !refused.isEmpty {
      try Self.check(refused.joined(), field: "tags", at: place)
      parts.append("tags: " + refused.joined(separator: " "))
      batch.tagsInNotes += refused.count
    }
    var note: String?
    if !parts.isEmpty {
      do {
        note = try TaskDetail.note.validate(parts.joined(separator: "; "))
      } catch {
        if case .invalidDetail(_, .tooLong(let n)) = error {
          throw ImportProblem(place, .noteTooLong(n))
        }
        throw ImportProblem(place, .badValue(field: "note", value: String(parts[0].prefix(40))))
      }
    }
    var task = ImportedTask(
      title: title, tags: Tag.normalized(kept), due: due, note: note, created: created,
      completed: completed, spoons: spoons)
    task.datesOnly = datesOnly
    task.completedUndated = completedUndated
    return task
  }

  /// `text` cut to fit a title: at the last space that leaves room for `…`, or mid-word
  /// when there is none. Nil only for text that is no title at all (`check` refuses it first).
  static func shortened(_ text: String) -> Title? {
    var cut = String(text.prefix(Title.maxLength - 1))
    if let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) > 40 {
      cut = String(cut[..<space])
    }
    return try? Title(Title.trim(cut) + "…")
  }

  /// Refuses a control character, bidirectional override or U+FFFD in `text`, as titles and
  /// notes do, naming the field it was in.
  static func check(_ text: String, field: String, at place: ImportProblem.Place)
    throws(ImportProblem)
  {
    if let bad = text.unicodeScalars.first(where: Title.isForbidden) {
      throw ImportProblem(place, .forbiddenCharacter(field: field, scalar: bad.value))
    }
  }
}

extension Tag {
  /// The tag a project's name becomes (`home.garden` -> `+home-garden`): the name itself when
  /// the tag rule takes it, else with each run of characters the rule refuses made one `-`
  /// (and none at either end). Nil when even that is no tag (it starts with a digit, or is
  /// longer than `maxLength`): the name then goes to the note.
  public static func importing(_ name: String, kind: Kind) -> Tag? {
    let sigil = kind == .context ? "@" : "+"
    if let tag = (try? Tag(word: sigil + name)) ?? nil { return tag }
    var cleaned = ""
    var dash = false
    for scalar in name.lowercased().unicodeScalars {
      let kept = scalar.properties.isAlphabetic || scalar.properties.numericType == .decimal
        || scalar == "_"
      if kept {
        if dash && !cleaned.isEmpty { cleaned += "-" }
        cleaned.unicodeScalars.append(scalar)
        dash = false
      } else {
        dash = true
      }
    }
    return (try? Tag(word: sigil + cleaned)) ?? nil
  }
}
