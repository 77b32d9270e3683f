import SpoonsCore

/// The planner a document describes, with what making it decided and which entity each
/// number stands for.
public struct SyncedPlanner: Sendable {
  public var state: SyncedState
  public var notes: [SyncNote]
  public var identities: SyncIdentities
}

/// Which entity each task and routine number stands for: numbers can move in a sync, the
/// entity never does.
public struct SyncIdentities: Sendable {
  public var tasks: [TaskID: String] = [:]
  public var routines: [RoutineID: String] = [:]
  public init() {}
}

extension SyncDocument {
  /// The largest task or routine number a change may carry: far past any planner, and far
  /// from overflowing when numbers are handed out after it.
  static let largestNumber = 999_999_999

  /// The planner this document describes, and what had to be decided to make it.
  ///
  /// A pure function of the document and this device's date, so devices holding the same
  /// document on the same date hold the same planner. The newest day not after `clock` (this
  /// device's today; nil: no limit) is the open day: tasks planned for an earlier date are
  /// settled as `new-day` would settle them (done ones archived, others to the backlog,
  /// routine tasks dropped). A list that adds up past today's budget is kept as it is.
  ///
  /// A day dated after `clock` comes from a clock ahead of this one: it stays in the document
  /// but is not this device's, until its own clock reaches that date. Meanwhile that day's
  /// planned tasks wait in the backlog (their plan kept), its done ones are in the history,
  /// and its routine tasks are not shown (this device's own days make their own).
  ///
  /// Numbers two tasks share go to the task created first; the other takes the next free
  /// number. A routine's task this device does not show (dropped with its ended day, or of a
  /// day still ahead) keeps its number and never moves: nobody can see it to be told of a
  /// move, and a device that showed it may still mean it by that number, so a task that
  /// shares it moves instead. No number is ever taken without being written back, so `next`
  /// settles.
  public func planner(today clock: CivilDate? = nil) throws(SyncProblem) -> SyncedPlanner {
    var notes: [SyncNote] = []
    // Every number ever used, live or deleted, and every device's next number, here and in
    // the history part when this is the live part.
    let highest = highestNumbers()
    var highestTask = min(max(highest.task, elsewhere.counted.task), Self.largestNumber)
    var highestRoutine = min(max(highest.routine, elsewhere.counted.routine), Self.largestNumber)

    let routineClaims = try claims(.routine)
    let routineNumbers = Self.numbers(routineClaims, highest: &highestRoutine)
    let routines = try routines(routineClaims, routineNumbers, notes: &notes)
    func routineID(_ uid: String) -> RoutineID? {
      if uid.hasPrefix("#") { return SyncOrigin.number(inUID: uid) }
      if let n = routineNumbers[.routine(uid)] { return RoutineID(n) }
      return value(.routine(uid), SyncRoutineField.number).flatMap(Int.init).map(RoutineID.init)
    }

    // Days: the newest this device's clock has reached is today.
    let dayEntities = try days(reachedBy: clock)
    let today = dayEntities.last?.date
    let taskClaims = try claims(.task)
    let hidden = Set(
      taskClaims.map(\.entity).filter { entity in
        entities[entity].map { Self.isRoutineTaskNotShown($0, today: today, clock: clock) } ?? false
      })
    let taskNumbers = Self.numbers(taskClaims, highest: &highestTask, fixed: hidden)
    let tasks = try tasks(
      taskClaims, taskNumbers, hidden: hidden, today: today, clock: clock, routine: routineID,
      notes: &notes)
    let (day, records) = try dayAndRecords(dayEntities, today: today, archived: tasks.archived)

    // Settings and the planner.
    let settings = try SyncSettingsEntity.settings(entities[.settings] ?? [:])
    var restorer = Planner.Restorer(expecting: tasks.open.count)
    for placed in tasks.open { restorer.add(placed.task) }
    var planner: Planner
    do {
      planner = try restorer.finish(
        nextID: TaskID(highestTask + 1), day: day, routines: routines,
        nextRoutineID: RoutineID(highestRoutine + 1), reserve: settings.reserve)
    } catch {
      throw SyncProblem(entity: "planner", field: "", value: error.reason)
    }
    settings.apply(to: &planner)
    if let over = planner.ledger?.over, over > 0 { notes.append(.overBudget(by: over)) }
    var identities = SyncIdentities()
    for (entity, n) in taskNumbers { identities.tasks[TaskID(n)] = String(entity.id) }
    for (entity, n) in routineNumbers { identities.routines[RoutineID(n)] = String(entity.id) }
    return SyncedPlanner(
      state: SyncedState(planner: planner, done: tasks.archived.map(\.task), days: records),
      notes: notes, identities: identities)
  }

  /// A live, whole task or routine, and the number it wants.
  struct Claim {
    let entity: SyncEntity
    let wanted: Int
    let created: Timestamp
    let stamp: SyncStamp
  }

  /// The claims of every live, whole thing of `kind`, the earliest created first.
  func claims(_ kind: SyncEntity.Kind) throws(SyncProblem) -> [Claim] {
    var claims: [Claim] = []
    // Tasks and routines name their number and creation alike.
    let number = SyncTaskField.number.rawValue
    let creation = SyncTaskField.created.rawValue
    for (entity, fields) in entities
    where entity.kind == kind && SyncIndex.isWhole(entity, fields, in: self)
      && SyncConflictRules.isLive(fields)
    {
      guard let created = fields[creation].flatMap({ Timestamp(iso: $0.value) }),
        let stamp = fields[creation]?.stamp
      else { throw SyncProblem(entity: entity.name, field: creation, value: fields[creation]?.value ?? "") }
      guard let wanted = fields[number].flatMap({ Int($0.value) }),
        (1...Self.largestNumber).contains(wanted)
      else { throw SyncProblem(entity: entity.name, field: number, value: fields[number]?.value ?? "") }
      claims.append(Claim(entity: entity, wanted: wanted, created: created, stamp: stamp))
    }
    // By creation first, told apart by a number each (claims hold strings, whose copies a
    // sort of the claims themselves retained and released at every comparison).
    let seconds = claims.map(\.created.seconds)
    var order = Array(claims.indices)
    order.sort { i, j in
      if seconds[i] != seconds[j] { return seconds[i] < seconds[j] }
      return (claims[i].stamp, claims[i].entity) < (claims[j].stamp, claims[j].entity)
    }
    return order.map { claims[$0] }
  }

  /// The number each claim gets: the earliest created keeps a shared number, the others take
  /// the next after `highest`. `fixed` keep theirs whatever comes first.
  static func numbers(_ claims: [Claim], highest: inout Int, fixed: Set<SyncEntity> = [])
    -> [SyncEntity: Int]
  {
    var taken = Set<Int>()
    var given: [SyncEntity: Int] = [:]
    for claim in claims where fixed.contains(claim.entity) {
      taken.insert(claim.wanted)
      given[claim.entity] = claim.wanted
    }
    for claim in claims where !fixed.contains(claim.entity) {
      var n = claim.wanted
      if !taken.insert(n).inserted {
        highest += 1
        n = highest
        taken.insert(n)
      }
      given[claim.entity] = n
    }
    return given
  }

  /// The routines, in their list's order, each noted when its number moved.
  private func routines(
    _ claims: [Claim], _ numbers: [SyncEntity: Int], notes: inout [SyncNote]
  ) throws(SyncProblem) -> [Routine] {
    var routines: [(rank: Int64, entity: SyncEntity, routine: Routine)] = []
    for claim in claims {
      let fields = entities[claim.entity]!
      let id = RoutineID(numbers[claim.entity]!)
      let routine = try SyncRoutineEntity.routine(
        claim.entity, fields, id: id, created: claim.created)
      if id.rawValue != claim.wanted {
        notes.append(
          .routineRenumbered(
            old: RoutineID(claim.wanted), new: id, title: routine.title.text,
            device: claim.stamp.device))
      }
      routines.append((SyncRanks.parse(fields.text(SyncRoutineField.rank)) ?? 0, claim.entity, routine))
    }
    routines.sort { ($0.rank, $0.entity) < ($1.rank, $1.entity) }
    return routines.map(\.routine)
  }

  /// The live, whole days `clock` has reached, oldest first.
  private func days(reachedBy clock: CivilDate?) throws(SyncProblem)
    -> [(date: CivilDate, entity: SyncEntity)]
  {
    var days: [(date: CivilDate, entity: SyncEntity)] = []
    for (entity, fields) in entities
    where entity.kind == .day && SyncIndex.isWhole(entity, fields)
      && SyncConflictRules.isLive(fields)
    {
      guard let date = entity.date else {
        throw SyncProblem(entity: entity.name, field: "date", value: "")
      }
      if let clock, date > clock { continue }
      days.append((date, entity))
    }
    return days.sorted { $0.date < $1.date }
  }

  /// A task as the planner holds it, with where it is ordered.
  struct Placed {
    let rank: Int64
    let entity: SyncEntity
    let task: SpoonTask
    let date: CivilDate?
  }

  /// The open tasks, in the planner's order, and the archived ones, oldest first.
  private func tasks(
    _ claims: [Claim], _ numbers: [SyncEntity: Int], hidden: Set<SyncEntity>, today: CivilDate?,
    clock: CivilDate?, routine: (String) -> RoutineID?, notes: inout [SyncNote]
  ) throws(SyncProblem) -> (open: [Placed], archived: [Placed]) {
    var open: [Placed] = []
    var archived: [Placed] = []
    for claim in claims {
      let e = claim.entity
      let f = entities[e]!
      let id = TaskID(numbers[e]!)
      let (read, place) = try SyncTaskEntity.task(
        e, f, id: id, created: claim.created, routine: routine)
      var task = read
      if id.rawValue != claim.wanted {
        notes.append(
          .renumbered(
            old: TaskID(claim.wanted), new: id, title: task.title.text, device: claim.stamp.device))
      }
      if SyncConflictRules.wasKeptAfterDelete(f) {
        notes.append(.keptAfterDelete(id, title: task.title.text))
      }
      var date = place.date
      if case .todo(let on, _) = place {
        if hidden.contains(e) { continue }
        if let today, on < today {
          // Left undone on a day that has ended here: settled as new-day settles it.
          task.placement = .backlog(since: on)
          date = nil
        } else if let clock, on > clock {
          // Planned for a day this device's clock has not reached: waits in the backlog.
          task.placement = .backlog(since: on)
          date = nil
        }
      }
      let rank = SyncRanks.parse(f.text(SyncTaskField.rank)) ?? 0
      if let date, today.map({ date < $0 }) ?? true || clock.map({ date > $0 }) ?? false,
        !task.placement.isOpen
      {
        // Done on a day that has ended, on one no longer there (its start was undone on
        // another device) or on one this device's clock has not reached: kept in the history
        // either way, never sent back to the list.
        archived.append(Placed(rank: rank, entity: e, task: task, date: date))
      } else if let date, today == nil {
        // Planned for a day this document never saw start: waits in the backlog.
        task.placement = .backlog(since: date)
        open.append(Placed(rank: rank, entity: e, task: task, date: nil))
      } else {
        open.append(Placed(rank: rank, entity: e, task: task, date: date))
      }
    }
    func list(_ placed: Placed) -> Int {
      switch placed.task.placement {
      case .category: return placed.task.spoons.value
      case .backlog: return 11
      case .todo, .done: return 12
      }
    }
    open.sort { (list($0), $0.rank, $0.entity) < (list($1), $1.rank, $1.entity) }
    archived.sort { ($0.date!, $0.rank, $0.entity) < ($1.date!, $1.rank, $1.entity) }
    return (open, archived)
  }

  /// The open day (`today`'s) and the record of each finished one, with the tasks done on it.
  private func dayAndRecords(
    _ days: [(date: CivilDate, entity: SyncEntity)], today: CivilDate?, archived: [Placed]
  ) throws(SyncProblem) -> (Day?, [DayRecord]) {
    var day: Day?
    var records: [DayRecord] = []
    var doneOn: [CivilDate: [SpoonTask]] = [:]
    for placed in archived { doneOn[placed.date!, default: []].append(placed.task) }
    for (date, entity) in days {
      let fields = entities[entity]!
      if date == today {
        day = try SyncDayEntity.openDay(entity, fields, on: date)
      } else {
        records.append(
          try SyncDayEntity.record(entity, fields, on: date, done: doneOn[date] ?? []))
      }
    }
    return (day, records)
  }

  /// Whether a task is a routine's task left undone on a day before `today` (its day ended:
  /// dropped, as `new-day` drops it) or planned for a day after `clock` (that day is not this
  /// device's yet): such a task is in no planner here, and its absence is no delete.
  static func isRoutineTaskNotShown(
    _ fields: SyncRegisters, today: CivilDate?, clock: CivilDate?
  ) -> Bool {
    let place = fields.text(SyncTaskField.place)
    guard SyncPlace.isRoutineTodo(place), let date = SyncPlace.date(startingText: place) else {
      return false
    }
    return today.map { date < $0 } ?? false || clock.map { date > $0 } ?? false
  }
}
