import SpoonsCore

/// A planner seen as the synced document sees it: every task, routine, day and setting as an
/// entity with text fields (each kind's fields in its own file under `Schema/`), named by
/// stable ids instead of the numbers people type.
public struct SyncView: Sendable {
  /// Entity, then field name, then value.
  public var entities: [SyncEntity: [String: String]] = [:]
  /// The stable id given to each local task and routine.
  public var taskUIDs: [TaskID: String] = [:]
  public var routineUIDs: [RoutineID: String] = [:]
  /// The open day's date, if a day has started.
  public var today: CivilDate?
  /// This device's date by its clock: a day dated after it, and its routine tasks, are not
  /// this device's yet, so their absence here is no delete.
  public var clock: CivilDate?
  /// When each task was last changed here: its changes are stamped from then.
  public var changedAt: [SyncEntity: Timestamp] = [:]
  /// The tasks and routines this view gave a stable id (the document had no entity for
  /// them), each with the number it was named for.
  public var namedAnew: [SyncEntity: Int] = [:]
  /// Every entity this view holds that the document it was made against does not.
  public var writtenAnew: [SyncEntity] = []

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
    let planner = state.planner
    today = planner.day?.date
    var naming = SyncNaming(document, device: namingDevice ?? device)
    var lists = SyncLists()
    for routine in planner.routines {
      let uid = known.routines[routine.id] ?? naming.routine(routine)
      routineUIDs[routine.id] = uid
      lists.append(.routine(uid), to: "routines")
      entities[.routine(uid)] = SyncRoutineEntity.values(of: routine)
    }
    var dateOfDone: [TaskID: CivilDate] = [:]
    for record in state.days { for id in record.done { dateOfDone[id] = record.date } }
    func add(_ task: SpoonTask, date: CivilDate?) {
      let entity = naming.task(task, known: known.tasks[task.id], date: date, routineUIDs)
      taskUIDs[task.id] = String(entity.id)
      changedAt[entity] = task.updated
      let place = self.place(of: task, date: date, known: document.value(entity, SyncTaskField.place), naming.index)
      lists.append(entity, to: place.list)
      entities[entity] = SyncTaskEntity.values(
        of: task, placedAs: place.place, known: document.entities[entity])
    }
    for task in state.done { add(task, date: dateOfDone[task.id]) }
    for cost in SpoonCost.all { for task in planner.category(cost) { add(task, date: nil) } }
    for task in planner.backlog { add(task, date: nil) }
    for task in planner.todo { add(task, date: planner.day!.date) }
    for (list, names) in lists.all {
      let field = list == "routines" ? SyncRoutineField.rank.rawValue : SyncTaskField.rank.rawValue
      let ranks = SyncRanks.assign(names.map { SyncRanks.parse(document.entities[$0]?[field]?.value) })
      for (name, rank) in zip(names, ranks) { entities[name]![field] = String(rank) }
    }
    for record in state.days { entities[.day(record.date)] = SyncDayEntity.values(of: record) }
    if let day = planner.day {
      let entity = SyncEntity.day(day.date)
      entities[entity] = SyncDayEntity.values(
        of: day, written: document.value(entity, SyncDayField.record))
      if let set = day.budgetSet { changedAt[entity] = set }
    }
    entities[.settings] = SyncSettingsEntity.values(of: planner)
    var highest = SyncNumbers(
      task: naming.index.highestTask, routine: naming.index.highestRoutine)
    for task in state.done { highest.task = max(highest.task, task.id.rawValue) }
    for task in planner.allTasks { highest.task = max(highest.task, task.id.rawValue) }
    for routine in planner.routines { highest.routine = max(highest.routine, routine.id.rawValue) }
    writtenAnew = entities.keys.filter { document.entities[$0] == nil }
    entities[.next(device)] = SyncNextEntity.values(of: planner, past: highest)
    namedAnew = naming.namedAnew
  }

  /// Where the document places `task` (done on `date`, or planned for it), as its text, and
  /// the list it is ordered in. `known`: the place the document gives it now.
  private func place(of task: SpoonTask, date: CivilDate?, known: String?, _ index: SyncIndex)
    -> (place: String, list: String)
  {
    func origin(_ origin: Origin) -> SyncOrigin {
      switch origin {
      case .category: return .category
      case .backlog(let since): return .backlog(since: since)
      case .routine(let id):
        return .routine(uid: routineUIDs[id] ?? index.routineByNumber[id.rawValue] ?? "#\(id.rawValue)")
      }
    }
    switch task.placement {
    case .category:
      return (SyncPlace.category.text, "category \(task.spoons.value)")
    case .backlog(let since):
      // Rolled over by a new day: the document's "planned for that day" already says so
      // (the planner settles it the same way), and keeping it lets a done from a device
      // that had not started the new day win.
      if let known, SyncPlace.plans(known, for: since) { return (known, "backlog") }
      return (SyncPlace.backlog(since: since).text, "backlog")
    case .todo(let from):
      return (SyncPlace.todo(on: date!, from: origin(from)).text, "day \(date!)")
    case .done(let from, let at):
      var place = SyncPlace.done(on: date ?? at.date, from: origin(from), at: at, gaveBack: task.gaveBack)
      // Done on a day this device holds no record of (one its clock has not reached, or
      // one undone elsewhere): the date the document gives it stands.
      if date == nil, let known, let on = SyncPlace.doneDate(known, endingAs: place) {
        place = .done(on: on, from: origin(from), at: at, gaveBack: task.gaveBack)
      }
      return (place.text, "day \(place.date!)")
    }
  }

  /// Whether a thing the view lacks is one this device does not hold, so its absence is not a
  /// delete: a routine's task left undone on a day that has ended here (new-day dropped it,
  /// and the planner drops it the same way), and a day dated after this device's clock, with
  /// its routine tasks (the planner keeps them for when the clock gets there).
  func isNotHeldHere(_ entity: SyncEntity, _ fields: SyncRegisters) -> Bool {
    if entity.kind == .day {
      guard let clock, let date = entity.date else { return false }
      return date > clock
    }
    return SyncDocument.isRoutineTaskNotShown(fields, today: today, clock: clock)
  }

  /// The changes that take `document` to this view: fields that differ, and a delete for
  /// every live task, routine and day the view no longer holds. `stamp` gives each changed
  /// entity's stamp, called once per entity, the tasks in the order they were changed.
  ///
  /// A field is changed after the value it replaces, whatever the clocks say: a value stamped
  /// further ahead than the clock follows would otherwise win over every later change, and a
  /// planner that reads it differently from its text (`06` spoons as `6`) would send the same
  /// losing change at every sync.
  public func changes(from document: SyncDocument, stamp: (SyncEntity) -> SyncStamp)
    -> [SyncChange]
  {
    var changes: [SyncChange] = []
    // Stamped in the order they were changed: only the entities with a field to send.
    let order = entities.compactMap { entity, fields in
      Self.differs(fields, from: document.entities[entity]) ? entity : nil
    }.sorted {
      (changedAt[$0]?.seconds ?? .max, $0) < (changedAt[$1]?.seconds ?? .max, $1)
    }
    for entity in order {
      let fields = entities[entity]!
      let known = document.entities[entity]
      var entityStamp: SyncStamp?
      for field in fields.keys.sorted() {
        let value = fields[field]!
        let current = known?[field]
        guard Self.differs(value, from: current) else { continue }
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
    let deleted = document.entities.filter { entity, fields in
      entities[entity] == nil && SyncIndex.isWhole(entity, fields, in: document)
        && SyncConflictRules.isLive(fields) && !isNotHeldHere(entity, fields)
    }
    for (entity, fields) in deleted.sorted(by: { $0.key < $1.key }) {
      guard let mark = SyncConflictRules.deleteMark(seeing: fields) else { continue }
      changes.append(
        SyncChange(
          entity: entity, field: SyncConflictRules.deleteField, value: mark, stamp: stamp(entity)))
    }
    return changes
  }
}

extension SyncView {
  /// Whether a value says something new of a field the document holds as `current`: a field
  /// the document never had reads as empty, so an empty one says nothing new.
  static func differs(_ value: String, from current: SyncRegister?) -> Bool {
    current?.value != value && (current != nil || !value.isEmpty)
  }

  static func differs(_ fields: [String: String], from known: SyncRegisters?) -> Bool {
    fields.contains { differs($0.value, from: known?[$0.key]) }
  }
}

/// Finds or gives the stable id of each task and routine a view holds.
///
/// A thing the document knows keeps its id (found by number and creation time); a routine's
/// task is named for its routine and date, so two devices that made it apart make one; any
/// other new thing is named for the device that made it, its number there and when
/// (`device.number.seconds`, with `~N` when that is taken), so things made apart never share
/// a name, and a data directory copied before its tasks were synced names them as the
/// original does (`device` is then the original's).
struct SyncNaming {
  let index: SyncIndex
  private let device: DeviceID
  private var taken: Set<SyncEntity>
  /// What this naming gave a new id, with the number it was named for.
  private(set) var namedAnew: [SyncEntity: Int] = [:]

  init(_ document: SyncDocument, device: DeviceID) {
    index = SyncIndex(document)
    self.device = device
    taken = Set(document.entities.keys)
  }

  mutating func routine(_ routine: Routine) -> String {
    if let uid = index.routine[SyncIndex.key(routine.id.rawValue, routine.created)] { return uid }
    return String(named(SyncEntity.routine, routine.id.rawValue, routine.created).id)
  }

  /// The entity of `task`, done on or planned for `date`; `known` is its id when the
  /// planner was just made from the document.
  mutating func task(
    _ task: SpoonTask, known: String?, date: CivilDate?, _ routineUIDs: [RoutineID: String]
  ) -> SyncEntity {
    if let uid = known ?? index.task[SyncIndex.key(task.id.rawValue, task.created)] {
      return .task(uid)
    }
    if let routine = task.routine, let date, let ruid = routineUIDs[routine] {
      let entity = SyncEntity.task("\(ruid)@\(date)")
      taken.insert(entity)
      return entity
    }
    return named(SyncEntity.task, task.id.rawValue, task.created)
  }

  private mutating func named(
    _ kind: (String) -> SyncEntity, _ number: Int, _ created: Timestamp
  ) -> SyncEntity {
    var entity = kind("\(device).\(number).\(created.seconds)")
    var suffix = 1
    while taken.contains(entity) {
      suffix += 1
      entity = kind("\(device).\(number).\(created.seconds)~\(suffix)")
    }
    taken.insert(entity)
    namedAnew[entity] = number
    return entity
  }
}

/// The lists a view orders (each category, the backlog, each day's list, the routines), in
/// the order they were first seen, each with its entities in order.
struct SyncLists {
  private var names: [String] = []
  private var entities: [String: [SyncEntity]] = [:]

  mutating func append(_ entity: SyncEntity, to list: String) {
    if entities[list] == nil { names.append(list) }
    entities[list, default: []].append(entity)
  }

  var all: [(list: String, entities: [SyncEntity])] { names.map { ($0, entities[$0]!) } }
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
  /// name, so every device finds the same, whatever order it meets them in.
  init(_ document: SyncDocument) {
    highestTask = document.elsewhere.indexed.task
    highestRoutine = document.elsewhere.indexed.routine
    var tasks: [String: Candidate] = [:]
    var routines: [String: Candidate] = [:]
    var byNumber: [Int: Candidate] = [:]
    for (entity, fields) in document.entities {
      // Tasks and routines name their number and creation alike.
      guard let n = fields[SyncTaskField.number]?.value,
        let created = fields[SyncTaskField.created]?.value
      else { continue }
      // Numbers out of range are not Spoons's: they count for nothing.
      let number = Int(n).flatMap { (1...SyncDocument.largestNumber).contains($0) ? $0 : nil } ?? 0
      // A planner holds only whole things, so a local task is never one still arriving:
      // matching it to one would take a number from the thing it is.
      guard SyncIndex.isWhole(entity, fields, in: document) else {
        if entity.kind == .task { highestTask = max(highestTask, number) }
        continue
      }
      let candidate = (entity, SyncConflictRules.isLive(fields))
      let key = "\(n) \(created)"
      switch entity.kind {
      case .task:
        highestTask = max(highestTask, number)
        if Self.better(candidate, than: tasks[key]) { tasks[key] = candidate }
      case .routine:
        highestRoutine = max(highestRoutine, number)
        if Self.better(candidate, than: routines[key]) { routines[key] = candidate }
        Self.take(candidate, numbered: n, into: &byNumber)
      case .day, .settings, .next, .unknown: continue
      }
    }
    task = tasks.mapValues { String($0.entity.id) }
    routine = routines.mapValues { String($0.entity.id) }
    routineByNumber = byNumber.mapValues { String($0.entity.id) }
  }

  typealias Candidate = (entity: SyncEntity, isLive: Bool)

  /// Of two things sharing a name or number, the one found: the live one, then the smaller
  /// name.
  static func better(_ a: Candidate, than b: Candidate?) -> Bool {
    guard let b else { return true }
    return a.isLive != b.isLive ? a.isLive : a.entity < b.entity
  }

  /// The routine each number names (`routineByNumber`), looking only at the routines: what a
  /// done task's routine number is read as.
  static func routinesByNumber(_ document: SyncDocument) -> [Int: String] {
    var byNumber: [Int: Candidate] = [:]
    for (entity, fields) in document.entities where entity.kind == .routine {
      guard fields[SyncTaskField.created] != nil, let n = fields[SyncTaskField.number]?.value,
        isWhole(entity, fields)
      else { continue }
      take((entity, SyncConflictRules.isLive(fields)), numbered: n, into: &byNumber)
    }
    return byNumber.mapValues { String($0.entity.id) }
  }

  /// A whole routine numbered `n`, into `byNumber` when it is the better of the routines that
  /// share the number: the one rule `routineByNumber` and `routinesByNumber` follow.
  private static func take(
    _ candidate: Candidate, numbered n: String, into byNumber: inout [Int: Candidate]
  ) {
    if let number = Int(n), better(candidate, than: byNumber[number]) {
      byNumber[number] = candidate
    }
  }

  /// Whether every field a thing needs has arrived (`isWhole`), and for a routine's task,
  /// the routine has arrived too (its files may come after the task's).
  static func isWhole(
    _ entity: SyncEntity, _ fields: SyncRegisters, in document: SyncDocument
  ) -> Bool {
    guard isWhole(entity, fields) else { return false }
    guard entity.kind == .task,
      let uid = SyncPlace.routineUID(inText: fields.text(SyncTaskField.place))
    else { return true }
    return uid.hasPrefix("#") || document.entities[.routine(uid)] != nil
  }

  /// Whether every field a thing of its kind needs has arrived: changes to one thing can
  /// come from several files, and a thing is made (or deleted) only once its creation is
  /// here. Never for a kind that is not made (the settings, next numbers, an unknown kind).
  static func isWhole(_ entity: SyncEntity, _ fields: SyncRegisters) -> Bool {
    switch entity.kind {
    case .task: fields.holdsRequired(SyncTaskField.self)
    case .routine: fields.holdsRequired(SyncRoutineField.self)
    case .day: fields.holdsRequired(SyncDayField.self)
    case .settings, .next, .unknown: false
    }
  }
}
