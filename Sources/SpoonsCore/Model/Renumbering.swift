/// A number this device showed that a sync gave to another task or routine, or took away
/// (another device deleted the task, or ended the day its routine's task was for).
///
/// Until the next new day, a typed number listed here is refused (`Planner.resolve(_:)`):
/// a number typed from memory must never check off, plan, reopen or delete another task
/// than the one this device showed under it.
public struct Renumbering: Hashable, Sendable {
  /// A task's or a routine's number.
  public enum Number: Hashable, Sendable, CustomStringConvertible {
    case task(TaskID)
    case routine(RoutineID)

    public var description: String {
      switch self {
      case .task(let id): return id.description
      case .routine(let id): return id.description
      }
    }

    /// The number as typed after a command's name (`4`, `r2`).
    public var typed: String {
      switch self {
      case .task(let id): return String(id.rawValue)
      case .routine(let id): return id.description
      }
    }
  }

  /// The number the person knew it by.
  public let old: Number
  /// Its number now; nil when the sync removed it.
  public let new: Number?
  /// Its title as this device showed it.
  public let title: String

  public init(old: Number, new: Number?, title: String) {
    self.old = old
    self.new = new
    self.title = title
  }

  /// A task of this device that another task's number pushed to a new one.
  public init(old: TaskID, new: TaskID, title: String) {
    self.init(old: .task(old), new: .task(new), title: title)
  }
}

extension Planner {
  /// Remembers that `renumbering` happened (the store calls this after a sync).
  public mutating func noteRenumbered(_ renumbering: Renumbering) {
    renumbered.removeAll { $0.old == renumbering.old }
    renumbered.append(renumbering)
  }

  /// Remembers numbers of tasks deleted here today (the store calls this when it reads them).
  /// An array, not any sequence: a generic here would be unspecialized across modules, and
  /// its runtime look-ups would cost every read that calls it more than the rest of it.
  public mutating func noteDeleted(_ ids: [TaskID]) {
    guard !ids.isEmpty else { return }
    deletedToday.append(contentsOf: ids)
    deletedToday.sort()
    var kept = 0
    for id in deletedToday where kept == 0 || deletedToday[kept - 1] != id {
      deletedToday[kept] = id
      kept += 1
    }
    deletedToday.removeLast(deletedToday.count - kept)
  }

  /// Forgets the numbers guarded on this device and those deleted today: for a planner that
  /// leaves it (an export).
  public mutating func forgetNumbersShownHere() {
    renumbered = []
    deletedToday = []
  }

  // MARK: - The one way from a number to a task

  /// The task `ref` names, refusing a typed number a sync moved since this device showed it.
  ///
  /// Whether a task has that number is each rule's to check (it may be in the archive, which
  /// the planner does not hold).
  public func resolve(_ ref: TaskRef) throws(PlannerError) -> TaskID {
    if ref.isTyped, !renumbered.isEmpty,
      let moved = renumbered.first(where: { $0.old == .task(ref.id) })
    {
      throw .renumberedBySync(moved, now: tasks[ref.id]?.title.text)
    }
    return ref.id
  }

  /// The routine `ref` names, refusing a typed number a sync moved.
  public func resolve(_ ref: RoutineRef) throws(PlannerError) -> RoutineID {
    if ref.isTyped, !renumbered.isEmpty,
      let moved = renumbered.first(where: { $0.old == .routine(ref.id) })
    {
      throw .renumberedBySync(moved, now: routines.first { $0.id == ref.id }?.title.text)
    }
    return ref.id
  }

  /// Each of `refs` resolved; refused when there are none.
  public func resolve(_ refs: [TaskRef]) throws(PlannerError) -> [TaskID] {
    guard !refs.isEmpty else { throw .nothingSelected }
    var ids: [TaskID] = []
    ids.reserveCapacity(refs.count)
    for ref in refs { ids.append(try resolve(ref)) }
    return ids
  }

  /// Whether the planner holds a task under `ref`'s number (the archive aside): how a command
  /// that reaches the archive tells where to look. Names nothing: the rule it then calls
  /// resolves `ref`.
  public func holds(_ ref: TaskRef) -> Bool { tasks[ref.id] != nil }

  /// The routine `ref` names, resolved.
  public func routine(_ ref: RoutineRef) throws(PlannerError) -> Routine {
    let id = try resolve(ref)
    guard let routine = routines.first(where: { $0.id == id }) else { throw .unknownRoutine(id) }
    return routine
  }
}
