/// The todo.txt format (todotxt.org), both ways: a line to a task, a task to a line.
///
/// A line is `x` (done) and its completion date, or a priority `(A)`; then a creation date;
/// then the text, where `+project` and `@context` words are tags and `key:value` words are
/// metadata. Of the metadata Spoons reads `due:` (the due date), `spoons:` (the cost, as
/// Spoons' own export writes it) and `pri:` (a priority, as programs keep a done task's); any
/// other `key:value` (`rec:1w`, `t:2026-12-01`, a web address) stays in the title as written,
/// where the person sees it. A priority goes to the note (`priority: A`): Spoons orders by
/// spoons, not rank.
///
/// The text is read by three rules (`LineText`), so that every line Spoons' export writes
/// reads back, and nothing the import cannot use is dropped:
/// - of `due:` and `spoons:`, the **last** word whose value Spoons can use (a real date, a
///   cost of 1 to 10) is the field; every other such word (`spoons:11`, `due:friday`, a
///   `due:` before the export's own) is title text. Every `pri:` and a capital letter is a
///   priority, on any line (Spoons' export writes none, so none is title text). Keys are
///   read whatever their case (`Due:`);
/// - `+word` and `@word` (a sigil, as a character of its own, and a letter) are tags and
///   contexts (a name the tag rule refuses goes to the note); `C++` and
///   `ann@example.com` are title text;
/// - a line with no title text left takes its first word (other than the cost) as its title,
///   read as nothing else: a task needs a title, and Spoons' export writes the title first
///   (`+shopping @town` is the task `+shopping` in the context `@town`).
///
/// Words are split at spaces and tabs, scalar by scalar: a title that starts with a combining
/// mark is still a word of its own after the space before it.
public enum TodoTxt {
  /// The task a line holds; nil for an empty line. Dates are the person's calendar dates:
  /// a creation or completion date becomes noon of that day where they live (`utcOffset`),
  /// so the day start never moves it to the day before.
  ///
  /// - Parameter now: the completion time of an `x` line with no completion date.
  public static func task(
    _ line: String, number: Int, now: Timestamp, utcOffset: (Int64) -> Int,
    into batch: inout MovingIn
  ) throws(ImportProblem) -> ImportedTask? {
    let place = ImportProblem.Place.line(number)
    // Before the words are split: a title trims its ends, so a carriage return before a word
    // would otherwise vanish and leave `@phone` as the whole title, a context to whatever
    // reads the line next (found by fuzzing).
    if let bad = line.unicodeScalars.first(where: { $0 != "\t" && Title.isForbidden($0) }) {
      throw ImportProblem(place, .forbiddenCharacter(field: "description", scalar: bad.value))
    }
    var words = Self.words(line)[...]
    guard !words.isEmpty else { return nil }
    var draft = ImportedTaskDraft(place)
    draft.datesOnly = true
    func date(_ field: String) throws(ImportProblem) -> Timestamp? {
      guard let word = words.first, looksLikeDate(word) else { return nil }
      guard let day = CivilDate(iso: word) else {
        throw ImportProblem(place, .badDate(field: field, value: String(word)))
      }
      words.removeFirst()
      return noon(of: day, utcOffset: utcOffset)
    }
    let done = words.first == "x"
    if done { words.removeFirst() }
    // A priority, after the `x` too (`x (A) 2026-11-23 …`: some programs keep it).
    if let word = words.first, isPriority(word) {
      words.removeFirst()
      try draft.note("priority", String(word.dropFirst().prefix(1)))
    }
    if done {
      let completed = try date("completion date")
      draft.completed = completed ?? now
      draft.completedUndated = completed == nil
    }
    draft.created = try date("creation date")
    if let created = draft.created, let completed = draft.completed, created > completed {
      draft.created = completed
    }
    let text = LineText(words)
    draft.due = text.due
    draft.spoons = text.spoons
    for priority in text.priorities { try draft.note("priority", String(priority)) }
    // A project or context, as a tag; one the rule refuses (too long) goes to the note,
    // never into the title, where a shortened title could make it one (found by fuzzing).
    for word in text.tags {
      let kind: Tag.Kind = word.first == "@" ? .context : .tag
      draft.tag(String(word.dropFirst()), kind: kind, project: true)
    }
    return try draft.finished(title: text.title.joined(separator: " "), into: &batch)
  }

  /// The words of `text`, split at spaces and tabs scalar by scalar (a space before a
  /// combining mark still splits) and each made `bare`.
  static func words(_ text: String) -> [Substring] {
    text.unicodeScalars.split(whereSeparator: { $0 == " " || $0 == "\t" })
      .map { bare(Substring($0)) }.filter { !$0.isEmpty }
  }

  /// The text of a line (after `x`, a priority and the dates) sorted by the rules above:
  /// the title's words, the tags as written, and the fields Spoons reads.
  struct LineText {
    var title: [Substring] = []
    var tags: [Substring] = []
    var due: CivilDate?
    var spoons: SpoonCost?
    var priorities: [Substring] = []
    /// Which word the cost was read from.
    private var costAt: Int?

    init(_ words: some Collection<Substring>) {
      self.init(words, titleAt: nil)
      guard title.isEmpty else { return }
      // Nothing left for a title: the first word but the cost is the title, read as nothing
      // else (Spoons' export writes the title first), and the rest as before.
      guard let first = (0..<words.count).first(where: { $0 != costAt }) else { return }
      self.init(words, titleAt: first)
    }

    /// The words sorted, with the one at `titleAt` taken as title text whatever it is.
    private init(_ words: some Collection<Substring>, titleAt: Int?) {
      // Which word, by its place, the due date and the cost are read from: the last one
      // Spoons can use.
      var dueAt: Int?, spoonsAt: Int?
      for (i, word) in words.enumerated() where i != titleAt {
        guard let (key, value) = TodoTxt.metadata(in: word) else { continue }
        switch key {
        case "due": if CivilDate(iso: value) != nil { dueAt = i }
        case "spoons": if let n = Int(value), (try? SpoonCost(n)) != nil { spoonsAt = i }
        default: continue
        }
      }
      for (i, word) in words.enumerated() {
        if i == titleAt {
          title.append(word)
          continue
        }
        let value = word.drop { $0 != ":" }.dropFirst()
        if i == dueAt {
          due = CivilDate(iso: value)
        } else if i == spoonsAt {
          spoons = Int(value).flatMap { try? SpoonCost($0) }
          costAt = i
        } else if TodoTxt.metadata(in: word)?.key == "pri" {
          priorities.append(value)
        } else if TodoTxt.isProjectOrContext(word) {
          tags.append(word)
        } else {
          title.append(word)
        }
      }
    }
  }

  /// The metadata Spoons reads that `word` is shaped as: `due:` and a date's shape, `spoons:`
  /// and digits, `pri:` and a capital letter; nil for title text. (Whether the value is one
  /// Spoons can use, `LineText` decides.)
  static func metadata(in word: Substring) -> (key: String, value: Substring)? {
    guard let colon = word.firstIndex(of: ":") else { return nil }
    let key = word[..<colon].lowercased()
    let value = word[word.index(after: colon)...]
    switch key {
    case "due" where looksLikeDate(value): return (key, value)
    case "spoons" where !value.isEmpty && value.allSatisfy({ $0.isASCII && $0.isNumber }):
      return (key, value)
    case "pri" where value.count == 1 && value.first!.isASCII && value.first!.isUppercase:
      return (key, value)
    default: return nil
    }
  }

  /// `+project` or `@context`: a sigil, as a character of its own, and a letter.
  static func isProjectOrContext(_ word: Substring) -> Bool {
    guard let sigil = word.first, sigil == "+" || sigil == "@",
      let first = word.dropFirst().unicodeScalars.first
    else { return false }
    return first.properties.isAlphabetic
  }

  /// The title `task` comes back with when the line `line` writes of it is imported: words
  /// one space apart, without those the format reads as more than text (`+notatag`,
  /// `@home`, `pri:A`, a `due:2026-12-01` when the task has no due date of its own), which
  /// it has no way to keep as text. First as the task is now, then (when a word of the title
  /// is read so only without a due date of the task's own) as a line written before its due
  /// date was set or cleared reads: what tells a task brought in before (`moveIn`) compares
  /// titles so, and finds such a task when Spoons' export is imported again.
  public static func titlesAsRead(_ task: borrowing SpoonTask) -> [String] {
    let title = task.title.text
    // Most titles hold none of what could differ: compared as they are.
    if !title.utf8.contains(where: { $0 == 43 || $0 == 64 || $0 == 58 || $0 == 9 || $0 >= 0x80 }),
      !title.contains("  ")
    {
      return [title]
    }
    let now = LineText(words(text(of: task, due: task.due))).title.joined(separator: " ")
    // Any date stands for a due date set since: the title's own `due:` words are then text.
    let otherDue = task.due == nil ? CivilDate(year: 2000, month: 1, day: 1) : nil
    let other = LineText(words(text(of: task, due: otherDue))).title.joined(separator: " ")
    return other == now ? [now] : [now, other]
  }

  /// `word` without the whitespace at its ends that splits no words here (U+00A0 and the
  /// like) but that a title trims: what is left is what the word is read as, here and when
  /// the task is written back (`  @home` would else be title text now, a context then).
  static func bare(_ word: Substring) -> Substring {
    var scalars = word.unicodeScalars[...]
    while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
    while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
    return Substring(scalars)
  }

  /// `(A)` to `(Z)`.
  static func isPriority(_ word: Substring) -> Bool {
    let b = Array(word.utf8)
    return b.count == 3 && b[0] == UInt8(ascii: "(") && b[2] == UInt8(ascii: ")")
      && (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(b[1])
  }

  /// Shaped as `YYYY-MM-DD` (a real date or not): a word of this shape where a date goes is
  /// read as one, and refused when it is no day.
  static func looksLikeDate(_ word: Substring) -> Bool {
    let b = Array(word.utf8)
    return b.count == 10 && b[4] == UInt8(ascii: "-") && b[7] == UInt8(ascii: "-")
      && b.enumerated().allSatisfy { $0.offset == 4 || $0.offset == 7 || (48...57).contains($0.element) }
  }

  /// Noon of `day` where the person lives.
  static func noon(of day: CivilDate, utcOffset: (Int64) -> Int) -> Timestamp {
    let utcNoon = Int64(day.daysSinceEpoch) * 86_400 + 12 * 3600
    let offset = utcOffset(utcNoon)
    return Timestamp(seconds: utcNoon - Int64(offset), utcOffset: offset)
  }

  // MARK: - Writing

  /// A task as one todo.txt line: `x`, the day it was done (by `dayStart`, as `completed`
  /// lists it) and its creation date, or just the creation date; the title; its tags and
  /// contexts; `due:` and `spoons:`. The creation date is always written, so a title that
  /// starts like `x `, `(A) ` or a date is never read back as one. Notes, places and the
  /// rest have no place in the format (the JSON export keeps them).
  public static func line(_ task: SpoonTask, dayStart: DayStart) -> String {
    var words: [String] = []
    if let done = task.completed { words += ["x", dayStart.today(at: done).description] }
    words.append(task.created.date.description)
    words.append(text(of: task, due: task.due))
    return words.joined(separator: " ")
  }

  /// The text a task's line ends with: the title, its tags and contexts, `due:` (the task's,
  /// or `due`) and `spoons:`, last: a `spoons:` word of the title is title text when read
  /// back, and so is a `due:` word when the task has a due date.
  static func text(of task: borrowing SpoonTask, due: CivilDate?) -> String {
    var words = [task.title.text]
    words += task.tags.map(\.description)
    if let due { words.append("due:\(due)") }
    words.append("spoons:\(task.spoons.value)")
    return words.joined(separator: " ")
  }
}
