import SpoonsCore
import SpoonsStore

/// `--json` output for scripts. Written by hand (no Foundation at start-up); field names are
/// documented in `JSON.md` (beside this file) and kept stable.
public enum JSONRenderer {
  /// `date` is the open day's, `today` the day being lived (by the day start): they differ
  /// while an earlier day is still open.
  public static func status(_ p: Planner, today: CivilDate) -> String {
    let ledger = p.ledger ?? SpoonLedger(budget: 0, reserve: p.reserve)
    return "{\"date\":\(p.day.map { string($0.date.description) } ?? "null"),"
      + "\"today\":\(string(today.description)),"
      + ledgerFields(ledger) + ",\"mood\":\(number(p.day?.mood)),"
      + "\"todo\":\(tasks(p.todo, done: true))}\n"
  }

  /// The ledger's words as JSON fields, the same in `status --json` and `history --json`:
  /// `"budget":10,"repaid":0,"borrowed":2,"rested":0,"total":12,"reserve":0,"planned":9,`
  /// `"spent":4,"left":3,"room":3,"checked":4`.
  static func ledgerFields(_ l: SpoonLedger) -> String {
    "\"budget\":\(l.budget),\"repaid\":\(l.repaid),\"borrowed\":\(l.borrowed),"
      + "\"rested\":\(l.rested),\"total\":\(l.total),\"reserve\":\(l.reserve),"
      + "\"planned\":\(l.planned),\"spent\":\(l.spent),\"left\":\(l.left),\"room\":\(l.room),"
      + "\"checked\":\(l.checked)"
  }

  /// A number, or `null`.
  static func number(_ n: Int?) -> String { n.map(String.init) ?? "null" }

  public static func todo(_ p: Planner, filter: TaskFilter = TaskFilter(), today: CivilDate)
    -> String
  {
    tasks(p.todo.filter { filter.matches($0, today: today) }, done: true) + "\n"
  }

  public static func backlog(
    _ p: Planner, order: TaskOrder, filter: TaskFilter = TaskFilter(), today: CivilDate
  ) -> String {
    tasks(order.sorted(p.backlog).filter { filter.matches($0, today: today) }, done: false) + "\n"
  }

  /// The same listing as the text (`Planner.listing`), the tasks lent one by one.
  public static func list(
    _ p: Planner, category: SpoonCost?, order: TaskOrder, filter: TaskFilter = TaskFilter(),
    today: CivilDate
  ) -> String {
    var out = "["
    var first = true
    for (_, ids) in p.listing(category, order: order) {
      p.forEachTask(ids) { t in
        guard filter.isEmpty || filter.matches(t, today: today) else { return }
        if !first { out += "," }
        first = false
        out += task(copy t, done: false)
      }
    }
    return out + "]\n"
  }

  /// One task with every field, and `in`: which list holds it.
  public static func task(_ t: SpoonTask, extra: String = "") -> String {
    let list: String
    switch t.placement {
    case .category: list = "category"
    case .backlog: list = "backlog"
    case .todo: list = "todo"
    case .done: list = "done"
    }
    return task(t, done: true, extra: ",\"in\":\(string(list))" + extra)
  }

  /// `agenda --json`: its tasks in its order, each with `in`.
  public static func agenda(_ p: Planner, filter: TaskFilter, today: CivilDate) -> String {
    "[" + p.agenda(filter, today: today).map { task($0) }.joined(separator: ",") + "]\n"
  }

  public static func completed(_ days: [CompletedDay]) -> String {
    "[" + days.map { day in
      "{\"date\":\(string(day.date.description)),\"tasks\":\(tasks(day.tasks, done: false))}"
    }.joined(separator: ",") + "]\n"
  }

  public static func search(_ hits: [SearchHit]) -> String {
    "[" + hits.map { hit in
      task(hit.task, extra: ",\"matched\":\(hit.field.map { string($0.key) } ?? "null")")
    }.joined(separator: ",") + "]\n"
  }

  /// `tags --json`: `[{"tag":"+health","tasks":2}]`.
  public static func tags(_ counts: [(tag: Tag, count: Int)]) -> String {
    "[" + counts.map { "{\"tag\":\(string($0.tag.description)),\"tasks\":\($0.count)}" }
      .joined(separator: ",") + "]\n"
  }

  public static func categories(_ p: Planner) -> String {
    "[" + SpoonCost.all.map { "{\"spoons\":\($0.value),\"tasks\":\(p.count(in: $0))}" }
      .joined(separator: ",") + "]\n"
  }

  /// Each routine, with `next`: the date `new-day` next puts it on the list (null while paused).
  public static func routines(_ p: Planner, at now: Timestamp) -> String {
    "[" + p.routines.map { r in
      "{\"id\":\(string(r.id.description)),\"title\":\(string(r.title.text)),"
        + "\"spoons\":\(r.spoons.value),\"days\":\(string(r.days.storedForm)),"
        + "\"next\":\(p.nextDate(of: r, at: now).map { string($0.description) } ?? "null"),"
        + "\"rest\":\(r.isRest),\"paused\":\(r.isPaused),"
        + "\"created\":\(string(r.created.description))}"
    }.joined(separator: ",") + "]\n"
  }

  static func tasks(_ list: [SpoonTask], done: Bool) -> String {
    "[" + list.map { task(_: $0, done: done) }.joined(separator: ",") + "]"
  }

  /// A task: every field of `TaskField` it has, in the table's order, by the same keys as
  /// the files and exports, but for `at` and `from` (where it is, which `done` and the
  /// command's own fields say). `extra`: more fields, written with their leading comma.
  static func task(_ t: SpoonTask, done: Bool, extra: String = "") -> String {
    var out = "{"
    for field in TaskField.reading where field != .at && field != .from {
      guard let value = field.value(of: t) else { continue }
      if field != .id { out += "," }
      out += "\"\(field.key)\":"
      switch value {
      // A routine as people type it (`r1`), as `routine list --json` names it.
      case .number where field == .routine: out += string(t.routine?.description ?? "")
      case .number(let n): out += String(n)
      case .flag: out += "true"
      case .tags: out += "[" + value.tags.map { string($0.description) }.joined(separator: ",") + "]"
      case .text, .date, .time, .word: out += string(value.text)
      }
      if field == .spoons, done { out += ",\"done\":\(t.isDone)" }
    }
    return out + extra + "}"
  }

  /// A JSON string literal, escaped by the store's `JSON.quoted` like every JSON Spoons writes.
  static func string(_ text: String) -> String { JSON.quoted(text) }
}
