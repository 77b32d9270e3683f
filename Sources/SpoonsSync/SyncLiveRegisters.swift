import SpoonsCore

/// The live part of the synced state as the round over what changed reads it
/// (`SyncRound.overChanged`): a document in memory, or the store's index of its file, whose
/// tasks' registers are read only for the tasks the round looks at. Every task is named with
/// its number, so the part the round needs is chosen before any other register is read.
public protocol SyncLiveRegisters {
  /// The numbers the history part holds (`SyncDocument.elsewhere`).
  var elsewhere: SyncNumbersElsewhere { get }
  /// Every task entity, with its number register (`n`) and whether it holds `created`.
  func forEachTask(_ body: (_ entity: SyncEntity, _ number: SyncRegister?, _ created: Bool) -> Void)
  /// Every entity of another kind (routines, days, settings, next numbers, kinds unknown), with
  /// its registers: few, whatever the planner's size.
  func forEachOther(_ body: (SyncEntity, SyncRegisters) -> Void)
  /// A task entity's registers; throws when they do not read (the whole then decides, and
  /// says why).
  func registers(ofTask entity: SyncEntity) throws -> SyncRegisters
  /// Whether any register names `entity`.
  func holds(_ entity: SyncEntity) -> Bool
}

extension SyncDocument: SyncLiveRegisters {
  public func forEachTask(_ body: (SyncEntity, SyncRegister?, Bool) -> Void) {
    for (entity, fields) in entities where entity.kind == .task {
      body(entity, fields[SyncTaskField.number], fields[SyncTaskField.created] != nil)
    }
  }

  public func forEachOther(_ body: (SyncEntity, SyncRegisters) -> Void) {
    for (entity, fields) in entities where entity.kind != .task { body(entity, fields) }
  }

  public func registers(ofTask entity: SyncEntity) -> SyncRegisters { entities[entity] ?? [:] }

  public func holds(_ entity: SyncEntity) -> Bool { entities[entity] != nil }
}

extension SyncLiveRegisters {
  /// The part of the live document a round over some of the planner's tasks reads: every
  /// task whose number is one of `numbers` (all that share it, live or not), every routine's
  /// task (`routine@date`), and every routine, day, setting and device's next numbers. A kind
  /// Spoons does not know is left out, as every round leaves it. The highest numbers of the
  /// tasks left out count as numbers held elsewhere, so numbers are handed out and written as
  /// the whole would (`SyncDocument.highestNumbers`, `SyncIndex`); those read count from their
  /// registers, as the round leaves them (a change that came in may move a number down).
  public func part(holding numbers: Set<Int>) throws -> SyncDocument {
    var part = SyncDocument()
    var counted = SyncNumbers()
    var indexed = 0
    var wanted: [SyncEntity] = []
    forEachTask { entity, register, created in
      let number = register.flatMap { Int($0.value) }
      if number.map(numbers.contains) == true || entity.isRoutineTask {
        wanted.append(entity)
      } else if let number, (1...SyncDocument.largestNumber).contains(number) {
        counted.task = max(counted.task, number)
        if created { indexed = max(indexed, number) }
      }
    }
    for entity in wanted { part.take(entity, try registers(ofTask: entity)) }
    forEachOther { entity, fields in
      switch entity.kind {
      case .next:
        let next = SyncNextEntity.highest(fields)
        counted.task = max(counted.task, next.task)
        counted.routine = max(counted.routine, next.routine)
      case .routine:
        if let n = fields[SyncRoutineField.number].flatMap({ Int($0.value) }),
          (1...SyncDocument.largestNumber).contains(n)
        {
          counted.routine = max(counted.routine, n)
        }
      case .unknown: return
      case .task, .day, .settings: break
      }
      part.take(entity, fields)
    }
    part.elsewhere = SyncNumbersElsewhere(
      counted: SyncNumbers(
        task: max(elsewhere.counted.task, counted.task),
        routine: max(elsewhere.counted.routine, counted.routine)),
      indexed: SyncNumbers(
        task: max(elsewhere.indexed.task, indexed), routine: elsewhere.indexed.routine))
    return part
  }

  /// The numbers of the routines' tasks (`routine@date`), which `part(holding:)` holds
  /// whatever their number.
  public var routineTaskNumbers: [Int] {
    var numbers: [Int] = []
    forEachTask { entity, register, _ in
      if entity.isRoutineTask, let n = register.flatMap({ Int($0.value) }) { numbers.append(n) }
    }
    return numbers
  }
}
