/// The exact choice `suggest` makes for the room, found without building a list of picks for
/// every cell of a knapsack.
///
/// What is best (`Planner.suggest` says why): the most tasks of the most important rank, then
/// of the next rank, and so on; then the most spoons; then the picks earliest in priority
/// order. That order splits into three steps, each exact:
/// 1. **How many of each rank.** The most of rank 0 that fit are its cheapest ones; given that
///    many, rank 0 leaves the most room when it takes its cheapest, so the most of rank 1 that
///    fit are rank 1's cheapest in what is left; and so on, never more than the limit in all.
///    Every best choice has exactly these counts.
/// 2. **The most spoons those counts can fill.** For each rank, the sums its exact count of
///    tasks can make (sets of sums, one bit per spoon); the best total is the highest sum of one
///    from each rank that fits the room.
/// 3. **The earliest picks that make it.** Rank by rank, task by task in priority order, a task
///    is taken when the tasks after it can still make up a total that reaches the best.
/// A later task of the same rank and cost is never better than an earlier one, so each rank
/// looks only at the first `count` of each cost (fewer when the room holds fewer of that cost). The brute-force test in `SuggestionTests`
/// checks all three steps against every subset of small planners.
enum BestFill {
  /// The indexes of `costs` to take: `ranks` in ascending order, as many as `limit` at most.
  static func choose(costs: [Int], ranks: [Int], room: Int, limit: Int) -> [Int] {
    guard room > 0, limit > 0 else { return [] }
    let groups = RankGroups(costs: costs, ranks: ranks, room: room, limit: limit)
    guard groups.count > 0 else { return [] }
    guard SuffixSums.words(groups, room: room) <= maxWords else {
      return cheapest(groups, costs: costs)
    }
    let sums = SuffixSums(groups, costs: costs, room: room)
    // Row g: the sums group g and every later group can make together.
    var reach = SumTable(rows: groups.count + 1, room: room)
    reach.insert(0, in: groups.count)
    for g in (0..<groups.count).reversed() {
      let own = sums.row(g, from: 0, count: groups.counts[g])
      for sum in 0...room where sums.table.contains(sum, in: own) {
        reach.formUnion(g, from: g + 1, shiftedBy: sum)
      }
    }
    guard var left = reach.highest(in: 0) else { return [] }
    var picks: [Int] = []
    var allowed = SumTable(rows: 1, room: room)
    for g in 0..<groups.count {
      // The sums this group may make: those the later groups can complete to the best total.
      allowed.clear()
      for sum in 0...Swift.min(left, room) where reach.contains(left - sum, in: g + 1) {
        allowed.insert(sum, in: 0)
      }
      var need = groups.counts[g]
      var partial = 0
      for j in 0..<groups.size(g) where need > 0 {
        let cost = costs[groups.member(g, j)]
        let after = sums.row(g, from: j + 1, count: need - 1)
        guard sums.table.overlaps(after, shiftedBy: partial + cost, with: allowed) else { continue }
        picks.append(groups.member(g, j))
        partial += cost
        need -= 1
      }
      left -= partial
    }
    return picks
  }

  /// The most words of sums the exact choice may hold (32 MiB). A day's room is its budget,
  /// what it borrowed and what rests gave back: on the fullest ordinary day about 150 spoons,
  /// under 2 MiB of sums at worst. Only a room past about 440 spoons (many rests after tasks
  /// that took far more than planned, or a hand-edited file) over hundreds of tasks of one
  /// rank comes here, and is filled by its counts alone rather than hold more.
  static let maxWords = 1 << 22

  /// Past `maxWords`: each group's cheapest (step 1 alone). The counts are the best there are;
  /// the spoons may not be the most.
  static func cheapest(_ groups: RankGroups, costs: [Int]) -> [Int] {
    var picks: [Int] = []
    for g in 0..<groups.count {
      let members = (0..<groups.size(g)).map { groups.member(g, $0) }
      let chosen = members.sorted { costs[$0] != costs[$1] ? costs[$0] < costs[$1] : $0 < $1 }
      picks += chosen.prefix(groups.counts[g]).sorted()
    }
    return picks
  }
}

/// Step 1, and the pruning: the ranks that get at least one task, each with how many it gets
/// and its candidates in priority order (the first of each cost, as many as could be chosen).
/// Kept in arrays of Ints: an array of a struct of its own costs the runtime more to set up,
/// the first time a run makes one, than this whole choice.
struct RankGroups {
  /// How many tasks each group gets.
  private(set) var counts: [Int] = []
  /// Every group's candidates (indexes into the costs), one group after another.
  private var members: [Int] = []
  /// Where each group's candidates start in `members`, and one past the last group's.
  private var starts: [Int] = [0]

  var count: Int { counts.count }
  func size(_ g: Int) -> Int { starts[g + 1] - starts[g] }
  func member(_ g: Int, _ j: Int) -> Int { members[starts[g] + j] }

  init(costs: [Int], ranks: [Int], room: Int, limit: Int) {
    var spent = 0
    var taken = 0
    var start = 0
    // Counts by cost, 1 to 10 (sized by the dearest, so no cost can fall outside).
    var ofCost = [Int](repeating: 0, count: Swift.max(costs.max() ?? 0, 0) + 1)
    while start < costs.count && taken < limit {
      var end = start
      while end < costs.count && ranks[end] == ranks[start] { end += 1 }
      // How many of this rank fit: its cheapest first.
      for cost in ofCost.indices { ofCost[cost] = 0 }
      for i in start..<end where costs[i] <= room { ofCost[costs[i]] += 1 }
      var count = 0
      for cost in ofCost.indices {
        while ofCost[cost] > 0 && spent + cost <= room && taken + count < limit {
          ofCost[cost] -= 1
          spent += cost
          count += 1
        }
      }
      if count > 0 {
        for cost in ofCost.indices { ofCost[cost] = 0 }
        for i in start..<end where costs[i] <= room {
          // No choice holds more of one cost than `count`, nor than the room has for it.
          guard ofCost[costs[i]] < Swift.min(count, room / Swift.max(costs[i], 1)) else {
            continue
          }
          ofCost[costs[i]] += 1
          members.append(i)
        }
        starts.append(members.count)
        counts.append(count)
        taken += count
      }
      start = end
    }
  }
}

/// For each group: the sums that exactly `c` of its candidates from the `j`th on can make, for
/// every `j` and every `c` up to the group's count, in one table. Built from the last candidate
/// back, so step 3 can ask "can the candidates after this one still finish the job?" in one
/// look.
struct SuffixSums {
  private(set) var table: SumTable
  /// Where each group's rows start in the table.
  private var bases: [Int] = []
  private let groupCounts: [Int]

  init(_ groups: RankGroups, costs: [Int], room: Int) {
    groupCounts = groups.counts
    var rows = 0
    for g in 0..<groups.count {
      bases.append(rows)
      rows += (groups.size(g) + 1) * (groups.counts[g] + 1)
    }
    table = SumTable(rows: rows, room: room)
    for g in 0..<groups.count {
      let size = groups.size(g)
      let counts = groups.counts[g] + 1
      table.insert(0, in: bases[g] + size * counts)
      table.fillBackwards(from: bases[g], size: size, counts: counts) {
        costs[groups.member(g, $0)]
      }
    }
  }

  /// How many words the table for `groups` holds.
  static func words(_ groups: RankGroups, room: Int) -> Int {
    var rows = 0
    for g in 0..<groups.count { rows += (groups.size(g) + 1) * (groups.counts[g] + 1) }
    return rows * (room / 64 + 1)
  }

  /// The row of sums that exactly `c` of group `g`'s candidates from the `j`th on can make.
  func row(_ g: Int, from j: Int, count c: Int) -> Int {
    bases[g] + j * (groupCounts[g] + 1) + c
  }
}
/// Rows of sets of spoon sums from 0 to the room, one bit each, in one flat array: a row is
/// as many words as the room needs (one for a room under 64).
struct SumTable {
  private var bits: [UInt64]
  private let width: Int
  let room: Int

  init(rows: Int, room: Int) {
    self.room = room
    width = room / 64 + 1
    bits = [UInt64](repeating: 0, count: rows * width)
  }

  func contains(_ sum: Int, in row: Int) -> Bool {
    sum >= 0 && sum <= room && bits[row * width + sum / 64] & (1 << UInt64(sum % 64)) != 0
  }

  mutating func insert(_ sum: Int, in row: Int) {
    guard sum >= 0 && sum <= room else { return }
    bits[row * width + sum / 64] |= 1 << UInt64(sum % 64)
  }

  mutating func clear() {
    for i in bits.indices { bits[i] = 0 }
  }

  func highest(in row: Int) -> Int? {
    for w in (0..<width).reversed() where bits[row * width + w] != 0 {
      return w * 64 + 63 - bits[row * width + w].leadingZeroBitCount
    }
    return nil
  }

  /// Word `w` of `row` with every sum moved up by `shift`.
  private func word(_ w: Int, of row: Int, shiftedBy shift: Int) -> UInt64 {
    let from = w - shift / 64
    guard from >= 0 else { return 0 }
    let bits = UInt64(shift % 64)
    var word = self.bits[row * width + from] << bits
    if bits > 0 && from > 0 { word |= self.bits[row * width + from - 1] >> (64 - bits) }
    return word
  }

  /// Adds to `row` every sum of another row, `source`, plus `shift` that fits the room.
  mutating func formUnion(_ row: Int, from source: Int, shiftedBy shift: Int) {
    for w in 0..<width { bits[row * width + w] |= word(w, of: source, shiftedBy: shift) }
    let spare = 63 - room % 64
    if spare > 0 { bits[row * width + width - 1] &= UInt64.max >> UInt64(spare) }
  }

  /// `SuffixSums`'s rows for one group, whose rows start at `base`, from its last candidate's
  /// back to its first's: row `j * counts + c` is row `(j + 1) * counts + c`, plus row
  /// `(j + 1) * counts + c - 1` moved up by candidate `j`'s cost. Only the rows step 3 can
  /// ask for are filled: `c` no more than the candidates left, and no fewer than the count
  /// less the candidates before `j` (each of them at most one pick).
  mutating func fillBackwards(
    from base: Int, size: Int, counts: Int, cost costOf: (Int) -> Int
  ) {
    let width = width
    let mask = UInt64.max >> UInt64(63 - room % 64)
    bits.withUnsafeMutableBufferPointer { bits in
      for j in (0..<size).reversed() {
        let cost = costOf(j)
        let whole = cost / 64
        let shift = UInt64(cost % 64)
        let top = Swift.min(counts - 1, size - j)
        for c in Swift.max(0, counts - 1 - j)...top {
          let row = (base + j * counts + c) * width
          let same = (base + (j + 1) * counts + c) * width
          if width == 1 {
            // A room under 64 spoons, the usual day: one word a row.
            bits[row] = bits[same] | (c > 0 ? bits[same - 1] << shift & mask : 0)
            continue
          }
          for w in 0..<width { bits[row + w] = bits[same + w] }
          guard c > 0 else { continue }
          let fewer = same - width
          for w in whole..<width {
            var word = bits[fewer + w - whole] << shift
            if shift > 0 && w - whole > 0 { word |= bits[fewer + w - whole - 1] >> (64 - shift) }
            bits[row + w] |= word
          }
          bits[row + width - 1] &= mask
        }
      }
    }
  }

  /// Whether some sum of `row` plus `shift` is in `other`'s first row.
  func overlaps(_ row: Int, shiftedBy shift: Int, with other: SumTable) -> Bool {
    (0..<width).contains { word($0, of: row, shiftedBy: shift) & other.bits[$0] != 0 }
  }
}
