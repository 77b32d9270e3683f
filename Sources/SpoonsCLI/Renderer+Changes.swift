import SpoonsCore
import SpoonsStore

/// How changes are named in the undo history, and what `undo`, `redo` and
/// `history --changes` print.
extension Renderer {
  /// `plan #4 Laundry, #9 Call mum (5 spoons)`: the command's verb, the tasks it touched
  /// (the first three, long titles cut) and the spoons they cost, or a rest's words
  /// (`done #9 Nap (rest, 3 spoons back)`).
  public func changeName(_ verb: String, _ tasks: [SpoonTask], spoons: Bool = true) -> String {
    func short(_ title: String) -> String {
      title.count <= 30 ? title : String(title.prefix(29)) + "…"
    }
    var text = verb
    if !tasks.isEmpty {
      text += " " + Text.joined(tasks.prefix(3).map { "\($0.id) \(short($0.title.text))" }, separator: ", ")
      if tasks.count > 3 { text += " and \(tasks.count - 3) more" }
    }
    if spoons { text += " (\(Self.costWords(tasks)))" }
    return text
  }

  public func routineChangeName(_ verb: String, _ routine: Routine) -> String {
    "routine \(verb) \(routine.id) \(routine.title.text)"
  }

  public func undid(_ changes: [RecordedChange], _ p: Planner) -> String {
    changes.map { "Undid: \(Text.visible($0.what)).\n" }.joined() + afterStep(p)
  }

  public func redid(_ changes: [RecordedChange], _ p: Planner) -> String {
    changes.map { "Redid: \(Text.visible($0.what)).\n" }.joined() + afterStep(p)
  }

  /// Where today stands after an undo or redo.
  func afterStep(_ p: Planner) -> String {
    guard let ledger = p.ledger else { return "" }
    return "Today: \(plannedOf(ledger)).\n"
  }

  /// `history --changes`: what undo would take back, newest first, then what redo would do.
  public func changes(_ history: ChangeHistory, limit: Int, today: CivilDate) -> String {
    guard !history.undoable.isEmpty || !history.redoable.isEmpty else {
      return "No changes recorded yet.\n"
    }
    func row(_ change: RecordedChange, _ step: Int) -> String {
      let day = change.at.date == today ? "today" : Self.short(change.at.date, today: today)
      let time = Self.clock(change.at)
      return "  \(Self.right(String(step), 3))  \(day) \(time)  \(Text.visible(change.what))\n"
    }
    var out = ""
    if !history.redoable.isEmpty {
      out += "Undone, most recent first ("
        + (history.redoable.count > 1 ? "redo 2 does the first two again" : "redo does it again")
        + "):\n"
      for (index, change) in history.redoable.prefix(limit).enumerated() {
        out += row(change, index + 1)
      }
    }
    if !history.undoable.isEmpty {
      let shown = min(limit, history.undoable.count)
      out += "Changes, newest first ("
        + (history.undoable.count > 1 ? "undo 2 takes back the first two" : "undo takes it back")
        + "):\n"
      for (index, change) in history.undoable.prefix(shown).enumerated() {
        out += row(change, index + 1)
      }
      if history.undoable.count > shown {
        out += "  ... and \(history.undoable.count - shown) older; history --changes "
          + "\(history.undoable.count) shows them all.\n"
      }
    }
    return out
  }
}

extension Renderer {
  /// What `export --output` wrote: everything as JSON; as CSV, the tasks and finished days
  /// (a table has no place for routines and settings, which only the JSON keeps). `chosen`:
  /// the tasks a filter chose, when one did (the table then holds no days).
  public func exported(
    _ export: PlannerExport, kind: ExportKind, to path: String, chosen: Int? = nil
  ) -> String {
    let tasks = Self.tasks(chosen ?? export.planner.taskCount + export.archive.doneTasks.count)
    let days = Self.count(chosen == nil ? export.archive.days.count : 0, "finished day")
    let file = Text.visible(path)
    switch kind {
    case .json:
      return "Exported \(tasks), \(Self.count(export.planner.routines.count, "routine")) "
        + "and \(days) to \(file) (JSON).\n"
    case .csv:
      return "Exported \(tasks) and \(days) to \(file) (CSV: routines and settings are in "
        + "the JSON export only).\n"
    case .todotxt:
      return "Exported \(tasks) to \(file) (todo.txt: notes, places, routines and days are in "
        + "the JSON export only).\n"
    }
  }

  /// Why an export to standard output with a filter holds no task (said on standard error:
  /// the output is what a script reads).
  public func noneMatched(_ filter: TaskFilter) -> String {
    "No task matches \(Text.visible(filter.description)): nothing was exported.\n"
  }

  /// What `import --from taskwarrior|todotxt` brought, then one line: how many tasks to look
  /// over, and the command that lists them.
  public func movedIn(
    _ path: String, from format: String, _ batch: MovingIn,
    _ summary: PlannerStore.MovingInSummary, spoons: SpoonCost
  ) -> String {
    let file = Text.visible(path)
    var notes: [String] = []
    if summary.alreadyHere > 0 {
      notes.append("\(summary.alreadyHere) here already, not brought again")
    }
    if batch.deletedSkipped > 0 { notes.append("\(batch.deletedSkipped) deleted skipped") }
    if batch.recurring > 0 {
      notes.append(
        Self.count(batch.recurring, "recurring task") + " as pending instances only")
    }
    if batch.shortenedTitles > 0 {
      notes.append(
        Self.count(batch.shortenedTitles, "long title") + " shortened (the whole text is in the note)")
    }
    if batch.tagsInNotes > 0 {
      notes.append(Self.count(batch.tagsInNotes, "tag") + " kept in notes (not tags by Spoons' rule)")
    }
    let tail = notes.isEmpty ? "" : "; " + notes.joined(separator: "; ")
    guard summary.open + summary.done > 0 else {
      return "Nothing to import from \(file) (\(format))\(tail).\n"
    }
    var out = "Imported \(Self.tasks(summary.open + summary.done)) from \(file) (\(format)): "
      + "\(summary.open) open, \(summary.done) done\(tail).\n"
    guard summary.open > 0 else { return out }
    let guess =
      summary.guessed == 0 ? ""
      : summary.guessed == summary.open ? " (each costs \(spoons), a guess)"
      : " (\(summary.guessed) cost \(spoons), a guess)"
    out += "Look over \(Self.count(summary.open, "imported task"))\(guess): "
      + "spoons list \(MovingIn.importedTag)\n"
    return out
  }

  /// Said on standard error when another process has held the planner for a second.
  static func waiting(for holder: LockHolder?, directory: String, seconds: Int) -> String {
    "Waiting: \(Text.visible(directory)) is in use by "
      + Text.visible(holder?.description ?? "another program") + "; waiting up to \(seconds) s.\n"
  }

  func importCounts(_ summary: PlannerStore.ImportSummary) -> String {
    "\(Self.tasks(summary.tasks)), \(Self.count(summary.routines, "routine")), "
      + Self.count(summary.days, "finished day")
  }

  public func importName(_ path: String, _ summary: PlannerStore.ImportSummary, replace: Bool)
    -> String
  {
    "import \(replace ? "--replace " : "")\(path) (\(importCounts(summary)))"
  }

  public func imported(_ path: String, _ summary: PlannerStore.ImportSummary, replace: Bool)
    -> String
  {
    let file = Text.visible(path)
    if replace {
      return "Replaced the planner with \(file): \(importCounts(summary)). 'undo' brings the "
        + "old one back.\n"
    }
    if summary.tasks + summary.routines + summary.days == 0 && !summary.settings {
      return "Nothing new in \(file): everything in it is already here.\n"
    }
    return "Imported \(importCounts(summary))" + (summary.settings ? ", and its settings" : "")
      + " from \(file).\n"
  }
}
