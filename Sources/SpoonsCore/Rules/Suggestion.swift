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
    suggestionCandidates { _ in true }
  }

  /// `suggestionCandidates` among the tasks `matching` picks (`suggest @bed`), picked before
  /// they are ranked: ranks only order, so those of the tasks picked compare as they would
  /// among all, and a filter that picks few spares sorting the rest.
  public func suggestionCandidates(matching: (borrowing SpoonTask) -> Bool) -> [RankedTask] {
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
  static func byImportance(_ tasks: [SpoonTask]) -> [RankedTask] {
    // Most waiting tasks have neither a date nor a backlog day: they share the last key and
    // keep their order, so only the others are sorted (14,000 of them took a quarter of a
    // `suggest @bed` at 100,000 open tasks when all were). Indexes and keys in arrays of
    // their own, not tuples: a tuple's type is built at run time the first time it is used.
    var keyed: [Int] = []
    var keys: [ImportanceKey] = []
    var plain: [Int] = []
    for (index, task) in tasks.enumerated() {
      let key = ImportanceKey(task)
      if key == .other {
        plain.append(index)
      } else {
        keyed.append(index)
        keys.append(key)
      }
    }
    let order = keys.indices.sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : $0 < $1 }
    var result: [RankedTask] = []
    result.reserveCapacity(tasks.count)
    var rank = -1
    var previous: ImportanceKey?
    for position in order {
      if keys[position] != previous { rank += 1 }
      previous = keys[position]
      result.append(RankedTask(task: tasks[keyed[position]], rank: rank))
    }
    for index in plain { result.append(RankedTask(task: tasks[index], rank: rank + 1)) }
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
    if room > 0 && countLimit > 0 {
      // How many of each (rank, cost) are kept, in a flat table: ranks count up from 0.
      var seen = [Int](repeating: 0, count: ((candidates.last?.rank ?? 0) + 1) * 16)
      for (index, candidate) in candidates.enumerated() {
        let cost = candidate.task.cost
        guard cost <= room else { continue }
        let slot = candidate.rank * 16 + cost
        guard seen[slot] < Swift.min(room / cost, countLimit) else { continue }
        seen[slot] += 1
        kept.append(index)
      }
    }

    // A choice is its picks (indexes into `candidates`, in order); its ranks are theirs. A
    // choice and one more pick is weighed against another before it is made, so only a
    // better one is ever built (each built one is an array of its own).
    let ranks = candidates.map(\.rank)
    /// Compares the sorted ranks of `a` (then `extra`) and `b`: the first smaller rank wins;
    /// a list that goes on past the other (more tasks, none of them displacing a more
    /// important one) wins. -1, 0 or 1.
    func compare(_ a: [Int], _ extra: Int?, _ b: [Int]) -> Int {
      let count = a.count + (extra == nil ? 0 : 1)
      for i in 0..<Swift.min(count, b.count) {
        let x = ranks[i < a.count ? a[i] : extra ?? 0]
        let y = ranks[b[i]]
        if x != y { return x < y ? -1 : 1 }
      }
      return count == b.count ? 0 : (count > b.count ? -1 : 1)
    }
    /// Whether the picks of `a` (then `extra`) come before `b`'s, as arrays compare.
    func precedes(_ a: [Int], _ extra: Int?, _ b: [Int]) -> Bool {
      let count = a.count + (extra == nil ? 0 : 1)
      for i in 0..<Swift.min(count, b.count) {
        let x = i < a.count ? a[i] : extra ?? 0
        if x != b[i] { return x < b[i] }
      }
      return count < b.count
    }
    // table[k][w]: the best choice of exactly w spoons (and exactly k tasks when counting).
    let counting = limit != nil
    let layers = counting ? countLimit + 1 : 1
    var table = Array(repeating: [[Int]?](repeating: nil, count: room + 1), count: layers)
    table[0][0] = []
    for index in kept {
      let cost = candidates[index].task.cost
      for k in stride(from: layers - 1, through: counting ? 1 : 0, by: -1) {
        let from = counting ? k - 1 : k
        for w in stride(from: room, through: cost, by: -1) {
          guard let base = table[from][w - cost] else { continue }
          if let current = table[k][w] {
            let c = compare(base, index, current)
            guard c < 0 || (c == 0 && precedes(base, index, current)) else { continue }
          }
          table[k][w] = base + [index]
        }
      }
    }
    var best: [Int] = []
    var bestSpoons = 0
    for layer in table {
      for (w, cell) in layer.enumerated() {
        guard let cell else { continue }
        let c = compare(cell, nil, best)
        if c < 0 || (c == 0 && (w > bestSpoons
          || (w == bestSpoons && precedes(cell, nil, best))))
        {
          best = cell
          bestSpoons = w
        }
      }
    }

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

/// What orders tasks by importance: a due date (soonest first), then a backlog day (oldest
/// first), then nothing.
enum ImportanceKey: Comparable {
  case due(CivilDate)
  case backlog(CivilDate)
  case other

  init(_ task: borrowing SpoonTask) {
    if let due = task.due {
      self = .due(due)
    } else if case .backlog(let since) = task.placement {
      self = .backlog(since)
    } else {
      self = .other
    }
  }
}
