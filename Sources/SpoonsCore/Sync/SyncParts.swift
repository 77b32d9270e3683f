/// The synced document in two parts, so that a sync sending only what changed here reads and
/// writes the small one:
/// - the **live part**: every entity the planner shows (its categories, backlog, today's list
///   and day), every routine, the settings and each device's next numbers;
/// - the **history part**: everything else (finished days, their done tasks, deletes, what is
///   not this device's yet). It grows with the years and, once written, changes only when a
///   round needs the whole document.
///
/// A round over the live part alone (`SyncRound.overLivePart`) is the round over the whole
/// document when nothing came in, the archive is as it was at the last sync and the clock has
/// reached nothing new (`SyncPartLimits`); when it cannot be sure, it says so and the whole
/// document decides.
public struct SyncParts: Sendable {
  public var live: SyncDocument
  public var history: SyncDocument
  public var limits: SyncPartLimits
}

/// When the live part of a document can decide a round alone.
public struct SyncPartLimits: Hashable, Sendable {
  /// False when the history part holds a task not deleted that is dated on or after the open
  /// day (a list the two parts would share): the whole document orders it.
  public var livePartDecides = false
  /// This device's date when the parts were made: a clock set back before it may hide a day.
  public var clock: CivilDate?
  /// The first date after `clock` that anything in the document is dated (a day, a task
  /// planned for it): once the clock reaches it, that day may open here.
  public var waitingFrom: CivilDate?

  public init(livePartDecides: Bool = false, clock: CivilDate? = nil, waitingFrom: CivilDate? = nil) {
    self.livePartDecides = livePartDecides
    self.clock = clock
    self.waitingFrom = waitingFrom
  }

  /// Whether the live part decides a round on `date` (this device's date now).
  public func decide(on date: CivilDate) -> Bool {
    guard livePartDecides, let clock, clock <= date else { return false }
    return waitingFrom.map { date < $0 } ?? true
  }
}

/// The highest task and routine numbers a part of a document holds.
public struct SyncNumbers: Hashable, Sendable {
  public var task = 0
  public var routine = 0
  public init(task: Int = 0, routine: Int = 0) {
    self.task = task
    self.routine = routine
  }
}

/// The highest numbers the history part holds, counted as making a planner counts them (every
/// number and every device's next) and as finding a task's entity counts them (`SyncIndex`).
public struct SyncNumbersElsewhere: Hashable, Sendable {
  public var counted = SyncNumbers()
  public var indexed = SyncNumbers()
  public init(counted: SyncNumbers = SyncNumbers(), indexed: SyncNumbers = SyncNumbers()) {
    self.counted = counted
    self.indexed = indexed
  }
}

/// The numbers of the tasks and routines a view named anew.
public struct SyncNumbersNamed: Hashable, Sendable {
  public var tasks: [Int] = []
  public var routines: [Int] = []
}

extension SyncDocument {
  /// The two parts of this whole document, for `planner` (the one made from it, with
  /// `identities`) on `clock`, this device's date.
  public func parts(for planner: Planner, identities: SyncIdentities, clock: CivilDate) -> SyncParts
  {
    var liveNames = Set<String>()
    for task in planner.allTasks {
      if let uid = identities.tasks[task.id] { liveNames.insert("task:" + uid) }
    }
    if let day = planner.day { liveNames.insert("day:\(day.date)") }
    var live = SyncDocument()
    var history = SyncDocument()
    var decides = true
    var waiting: CivilDate?
    for (entity, fields) in entities {
      let date = Self.date(of: entity, fields)
      if let date, date > clock { waiting = min(waiting ?? date, date) }
      let isLive =
        liveNames.contains(entity) || entity == "settings" || entity.hasPrefix("next:")
        || entity.hasPrefix("routine:")
      if !isLive, entity.hasPrefix("task:"), let date, let open = planner.day?.date, date >= open,
        SyncIndex.isLive(fields)
      {
        decides = false
      }
      for (field, register) in fields {
        let change = SyncChange(entity: entity, field: field, value: register.value, stamp: register.stamp)
        if isLive { live.apply(change) } else { history.apply(change) }
      }
    }
    let index = SyncIndex(history)
    live.elsewhere = SyncNumbersElsewhere(
      counted: history.highestNumbers(),
      indexed: SyncNumbers(task: index.highestTask, routine: index.highestRoutine))
    return SyncParts(
      live: live, history: history,
      limits: SyncPartLimits(livePartDecides: decides, clock: clock, waitingFrom: waiting))
  }

  /// The date a day is for, or a task is planned or done on.
  static func date(of entity: String, _ fields: [String: SyncRegister]) -> CivilDate? {
    if entity.hasPrefix("day:") { return CivilDate(iso: entity.dropFirst(4)) }
    guard entity.hasPrefix("task:"), let place = fields["place"]?.value,
      place.hasPrefix("todo ") || place.hasPrefix("done ")
    else { return nil }
    return CivilDate(iso: place.dropFirst(5).prefix(10))
  }

  /// The document with `other`'s entities added: the live part and the history part made whole.
  public func joined(with other: SyncDocument) -> SyncDocument {
    var whole = self
    whole.elsewhere = SyncNumbersElsewhere()
    for (entity, fields) in other.entities {
      for (field, register) in fields {
        whole.apply(SyncChange(entity: entity, field: field, value: register.value, stamp: register.stamp))
      }
    }
    return whole
  }

  /// The highest numbers the document holds, as making a planner counts them: every task's
  /// and routine's, live or deleted, and every device's next.
  func highestNumbers() -> SyncNumbers {
    var highest = SyncNumbers()
    for (entity, fields) in entities {
      if entity.hasPrefix("next:") {
        // Numbers out of range are not Spoons's and count for nothing.
        func next(_ field: String) -> Int {
          guard let n = fields[field].flatMap({ Int($0.value) }), (1...Self.largestNumber).contains(n)
          else { return 0 }
          return n - 1
        }
        highest.task = max(highest.task, next("task"))
        highest.routine = max(highest.routine, next("routine"))
      } else if let n = fields["n"].flatMap({ Int($0.value) }), n > 0, n <= Self.largestNumber {
        if entity.hasPrefix("task:") { highest.task = max(highest.task, n) }
        if entity.hasPrefix("routine:") { highest.routine = max(highest.routine, n) }
      }
    }
    return highest
  }
}
