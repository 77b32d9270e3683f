/// What `suggest` proposes: the open tasks that matter most and fit the spoons left.
public struct Suggestion: Hashable, Sendable {
  /// Why a task was left out.
  public enum Reason: Hashable, Sendable {
    /// It alone costs more than all the room there is.
    case tooDear
    /// The room went to tasks that matter more, or that fill it better.
    case noRoom
    /// `--max` tasks were already suggested.
    case overMax
  }

  /// A candidate that was not suggested, and why.
  public struct LeftOut: Hashable, Sendable {
    public let task: SpoonTask
    public let reason: Reason
  }

  /// In priority order.
  public let tasks: [SpoonTask]
  /// The spoons there were to fill (left above the reserve).
  public let room: Int
  /// Every other candidate, in priority order.
  public let leftOut: [LeftOut]

  public var spoons: Int { tasks.reduce(0) { $0 + $1.cost } }
}

extension Planner {
  /// The tasks `suggest` chooses from (open, not rests, in the backlog or a category), most
  /// important first, each with its priority rank: tasks with a due date by date (so overdue
  /// ones come first), then the backlog by age, then everything else; 0 is the most
  /// important and equal ranks matter equally. Ties keep backlog-then-category order.
  public var suggestionCandidates: [RankedTask] {
    suggestionCandidates(TaskFilter(), today: Self.anyDay)
  }

  /// The date an empty filter is given: it has no date terms to read it.
  private static let anyDay = CivilDate(daysSinceEpoch: 0)

  /// `suggestionCandidates` among the tasks `filter` picks (`suggest @bed`), picked before
  /// they are ranked: ranks only order, so those of the tasks picked compare as they would
  /// among all, and a filter that picks few spares sorting the rest.
  public func suggestionCandidates(_ filter: TaskFilter, today: CivilDate) -> [RankedTask] {
    // Looked at in place, and copied only when picked: 100,000 tasks may wait.
    var picked: [SpoonTask] = []
    func pick(_ task: UnsafePointer<SpoonTask>) {
      if !task.pointee.isRest, filter.matches(at: task, today: today) {
        picked.append(task.pointee)
      }
    }
    tasks.forEachPlace(backlogOrder, pick)
    for ids in categoryOrder { tasks.forEachPlace(ids, pick) }
    return Self.byImportance(picked)
  }

  /// The open tasks `plan` takes from: the backlog (oldest first), then the categories.
  var waiting: [SpoonTask] { backlog + categoryOrder.flatMap { $0 }.compactMap { tasks[$0] } }

  /// `tasks` most important first, each with its rank, as `suggestionCandidates` says; ties
  /// keep the order given.
  static func byImportance(_ tasks: [SpoonTask]) -> [RankedTask] {
    // Most waiting tasks have neither a date nor a backlog day: they share the last key and
    // keep their order, so only the others are sorted (14,000 of them took a quarter of a
    // `suggest @bed` at 100,000 open tasks when all were). Indexes and keys in arrays of
    // Ints: an array of a type of its own (a tuple, an enum) is set up by the runtime the
    // first time a run makes one, which cost more than sorting the keys.
    var keyed: [Int] = []
    var keys: [Int] = []
    var plain: [Int] = []
    for (index, task) in tasks.enumerated() {
      if let key = importance(task) {
        keyed.append(index)
        keys.append(key)
      } else {
        plain.append(index)
      }
    }
    let order = keys.indices.sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : $0 < $1 }
    var result: [RankedTask] = []
    result.reserveCapacity(tasks.count)
    var rank = -1
    var previous = -1
    for position in order {
      if keys[position] != previous { rank += 1 }
      previous = keys[position]
      result.append(RankedTask(task: tasks[keyed[position]], rank: rank))
    }
    for index in plain { result.append(RankedTask(task: tasks[index], rank: rank + 1)) }
    return result
  }

  /// What orders a task by importance, smaller first: a due date (soonest first), then a
  /// backlog day (oldest first); nil for neither. A date is its digits (`20261126`), so keys
  /// compare as the dates do; a backlog day is placed after every due date.
  static func importance(_ task: borrowing SpoonTask) -> Int? {
    func digits(_ date: CivilDate) -> Int { date.year * 10_000 + date.month * 100 + date.day }
    if let due = task.due { return digits(due) }
    if case .backlog(let since) = task.placement { return 100_000_000 + digits(since) }
    return nil
  }

  /// The best set of open tasks for the spoons left above the reserve, at most `max` of them.
  ///
  /// Exact, not greedy: among all sets that fit, the one with the most tasks of the most
  /// important rank, then of the next rank, and so on; among those, the one that uses the most
  /// spoons; among those, the one of tasks earliest in priority order. More tasks before more
  /// spoons on purpose: on a low day three small things done serve better than one large one,
  /// and both fill the room (the README says the same). `BestFill` finds it with sets of sums
  /// over the spoons left, so it stays quick at any size; a room of more than about 440 spoons
  /// over hundreds of tasks, which no ordinary day has, gets the best counts without the most
  /// spoons (`BestFill.maxWords`).
  public func suggest(max limit: Int? = nil) -> Suggestion {
    suggest(TaskFilter(), today: Self.anyDay, max: limit)
  }

  /// `suggest` among the tasks `filter` picks, `today` being the planner's date.
  public func suggest(_ filter: TaskFilter, today: CivilDate, max limit: Int? = nil)
    -> Suggestion
  {
    let room = ledger?.room ?? 0
    let candidates = suggestionCandidates(filter, today: today)
    let countLimit = Swift.min(limit ?? room, room)
    var costs: [Int] = []
    var ranks: [Int] = []
    costs.reserveCapacity(candidates.count)
    ranks.reserveCapacity(candidates.count)
    // Read where they lie: a candidate copied out retains every string of its task.
    candidates.withUnsafeBufferPointer { candidates in
      for i in candidates.indices {
        costs.append(candidates[i].task.cost)
        ranks.append(candidates[i].rank)
      }
    }
    let best = BestFill.choose(costs: costs, ranks: ranks, room: room, limit: countLimit)
    var bestSpoons = 0
    for index in best { bestSpoons += costs[index] }

    var chosen = [Bool](repeating: false, count: candidates.count)
    for index in best { chosen[index] = true }
    let spare = room - bestSpoons
    var leftOut: [Suggestion.LeftOut] = []
    for (index, candidate) in candidates.enumerated() where !chosen[index] {
      let reason: Suggestion.Reason
      if candidate.task.cost > room {
        reason = .tooDear
      } else if best.count >= countLimit && candidate.task.cost <= spare {
        reason = .overMax
      } else {
        reason = .noRoom
      }
      leftOut.append(Suggestion.LeftOut(task: candidate.task, reason: reason))
    }
    return Suggestion(tasks: best.map { candidates[$0].task }, room: room, leftOut: leftOut)
  }
}

/// An open task `suggest` and `plan` may choose, with its priority rank (0 is the most
/// important; equal ranks matter equally).
public struct RankedTask: Sendable {
  public let task: SpoonTask
  public let rank: Int
}
