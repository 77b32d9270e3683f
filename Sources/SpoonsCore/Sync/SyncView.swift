/// A planner seen as the synced document sees it: every task, routine, day and setting as an
/// entity with text fields, named by stable ids instead of the numbers people type.
///
/// The fields of a task are `n` (its number), `spoons`, `title`, `note`, `where`, `due`,
/// `rest`, `created`, `updated`, `place`, `took`, `rank` and `gone`. `place` holds where it is and
/// the date it was planned for (`todo 2026-11-23 category`, `done 2026-11-23 backlog:2026-11-20
/// 2026-11-23T10:00:00+00:00 -`), so a day's list merges as that day's list. `rank` orders
/// each list. `gone` is empty for a live task and, once deleted, the newest stamp the deleting
/// device had seen of it, so an edit it had not seen keeps the task.
public struct SyncView: Sendable {
  /// Entity name, then field name, then value.
  public var entities: [String: [String: String]] = [:]
  /// The stable id given to each local task and routine.
  public var taskUIDs: [TaskID: String] = [:]
  public var routineUIDs: [RoutineID: String] = [:]
  /// The open day's date, if a day has started.
  public var today: CivilDate?
  /// This device's date by its clock: a day dated after it, and its routine tasks, are not
  /// this device's yet, so their absence here is no delete.
  public var clock: CivilDate?
  /// When each task was last changed here: its changes are stamped from then.
  public var changedAt: [String: Timestamp] = [:]
  /// The tasks and routines this view gave a stable id (the document had no entity for
  /// them), each with the number it was named for.
  public var namedAnew: [String: Int] = [:]
  /// Every entity this view holds that the document it was made against does not.
  public var writtenAnew: [String] = []

  /// - Parameter known: the entity of each number, when the planner was just made from the
  ///   document (its numbers may have moved); otherwise found by number and creation time.
  ///   `namingDevice`: the device new tasks are named after, when not `device` (the one this
  ///   data directory was copied from, at its first sync as a new device). `clock`: this
  ///   device's date by its clock.
  public init(
    of state: SyncedState, against document: SyncDocument, device: DeviceID,
    known: SyncIdentities = SyncIdentities(), namingDevice: DeviceID? = nil,
    clock: CivilDate? = nil
  ) {
    self.clock = clock
    let index = SyncIndex(document)
    var taken = Set(document.entities.keys)
    // The device that made it, its number there and when: a data directory copied before
    // its tasks were synced names them as the original does (`naming`), so the copy and the
    // original send each such task as one, while tasks made apart never share a name.
    let naming = namingDevice ?? device
    func newUID(_ kind: String, _ number: Int, _ created: Timestamp) -> String {
      var uid = "\(naming).\(number).\(created.seconds)"
      var suffix = 1
      while taken.contains("\(kind):\(uid)") {
        suffix += 1
        uid = "\(naming).\(number).\(created.seconds)~\(suffix)"
      }
      taken.insert("\(kind):\(uid)")
      namedAnew["\(kind):\(uid)"] = number
      return uid
    }
    let planner = state.planner
    today = planner.day?.date
    // Routines.
    var routineList: [String] = []
    for routine in planner.routines {
      let uid =
        known.routines[routine.id] ?? index.routine[SyncIndex.key(routine.id.rawValue, routine.created)]
        ?? newUID("routine", routine.id.rawValue, routine.created)
      routineUIDs[routine.id] = uid
      routineList.append("routine:" + uid)
      entities["routine:" + uid] = [
        "n": String(routine.id.rawValue), "spoons": String(routine.spoons.value),
        "title": routine.title.text, "days": String(routine.days.mask),
        "paused": routine.isPaused ? "1" : "", "rest": routine.isRest ? "1" : "",
        "created": routine.created.description, "gone": "",
      ]
    }
    func origin(_ origin: Origin) -> String {
      switch origin {
      case .category: return "category"
      case .backlog(let since): return "backlog:\(since)"
      case .routine(let id):
        return "routine:" + (routineUIDs[id] ?? index.routineByNumber[id.rawValue] ?? "#\(id.rawValue)")
      }
    }
    // Tasks, each with the list it is ordered in.
    var lists: [String: [String]] = [:]
    var listOrder: [String] = []
    func add(_ task: SpoonTask, date: CivilDate?) {
      var uid = known.tasks[task.id] ?? index.task[SyncIndex.key(task.id.rawValue, task.created)]
      if uid == nil, let routine = task.routine, let date, let ruid = routineUIDs[routine] {
        uid = "\(ruid)@\(date)"
        taken.insert("task:" + uid!)
      }
      let name = "task:" + (uid ?? newUID("task", task.id.rawValue, task.created))
      taskUIDs[task.id] = String(name.dropFirst(5))
      changedAt[name] = task.updated
      let list: String
      let place: String
      switch task.placement {
      case .category:
        list = "category \(task.spoons.value)"
        place = "category"
      case .backlog(let since):
        list = "backlog"
        // Rolled over by a new day: the document's "planned for that day" already says so
        // (the planner settles it the same way), and keeping it lets a done from a device
        // that had not started the new day win.
        if let known = document.value(name, "place"), known.hasPrefix("todo \(since) ") {
          place = known
        } else {
          place = "backlog \(since)"
        }
      case .todo(let from):
        list = "day \(date!)"
        place = "todo \(date!) \(origin(from))"
      case .done(let from, let at):
        let rest = "\(origin(from)) \(at) \(task.gaveBack.map(String.init) ?? "-")"
        var day = date ?? at.date
        // Done on a day this device holds no record of (one its clock has not reached, or
        // one undone elsewhere): the date the document gives it stands.
        if date == nil, let known = document.value(name, "place"), known.hasPrefix("done "),
          known.hasSuffix(" " + rest), let on = CivilDate(iso: known.dropFirst(5).prefix(10))
        {
          day = on
        }
        list = "day \(day)"
        place = "done \(day) \(rest)"
      }
      if lists[list] == nil { listOrder.append(list) }
      lists[list, default: []].append(name)
      entities[name] = [
        "n": String(task.id.rawValue), "spoons": String(task.spoons.value),
        "title": task.title.text, "note": task.note ?? "", "where": task.location ?? "",
        "due": task.due.map { "\($0)" } ?? "", "rest": task.isRest ? "1" : "",
        "created": task.created.description, "updated": task.updated.description,
        "place": place, "took": task.took.map(String.init) ?? "", "gone": "",
      ]
    }
    var dateOfDone: [TaskID: CivilDate] = [:]
    for record in state.days { for id in record.done { dateOfDone[id] = record.date } }
    for task in state.done { add(task, date: dateOfDone[task.id]) }
    for cost in SpoonCost.all { for task in planner.category(cost) { add(task, date: nil) } }
    for task in planner.backlog { add(task, date: nil) }
    for task in planner.todo { add(task, date: planner.day!.date) }
    // Ranks.
    lists["routines"] = routineList
    listOrder.append("routines")
    for list in listOrder {
      let names = lists[list]!
      let ranks = SyncRanks.assign(names.map { SyncRanks.parse(document.value($0, "rank")) })
      for (name, rank) in zip(names, ranks) { entities[name]!["rank"] = String(rank) }
    }
    // Days.
    for record in state.days {
      let l = record.ledger
      entities["day:\(record.date)"] = [
        "budget": String(l.budget), "repaid": String(l.repaid), "borrowed": String(l.borrowed),
        "record": "\(l.planned) \(l.spent) \(l.rested)", "gone": "",
        // Its own field, so a device from before pacing reads the record as it always did.
        "checked": l.checked == l.spent ? "" : String(l.checked),
        "mood": record.mood.map(String.init) ?? "",
      ]
    }
    if let day = planner.day {
      entities["day:\(day.date)"] = [
        "budget": String(day.budget), "repaid": String(day.repaid),
        "borrowed": String(day.borrowed), "gone": "",
        // An open day has no record; one a device further on wrote stays (it is read only
        // once the day has ended), so devices on different dates never undo each other's.
        "record": document.value("day:\(day.date)", "record") ?? "",
        "started": day.budgetSet.map { "\($0)" } ?? "", "mood": day.mood.map(String.init) ?? "",
      ]
      if let set = day.budgetSet { changedAt["day:\(day.date)"] = set }
    }
    // Defaults read as empty, so a device that never changed a setting never overrides one.
    entities["settings"] = [
      "reserve": planner.reserve == 0 ? "" : String(planner.reserve),
      "daystart": planner.dayStart == .standard ? "" : String(planner.dayStart.minutes),
      "mood": planner.asksMood ? "" : "off", "pacehint": planner.paceHints ? "" : "off",
    ]
    // Numbers this device handed out to tasks the others never saw (made and deleted between
    // syncs), so nobody hands them out again.
    var highestTask = index.highestTask
    for task in state.done { highestTask = max(highestTask, task.id.rawValue) }
    for task in planner.allTasks { highestTask = max(highestTask, task.id.rawValue) }
    let highestRoutine = planner.routines.map(\.id.rawValue).reduce(index.highestRoutine, max)
    writtenAnew = entities.keys.filter { document.entities[$0] == nil }
    entities["next:\(device)"] = [
      "task": planner.nextID.rawValue > highestTask + 1 ? String(planner.nextID.rawValue) : "",
      "routine": planner.nextRoutineID.rawValue > highestRoutine + 1
        ? String(planner.nextRoutineID.rawValue) : "",
    ]
  }

  /// Whether a thing the view lacks is one this device does not hold, so its absence is not a
  /// delete: a routine's task left undone on a day that has ended here (new-day dropped it,
  /// and the planner drops it the same way), and a day dated after this device's clock, with
  /// its routine tasks (the planner keeps them for when the clock gets there).
  func isNotHeldHere(_ entity: String, _ fields: [String: SyncRegister]) -> Bool {
    if entity.hasPrefix("day:") {
      guard let clock, let date = CivilDate(iso: entity.dropFirst(4)) else { return false }
      return date > clock
    }
    return SyncDocument.isRoutineTaskNotShown(fields, today: today, clock: clock)
  }

  /// The changes that take `document` to this view: fields that differ, and a `gone` for
  /// every live task, routine and day the view no longer holds. `stamp` gives each changed
  /// entity's stamp, called once per entity, the tasks in the order they were changed.
  ///
  /// A field is changed after the value it replaces, whatever the clocks say: a value stamped
  /// further ahead than the clock follows would otherwise win over every later change, and a
  /// planner that reads it differently from its text (`06` spoons as `6`) would send the same
  /// losing change at every sync.
  public func changes(from document: SyncDocument, stamp: (String) -> SyncStamp) -> [SyncChange]
  {
    var changes: [SyncChange] = []
    let order = entities.keys.sorted {
      (changedAt[$0]?.seconds ?? .max, $0) < (changedAt[$1]?.seconds ?? .max, $1)
    }
    for entity in order {
      let fields = entities[entity]!
      let known = document.entities[entity]
      var entityStamp: SyncStamp?
      for field in fields.keys.sorted() {
        let value = fields[field]!
        let current = known?[field]
        // A field the document never had reads as empty, so an empty one says nothing new.
        guard current?.value != value, current != nil || !value.isEmpty else { continue }
        if entityStamp == nil { entityStamp = stamp(entity) }
        var changeStamp = entityStamp!
        if let current, current.stamp >= changeStamp {
          // Nothing can replace a value with the largest stamp there is; saying so again
          // at every sync would change nothing.
          guard let later = current.stamp.succeeded(by: changeStamp.device) else { continue }
          changeStamp = later
        }
        changes.append(SyncChange(entity: entity, field: field, value: value, stamp: changeStamp))
      }
    }
    for (entity, fields) in document.entities.sorted(by: { $0.key < $1.key })
    where entities[entity] == nil && SyncIndex.isWhole(entity, fields, in: document)
      && SyncConflictRules.isLive(fields) && !isNotHeldHere(entity, fields)
    {
      guard let mark = SyncConflictRules.deleteMark(seeing: fields) else { continue }
      changes.append(SyncChange(entity: entity, field: "gone", value: mark, stamp: stamp(entity)))
    }
    return changes
  }
}

/// What a document already knows, found fast: the stable id of each task and routine by
/// its number and creation time.
struct SyncIndex {
  var task: [String: String] = [:]
  var routine: [String: String] = [:]
  var routineByNumber: [Int: String] = [:]
  var highestTask = 0
  var highestRoutine = 0

  static func key(_ number: Int, _ created: Timestamp) -> String { "\(number) \(created)" }

  /// When two entities share a number and creation time, the live one, then the smaller
  /// name, so every device finds the same.
  init(_ document: SyncDocument) {
    highestTask = document.elsewhere.indexed.task
    highestRoutine = document.elsewhere.indexed.routine
    for (entity, fields) in document.entities.sorted(by: { a, b in
      (SyncConflictRules.isLive(a.value) ? 1 : 0, b.key) < (SyncConflictRules.isLive(b.value) ? 1 : 0, a.key)
    }) {
      guard let n = fields["n"]?.value, let created = fields["created"]?.value else { continue }
      // Numbers out of range are not Spoons's: they count for nothing.
      let number = Int(n).flatMap { (1...SyncDocument.largestNumber).contains($0) ? $0 : nil } ?? 0
      // A planner holds only whole things, so a local task is never one still arriving:
      // matching it to one would take a number from the thing it is.
      guard SyncIndex.isWhole(entity, fields, in: document) else {
        if entity.hasPrefix("task:") { highestTask = max(highestTask, number) }
        continue
      }
      if entity.hasPrefix("task:") {
        highestTask = max(highestTask, number)
        task["\(n) \(created)"] = String(entity.dropFirst(5))
      } else if entity.hasPrefix("routine:") {
        highestRoutine = max(highestRoutine, number)
        routine["\(n) \(created)"] = String(entity.dropFirst(8))
        if let number = Int(n) { routineByNumber[number] = String(entity.dropFirst(8)) }
      }
    }
  }

  /// Whether every field a thing needs has arrived: changes of one entity can come from
  /// several files, and a thing is made (or deleted) only once its creation is here.
  /// `isWhole`, and for a routine's task, the routine has arrived too (its files may come
  /// after the task's).
  static func isWhole(
    _ entity: String, _ fields: [String: SyncRegister], in document: SyncDocument
  ) -> Bool {
    guard isWhole(entity, fields) else { return false }
    guard entity.hasPrefix("task:"), let place = fields["place"]?.value,
      let from = place.split(separator: " ").first(where: { $0.hasPrefix("routine:") })
    else { return true }
    let uid = from.dropFirst(8)
    return uid.hasPrefix("#") || document.entities["routine:" + uid] != nil
  }

  static func isWhole(_ entity: String, _ fields: [String: SyncRegister]) -> Bool {
    let needs: [String]
    if entity.hasPrefix("task:") {
      needs = ["n", "created", "updated", "title", "spoons", "place"]
    } else if entity.hasPrefix("routine:") {
      needs = ["n", "created", "title", "spoons", "days"]
    } else if entity.hasPrefix("day:") {
      needs = ["budget", "repaid", "borrowed"]
    } else {
      return false
    }
    return needs.allSatisfy { fields[$0] != nil }
  }

}
