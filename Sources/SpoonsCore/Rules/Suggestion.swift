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
  public var suggestionCandidates: [(task: SpoonTask, rank: Int)] {
    suggestionCandidates { _ in true }
  }

  /// `suggestionCandidates` among the tasks `matching` picks (`suggest @bed`), picked before
  /// they are ranked: ranks only order, so those of the tasks picked compare as they would
  /// among all, and a filter that picks few spares sorting the rest.
  public func suggestionCandidates(matching: (borrowing SpoonTask) -> Bool)
    -> [(task: SpoonTask, rank: Int)]
  {
    // Looked at in place, and copied only when picked: 100,000 tasks may wait.
    var picked: [SpoonTask] = []
    func pick(_ task: borrowing SpoonTask) {
      if !task.isRest, matching(task) { picked.append(copy task) }
    }
    forEachTask(backlogOrder, pick)
    for ids in categoryOrder { forEachTask(ids, pick) }
    return Self.byImportance(picked)
  }

  /// The open tasks `plan` takes from: the backlog (oldest first), then the categories.
  var waiting: [SpoonTask] { backlog + categoryOrder.flatMap { $0 }.compactMap { tasks[$0] } }

  /// `tasks` most important first, each with its rank, as `suggestionCandidates` says; ties
  /// keep the order given.
  static func byImportance(_ tasks: [SpoonTask]) -> [(task: SpoonTask, rank: Int)] {
    enum Key: Comparable {
      case due(CivilDate)
      case backlog(CivilDate)
      case other
    }
    func key(_ task: SpoonTask) -> Key {
      if let due = task.due { return .due(due) }
      if case .backlog(let since) = task.placement { return .backlog(since) }
      return .other
    }
    // Most waiting tasks have neither a date nor a backlog day: they share the last key and
    // keep their order, so only the others are sorted (14,000 of them took a quarter of a
    // `suggest @bed` at 100,000 open tasks when all were).
    var keyed: [(key: Key, index: Int)] = []
    var plain: [Int] = []
    for (index, task) in tasks.enumerated() {
      let k = key(task)
      if k == .other { plain.append(index) } else { keyed.append((k, index)) }
    }
    keyed.sort { $0.key != $1.key ? $0.key < $1.key : $0.index < $1.index }
    var result: [(task: SpoonTask, rank: Int)] = []
    result.reserveCapacity(tasks.count)
    var rank = -1
    var previous: Key?
    for item in keyed {
      if item.key != previous { rank += 1 }
      previous = item.key
      result.append((tasks[item.index], rank))
    }
    for index in plain { result.append((tasks[index], rank + 1)) }
    return result
  }

  /// The best set of open tasks for the spoons left above the reserve, at most `max` of them.
  ///
  /// Exact, not greedy: among all sets that fit, the one with the most tasks of the most
  /// important rank, then of the next rank, and so on; among those, the one that uses the most
  /// spoons; among those, the one of tasks earliest in priority order. More tasks before more
  /// spoons on purpose: on a low day three small things done serve better than one large one,
  /// and both fill the room (the README says the same). A 0/1 knapsack over the
  /// spoons left (at most a few hundred), so it stays quick at any size.
  public func suggest(
    max limit: Int? = nil, among matching: (borrowing SpoonTask) -> Bool = { _ in true }
  ) -> Suggestion {
    let room = ledger?.room ?? 0
    let candidates = suggestionCandidates(matching: matching)
    let countLimit = Swift.min(limit ?? room, room)
    // A later task of the same rank and cost is never better than an earlier one, so each
    // (rank, cost) needs at most as many tasks as could ever be chosen together.
    var kept: [Int] = []
    var seen: [Int: Int] = [:]
    if room > 0 && countLimit > 0 {
      for (index, candidate) in candidates.enumerated() {
        let cost = candidate.task.cost
        guard cost <= room else { continue }
        let slot = candidate.rank * 16 + cost
        let n = seen[slot, default: 0]
        guard n < Swift.min(room / cost, countLimit) else { continue }
        seen[slot] = n + 1
        kept.append(index)
      }
    }

    struct Partial {
      var ranks: [Int] = []
      var picks: [Int] = []
    }
    /// Whether `a` is a better partial choice than `b` at the same spoons.
    func better(_ a: Partial, _ b: Partial) -> Bool {
      let c = Self.compareRanks(a.ranks, b.ranks)
      return c != 0 ? c < 0 : a.picks.lexicographicallyPrecedes(b.picks)
    }
    // table[k][w]: the best choice of exactly w spoons (and exactly k tasks when counting).
    let counting = limit != nil
    let layers = counting ? countLimit + 1 : 1
    var table = Array(repeating: [Partial?](repeating: nil, count: room + 1), count: layers)
    table[0][0] = Partial()
    for index in kept {
      let (task, rank) = candidates[index]
      let cost = task.cost
      for k in stride(from: layers - 1, through: counting ? 1 : 0, by: -1) {
        let from = counting ? k - 1 : k
        for w in stride(from: room, through: cost, by: -1) {
          guard var candidate = table[from][w - cost] else { continue }
          candidate.ranks.append(rank)
          candidate.picks.append(index)
          if let current = table[k][w], !better(candidate, current) { continue }
          table[k][w] = candidate
        }
      }
    }
    var best = Partial()
    var bestSpoons = 0
    for layer in table {
      for (w, cell) in layer.enumerated() {
        guard let cell else { continue }
        let c = Self.compareRanks(cell.ranks, best.ranks)
        if c < 0 || (c == 0 && (w > bestSpoons
          || (w == bestSpoons && cell.picks.lexicographicallyPrecedes(best.picks))))
        {
          best = cell
          bestSpoons = w
        }
      }
    }

    let chosen = Set(best.picks)
    let spare = room - bestSpoons
    var leftOut: [Suggestion.LeftOut] = []
    for (index, candidate) in candidates.enumerated() where !chosen.contains(index) {
      let reason: Suggestion.Reason
      if candidate.task.cost > room {
        reason = .tooDear
      } else if best.picks.count >= countLimit && candidate.task.cost <= spare {
        reason = .overMax
      } else {
        reason = .noRoom
      }
      leftOut.append(Suggestion.LeftOut(task: candidate.task, reason: reason))
    }
    return Suggestion(tasks: best.picks.map { candidates[$0].task }, room: room, leftOut: leftOut)
  }

  /// Compares sorted rank lists: the first smaller rank wins; a list that goes on past the
  /// other (more tasks, none of them displacing a more important one) wins. -1, 0 or 1.
  static func compareRanks(_ a: [Int], _ b: [Int]) -> Int {
    for (x, y) in zip(a, b) where x != y { return x < y ? -1 : 1 }
    return a.count == b.count ? 0 : (a.count > b.count ? -1 : 1)
  }
}
