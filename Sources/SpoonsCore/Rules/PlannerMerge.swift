/// What `import` keeps when it merges an exported planner into the current one.
///
/// Tasks and routines are matched by id, finished days by date: what is new is added, what is
/// the same is kept, and anything that differs is a conflict that refuses the whole import,
/// so an import never overwrites the user's own record of a task or a day.
public struct PlannerMerge: Equatable, Sendable {
  /// The current planner with the incoming live tasks, routines and (if there was none) day.
  public var planner: Planner
  /// Incoming done tasks that the archive does not hold yet, in the incoming order.
  public var newDone: [SpoonTask]
  /// Incoming finished days that the archive does not hold yet, oldest first.
  public var newDays: [DayRecord]
  /// Whether the incoming settings (day start, reserve, mood, pace hint) were taken: only
  /// into a planner that holds nothing yet (moving in), since they are this device's choices.
  public var tookSettings = false

  /// Why a merge was refused; nothing was merged.
  public enum Refusal: Error, Hashable, Sendable {
    /// Ids and dates whose contents differ between the two sides (tasks sorted, days sorted).
    case conflicts(tasks: [TaskID], routines: [RoutineID], days: [CivilDate])
    /// The merged planner would break a rule (a to-do list over budget, two days...).
    case wouldBreak(reason: String)
  }

  /// Merges `incoming` (live planner, archived done tasks and finished days) into `current`.
  public static func merge(
    _ incoming: Planner, done incomingDone: [SpoonTask], days incomingDays: [DayRecord],
    into current: Planner, done currentDone: [SpoonTask], days currentDays: [DayRecord]
  ) throws(Refusal) -> PlannerMerge {
    var known: [TaskID: SpoonTask] = [:]
    for task in currentDone { known[task.id] = task }
    for task in current.allTasks { known[task.id] = task }
    var conflicting: [TaskID] = []
    var newLive: [SpoonTask] = []
    var newDone: [SpoonTask] = []
    for task in incoming.allTasks + incomingDone {
      if let existing = known[task.id] {
        if existing != task { conflicting.append(task.id) }
      } else if incoming.task(task.id) != nil {
        newLive.append(task)
      } else {
        newDone.append(task)
      }
    }
    var routines = current.routines
    var conflictingRoutines: [RoutineID] = []
    for routine in incoming.routines {
      if let existing = routines.first(where: { $0.id == routine.id }) {
        if existing != routine { conflictingRoutines.append(routine.id) }
      } else {
        routines.append(routine)
      }
    }
    var days: [CivilDate: DayRecord] = [:]
    for day in currentDays { days[day.date] = day }
    var conflictingDays: [CivilDate] = []
    var newDays: [DayRecord] = []
    for day in incomingDays {
      if let existing = days[day.date] {
        if existing != day { conflictingDays.append(day.date) }
      } else {
        newDays.append(day)
      }
    }
    var today = current.day
    if let theirs = incoming.day {
      if let ours = today {
        if ours != theirs { conflictingDays.append(theirs.date) }
      } else {
        today = theirs
      }
    }
    guard conflicting.isEmpty, conflictingRoutines.isEmpty, conflictingDays.isEmpty else {
      throw .conflicts(
        tasks: conflicting.sorted(), routines: conflictingRoutines, days: conflictingDays.sorted())
    }
    let fresh =
      current.allTasks.isEmpty && current.day == nil && current.routines.isEmpty
      && currentDone.isEmpty && currentDays.isEmpty
    // Settings are this device's; a planner with nothing in it yet has made no choices, so
    // moving a whole planner in brings its settings too.
    let settings = fresh ? incoming : current
    do {
      var planner = try Planner(
        nextID: max(current.nextID, incoming.nextID), day: today,
        tasks: current.allTasks + newLive, routines: routines.sorted { $0.id < $1.id },
        nextRoutineID: max(current.nextRoutineID, incoming.nextRoutineID),
        reserve: current.reserve == 0 ? incoming.reserve : current.reserve)
      planner.setDayStart(settings.dayStart)
      planner.setAsksMood(settings.asksMood)
      planner.setPaceHints(settings.paceHints)
      var merge = PlannerMerge(
        planner: planner, newDone: newDone, newDays: newDays.sorted { $0.date < $1.date })
      merge.tookSettings =
        fresh
        && (incoming.dayStart != current.dayStart || incoming.asksMood != current.asksMood
          || incoming.paceHints != current.paceHints || incoming.reserve != current.reserve)
      return merge
    } catch {
      throw .wouldBreak(reason: error.reason)
    }
  }
}
