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

  /// Every field the task has, one per line, in `TaskField.reading` order, each by its key
  /// but `at`, said as `in` (the fields of where it is are said in that one line).
  public func show(_ task: SpoonTask, today: CivilDate) -> String {
    var rows: [(String, String)] = []
    for field in TaskField.reading {
      guard let value = field.value(of: task) else { continue }
      switch field {
      // Said by the heading, by `in`, and by `spoons` (a rest's words).
      case .id, .from, .since, .routine, .rest, .back: continue
      case .at: rows.append(("in", Self.place(of: task, today: today)))
      case .spoons:
        rows.append((field.key, task.isRest ? Self.restWords(task) : "\(task.spoons.value)"))
      case .due:
        guard let due = Self.dueWords(task, today: today) else { continue }
        rows.append((field.key, due.flagged ? style.red(due.text) : due.text))
      case .created, .updated, .completed:
        guard case .time(let time) = value else { continue }
        rows.append((field.key, stamp(time)))
      // Text.visible: what the prompt accepts is plain, but a file edited by hand may not be.
      case .title, .took, .note, .where, .tags: rows.append((field.key, Text.visible(value.text)))
      }
    }
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
    words += task.tags.map(\.description)
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

  /// `tags`: each tag and context with how many open tasks carry it.
  public func tags(_ counts: [(tag: Tag, count: Int)]) -> String {
    guard !counts.isEmpty else {
      return "No open task carries a tag yet. Add one in a title, e.g. add 2 Call GP +health @phone\n"
    }
    let width = counts.map { $0.tag.description.count }.max() ?? 0
    return counts.map { "\(Text.padded($0.tag.description, to: width))  \(Self.tasks($0.count))\n" }
      .joined()
  }

  /// `#12 Call GP +health @phone`: a task as `add`, `edit` and `rest` name what they made.
  static func titled(_ task: SpoonTask) -> String {
    "\(task.id) \(task.title.text)" + (task.tagText.isEmpty ? "" : " " + task.tagText)
  }

  /// An edit that asked for what the task already had.
  public func alreadySo(_ task: SpoonTask) -> String {
    "Nothing to change: \(Self.titled(task)) already has that.\n"
  }

  public func edited(_ task: SpoonTask, today: CivilDate) -> String {
    "Changed \(Self.titled(task)) (\(Self.costWords(task)))\(dueSuffix(task, today: today)).\n"
  }

  /// Each day's heading counts its tasks (rests too, as `history`'s `done` does) and says
  /// `spent` and `rested` in the ledger's words: what the tasks took (beside what they were
  /// planned at, when that differs) and what the rests gave back, the numbers `history`,
  /// `status` and `stats` give that day while its tasks are all still there.
  /// `filter`: what chose the tasks, said when none passed it.
  public func completed(
    _ days: [CompletedDay], lookingBack: Int, today: CivilDate, filter: TaskFilter = TaskFilter()
  ) -> String {
    guard !days.isEmpty else {
      let matching = filter.isEmpty ? "" : " matches '\(Text.visible(filter.description))'"
      return "Nothing checked off in the last \(Self.days(lookingBack))\(matching).\n"
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
      // In words: `where` is the task's place.
      if let field = hit.field, field != .title {
        text += style.dim(", in its \(field == .where ? "place" : field.key)")
      }
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
