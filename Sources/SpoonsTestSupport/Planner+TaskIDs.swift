import SpoonsCore

// The rules take `TaskRef`s, the numbers a person typed, so that only `Planner.resolve(_:)`
// turns a number into a task. Tests and the example planners name tasks by the ids the
// planner gave them; these forward each id as typed, so a test of a number a sync moved is
// refused just as the person would be.

extension TaskID {
  /// This id as the person would type it.
  public var typed: TaskRef { TaskRef(typed: rawValue) }
}

extension RoutineID {
  /// This routine's number as the person would type it.
  public var typed: RoutineRef { RoutineRef(typed: rawValue) }
}

extension Planner {
  @discardableResult
  public mutating func plan(
    _ ids: [TaskID], at now: Timestamp, borrow: Bool = false, useReserve: Bool = false
  ) throws(PlannerError) -> PlanOutcome {
    try plan(ids.map(\.typed), at: now, borrow: borrow, useReserve: useReserve)
  }

  @discardableResult
  public mutating func markDone(_ ids: [TaskID], took: Int? = nil, at now: Timestamp)
    throws(PlannerError) -> [SpoonTask]
  {
    try markDone(ids.map(\.typed), took: took, at: now)
  }

  @discardableResult
  public mutating func markUndone(_ ids: [TaskID], at now: Timestamp) throws(PlannerError)
    -> [SpoonTask]
  {
    try markUndone(ids.map(\.typed), at: now)
  }

  @discardableResult
  public mutating func unplan(_ ids: [TaskID], at now: Timestamp) throws(PlannerError)
    -> [SpoonTask]
  {
    try unplan(ids.map(\.typed), at: now)
  }

  @discardableResult
  public mutating func delete(_ ids: [TaskID]) throws(PlannerError) -> [SpoonTask] {
    try delete(ids.map(\.typed))
  }

  @discardableResult
  public mutating func delete(_ ids: [TaskID], archived: inout [SpoonTask])
    throws(PlannerError) -> [SpoonTask]
  {
    try delete(ids.map(\.typed), archived: &archived)
  }

  @discardableResult
  public mutating func move(_ id: TaskID, to position: Int, at now: Timestamp)
    throws(PlannerError) -> SpoonTask
  {
    try move(id.typed, to: position, at: now)
  }

  @discardableResult
  public mutating func edit(_ id: TaskID, _ edit: TaskEdit, at now: Timestamp)
    throws(PlannerError) -> SpoonTask
  {
    try self.edit(id.typed, edit, at: now)
  }

  @discardableResult
  public mutating func reopen(_ id: TaskID, from archived: inout [SpoonTask], at now: Timestamp)
    throws(PlannerError) -> SpoonTask
  {
    try reopen(id.typed, from: &archived, at: now)
  }

  @discardableResult
  public mutating func removeRoutine(_ id: RoutineID) throws(PlannerError) -> Routine {
    try removeRoutine(id.typed)
  }

  @discardableResult
  public mutating func editRoutine(_ id: RoutineID, title: Title?, spoons: SpoonCost?)
    throws(PlannerError) -> Routine
  {
    try editRoutine(id.typed, title: title, spoons: spoons)
  }

  @discardableResult
  public mutating func setRoutine(_ id: RoutineID, paused: Bool) throws(PlannerError) -> Routine {
    try setRoutine(id.typed, paused: paused)
  }

  @discardableResult
  public mutating func planRoutineToday(_ id: RoutineID, at now: Timestamp)
    throws(PlannerError) -> SpoonTask
  {
    try planRoutineToday(id.typed, at: now)
  }

  public func planCandidates(besides chosen: [TaskID], useReserve: Bool = false)
    -> [PlanCandidate]
  {
    planCandidates(besides: chosen.map(\.typed), useReserve: useReserve)
  }
}
