import SpoonsCore

/// Turns planner state and outcomes into the text a person reads. Pure: same input, same text.
public struct Renderer: Sendable {
  public let style: Style

  public init(style: Style) { self.style = style }

  static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
  static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  /// `Sat 21 Nov 2026`.
  public static func long(_ date: CivilDate) -> String {
    "\(weekdays[date.weekday]) \(date.day) \(months[date.month - 1]) \(date.year)"
  }

  /// `Fri 28 Nov`, with the year only when it is not this year's.
  public static func short(_ date: CivilDate, today: CivilDate) -> String {
    let base = "\(weekdays[date.weekday]) \(date.day) \(months[date.month - 1])"
    return date.year == today.year ? base : base + " \(date.year)"
  }

  /// `due Fri 28 Nov`; `due today` and `due Tue 18 Nov, overdue` in red, the words saying it
  /// without colour too. Nil without a due date.
  public func due(_ task: SpoonTask, today: CivilDate) -> String? {
    guard let date = task.due else { return nil }
    switch task.dueStatus(today: today) {
    case .overdue?: return style.red("due \(Self.short(date, today: today)), overdue")
    case .dueToday?: return style.red("due today")
    default: return "due \(Self.short(date, today: today))"
    }
  }

  /// `#12  Pharmacy run` and its due date, for listings; ids padded to `width`.
  func line(_ task: SpoonTask, width: Int, today: CivilDate, cost: Bool = false) -> String {
    var bytes: [UInt8] = []
    appendLine(task, width: width, today: today, cost: cost, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `line` as UTF-8 appended to `out`: `list` writes one per open task (100,000 in the
  /// benchmark), and bytes append several times faster than Strings.
  func appendLine(
    _ task: borrowing SpoonTask, width: Int, today: CivilDate, cost: Bool = false,
    to out: inout [UInt8]
  ) {
    out.append(UInt8(ascii: "#"))
    let columns = Self.idColumns(task.id)
    // Most significant digit first, straight into `out` (reversing a slice of it afterwards
    // cost a copy per line).
    var unit = 1
    for _ in 2..<columns { unit *= 10 }
    while unit > 0 {
      out.append(UInt8(truncatingIfNeeded: 48 + task.id.rawValue / unit % 10))
      unit /= 10
    }
    for _ in columns..<max(width, columns) + 2 { out.append(UInt8(ascii: " ")) }
    out.append(contentsOf: task.title.text.utf8)
    if task.isRest {
      out.append(contentsOf: (cost ? ", rest, \(task.spoons) back" : " · rest").utf8)
    } else if cost {
      out.append(contentsOf: ", \(task.spoons)".utf8)
    }
    if task.routine != nil { out.append(contentsOf: routineMark(task).utf8) }
    if let due = due(task, today: today) { out.append(contentsOf: " · \(due)".utf8) }
  }

  /// The columns `#12` takes.
  static func idColumns(_ id: TaskID) -> Int {
    var columns = 2
    var rest = id.rawValue / 10
    while rest > 0 {
      columns += 1
      rest /= 10
    }
    return columns
  }

  // MARK: - Today

  /// `●●●●●●●○○○○○ 7/12`: one dot per spoon of the budget, filled when planned.
  public func spoonBar(planned: Int, budget: Int) -> String {
    let filled = min(planned, budget)
    let dots = style.bold(String(repeating: "●", count: filled))
      + String(repeating: "○", count: max(0, budget - filled))
    return (budget > 0 ? dots + " " : "") + "\(planned)/\(budget)"
  }

  public func status(_ p: Planner, today: CivilDate) -> String {
    guard let day = p.day else { return noDay }
    var out = style.bold(Self.long(day.date)) + "\n"
    out += spoonBar(planned: p.planned, budget: p.capacity) + "\n"
    var numbers = ["budget \(day.budget)"]
    if day.borrowed > 0 { numbers.append("borrowed \(day.borrowed)") }
    numbers += ["planned \(p.planned)", "spent \(p.spent)"]
    if p.rested > 0 { numbers.append("rested \(p.rested)") }
    numbers.append("left \(p.left)")
    if p.reserve > 0 { numbers.append("reserve \(p.reserve)") }
    out += numbers.joined(separator: " · ") + "\n"
    if day.borrowed > 0 {
      out += "Borrowed \(Self.spoons(day.borrowed)) from tomorrow: the next day starts "
        + "\(day.borrowed) short.\n"
    }
    if day.repaid > 0 {
      out += "Started with \(day.budget) of \(day.asked): \(day.repaid) paid back for "
        + "borrowing the day before.\n"
    }
    out += "\n" + todo(p, today: today)
    return out
  }

  /// Open tasks grouped by cost, then what is done today, marked and dimmed.
  public func todo(_ p: Planner, today: CivilDate) -> String {
    guard p.day != nil else { return noDay }
    guard !p.todo.isEmpty else {
      return "Nothing planned yet. Pick tasks with: plan ID... (see 'list' and 'backlog')\n"
    }
    let width = idWidth(p.todo)
    var out = ""
    for section in p.todoSections {
      let open = section.tasks.filter { !$0.isDone }
      guard !open.isEmpty else { continue }
      out += style.bold(section.spoons.description) + "\n"
      for task in open { out += "  [ ] \(line(task, width: width, today: today))\n" }
    }
    let rests = p.todoRests.filter { !$0.isDone }
    if !rests.isEmpty {
      out += style.bold("Rest") + "\n"
      for task in rests {
        out += "  [ ] \(Text.padded(task.id.description, to: width))  \(task.title.text), "
          + "gives back \(task.spoons)" + routineMark(task) + "\n"
      }
    }
    let done = p.todo.filter(\.isDone)
    if !done.isEmpty {
      out += style.bold("Done") + "\n"
      for task in done {
        let text = line(task, width: width, today: today, cost: true)
        out += "  " + style.green("[✓]") + " " + style.dim(text) + "\n"
      }
    }
    return out
  }

  /// ` · routine` after a task a routine made: it is dropped, not rolled over, if left undone.
  func routineMark(_ task: SpoonTask) -> String { task.routine != nil ? " · routine" : "" }

  var noDay: String { "No day started yet. Start one with: new-day N (N = today's spoons)\n" }

  // MARK: - Lists

  public func categories(_ p: Planner) -> String {
    SpoonCost.all.map { cost in
      let n = p.count(in: cost)
      let label = Text.padded((cost.value < 10 ? " " : "") + cost.description, to: 10)
      return "\(label)  \(Self.tasks(n))\n"
    }.joined()
  }

  public func list(_ p: Planner, category: SpoonCost?, order: TaskOrder, today: CivilDate)
    -> String
  {
    let costs = (category.map { [$0] } ?? SpoonCost.all).filter { p.count(in: $0) > 0 }
    guard !costs.isEmpty else {
      // Not "yet" when the tasks are only elsewhere: a task just planned has left its category.
      let elsewhere = Self.elsewhere(p)
      if let category {
        let none = elsewhere == nil
          ? "No tasks cost \(category) yet" : "No tasks costing \(category) wait in the categories"
        return "\(none). Add one with: add \(category.value) TITLE\n"
      }
      if let elsewhere {
        return "No tasks wait in the categories; \(elsewhere). Add one with: add N TITLE\n"
      }
      return "No tasks yet. Add one with: add N TITLE (N = 1 to 10 spoons)\n"
    }
    // In the user's order (the usual case) the tasks are looked up one by one as they are
    // written, never copied into arrays: `list` may show 100,000 of them.
    let ids = costs.map {
      order == .user ? p.categoryIDs($0) : order.sorted(p.category($0)).map(\.id)
    }
    let width = idWidth(ids.joined())
    var out: [UInt8] = []
    out.reserveCapacity(ids.reduce(0) { $0 + $1.count } * 40)
    for (cost, group) in zip(costs, ids) {
      out.append(contentsOf: (style.bold(cost.description) + "\n").utf8)
      p.forEachTask(group) { task in
        out.append(UInt8(ascii: " "))
        out.append(UInt8(ascii: " "))
        appendLine(task, width: width, today: today, to: &out)
        out.append(UInt8(ascii: "\n"))
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// `1 task is on today's list (see 'todo') and 2 are in the backlog (see 'backlog')`, or nil
  /// when the planner holds no task outside the categories.
  static func elsewhere(_ p: Planner) -> String? {
    let today = p.todo.count
    let backlog = p.backlog.count
    var parts: [String] = []
    if today > 0 {
      parts.append("\(tasks(today)) \(today == 1 ? "is" : "are") on today's list (see 'todo')")
    }
    if backlog > 0 {
      let count = today > 0 ? "\(backlog)" : tasks(backlog)  // "1 task ... and 2 are ..."
      parts.append("\(count) \(backlog == 1 ? "is" : "are") in the backlog (see 'backlog')")
    }
    return parts.isEmpty ? nil : parts.joined(separator: " and ")
  }

  public func backlog(_ p: Planner, order: TaskOrder, today: CivilDate) -> String {
    let tasks = order.sorted(p.backlog)
    guard !tasks.isEmpty else { return "The backlog is empty.\n" }
    let width = idWidth(tasks)
    return tasks.map { line($0, width: width, today: today, cost: true) + "\n" }.joined()
  }

  // MARK: - Outcomes

  /// `#4 Laundry, #9 Call mum`.
  public func names(_ tasks: [SpoonTask]) -> String {
    tasks.map { "\($0.id) \($0.title.text)" }.joined(separator: ", ")
  }

  static func spoons(_ n: Int) -> String { n == 1 ? "1 spoon" : "\(n) spoons" }

  static func tasks(_ n: Int) -> String { n == 1 ? "1 task" : "\(n) tasks" }

  /// `, due Fri 28 Nov` after an outcome, or nothing.
  func dueSuffix(_ task: SpoonTask, today: CivilDate) -> String {
    due(task, today: today).map { ", " + $0 } ?? ""
  }

  func total(_ tasks: [SpoonTask]) -> Int { tasks.reduce(0) { $0 + $1.cost } }

  public func added(_ task: SpoonTask, today: CivilDate) -> String {
    "Added \(task.id) \(task.title.text) (\(task.spoons))\(dueSuffix(task, today: today)).\n"
  }

  public func planned(_ outcome: PlanOutcome, _ p: Planner) -> String {
    let borrowed =
      outcome.borrowed > 0
      ? "Borrowed \(Self.spoons(outcome.borrowed)) from tomorrow to fit. " : ""
    return "Planned \(names(outcome.tasks)) (\(Self.spoons(total(outcome.tasks)))). "
      + borrowed + "\(p.planned) of \(p.capacity) planned, \(p.left) left.\n"
  }

  /// `restedBefore`: what rests had given back before these check-offs.
  public func done(_ tasks: [SpoonTask], _ p: Planner, restedBefore: Int) -> String {
    let work = tasks.filter { !$0.isRest }
    let rests = tasks.filter(\.isRest)
    var out = ""
    if !work.isEmpty {
      out += "Done: \(names(work)) (\(Self.spoons(total(work)))). "
        + "Spent \(p.spent) of \(p.planned) planned.\n"
    }
    if !rests.isEmpty {
      let back = p.rested - restedBefore
      let asked = rests.reduce(0) { $0 + $1.spoons.value }
      let capped = back < asked ? " (a rest gives back at most what was spent)" : ""
      out += "Rested: \(names(rests)), \(Self.spoons(back)) back\(capped). "
        + "\(p.left) left to plan.\n"
    }
    return out
  }

  public func undone(_ tasks: [SpoonTask]) -> String {
    let today = tasks.filter { if case .todo = $0.placement { true } else { false } }
    let reopened = tasks.filter { $0.placement == .category }
    var out = ""
    if !today.isEmpty { out += "Back on today's list, not done: \(names(today)).\n" }
    for task in reopened {
      out += "Reopened \(task.id) \(task.title.text), back in its category (\(task.spoons)).\n"
    }
    return out
  }

  public func unplanned(_ tasks: [SpoonTask], _ p: Planner) -> String {
    let lines = tasks.map { task -> String in
      let place: String
      switch task.placement {
      case .backlog: place = ", back to the backlog"
      case .todo(.routine): place = "; it was a routine's task, so it is dropped"
      default: place = ", back to its category (\(task.spoons))"
      }
      return "Took \(task.id) \(task.title.text) off today's list\(place).\n"
    }
    return lines.joined() + "\(p.planned) of \(p.capacity) planned, \(p.left) left.\n"
  }

  public func newDay(_ outcome: NewDayOutcome, _ p: Planner) -> String {
    guard let day = p.day else { return "" }
    var out = "New day: \(Self.long(day.date)), \(Self.spoons(day.budget)).\n"
    if day.repaid > 0, let last = outcome.finished?.record.date {
      let when: String
      switch last.days(until: day.date) {
      case 0: when = "earlier today"
      case 1: when = "yesterday"
      default: when = "on \(Self.short(last, today: day.date))"
      }
      out += "You borrowed \(Self.spoons(day.repaid)) \(when): today starts with "
        + "\(day.budget) of \(day.asked).\n"
    }
    func costs(_ tasks: [SpoonTask]) -> String {
      tasks.map { "\($0.id) \($0.title.text) (\($0.spoons.value))" }.joined(separator: ", ")
    }
    if let finished = outcome.finished {
      let r = finished.record
      out += "Last day (\(Self.long(r.date))): spent \(r.spent) of \(r.planned) planned, "
        + "\(r.done.count) done.\n"
      if outcome.rolledOver.isEmpty { out += "Nothing rolled over.\n" }
    }
    if !outcome.rolledOver.isEmpty {
      out += "Rolled into the backlog: \(costs(outcome.rolledOver)).\n"
    }
    if !outcome.dropped.isEmpty {
      out += "Dropped unfinished routine tasks: \(costs(outcome.dropped)).\n"
    }
    if !outcome.fromRoutines.isEmpty {
      out += "From your routines: \(costs(outcome.fromRoutines)). "
        + "\(p.planned) of \(p.capacity) planned, \(p.left) left.\n"
    }
    if !outcome.skipped.isEmpty {
      let reserve = p.reserve > 0 ? " (keeping \(p.reserve) in reserve)" : ""
      out += "Not enough spoons\(reserve) for: "
        + outcome.skipped.map { "\($0.title.text) (\($0.spoons.value))" }
        .joined(separator: ", ") + ".\n"
    }
    return out
  }

  public func deleted(_ tasks: [SpoonTask]) -> String { "Deleted \(names(tasks)).\n" }

  public func moved(_ task: SpoonTask, to position: Int) -> String {
    "Moved \(task.id) \(task.title.text) to position \(position) in \(task.spoons).\n"
  }

  // MARK: - Help

  public func help(topic: String?) -> String {
    if let topic, let info = CommandRegistry.info(for: topic) {
      var out = "usage: \(info.usage)\n  \(info.summary)\n"
      if !info.aliases.isEmpty { out += "  also: \(info.aliases.joined(separator: ", "))\n" }
      return out + "example: \(info.example)\n"
    }
    let width = CommandRegistry.infos.map { $0.synopsis.count }.max() ?? 0
    var out = "Commands (ids look like 12 or #12; several: 3 5 7, 3-6, 3,5):\n"
    for info in CommandRegistry.infos {
      out += "  \(Text.padded(info.synopsis, to: width))  \(info.summary)\n"
    }
    return out + "'help COMMAND' shows its usage and an example.\n"
  }

  func idWidth(_ tasks: [SpoonTask]) -> Int { idWidth(tasks.lazy.map(\.id)) }

  func idWidth(_ ids: some Sequence<TaskID>) -> Int { ids.lazy.map(Self.idColumns).max() ?? 2 }
}
