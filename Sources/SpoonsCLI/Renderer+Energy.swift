import SpoonsCore

/// Borrowing, rests, the reserve, suggestions and routines.
extension Renderer {
  /// `borrow N`; nothing for `borrow 0`, whose giving back every change says alike
  /// (`gaveBack`).
  public func borrowed(_ n: Int, _ p: Planner) -> String {
    guard n > 0 else { return "" }
    return "Borrowed \(Self.spoons(n)) from tomorrow: \(p.ledger?.left ?? n) left to plan today, "
      + "and the next day starts \(p.day?.borrowed ?? n) short.\n"
  }

  /// After a change gave back some of today's borrowing: what tomorrow repays now.
  func gaveBack(_ n: Int, _ p: Planner) -> String {
    let still = p.day?.borrowed ?? 0
    return "Gave back \(n) borrowed spoon\(n == 1 ? "" : "s"); tomorrow repays "
      + (still == 0 ? "nothing" : "\(still)") + ".\n"
  }

  /// `budget N`: the new budget beside the old, then whether the list still fits, and if not,
  /// by how much and a task that would bring it back.
  public func budgetChanged(_ change: BudgetChange, _ p: Planner) -> String {
    guard let day = p.day, let l = p.ledger else { return "" }
    guard day.budget != change.was else {
      return "Today's budget is already \(Self.spoons(day.budget)); nothing was changed.\n"
    }
    var out = "Today's budget is now \(Self.spoons(day.budget)) (was \(change.was))."
    if day.repaid < change.repaidBefore {
      let off = change.repaidBefore - day.repaid
      out += " It repays \(day.repaid) of what the day before borrowed; \(off) more "
        + "\(off == 1 ? "is" : "are") written off (a day repays at most half its budget)."
    }
    guard l.over > 0 else { return out + " " + plannedOf(l) + ".\n" }
    out += " Planned \(l.planned): \(l.over) over"
    guard let task = p.taskToUnplan(freeing: l.over) else { return out + ".\n" }
    out += "; unplan something, e.g. unplan \(task.id.rawValue)"
    return out + (l.canStillBorrow >= l.over ? ", or borrow \(l.over).\n" : ".\n")
  }

  public func reserve(_ n: Int, changed: Bool) -> String {
    guard n > 0 else {
      return changed ? "No reserve: plan may use every spoon.\n" : "No spoons kept in reserve.\n"
    }
    return (changed ? "Keeping" : "Kept")
      + " \(Self.spoons(n)) in reserve: plan leaves \(n == 1 ? "it" : "them") unplanned unless "
      + "--use-reserve (or --borrow).\n"
  }

  /// The suggestion, what was left out and why, and how to plan it.
  public func suggestion(
    _ s: Suggestion, today: CivilDate, planning: Bool = false, filter: TaskFilter = TaskFilter(),
    max: Int? = nil, reserve: Int = 0
  ) -> String {
    if s.tasks.isEmpty && s.leftOut.isEmpty && !filter.isEmpty {
      return "No open task matches \(Text.visible(filter.description)).\n"
    }
    if s.tasks.isEmpty && s.leftOut.isEmpty {
      return "No open tasks to suggest. Add one with its spoons and title, e.g. add 2 Call the GP\n"
    }
    if s.room == 0 {
      return reserve > 0
        ? "No room left to plan above the reserve of \(Self.spoons(reserve)): nothing to suggest.\n"
        : "No room left to plan today: nothing to suggest.\n"
    }
    var width = idWidth(s.tasks)
    for item in s.leftOut { width = Swift.max(width, Self.idColumns(item.task.id)) }
    // As bytes, each task's line written in place as `list` writes it: a String built per
    // line and joined cost more than choosing the tasks.
    var out: [UInt8] = []
    func write(_ text: String) { out.append(contentsOf: text.utf8) }
    write(
      s.tasks.isEmpty
        ? "Nothing fits the room of \(Self.spoons(s.room)).\n"
        : "Suggested for the room of \(Self.spoons(s.room)) (uses \(s.spoons)):\n")
    for task in s.tasks {
      write("  ")
      appendLine(task, width: width, today: today, cost: true, to: &out)
      write(why(task, today: today) + "\n")
    }
    // Tasks that matter more than the plain rest (dated or in the backlog) are each explained;
    // the others are only counted.
    let notable = s.leftOut.filter { $0.task.due != nil || $0.task.backlogSince != nil }
    let others = s.leftOut.count - notable.count
    if !notable.isEmpty || others > 0 { write("Left out:\n") }
    for item in notable.prefix(10) {
      write("  ")
      appendLine(item.task, width: width, today: today, cost: true, to: &out)
      switch item.reason {
      case .tooDear: write(": costs more than the room of \(s.room)\n")
      case .noRoom: write(": no room beside the tasks above\n")
      case .overMax: write(": over --max\n")
      }
    }
    if notable.count > 10 {
      write("  and \(Self.tasks(notable.count - 10)) more, dated or in the backlog\n")
    }
    if others > 0 { write("  \(Self.tasks(others)) in the categories, with no due date\n") }
    if !planning && !s.tasks.isEmpty {
      let words = filter.isEmpty ? "" : " \(filter)"
      // The same choice again: with its filter and its --max.
      let most = max.map { " --max \($0)" } ?? ""
      // Appended one by one: `joined` is generic code the first call of a run pays to set up.
      write("Plan them with: suggest\(words)\(most) --plan (or: plan")
      for task in s.tasks { write(" \(task.id.rawValue)") }
      write(")\n")
    }
    return String(decoding: out, as: UTF8.self)
  }

  private func why(_ task: SpoonTask, today: CivilDate) -> String {
    guard task.due == nil, let since = task.backlogSince else { return "" }
    return charset.separator + "in the backlog since \(Self.short(since, today: today))"
  }

  // MARK: - Routines

  /// Each routine with its next date (`Planner.nextDate(of:at:)`).
  public func routines(_ p: Planner, at now: Timestamp) -> String {
    let list = p.routines
    guard !list.isEmpty else {
      return "No routines yet. Add one with its spoons and title, e.g. routine add 1 Take meds "
        + "--days daily\n"
    }
    let width = list.map { $0.id.description.count }.max() ?? 2
    return list.map { routine in
      "\(Text.padded(routine.id.description, to: width))  \(describe(routine))"
        + (p.nextDate(of: routine, at: now).map { ", next \(nameDate($0, p, now))" }
          ?? style.dim(" (paused)")) + "\n"
    }.joined()
  }

  /// `Take meds, 1 spoon, every day`, or `Nap, rest, up to 2 spoons back, weekdays`.
  func describe(_ routine: Routine) -> String {
    let cost =
      routine.isRest
      ? Self.restWords(upTo: routine.spoons.value, gave: nil) : routine.spoons.description
    return "\(routine.title.text), \(cost), \(routine.days)"
  }

  /// `next`: its next date, for a routine that does not fall every day.
  public func routineAdded(_ routine: Routine, next: String?) -> String {
    "Added routine \(routine.id) \(describe(routine)). "
      + (next.map { "From its next date, \($0), new-day puts it on the list first.\n" }
        ?? "From the next new-day it goes on the list first.\n")
  }

  /// `today`, `tomorrow`, or `Sun 29 Nov`.
  func nameDate(_ date: CivilDate, _ p: Planner, _ now: Timestamp) -> String {
    let today = p.today(at: now)
    switch today.days(until: date) {
    case 0: return "today"
    case 1: return "tomorrow"
    default: return date.named(relativeTo: today)
    }
  }

  public func routineRemoved(_ routine: Routine) -> String {
    "Removed routine \(routine.id) \(routine.title.text). A task it already put on today's list "
      + "stays.\n"
  }

  public func routinePaused(_ routine: Routine) -> String {
    routine.isPaused
      ? "Paused routine \(routine.id) \(routine.title.text): new days skip it until "
        + "'routine resume \(routine.id)'.\n"
      : "Resumed routine \(routine.id) \(routine.title.text): it is back from the next new-day.\n"
  }
}
