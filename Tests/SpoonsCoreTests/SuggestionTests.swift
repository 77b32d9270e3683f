import SpoonsTestSupport
import Testing
@testable import SpoonsCore

@Suite("Suggest a plan")
struct SuggestionTests {
  @Test func priorityIsOverdueThenDueSoonestThenOldestBacklogThenTheRest() throws {
    var p = Planner()
    try p.startNewDay(budget: 20, at: morning.plus(days: -3))
    try p.add("Old backlog", spoons: 1, at: morning)
    try p.plan(ids(1), at: morning)
    try p.startNewDay(budget: 20, at: morning.plus(days: -2))
    try p.add("Newer backlog", spoons: 1, at: morning)
    try p.plan(ids(2), at: morning)
    try p.startNewDay(budget: 20, at: morning)
    try p.add("Plain", spoons: 1, at: morning)
    try p.add("Due next week", spoons: 1, at: morning, due: CivilDate(iso: "2026-11-28"))
    try p.add("Overdue", spoons: 1, at: morning, due: CivilDate(iso: "2026-11-20"))
    try p.add("Due today", spoons: 1, at: morning, due: morning.date)
    let order = p.suggestionCandidates.map(\.task.title.text)
    #expect(order == ["Overdue", "Due today", "Due next week", "Old backlog", "Newer backlog", "Plain"])
    #expect(p.suggestionCandidates.map(\.rank) == [0, 1, 2, 3, 4, 5])
  }

  @Test func exactNotGreedy() throws {
    // Greedy by priority takes the 3 first and then nothing else fits; the exact answer
    // takes the two 2s, which are as important, and fills the budget.
    var p = try planner(budget: 4, costs: [3, 2, 2])
    let s = p.suggest()
    #expect(s.tasks.map(\.id) == ids(2, 3) && s.spoons == 4)
    #expect(s.leftOut.map(\.task.id) == ids(1) && s.leftOut.map(\.reason) == [.noRoom])
    try p.plan(s.tasks.map(\.id), at: morning)
    #expect(p.ledger!.left == 0)
  }

  /// Among tasks that matter alike, as many as fit come before the most spoons (the README
  /// says so): room 6 with tasks of 6, 1, 2 and 3 suggests 1 + 2 + 3, not the 6 alone.
  @Test func moreTasksThatFitComeBeforeTheMostSpoons() throws {
    let p = try planner(budget: 6, costs: [6, 1, 2, 3])
    let s = p.suggest()
    #expect(s.tasks.map(\.id) == ids(2, 3, 4) && s.spoons == 6)
    #expect(s.leftOut.map(\.task.id) == ids(1) && s.leftOut.map(\.reason) == [.noRoom])
  }

  @Test func moreImportantTasksWinOverFillingTheBudget() throws {
    var p = try planner(budget: 5, costs: [4, 5])
    try p.edit(TaskID(1), TaskEdit(due: .set(.today)), at: morning)
    #expect(p.suggest().tasks.map(\.id) == ids(1))
  }

  @Test func maxLimitsTheCountAndTooDearIsSaid() throws {
    let p = try planner(budget: 6, costs: [1, 1, 1, 9])
    let s = p.suggest(max: 2)
    #expect(s.tasks.map(\.id) == ids(1, 2))
    #expect(s.leftOut.map(\.reason) == [.overMax, .tooDear])
  }

  @Test func theReserveIsLeftOutOfTheRoomAndRestsAreNotSuggested() throws {
    var p = try planner(budget: 4, costs: [3, 1])
    try p.setReserve(1)
    p.add(try Title("Nap"), spoons: try SpoonCost(1), at: morning, isRest: true)
    let s = p.suggest()
    #expect(s.room == 3 && s.tasks.map(\.id) == ids(1))
    #expect(!s.leftOut.contains { $0.task.isRest })
  }

  @Test func noDayMeansNoRoom() throws {
    let p = try planner(budget: nil, costs: [1])
    #expect(p.suggest().tasks.isEmpty && p.suggest().room == 0)
  }

  /// The definition, checked the slow way: every subset of a small random planner.
  @Test(arguments: 0..<300)
  func matchesABruteForceSearch(seed: Int) throws {
    var rng = SeededGenerator(seed: UInt64(seed) &* 7919 &+ 17)
    var p = Planner()
    let days = ["2026-11-15", "2026-11-17", "2026-11-19"]
    let taskCount = Int.random(in: 0...11, using: &rng)
    try p.startNewDay(budget: 20, at: morning.plus(days: -6))
    for i in 0..<taskCount {
      let due: CivilDate? =
        Bool.random(using: &rng)
        ? CivilDate(iso: ["2026-11-19", "2026-11-21", "2026-11-25"].randomElement(using: &rng)!)
        : nil
      try p.add(
        "T\(i)", spoons: Int.random(in: 1...6, using: &rng), at: morning, due: due)
    }
    // Send some to the backlog from different days.
    for day in days.dropFirst() {
      let open = p.allTasks.filter { $0.placement == .category }.map(\.id)
      let pick = open.filter { _ in Int.random(in: 0..<4, using: &rng) == 0 }
      var fits: [TaskID] = []
      var room = 20
      for id in pick where p.task(id)!.cost <= room {
        fits.append(id)
        room -= p.task(id)!.cost
      }
      if !fits.isEmpty { try p.plan(fits, at: morning) }
      try p.startNewDay(budget: 20, at: at(day + "T08:00:00+01:00"))
    }
    try p.startNewDay(budget: Int.random(in: 0...14, using: &rng), at: morning)
    if Bool.random(using: &rng) { try p.setReserve(Int.random(in: 0...2, using: &rng)) }
    let limit: Int? = Bool.random(using: &rng) ? Int.random(in: 1...4, using: &rng) : nil

    let got = p.suggest(max: limit)
    let expected = bruteForce(p, max: limit)
    #expect(got.tasks.map(\.id) == expected, "seed \(seed)")
    #expect(got.spoons <= p.ledger!.room)
    #expect(Set(got.tasks.map(\.id) + got.leftOut.map(\.task.id)).count
      == p.suggestionCandidates.count)
  }

  /// Best subset by: more tasks of the most important rank, then the next, ...; then more
  /// spoons; then earliest in priority order. Written with count vectors over every subset,
  /// independently of the three steps `BestFill` takes.
  func bruteForce(_ p: Planner, max limit: Int?) -> [TaskID] {
    let candidates = p.suggestionCandidates
    let picks = Self.bruteForce(
      costs: candidates.map(\.task.cost), ranks: candidates.map(\.rank), room: p.ledger!.room,
      limit: limit ?? Int.max)
    return picks.map { candidates[$0].task.id }
  }

  /// Rooms past 64 spoons take more than one word of sums: many tasks of many ranks against
  /// every subset, with and without a limit.
  @Test(arguments: 0..<200)
  func largeRoomsMatchABruteForceSearch(seed: Int) {
    var rng = SeededGenerator(seed: UInt64(seed) &* 104_729 &+ 3)
    let count = Int.random(in: 1...15, using: &rng)
    let costs = (0..<count).map { _ in Int.random(in: 1...10, using: &rng) }
    let ranks = (0..<count).map { _ in Int.random(in: 0...4, using: &rng) }.sorted()
    let room = Int.random(in: 1...140, using: &rng)
    let limit = Bool.random(using: &rng) ? Int.random(in: 1...8, using: &rng) : room
    let got = BestFill.choose(costs: costs, ranks: ranks, room: room, limit: limit)
    let expected = Self.bruteForce(costs: costs, ranks: ranks, room: room, limit: limit)
    #expect(got == expected, "seed \(seed): costs \(costs) ranks \(ranks) room \(room)")
  }

  /// A room no day can have (a hostile file: thousands of spoons over thousands of tasks)
  /// would need a table of sums larger than memory: it gets the best counts, each rank's
  /// cheapest, at once, and stays within the room.
  @Test func aRoomPastAnyDayIsFilledByTheCountsAlone() {
    var rng = SeededGenerator(seed: 42)
    let costs = (0..<6_000).map { _ in Int.random(in: 1...10, using: &rng) }
    let ranks = (0..<6_000).map { $0 / 2_000 }
    let room = 9_000
    let picks = BestFill.choose(costs: costs, ranks: ranks, room: room, limit: room)
    let spent = picks.reduce(0) { $0 + costs[$1] }
    #expect(spent <= room && picks == picks.sorted() && Set(picks).count == picks.count)
    // Rank 0 gets as many as its cheapest fit: the most it can have.
    let rank0 = costs[0..<2_000].sorted()
    var most = 0
    var sum = 0
    for cost in rank0 where sum + cost <= room {
      sum += cost
      most += 1
    }
    #expect(picks.filter { $0 < 2_000 }.count == most)
  }

  static func bruteForce(costs: [Int], ranks: [Int], room: Int, limit: Int) -> [Int] {
    let rankCount = (ranks.max() ?? -1) + 1
    var best: (counts: [Int], spoons: Int, picks: [Int])?
    for mask in 0..<(1 << costs.count) {
      let picks = (0..<costs.count).filter { mask & (1 << $0) != 0 }
      let spoons = picks.reduce(0) { $0 + costs[$1] }
      guard spoons <= room, picks.count <= limit else { continue }
      var counts = Array(repeating: 0, count: rankCount)
      for i in picks { counts[ranks[i]] += 1 }
      guard let current = best else {
        best = (counts, spoons, picks)
        continue
      }
      if let i = counts.indices.first(where: { counts[$0] != current.counts[$0] }) {
        if counts[i] > current.counts[i] { best = (counts, spoons, picks) }
        continue
      }
      if spoons != current.spoons {
        if spoons > current.spoons { best = (counts, spoons, picks) }
        continue
      }
      if picks.lexicographicallyPrecedes(current.picks) { best = (counts, spoons, picks) }
    }
    return best?.picks ?? []
  }
}
