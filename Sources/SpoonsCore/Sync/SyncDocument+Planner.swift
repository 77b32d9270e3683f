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
    func problem(_ entity: String, _ field: String) -> SyncProblem {
      SyncProblem(entity: entity, field: field, value: entities[entity]?[field]?.value ?? "")
    }
    func text(_ fields: [String: SyncRegister], _ field: String) -> String {
      fields[field]?.value ?? ""
    }
    func cost(_ entity: String, _ fields: [String: SyncRegister]) throws(SyncProblem) -> SpoonCost {
      guard let value = Int(text(fields, "spoons")), let cost = try? SpoonCost(value) else {
        throw problem(entity, "spoons")
      }
      return cost
    }
    func int(_ entity: String, _ fields: [String: SyncRegister], _ field: String, _ range: ClosedRange<Int>)
      throws(SyncProblem) -> Int
    {
      guard let value = Int(text(fields, field)), range.contains(value) else {
        throw problem(entity, field)
      }
      return value
    }
    // Every number ever used, live or deleted, and every device's next number, here and in
    // the history part when this is the live part.
    let highest = highestNumbers()
    var highestTask = max(highest.task, elsewhere.counted.task)
    var highestRoutine = max(highest.routine, elsewhere.counted.routine)
    highestTask = min(highestTask, Self.largestNumber)
    highestRoutine = min(highestRoutine, Self.largestNumber)

    // Numbers: the earliest created keeps a shared number.
    struct Claim {
      let entity: String
      let wanted: Int
      let created: Timestamp
      let stamp: SyncStamp
    }
    func claims(_ kind: String) throws(SyncProblem) -> [Claim] {
      var claims: [Claim] = []
      for (entity, fields) in entities
      where entity.hasPrefix(kind) && SyncIndex.isWhole(entity, fields, in: self)
        && SyncConflictRules.isLive(fields)
      {
        guard let created = Timestamp(iso: text(fields, "created")), let stamp = fields["created"]?.stamp
        else { throw problem(entity, "created") }
        claims.append(
          Claim(
            entity: entity, wanted: try int(entity, fields, "n", 1...(Self.largestNumber)),
            created: created, stamp: stamp))
      }
      return claims.sorted {
        ($0.created.seconds, $0.stamp, $0.entity) < ($1.created.seconds, $1.stamp, $1.entity)
      }
    }
    func numbers(_ claims: [Claim], highest: inout Int, fixed: Set<String> = []) -> [String: Int] {
      var taken = Set<Int>()
      var given: [String: Int] = [:]
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
    let routineClaims = try claims("routine:")
    let routineNumbers = numbers(routineClaims, highest: &highestRoutine)

    // Routines.
    var routines: [(rank: Int64, entity: String, routine: Routine)] = []
    for claim in routineClaims {
      let e = claim.entity
      let f = entities[e]!
      guard let title = try? Title(text(f, "title")) else { throw problem(e, "title") }
      let spoons = try cost(e, f)
      let days = Weekdays(mask: UInt8(try int(e, f, "days", 1...127)))
      let id = RoutineID(routineNumbers[e]!)
      if id.rawValue != claim.wanted {
        notes.append(
          .routineRenumbered(
            old: RoutineID(claim.wanted), new: id, title: title.text, device: claim.stamp.device))
      }
      let routine = Routine(
        id: id, title: title, spoons: spoons, days: days,
        isRest: text(f, "rest") == "1", isPaused: text(f, "paused") == "1", created: claim.created)
      routines.append((SyncRanks.parse(text(f, "rank")) ?? 0, e, routine))
    }
    routines.sort { ($0.rank, $0.entity) < ($1.rank, $1.entity) }
    func routineID(_ uid: Substring) -> RoutineID? {
      if uid.hasPrefix("#") { return Int(uid.dropFirst()).map(RoutineID.init) }
      if let n = routineNumbers["routine:" + uid] { return RoutineID(n) }
      return entities["routine:" + uid].flatMap { Int(text($0, "n")) }.map(RoutineID.init)
    }

    // Days: the newest this device's clock has reached is today.
    var dayEntities: [(date: CivilDate, entity: String)] = []
    for (entity, fields) in entities
    where entity.hasPrefix("day:") && SyncIndex.isWhole(entity, fields) && SyncConflictRules.isLive(fields) {
      guard let date = CivilDate(iso: entity.dropFirst(4)) else { throw problem(entity, "date") }
      if let clock, date > clock { continue }
      dayEntities.append((date, entity))
    }
    dayEntities.sort { $0.date < $1.date }
    let today = dayEntities.last?.date
    let taskClaims = try claims("task:")
    let hidden = Set(
      taskClaims.map(\.entity).filter { entity in
        entities[entity].map { Self.isRoutineTaskNotShown($0, today: today, clock: clock) } ?? false
      })
    let taskNumbers = numbers(taskClaims, highest: &highestTask, fixed: hidden)

    // Tasks.
    struct Placed {
      let rank: Int64
      let entity: String
      let task: SpoonTask
      let date: CivilDate?
    }
    var open: [Placed] = []
    var archived: [Placed] = []
    for claim in taskClaims {
      let e = claim.entity
      let f = entities[e]!
      guard let title = try? Title(text(f, "title")) else { throw problem(e, "title") }
      let spoons = try cost(e, f)
      let id = TaskID(taskNumbers[e]!)
      if id.rawValue != claim.wanted {
        notes.append(
          .renumbered(old: TaskID(claim.wanted), new: id, title: title.text, device: claim.stamp.device))
      }
      if SyncConflictRules.wasKeptAfterDelete(f) {
        notes.append(.keptAfterDelete(id, title: title.text))
      }
      guard let updated = Timestamp(iso: text(f, "updated")) else { throw problem(e, "updated") }
      var due: CivilDate?
      if !text(f, "due").isEmpty {
        guard let date = CivilDate(iso: text(f, "due")) else { throw problem(e, "due") }
        due = date
      }
      let words = text(f, "place").split(separator: " ")
      func origin(_ word: Substring) throws(SyncProblem) -> Origin {
        if word == "category" { return .category }
        if word.hasPrefix("backlog:"), let since = CivilDate(iso: word.dropFirst(8)) {
          return .backlog(since: since)
        }
        if word.hasPrefix("routine:"), let routine = routineID(word.dropFirst(8)) {
          return .routine(routine)
        }
        throw problem(e, "place")
      }
      var placement: Placement
      var date: CivilDate?
      var back: Int?
      switch (words.first, words.count) {
      case ("category", 1): placement = .category
      case ("backlog", 2):
        guard let since = CivilDate(iso: words[1]) else { throw problem(e, "place") }
        placement = .backlog(since: since)
      case ("todo", 3):
        guard let on = CivilDate(iso: words[1]) else { throw problem(e, "place") }
        let from = try origin(words[2])
        if hidden.contains(e) { continue }
        if let today, on < today {
          // Left undone on a day that has ended here: settled as new-day settles it.
          placement = .backlog(since: on)
        } else if let clock, on > clock {
          // Planned for a day this device's clock has not reached: waits in the backlog.
          placement = .backlog(since: on)
        } else {
          placement = .todo(from: from)
          date = on
        }
      case ("done", 5):
        guard let on = CivilDate(iso: words[1]), let at = Timestamp(iso: words[3]) else {
          throw problem(e, "place")
        }
        placement = .done(from: try origin(words[2]), at: at)
        date = on
        if words[4] != "-" {
          guard let amount = Int(words[4]), (0...spoons.value).contains(amount) else {
            throw problem(e, "place")
          }
          back = amount
        }
      default: throw problem(e, "place")
      }
      let isRest = text(f, "rest") == "1"
      if !isRest { back = nil }
      // What a done task really took; anything else, or out of range, is not Spoons's.
      let took = placement.isOpen || isRest ? nil : Int(text(f, "took"))
        .flatMap { Limits.spoonsTaken.contains($0) ? $0 : nil }
      let task = SpoonTask(
        id: id, title: title, spoons: spoons, placement: placement, created: claim.created,
        updated: updated, note: text(f, "note").isEmpty ? nil : text(f, "note"),
        location: text(f, "where").isEmpty ? nil : text(f, "where"), due: due, isRest: isRest,
        gaveBack: back, took: took)
      let placed = Placed(
        rank: SyncRanks.parse(text(f, "rank")) ?? 0, entity: e, task: task, date: date)
      if let date, today.map({ date < $0 }) ?? true || clock.map({ date > $0 }) ?? false,
        !placement.isOpen
      {
        // Done on a day that has ended, on one no longer there (its start was undone on
        // another device) or on one this device's clock has not reached: kept in the history
        // either way, never sent back to the list.
        archived.append(placed)
      } else if date != nil, today == nil {
        // Planned for a day this document never saw start: waits in the backlog.
        var waiting = task
        waiting.placement = .backlog(since: date!)
        open.append(Placed(rank: placed.rank, entity: e, task: waiting, date: nil))
      } else {
        open.append(placed)
      }
    }
    func list(_ index: Int) -> Int {
      switch open[index].task.placement {
      case .category: return open[index].task.spoons.value
      case .backlog: return 11
      case .todo, .done: return 12
      }
    }
    let order = open.indices.sorted {
      (list($0), open[$0].rank, open[$0].entity) < (list($1), open[$1].rank, open[$1].entity)
    }
    archived.sort { ($0.date!, $0.rank, $0.entity) < ($1.date!, $1.rank, $1.entity) }

    // The day and the finished days.
    var day: Day?
    var records: [DayRecord] = []
    var doneOn: [CivilDate: [SpoonTask]] = [:]
    for placed in archived { doneOn[placed.date!, default: []].append(placed.task) }
    for (date, entity) in dayEntities {
      let f = entities[entity]!
      let budget = try int(entity, f, "budget", Limits.spoonsPerDay)
      let repaid = min(try int(entity, f, "repaid", 0...budget), budget)
      let borrowed = min(
        try int(entity, f, "borrowed", 0...Limits.spoonsPerDay.upperBound),
        SpoonLedger.borrowLimit(startingWith: budget - repaid))
      // A mood out of range is not Spoons's: read as not said.
      let mood = Int(text(f, "mood")).flatMap { Limits.mood.contains($0) ? $0 : nil }
      if date == today {
        // Within every limit by now (clamped above), so this cannot refuse.
        day = try? Day(
          date: date, budget: budget, borrowed: borrowed, repaid: repaid,
          budgetSet: Timestamp(iso: text(f, "started")), mood: mood)
        continue
      }
      let done = doneOn[date] ?? []
      var planned = 0
      var spent = 0
      var checked = 0
      var rested = 0
      for task in done {
        spent += task.spent
        checked += task.cost
        rested += task.rested
      }
      planned = checked
      // A record with a number out of range is not Spoons's, and is read as none. `checked`
      // came with pacing, as a field of its own: without it, the day took what it planned.
      let record = text(f, "record").split(separator: " ").map { Int($0) }
      if record.count == 3, record.allSatisfy({ $0.map(Limits.recordedSpoons.contains) ?? false })
      {
        planned = max(planned, record[0]!)
        spent = max(spent, record[1]!)
        rested = max(rested, record[2]!)
        let noted = Int(text(f, "checked")).flatMap { Limits.recordedSpoons.contains($0) ? $0 : nil }
        checked = max(checked, noted ?? record[1]!)
      }
      records.append(
        DayRecord(
          date: date,
          ledger: SpoonLedger(
            budget: budget, repaid: repaid, borrowed: borrowed, rested: rested, planned: planned,
            spent: spent, checked: checked),
          done: done.map(\.id), mood: mood))
    }

    // Settings and the planner.
    let settings = entities["settings"] ?? [:]
    let reserve = text(settings, "reserve").isEmpty
      ? 0 : try int("settings", settings, "reserve", Limits.spoonsPerDay)
    var dayStart = DayStart.standard
    if !text(settings, "daystart").isEmpty {
      guard let start = DayStart(minutes: try int("settings", settings, "daystart", DayStart.range))
      else { throw problem("settings", "daystart") }
      dayStart = start
    }
    var restorer = Planner.Restorer(expecting: open.count)
    for index in order { restorer.add(open[index].task) }
    var planner: Planner
    do {
      planner = try restorer.finish(
        nextID: TaskID(highestTask + 1), day: day, routines: routines.map(\.routine),
        nextRoutineID: RoutineID(highestRoutine + 1), reserve: reserve)
    } catch {
      throw SyncProblem(entity: "planner", field: "", value: error.reason)
    }
    planner.dayStart = dayStart
    planner.asksMood = text(settings, "mood") != "off"
    planner.paceHints = text(settings, "pacehint") != "off"
    if let over = planner.ledger?.over, over > 0 { notes.append(.overBudget(by: over)) }
    var identities = SyncIdentities()
    for (entity, n) in taskNumbers { identities.tasks[TaskID(n)] = String(entity.dropFirst(5)) }
    for (entity, n) in routineNumbers {
      identities.routines[RoutineID(n)] = String(entity.dropFirst(8))
    }
    return SyncedPlanner(
      state: SyncedState(planner: planner, done: archived.map(\.task), days: records),
      notes: notes, identities: identities)
  }

  /// Whether a task is a routine's task left undone on a day before `today` (its day ended:
  /// dropped, as `new-day` drops it) or planned for a day after `clock` (that day is not this
  /// device's yet): such a task is in no planner here, and its absence is no delete.
  static func isRoutineTaskNotShown(
    _ fields: [String: SyncRegister], today: CivilDate?, clock: CivilDate?
  ) -> Bool {
    guard let place = fields["place"]?.value, place.hasPrefix("todo "),
      place.contains(" routine:"), let date = CivilDate(iso: place.dropFirst(5).prefix(10))
    else { return false }
    return today.map { date < $0 } ?? false || clock.map { date > $0 } ?? false
  }
}
