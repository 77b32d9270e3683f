import SpoonsCore

/// `show`, `edit`, `completed`, `search` and `clear`: one task in full, and finding and
/// tidying.
extension Renderer {
  /// Where a task lives, in words: `category 3`, `backlog since Thu 19 Nov`, `today's list`,
  /// `done today`, `done Thu 19 Nov` (checked off on an earlier day).
  public static func place(of task: SpoonTask, today: CivilDate) -> String {
    switch task.placement {
    case .category: return "category \(task.spoons.value)"
    case .backlog(let since): return "backlog since \(short(since, today: today))"
    case .todo: return "today's list"
    case .done(_, let at):
      return at.date == today ? "done today" : "done \(short(at.date, today: today))"
    }
  }

  /// Every field, one per line.
  public func show(_ task: SpoonTask, today: CivilDate) -> String {
    var rows: [(String, String)] = [
      ("title", task.title.text),
      ("spoons", task.isRest ? Self.restWords(task) : "\(task.spoons.value)"),
    ]
    if let took = task.took { rows.append(("took", "\(took)")) }
    rows.append(("where it is", Self.place(of: task, today: today)))
    if let due = Self.dueWords(task, today: today) {
      rows.append(("due", due.flagged ? style.red(due.text) : due.text))
    }
    // Text.visible: what the prompt accepts is plain, but a file edited by hand may not be.
    if let place = task.location { rows.append(("place", Text.visible(place))) }
    if let note = task.note { rows.append(("note", Text.visible(note))) }
    rows.append(("created", stamp(task.created)))
    rows.append(("updated", stamp(task.updated)))
    if let at = task.completed { rows.append(("completed", stamp(at))) }
    let width = rows.map(\.0.count).max() ?? 0
    var out = style.bold("\(task.id) \(task.title.text)") + "\n"
    for (label, value) in rows { out += "  \(Text.padded(label, to: width))  \(value)\n" }
    return out
  }

  /// `Sat 21 Nov 2026 08:00`, in the offset the time was recorded with.
  func stamp(_ time: Timestamp) -> String { "\(Self.long(time.date)) \(Self.clock(time))" }

  /// `08:00`, in the offset the time was recorded with.
  static func clock(_ time: Timestamp) -> String {
    let hour = time.secondOfDay / 3600, minute = time.secondOfDay / 60 % 60
    return "\(hour < 10 ? "0" : "")\(hour):\(minute < 10 ? "0" : "")\(minute)"
  }

  /// The `edit` command that would set the task's current values, ready to copy and change.
  public func editCommand(_ task: SpoonTask) -> String {
    var words = ["edit", "\(task.id.rawValue)", "--title", Self.quoted(task.title.text),
      "--spoons", "\(task.spoons.value)"]
    if let note = task.note { words += ["--note", Self.quoted(Text.visible(note))] }
    if let place = task.location { words += ["--where", Self.quoted(Text.visible(place))] }
    words += task.due.map { ["--due", $0.description] } ?? ["--no-due"]
    return words.joined(separator: " ") + "\n"
  }

  /// A word the tokenizer reads back as `text`: bare when it is plain, else quoted.
  static func quoted(_ text: String) -> String {
    let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { c in
      c.properties.isAlphabetic || c.properties.numericType != nil || "-_.,:/@+#".unicodeScalars.contains(c)
    }
    if plain && !text.hasPrefix("--") { return text }
    return Tokenizer.quoted(text)
  }

  public func edited(_ task: SpoonTask, today: CivilDate) -> String {
    "Changed \(task.id) \(task.title.text) (\(Self.costWords(task)))"
      + "\(dueSuffix(task, today: today)).\n"
  }

  /// Each day's heading counts its tasks (rests too, as `history`'s `done` does) and says
  /// `spent` and `rested` in the ledger's words: what the tasks took (beside what they were
  /// planned at, when that differs) and what the rests gave back, the numbers `history`,
  /// `status` and `stats` give that day while its tasks are all still there.
  public func completed(_ days: [CompletedDay], lookingBack: Int, today: CivilDate) -> String {
    guard !days.isEmpty else {
      return "Nothing checked off in the last \(Self.days(lookingBack)).\n"
    }
    let width = idWidth(days.flatMap(\.tasks))
    var out = ""
    for day in days {
      let heading = (day.date == today ? "Today, " : "") + Self.long(day.date)
      var numbers = ["\(day.tasks.count) done", Self.spentWords(day.spent, checked: day.checked)]
      if day.rested > 0 { numbers.append("rested \(day.rested)") }
      out += style.bold(heading) + charset.separator
        + Text.joined(numbers, separator: charset.separator) + "\n"
      for task in day.tasks {
        out += "  " + style.green(charset.checked) + " "
          + line(task, width: width, today: today, cost: true) + "\n"
      }
    }
    return out
  }

  public func search(_ hits: [SearchHit], query: String, today: CivilDate) -> String {
    guard !hits.isEmpty else { return "No task matches '\(Text.visible(query))'.\n" }
    let width = idWidth(hits.map(\.task))
    let verb = hits.count == 1 ? "matches" : "match"
    var out = "\(Self.tasks(hits.count)) \(verb) '\(Text.visible(query))':\n"
    for hit in hits {
      var text = line(hit.task, width: width, today: today, cost: true)
      text += "  " + style.dim("(" + Self.place(of: hit.task, today: today))
      if hit.field != .title { text += style.dim(", in its \(hit.field.rawValue)") }
      text += style.dim(")")
      out += text + "\n"
    }
    return out
  }

  public func cleared(_ target: ClearTarget, count: Int) -> String {
    switch target {
    case .backlog: return "Deleted \(Self.tasks(count)) from the backlog.\n"
    case .completed: return "Deleted \(Self.tasks(count)) checked off on earlier days.\n"
    }
  }
}
