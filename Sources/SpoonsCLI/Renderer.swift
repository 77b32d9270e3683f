import SpoonsCore

/// Turns planner state and outcomes into the text a person reads. Pure: same input, same text.
public struct Renderer: Sendable {
  public let style: Style
  /// The characters every view draws with (`Charset.decide`).
  public let charset: Charset
  /// How wide a line may be (`Environment.columnsRule`), asked each time: a terminal can be
  /// resized while the REPL is open.
  public let columns: @Sendable () -> Int

  public init(
    style: Style, charset: Charset = .unicode, columns: @escaping @Sendable () -> Int = { 80 }
  ) {
    self.style = style
    self.charset = charset
    self.columns = columns
  }

  /// The renderer an environment asks for: colour, characters and width, each by its one
  /// rule (`Style.decide`, `Charset.decide`, `Environment.columnsRule`).
  public init(for environment: Environment, noColorFlag: Bool = false) {
    self.init(
      style: Style.decide(
        outputIsTerminal: environment.outputIsTerminal, noColorFlag: noColorFlag,
        variables: environment.variables),
      charset: Charset.decide(ascii: false, variables: environment.variables),
      columns: environment.columnsRule)
  }

  /// `Sat 21 Nov 2026`.
  public static func long(_ date: CivilDate) -> String { date.long }

  /// `Fri 28 Nov`, with the year only when it is not this year's.
  public static func short(_ date: CivilDate, today: CivilDate) -> String {
    date.named(relativeTo: today)
  }

  /// `due today`, `due tomorrow`, `due Fri 28 Nov`, `due Tue 18 Nov, overdue`: the one
  /// wording of a due date, in listings, `add`, `edit`, `show` and `agenda` alike (see
  /// `dueWords`); red when an open task is due today or overdue, the words saying it without
  /// colour too. Nil without a due date.
  public func due(_ task: SpoonTask, today: CivilDate) -> String? {
    Self.dueWords(task, today: today).map {
      $0.flagged ? style.red("due " + $0.text) : "due " + $0.text
    }
  }

  /// When a task is due, relative to `today`: `today`, `tomorrow`, else the date (`Fri 28
  /// Nov`), with `, overdue` when an open task is past it. A done task is never overdue, but
  /// its date reads the same. `flagged`: open and due today or overdue.
  static func dueWords(_ task: SpoonTask, today: CivilDate) -> (text: String, flagged: Bool)? {
    guard let date = task.due else { return nil }
    let day = switch today.days(until: date) {
    case 0: "today"
    case 1: "tomorrow"
    default: short(date, today: today)
    }
    switch task.dueStatus(today: today) {
    case .overdue?: return (day + ", overdue", true)
    case .dueToday?: return (day, true)
    default: return (day, false)
    }
  }

  /// `#12  Pharmacy run` and its due date, for listings; ids padded to `width`. A rest says
  /// so, with what it gives back, whether `cost` is asked for or not: its category's heading
  /// is not what it costs.
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
    let head = Self.headLength(task.id, width: width)
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: head) { line in
      Self.writeHead(task.id, length: head, to: line.baseAddress!)
      out.append(contentsOf: UnsafeBufferPointer(line))
    }
    // From the title's own UTF-8 in one copy; appending its `utf8` view goes byte by byte.
    let text = task.title.text
    if text.utf8.withContiguousStorageIfAvailable({ out.append(contentsOf: $0) }) == nil {
      out.append(contentsOf: text.utf8)
    }
    if !task.tagText.isEmpty {
      out.append(UInt8(ascii: " "))
      out.append(contentsOf: task.tagText.utf8)
    }
    if task.isRest {
      out.append(contentsOf: (", " + Self.restWords(task)).utf8)
    } else if cost {
      out.append(contentsOf: ", \(task.spoons)".utf8)
      if let took = task.took { out.append(contentsOf: ", took \(took)".utf8) }
    }
    if task.routine != nil { out.append(contentsOf: routineMark(task).utf8) }
    if task.due != nil, let due = due(task, today: today) {
      out.append(contentsOf: charset.separator.utf8)
      out.append(contentsOf: due.utf8)
    }
  }

  /// `  #12  Pharmacy run` and a newline, written at `line` when the task is plain (no rest,
  /// routine or due date: nothing after its title) and it fits in `line`; else nil and nothing
  /// useful written. `list` writes most of its lines so, each appended to its output in one go.
  static func writePlainLine(
    _ task: borrowing SpoonTask, width: Int, to line: UnsafeMutableBufferPointer<UInt8>
  ) -> Int? {
    guard !task.isRest, task.routine == nil, task.due == nil, task.tagText.isEmpty,
      let p = line.baseAddress
    else {
      return nil
    }
    let head = headLength(task.id, width: width)
    return task.title.text.utf8.withContiguousStorageIfAvailable { title in
      let length = 2 + head + title.count + 1
      guard length <= line.count, let from = title.baseAddress else { return nil }
      p[0] = UInt8(ascii: " ")
      p[1] = UInt8(ascii: " ")
      writeHead(task.id, length: head, to: p + 2)
      (p + 2 + head).update(from: from, count: title.count)
      p[length - 1] = UInt8(ascii: "\n")
      return length
    } ?? nil
  }

  /// The bytes `#12` and its padding take: the id's columns padded to `width`, and two more.
  static func headLength(_ id: TaskID, width: Int) -> Int { max(width, idColumns(id)) + 2 }

  /// `#12` and the spaces after it, `length` bytes (`headLength`) at `p`.
  private static func writeHead(_ id: TaskID, length: Int, to p: UnsafeMutablePointer<UInt8>) {
    let columns = idColumns(id)
    p[0] = UInt8(ascii: "#")
    // The last digit first, written backwards.
    var rest = id.rawValue
    for k in stride(from: columns - 1, through: 1, by: -1) {
      p[k] = UInt8(truncatingIfNeeded: 48 + rest % 10)
      rest /= 10
    }
    for k in columns..<length { p[k] = UInt8(ascii: " ") }
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

  /// `●●●●●●●○○○○○ 7/12`: a mark per spoon of the day's total, filled when planned, and
  /// `planned/total` as the prompt shows it. Never wider than `columns()`: past that, each
  /// mark stands for several spoons.
  public func spoonBar(_ ledger: SpoonLedger) -> String {
    let label = "\(ledger.planned)/\(ledger.total)"
    let total = ledger.total
    let room = max(0, columns() - label.count - 1)
    guard total > 0, room > 0 else { return label }
    let cells = min(total, room)
    let filled = min(cells, (min(ledger.planned, total) * cells + total / 2) / total)
    return style.bold(String(repeating: charset.plannedSpoon, count: filled))
      + String(repeating: charset.freeSpoon, count: cells - filled) + " " + label
  }

  /// The ledger in its words, once for `status` and the prompt's numbers:
  /// `budget 10 · borrowed 2 · planned 9 of 12 · spent 4 · left 3`.
  public func ledgerLine(_ l: SpoonLedger) -> String {
    var numbers = ["budget \(l.budget)"]
    if l.repaid > 0 { numbers.append("repaid \(l.repaid)") }
    if l.borrowed > 0 { numbers.append("borrowed \(l.borrowed)") }
    if l.rested > 0 { numbers.append("rested \(l.rested)") }
    numbers += [
      "planned \(l.planned) of \(l.total)", Self.spentWords(l.spent, checked: l.checked),
      l.over > 0 ? "over by \(l.over)" : "left \(l.left)",
    ]
    if l.reserve > 0 { numbers += ["reserve \(l.reserve)", "room \(l.room)"] }
    return Text.joined(numbers, separator: charset.separator)
  }

  /// `spent 9`, or `spent 9 (planned at 7)`: what the tasks checked off took (rests never
  /// taken off: what they gave back is `rested`), and beside it what they were planned at
  /// when that differs. The same words in `status` and `completed`; `history` and `stats`
  /// show the same number as `spent`.
  static func spentWords(_ spent: Int, checked: Int) -> String {
    "spent \(spent)" + (spent == checked ? "" : " (planned at \(checked))")
  }

  /// `planned 9 of 12, 3 left`: what every change to today's list ends with.
  func plannedOf(_ l: SpoonLedger) -> String {
    l.over > 0
      ? "\(l.planned) of \(l.total) planned, over by \(l.over)"
      : "\(l.planned) of \(l.total) planned, \(l.left) left"
  }

  public func status(_ p: Planner, today: CivilDate) -> String {
    guard let day = p.day, let ledger = p.ledger else { return noDay(p) }
    var out = endedDayNotice(p, today: today)
    out += style.bold(Self.long(day.date)) + "\n"
    out += spoonBar(ledger) + "\n"
    out += ledgerLine(ledger) + "\n"
    if ledger.borrowed > 0 {
      out += "Borrowed \(Self.spoons(ledger.borrowed)) from tomorrow: the next day starts "
        + "\(ledger.borrowed) short.\n"
    }
    if ledger.repaid > 0 {
      out += "Started with \(ledger.startedWith) of \(ledger.budget): \(ledger.repaid) paid back "
        + "for borrowing the day before.\n"
    }
    out += "\n" + todo(p, today: today)
    return out
  }

  /// Open tasks grouped by cost, then what is done today, marked and dimmed; with a filter
  /// (`todo @phone`), only the tasks that match it.
  public func todo(_ p: Planner, today: CivilDate, filter: TaskFilter = TaskFilter()) -> String {
    guard p.day != nil else { return noDay(p) }
    guard !p.todo.isEmpty || !filter.isEmpty else {
      guard let first = p.suggestionCandidates.first?.task.id.rawValue else {
        return "Nothing planned yet, and no tasks wait. Add one with its spoons and title, e.g. "
          + "add 2 Call the GP\n"
      }
      return "Nothing planned yet. Plan tasks by their numbers, e.g. plan \(first) (see 'list' "
        + "and 'backlog'; 'suggest' picks for you)\n"
    }
    func shown(_ task: SpoonTask) -> Bool { filter.matches(task, today: today) }
    let matched = p.todo.filter(shown)
    guard !matched.isEmpty else { return "No task on today's list matches \(Text.visible(filter.description)).\n" }
    let width = idWidth(matched)
    var out = ""
    for section in p.todoSections {
      let open = section.tasks.filter { !$0.isDone && shown($0) }
      guard !open.isEmpty else { continue }
      out += style.bold(section.spoons.description) + "\n"
      for task in open { out += "  [ ] \(line(task, width: width, today: today))\n" }
    }
    let rests = p.todoRests.filter { !$0.isDone && shown($0) }
    if !rests.isEmpty {
      out += style.bold("Rest") + "\n"
      for task in rests { out += "  [ ] \(line(task, width: width, today: today))\n" }
    }
    let done = matched.filter(\.isDone)
    if !done.isEmpty {
      out += style.bold("Done") + "\n"
      for task in done {
        let text = line(task, width: width, today: today, cost: true)
        out += "  " + style.green(charset.checked) + " " + style.dim(text) + "\n"
      }
    }
    return out
  }

  /// ` · routine` after a task a routine made: it is dropped, not rolled over, if left undone.
  func routineMark(_ task: SpoonTask) -> String {
    task.routine != nil ? charset.separator + "routine" : ""
  }

  /// When the open day began on an earlier date: says so, and the command that starts today
  /// with the budget asked for last time. Empty otherwise.
  public func endedDayNotice(_ p: Planner, today: CivilDate) -> String {
    guard let day = p.day, day.date < today else { return "" }
    return style.bold("\(day.date.weekdayDayMonth) is still open; today is \(today.weekdayDayMonth).")
      + " Start today with: spoons new-day \(day.budget)\n"
  }

  /// Said where a view needs a day: the command, with the person's usual budget as the example.
  func noDay(_ p: Planner) -> String {
    "No day started yet. Start one with today's spoons, e.g. new-day \(p.usualBudget ?? 10)\n"
  }

  // MARK: - Lists

  public func categories(_ p: Planner) -> String {
    SpoonCost.all.map { cost in
      let n = p.count(in: cost)
      let label = Text.padded((cost.value < 10 ? " " : "") + cost.description, to: 10)
      return "\(label)  \(Self.tasks(n))\n"
    }.joined()
  }

  public func list(
    _ p: Planner, category: SpoonCost?, order: TaskOrder, today: CivilDate,
    filter: TaskFilter = TaskFilter()
  ) -> String {
    String(
      decoding: listUTF8(p, category: category, order: order, today: today, filter: filter),
      as: UTF8.self)
  }

  /// `list` as the UTF-8 it is written in, for output that never needs it as a `String`.
  public func listUTF8(
    _ p: Planner, category: SpoonCost?, order: TaskOrder, today: CivilDate,
    filter: TaskFilter = TaskFilter()
  ) -> [UInt8] {
    let listing = p.listing(category, order: order)
    guard !listing.isEmpty else {
      // Not "yet" when the tasks are only elsewhere: a task just planned has left its category.
      let elsewhere = Self.elsewhere(p)
      if let category {
        let none = elsewhere == nil
          ? "No tasks cost \(category) yet" : "No tasks costing \(category) wait in the categories"
        return Array("\(none). Add one with its title, e.g. add \(category.value) Laundry\n".utf8)
      }
      if let elsewhere {
        return Array(
          ("No tasks wait in the categories; \(elsewhere). Add one with its spoons and title, "
            + "e.g. add 2 Call the GP\n").utf8)
      }
      return Array(
        ("No tasks yet. Add one with what it costs (1 to 10 spoons) and its title, e.g. add 2 "
          + "Call the GP\n").utf8)
    }
    // The tasks are looked up one by one as they are written, never copied into arrays:
    // `list` may show 100,000 of them.
    // With a filter, a category's heading is written before its first task that matches, in
    // the one pass over the tasks; ids are padded as the whole listing's.
    let width = idWidth(listing.lazy.flatMap(\.ids))
    var out: [UInt8] = []
    out.reserveCapacity(listing.reduce(0) { $0 + $1.ids.count } * (filter.isEmpty ? 40 : 8))
    var shown = false
    // Plain lines are written in a scratch line and appended whole; a line longer than it
    // (a title of 200 characters of several bytes each) is appended as `appendLine` writes it.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1024) { scratch in
      for (cost, group) in listing {
        var headed = false
        p.forEachTask(group) { task in
          guard filter.isEmpty || filter.matches(task, today: today) else { return }
          if !headed {
            out.append(contentsOf: (style.bold(cost.description) + "\n").utf8)
            (headed, shown) = (true, true)
          }
          if let length = Self.writePlainLine(task, width: width, to: scratch) {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[..<length]))
            return
          }
          out.append(UInt8(ascii: " "))
          out.append(UInt8(ascii: " "))
          appendLine(task, width: width, today: today, to: &out)
          out.append(UInt8(ascii: "\n"))
        }
      }
    }
    guard shown else {
      let place = category.map { "category \($0.value)" } ?? "the categories"
      var said = "No task in \(place) matches \(Text.visible(filter.description))"
      // `list in:backlog` asks list for what it never shows: say where that is.
      for case .within(let within) in filter.terms {
        let elsewhere: (what: String, command: String)
        switch within {
        case .category: continue
        case .backlog: elsewhere = ("the backlog", "backlog")
        case .todo: elsewhere = ("today's list", "todo")
        case .done: elsewhere = ("done tasks", "completed")
        }
        said += ": list shows the categories; for \(elsewhere.what) see '\(elsewhere.command)'"
        break
      }
      return Array((said + ".\n").utf8)
    }
    return out
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

  public func backlog(
    _ p: Planner, order: TaskOrder, today: CivilDate, filter: TaskFilter = TaskFilter()
  ) -> String {
    let all = order.sorted(p.backlog)
    guard !all.isEmpty else { return "The backlog is empty.\n" }
    let tasks = all.filter { filter.matches($0, today: today) }
    guard !tasks.isEmpty else { return "No task in the backlog matches \(Text.visible(filter.description)).\n" }
    let width = idWidth(tasks)
    return tasks.map { line($0, width: width, today: today, cost: true) + "\n" }.joined()
  }

  /// `#4  Laundry, 3 spoons · due today · category 3`: a task, its cost and due date, and
  /// where it is, for views that gather tasks from everywhere.
  func lineWithPlace(_ task: SpoonTask, width: Int, today: CivilDate) -> String {
    line(task, width: width, today: today, cost: true) + charset.separator
      + Self.place(of: task, today: today)
  }

  /// What Tab lists after `plan`: `#4  Laundry, 3 spoons · category 3`, and for a task that
  /// does not fit today `… · does not fit` (not said before the first day, when nothing is
  /// measured yet).
  func planCandidate(_ c: PlanCandidate, width: Int, today: CivilDate, dayOpen: Bool) -> String {
    let text = lineWithPlace(c.task, width: width, today: today)
    return c.fits || !dayOpen ? text : style.dim(text + charset.separator + "does not fit")
  }

  /// Every open task with a due date, overdue first, each with where it is.
  public func agenda(_ p: Planner, today: CivilDate, filter: TaskFilter = TaskFilter()) -> String {
    let tasks = p.agenda(filter, today: today)
    if tasks.isEmpty, !filter.isEmpty {
      return "No open task with a due date matches '\(Text.visible(filter.description))'.\n"
    }
    guard !tasks.isEmpty else {
      let open = p.todo.first { !$0.isDone }?.id ?? p.suggestionCandidates.first?.task.id
      return "No open task has a due date. Give one a date with "
        + (open.map { "edit, e.g. edit \($0.rawValue) --due fri\n" }
          ?? "--due as you add it, e.g. add 2 Call the GP --due fri\n")
    }
    let width = idWidth(tasks)
    return tasks.map { lineWithPlace($0, width: width, today: today) + "\n" }.joined()
  }

  // MARK: - Outcomes

  /// `#4 Laundry, #9 Call mum`.
  public func names(_ tasks: [SpoonTask]) -> String {
    Text.joined(tasks.map { "\($0.id) \($0.title.text)" }, separator: ", ")
  }

  static func spoons(_ n: Int) -> String { n == 1 ? "1 spoon" : "\(n) spoons" }

  static func tasks(_ n: Int) -> String { n == 1 ? "1 task" : "\(n) tasks" }

  /// `, due Fri 28 Nov` after an outcome, or nothing.
  func dueSuffix(_ task: SpoonTask, today: CivilDate) -> String {
    due(task, today: today).map { ", " + $0 } ?? ""
  }

  func total(_ tasks: [SpoonTask]) -> Int { tasks.reduce(0) { $0 + $1.cost } }

  public func added(_ task: SpoonTask, today: CivilDate) -> String {
    "Added \(Self.titled(task)) (\(Self.costWords(task)))"
      + "\(dueSuffix(task, today: today)).\n"
  }

  public func planned(_ outcome: PlanOutcome, _ p: Planner) -> String {
    let borrowed =
      outcome.borrowed > 0
      ? "Borrowed \(Self.spoons(outcome.borrowed)) from tomorrow to fit. " : ""
    return "Planned \(names(outcome.tasks)) (\(Self.costWords(outcome.tasks))). "
      + borrowed + plannedOf(p.ledger ?? SpoonLedger(budget: 0)) + ".\n"
  }

  /// What each rest gave back is read from the rest itself, fixed when it was checked off.
  public func done(_ tasks: [SpoonTask], _ p: Planner) -> String {
    let work = tasks.filter { !$0.isRest }
    let rests = tasks.filter(\.isRest)
    let ledger = p.ledger ?? SpoonLedger(budget: 0)
    var out = ""
    if !work.isEmpty {
      // One task that took other than planned: both numbers, as plain facts.
      var cost = Self.spoons(total(work))
      if work.count == 1, let took = work[0].took {
        cost = "planned \(work[0].spoons.value), took \(took)"
      }
      // Once a task took other than planned, what was spent and how far the plan got are two
      // numbers, each said.
      out += "Done: \(names(work)) (\(cost)). "
        + (ledger.spent == ledger.checked
          ? "Spent \(ledger.spent) of \(ledger.planned) planned.\n"
          : "Spent \(ledger.spent); checked off \(ledger.checked) of \(ledger.planned) planned.\n")
      // A task alone taking more than the whole day had is more likely a slip of the finger
      // (`--took 99` for 9) than a day: said, never refused, since days like that happen.
      if work.count == 1, let took = work[0].took, took > ledger.total {
        out += "That is more than today's whole budget (\(ledger.total)); if it was a slip, "
          + "'undo', then check it off with what it took (as 'done \(work[0].id.rawValue) --took "
          + "\(work[0].spoons.value)').\n"
      }
    }
    if !rests.isEmpty { out += restsDone(rests, ledger) }
    return out
  }

  /// After the check-in's question (or `new-day --mood`): what was kept, in a few words.
  public func moodNoted(_ mood: Int) -> String {
    "Noted how you feel this morning: \(mood) of \(Limits.mood.upperBound).\n"
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
    return Text.joined(lines, separator: "") + plannedOf(p.ledger ?? SpoonLedger(budget: 0)) + ".\n"
  }

  public func newDay(_ outcome: NewDayOutcome, _ p: Planner) -> String {
    guard let day = p.day, let ledger = p.ledger else { return "" }
    var out = "New day: \(Self.long(day.date)), \(Self.spoons(day.budget)).\n"
    if let mood = day.mood { out += moodNoted(mood) }
    if let last = outcome.finished?.record, last.ledger.borrowed > 0 {
      let when: String
      switch last.date.days(until: day.date) {
      case 0: when = "earlier today"
      case 1: when = "yesterday"
      default: when = "on \(Self.short(last.date, today: day.date))"
      }
      out += "You borrowed \(Self.spoons(last.ledger.borrowed)) \(when): \(ledger.repaid) repaid, "
        + "so today starts with \(ledger.startedWith) of \(ledger.budget)"
      if outcome.writtenOff > 0 {
        out += "; the other \(outcome.writtenOff) \(outcome.writtenOff == 1 ? "is" : "are") "
          + "written off (a day repays at most half its budget)"
      }
      out += ".\n"
    }
    // `#5 Take meds (1)`; a rest in its words, so that it never reads as what it costs.
    func costs(_ tasks: [SpoonTask]) -> String {
      Text.joined(
        tasks.map { task in
          let cost = task.isRest ? Self.restWords(task) : "\(task.spoons.value)"
          return "\(task.id) \(task.title.text) (\(cost))"
        }, separator: ", ")
    }
    if let finished = outcome.finished {
      let r = finished.record
      let l = r.ledger
      // Where tasks took other than planned, the plan's own numbers say whether it was done.
      out += "Last day (\(Self.long(r.date))): "
        + (l.spent == l.checked
          ? "spent \(l.spent) of \(l.planned) planned"
          : "spent \(l.spent); checked off \(l.checked) of \(l.planned) planned")
        + ", \(r.done.count) done.\n"
      if outcome.rolledOver.isEmpty { out += "Nothing rolled over.\n" }
    }
    if !outcome.rolledOver.isEmpty {
      out += "Rolled into the backlog: \(costs(outcome.rolledOver)).\n"
    }
    if !outcome.dropped.isEmpty {
      out += "Dropped unfinished routine tasks: \(costs(outcome.dropped)).\n"
    }
    if !outcome.fromRoutines.isEmpty {
      out += "From your routines: \(costs(outcome.fromRoutines)). \(plannedOf(ledger)).\n"
    }
    if !outcome.skipped.isEmpty {
      let reserve = p.reserve > 0 ? " (keeping \(p.reserve) in reserve)" : ""
      out += "Not enough spoons\(reserve) for: "
        + Text.joined(outcome.skipped.map { "\($0.title.text) (\($0.spoons.value))" }, separator: ", ")
        + ".\n"
    }
    return out
  }

  /// `Deleted #4 Laundry, #26 Call mum (done Sat 28 Nov).`: the tasks in `history`, checked
  /// off on an earlier day, say when.
  public func deleted(_ tasks: [SpoonTask], history: [TaskID] = [], today: CivilDate)
    -> String
  {
    let named = tasks.map { task in
      let name = "\(task.id) \(task.title.text)"
      guard history.contains(task.id) else { return name }
      return name + " (\(Self.place(of: task, today: today)))"
    }
    return "Deleted \(Text.joined(named, separator: ", ")).\n"
  }

  public func moved(_ task: SpoonTask, to position: Int) -> String {
    "Moved \(task.id) \(task.title.text) to position \(position) in \(task.spoons).\n"
  }

  // MARK: - Help

  public func help(topic: String?) -> String {
    if let topic, let info = CommandRegistry.info(for: topic) {
      var out = "usage: \(info.usage)\n  \(info.summary)\n"
      if !info.aliases.isEmpty { out += "  also: \(info.aliases.joined(separator: ", "))\n" }
      if info.usage.contains("FILTER") { out += Self.filterHelp }
      return out + "example: \(info.example)\n"
    }
    let width = CommandRegistry.infos.map { $0.synopsis.count }.max() ?? 0
    var out = "Commands (ids look like 12 or #12; several: 3 5 7, 3-6, 3,5):\n"
    for info in CommandRegistry.infos {
      out += "  \(Text.padded(info.synopsis, to: width))  \(info.summary)\n"
    }
    return out + "'help COMMAND' shows its usage and an example.\n"
  }

  /// What a FILTER may hold (`TaskFilter`), for `help` of the commands that take one.
  static let filterHelp = """
      FILTER: every word must match: +tag, -tag, @context, -@context, due:D,
        due.before:D, due.after:D, overdue, in:category|backlog|todo|done,
        spoons:N or spoons:N-M, or a word of the title
    
    """

  /// The widest id's columns, at least 2. A loop, not a key path: `\.id` is built by the
  /// runtime the first time a run uses it (25,000 instructions, a tenth of `suggest`'s view).
  func idWidth(_ tasks: [SpoonTask]) -> Int {
    var widest = 2
    for task in tasks { widest = Swift.max(widest, Self.idColumns(task.id)) }
    return widest
  }

  func idWidth(_ ids: some Sequence<TaskID>) -> Int { ids.lazy.map(Self.idColumns).max() ?? 2 }
}
