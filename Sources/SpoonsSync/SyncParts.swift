import SpoonsCore

/// The synced document in two parts, so that a sync sending only what changed here reads and
/// writes the small one:
/// - the **live part**: every entity the planner shows (its categories, backlog, today's list
///   and day), every routine, the settings and each device's next numbers;
/// - the **history part**: everything else (finished days, their done tasks, deletes, what is
///   not this device's yet). It grows with the years; what is written of it is never changed:
///   a day ended here adds to it what the live part no longer names
///   (`partsAfterArchiving`), and a round over the whole document writes it anew.
///
/// A round over the live part alone (`SyncRound.overLivePart`) is the round over the whole
/// document when what came in leaves the history part alone, the archive is as it was at the
/// last sync (or gained only the days ended here, which the round is given) and the clock has
/// reached nothing new (`SyncPartLimits`); when it cannot be sure, it says so and the whole
/// document decides.
public struct SyncParts: Sendable {
  public var live: SyncDocument
  public var history: SyncDocument
  public var limits: SyncPartLimits

  public init(live: SyncDocument, history: SyncDocument, limits: SyncPartLimits) {
    self.live = live
    self.history = history
    self.limits = limits
  }
}

extension SyncParts {
  /// The parts after `round`, the round over the live part and what the archive gained (a
  /// day ended here), which made `planner`: what the live part no longer names joins the
  /// history part (`SyncDocument.partsAfterArchiving`). The store keeps the same, with the
  /// history part in its files.
  public func afterDayEnded(_ round: SyncRound, saving planner: Planner, now: Timestamp)
    -> SyncParts
  {
    let after = round.document.partsAfterArchiving(
      for: planner, identities: round.identities, clock: planner.today(at: now), old: limits,
      elsewhere: live.elsewhere)
    return SyncParts(
      live: after.live, history: history.joined(with: after.history), limits: after.limits)
  }
}

/// When the live part of a document can decide a round alone.
public struct SyncPartLimits: Hashable, Sendable {
  /// False when the history part holds a task not deleted that is dated on or after the open
  /// day, or any dated task when no day is open (a list the two parts would share, or a day
  /// that starting would settle): the whole document decides.
  public var livePartDecides = false
  /// This device's date when the parts were made: a clock set back before it may hide a day.
  public var clock: CivilDate?
  /// The first date after `clock` that anything in the document is dated (a day, a task
  /// planned for it): once the clock reaches it, that day may open here.
  public var waitingFrom: CivilDate?
  /// The newest creation a task or day of the history part is named for (`creation(of:)`):
  /// an entity named for a newer one is not there. Nil when it holds none.
  public var newestInHistory: Int64?

  public init(
    livePartDecides: Bool = false, clock: CivilDate? = nil, waitingFrom: CivilDate? = nil,
    newestInHistory: Int64? = nil
  ) {
    self.livePartDecides = livePartDecides
    self.clock = clock
    self.waitingFrom = waitingFrom
    self.newestInHistory = newestInHistory
  }

  /// Whether a change that came in leaves the history part alone: its entity is in the live
  /// part, is of a kind only the live part holds, is a day after the parts
  /// (`isDayAfterParts`), or is named for a creation newer than any the history part is named
  /// for (so it is not there); and a number it sets is one Spoons
  /// writes (a task in the history part names its routine by it), above every task number
  /// the history part holds for a task (so no task there loses its number to it).
  /// `history`: the numbers the history part holds, when `live` is a part of the live part,
  /// whose `elsewhere` also counts the live tasks it left out (`part(holding:)`).
  func leavesHistoryAlone(
    _ change: SyncChange, live: SyncDocument, history: SyncNumbersElsewhere? = nil
  ) -> Bool {
    let entity = change.entity
    guard Self.onlyLive(entity) || live.entities[entity] != nil || isDayAfterParts(entity)
      || Self.creation(of: entity).map({ $0 > newestInHistory ?? Int64.min }) == true
    else { return false }
    // Tasks and routines name their number alike.
    guard change.field == SyncTaskField.number.rawValue else { return true }
    guard let n = Int(change.value), (1...SyncDocument.largestNumber).contains(n) else {
      return false
    }
    return entity.kind != .task || n > (history ?? live.elsewhere).counted.task
  }

  /// Whether an entity this device holds and the live part does not cannot be in the history
  /// part either: it is of a kind only the live part holds (`onlyLive`), its name is newer
  /// than any there (`creation(of:)`), or it was named here (`named`, the number it was named
  /// for) with a number this device had not handed out when the history part was written
  /// (`handedOut`), or it is a day after the parts (`isDayAfterParts`).
  func isNew(_ entity: SyncEntity, named: Int?, handedOut: SyncNumbers) -> Bool {
    if Self.onlyLive(entity) || isDayAfterParts(entity) { return true }
    if let named, named >= handedOut.task { return true }
    return Self.creation(of: entity).map { $0 > newestInHistory ?? Int64.min } == true
  }

  /// Whether `entity` is a day dated after `clock` and before `waitingFrom`: nothing in either
  /// part was dated then when they were made (`waitingFrom` is the first date after `clock`
  /// that anything is dated), so the history part holds no such day. The day a `new-day`
  /// opens, here or on another device, whose date may start before tasks of the history part
  /// were made, in the small hours.
  func isDayAfterParts(_ entity: SyncEntity) -> Bool {
    guard entity.kind == .day, let date = entity.date, let clock, date > clock else {
      return false
    }
    return waitingFrom.map { date < $0 } ?? true
  }

  /// The kinds of entity the live part holds every one of: the settings, each device's next
  /// numbers and every routine.
  static func onlyLive(_ entity: SyncEntity) -> Bool {
    switch entity.kind {
    case .settings, .next, .routine: true
    case .task, .day, .unknown: false
    }
  }

  /// What a task's or day's name says of when it was made: a task's creation time
  /// (`<device>.<number>.<seconds>`, with `~N` when that was taken), the start of the date of
  /// a routine's task (`<routine>@<date>`) or of a day. Nil for a name that says none. Two
  /// entities with one name say the same, so a name newer than every name of a part is not
  /// in it, whatever that part holds.
  static func creation(of entity: SyncEntity) -> Int64? {
    func start(_ text: Substring) -> Int64? {
      CivilDate(iso: text).map { Int64($0.daysSinceEpoch) * 86_400 }
    }
    if entity.kind == .day { return start(entity.id) }
    guard entity.kind == .task else { return nil }
    let uid = entity.id
    // Every task of a part is asked (tens of thousands on a long history): an ASCII name,
    // where a byte is a character, is read byte by byte (a search by character cost 15,000
    // instructions a name).
    let utf8 = uid.utf8
    guard utf8.allSatisfy({ $0 < 0x80 }) else {
      if let at = uid.lastIndex(of: "@") { return start(uid[uid.index(after: at)...]) }
      let parts = uid.split(separator: ".", omittingEmptySubsequences: false)
      guard parts.count == 3 else { return nil }
      return Int64(parts[2].prefix { $0 != "~" })
    }
    if let at = utf8.lastIndex(of: 0x40) { return start(uid[utf8.index(after: at)...]) }
    guard let first = utf8.firstIndex(of: 0x2E),
      let second = utf8[utf8.index(after: first)...].firstIndex(of: 0x2E),
      !utf8[utf8.index(after: second)...].contains(0x2E)
    else { return nil }
    let seconds = utf8[utf8.index(after: second)...].prefix { $0 != 0x7E }
    return Int64(uid[seconds.startIndex..<seconds.endIndex])
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


extension SyncDocument {
  /// The two parts of this whole document, for `planner` (the one made from it, with
  /// `identities`) on `clock`, this device's date.
  public func parts(for planner: Planner, identities: SyncIdentities, clock: CivilDate) -> SyncParts
  {
    var liveNames = Set<SyncEntity>()
    for task in planner.allTasks {
      if let uid = identities.tasks[task.id] { liveNames.insert(.task(uid)) }
    }
    if let day = planner.day { liveNames.insert(.day(day.date)) }
    var live = SyncDocument()
    var history = SyncDocument()
    var decides = true
    var waiting: CivilDate?
    for (entity, fields) in entities {
      let date = Self.date(of: entity, fields)
      if let date, date > clock { waiting = min(waiting ?? date, date) }
      let inLivePart = liveNames.contains(entity) || SyncPartLimits.onlyLive(entity)
      if !inLivePart, entity.kind == .task, let date, SyncConflictRules.isLive(fields),
        planner.day.map({ date >= $0.date }) ?? true
      {
        decides = false
      }
      // Each entity is in one part, and once: taken whole, as applying each register would.
      if fields.isEmpty { continue }
      if inLivePart { live.take(entity, fields) } else { history.take(entity, fields) }
    }
    let index = SyncIndex(history)
    live.elsewhere = SyncNumbersElsewhere(
      counted: history.highestNumbers(),
      indexed: SyncNumbers(task: index.highestTask, routine: index.highestRoutine))
    let newest = history.entities.keys.compactMap { SyncPartLimits.creation(of: $0) }.max()
    return SyncParts(
      live: live, history: history,
      limits: SyncPartLimits(
        livePartDecides: decides, clock: clock, waitingFrom: waiting, newestInHistory: newest))
  }

  /// After a round over the live part that archived a day (`SyncRound.overLivePart` given
  /// what the archive gained): this document is that round's live part, `planner` the one it
  /// made. What the planner no longer names (the tasks and day just archived, deletes) is
  /// taken out as `history`, the history part's next file; the limits are those of the
  /// history part as it was (`old`, whose numbers are `elsewhere`) and that file together:
  /// the live part decides only where both let it, the newest creation and the highest
  /// numbers the larger of each, the first waiting date the earlier (the old one counted
  /// from an earlier date: a date it names may be no waiting date now, so it decides no
  /// sooner than it should).
  public func partsAfterArchiving(
    for planner: Planner, identities: SyncIdentities, clock: CivilDate, old: SyncPartLimits,
    elsewhere: SyncNumbersElsewhere
  ) -> SyncParts {
    var parts = self.parts(for: planner, identities: identities, clock: clock)
    func larger(_ a: SyncNumbers, _ b: SyncNumbers) -> SyncNumbers {
      SyncNumbers(task: max(a.task, b.task), routine: max(a.routine, b.routine))
    }
    parts.live.elsewhere = SyncNumbersElsewhere(
      counted: larger(parts.live.elsewhere.counted, elsewhere.counted),
      indexed: larger(parts.live.elsewhere.indexed, elsewhere.indexed))
    let waiting = [parts.limits.waitingFrom, old.waitingFrom].compactMap { $0 }.min()
    parts.limits = SyncPartLimits(
      livePartDecides: parts.limits.livePartDecides && old.livePartDecides, clock: clock,
      waitingFrom: waiting,
      newestInHistory: [parts.limits.newestInHistory, old.newestInHistory].compactMap { $0 }.max())
    return parts
  }

  /// The date a day is for, or a task is planned or done on.
  static func date(of entity: SyncEntity, _ fields: SyncRegisters) -> CivilDate? {
    switch entity.kind {
    case .day: entity.date
    case .task: SyncPlace.date(startingText: fields.text(SyncTaskField.place))
    case .routine, .settings, .next, .unknown: nil
    }
  }

  /// The document with `other`'s entities added: the live part and the history part made whole.
  public func joined(with other: SyncDocument) -> SyncDocument {
    var whole = self
    whole.elsewhere = SyncNumbersElsewhere()
    for (entity, fields) in other.entities { whole.join(entity, fields) }
    return whole
  }

  /// The highest numbers the document holds, as making a planner counts them: every task's
  /// and routine's, live or deleted, and every device's next.
  func highestNumbers() -> SyncNumbers {
    var highest = SyncNumbers()
    // Numbers out of range are not Spoons's and count for nothing.
    func number(_ register: SyncRegister?) -> Int {
      guard let n = register.flatMap({ Int($0.value) }), n > 0, n <= Self.largestNumber else {
        return 0
      }
      return n
    }
    for (entity, fields) in entities {
      switch entity.kind {
      case .next:
        let next = SyncNextEntity.highest(fields)
        highest.task = max(highest.task, next.task)
        highest.routine = max(highest.routine, next.routine)
      case .task: highest.task = max(highest.task, number(fields[SyncTaskField.number]))
      case .routine: highest.routine = max(highest.routine, number(fields[SyncRoutineField.number]))
      case .day, .settings, .unknown: continue
      }
    }
    return highest
  }
}

extension SyncEntity {
  /// Whether this names a routine's task (`routine@date`), told by its bytes: asked of every
  /// entity of the live part.
  var isRoutineTask: Bool {
    guard kind == .task else { return false }
    // Over the bytes in one piece: the UTF-8 view a byte at a time cost a thousand
    // instructions a task.
    return name.utf8.withContiguousStorageIfAvailable { $0.contains(UInt8(ascii: "@")) }
      ?? name.utf8.contains(UInt8(ascii: "@"))
  }
}
