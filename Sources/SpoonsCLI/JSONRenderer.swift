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

  public static func todo(_ p: Planner) -> String { tasks(p.todo, done: true) + "\n" }

  public static func backlog(_ p: Planner, order: TaskOrder) -> String {
    tasks(order.sorted(p.backlog), done: false) + "\n"
  }

  /// The same listing as the text (`Planner.listing`), the tasks lent one by one.
  public static func list(_ p: Planner, category: SpoonCost?, order: TaskOrder) -> String {
    var out = "["
    var first = true
    for (_, ids) in p.listing(category, order: order) {
      p.forEachTask(ids) { t in
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
  public static func agenda(_ p: Planner) -> String {
    "[" + p.agenda.map { task($0) }.joined(separator: ",") + "]\n"
  }

  public static func completed(_ days: [CompletedDay]) -> String {
    "[" + days.map { day in
      "{\"date\":\(string(day.date.description)),\"tasks\":\(tasks(day.tasks, done: false))}"
    }.joined(separator: ",") + "]\n"
  }

  public static func search(_ hits: [SearchHit]) -> String {
    "[" + hits.map { hit in
      task(hit.task, extra: ",\"matched\":\(string(hit.field.rawValue))")
    }.joined(separator: ",") + "]\n"
  }

  public static func categories(_ p: Planner) -> String {
    "[" + SpoonCost.all.map { "{\"spoons\":\($0.value),\"tasks\":\(p.count(in: $0))}" }
      .joined(separator: ",") + "]\n"
  }

  public static func routines(_ list: [Routine]) -> String {
    "[" + list.map { r in
      "{\"id\":\(string(r.id.description)),\"title\":\(string(r.title.text)),"
        + "\"spoons\":\(r.spoons.value),\"days\":\(string(r.days.storedForm)),"
        + "\"rest\":\(r.isRest),\"paused\":\(r.isPaused),"
        + "\"created\":\(string(r.created.description))}"
    }.joined(separator: ",") + "]\n"
  }

  static func tasks(_ list: [SpoonTask], done: Bool) -> String {
    "[" + list.map { task(_: $0, done: done) }.joined(separator: ",") + "]"
  }

  /// `extra`: more fields, written with their leading comma.
  static func task(_ t: SpoonTask, done: Bool, extra: String = "") -> String {
    var out = "{\"id\":\(t.id.rawValue),\"title\":\(string(t.title.text)),\"spoons\":\(t.spoons.value)"
    if done { out += ",\"done\":\(t.isDone)" }
    if case .backlog(let since) = t.placement { out += ",\"since\":\(string(since.description))" }
    if let due = t.due { out += ",\"due\":\(string(due.description))" }
    if let note = t.note { out += ",\"note\":\(string(note))" }
    if let location = t.location { out += ",\"where\":\(string(location))" }
    out += ",\"created\":\(string(t.created.description))"
    out += ",\"updated\":\(string(t.updated.description))"
    if let completed = t.completed { out += ",\"completed\":\(string(completed.description))" }
    if t.isRest { out += ",\"rest\":true" }
    if let back = t.gaveBack { out += ",\"back\":\(back)" }
    if let took = t.took { out += ",\"took\":\(took)" }
    if let routine = t.routine { out += ",\"routine\":\(string(routine.description))" }
    return out + extra + "}"
  }

  /// A JSON string literal, escaped by the store's `JSON.quoted` like every JSON Spoons writes.
  static func string(_ text: String) -> String { JSON.quoted(text) }
}
