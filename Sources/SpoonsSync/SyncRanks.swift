import SpoonsCore

/// Orders a list across devices: each task holds a number (`rank`), and a list is its tasks
/// sorted by rank.
///
/// When a list is seen again, the longest run of tasks whose ranks are already in order keeps
/// them, and only the tasks that moved or are new get a rank between their neighbours, so a
/// `move` on one device changes one task's rank, not the whole list's, and merges with moves
/// and additions on another.
enum SyncRanks {
  static let gap: Int64 = 1 << 20
  /// Ranks beyond this are not Spoons's (a list of a billion tasks stays far below it) and
  /// read as none, so no arithmetic on them can overflow.
  static let largest: Int64 = 1 << 52

  /// A stored rank, or nil when there is none or it is out of range.
  static func parse(_ text: String?) -> Int64? {
    guard let text, let rank = Int64(text), (1...largest).contains(rank) else { return nil }
    return rank
  }

  /// Strictly increasing ranks for a list whose tasks had `old` ranks (nil for none).
  static func assign(_ old: [Int64?]) -> [Int64] {
    let keep = longestIncreasing(old)
    var ranks = [Int64](repeating: 0, count: old.count)
    var previous: Int64 = 0
    var i = 0
    while i < old.count {
      if keep.contains(i) {
        ranks[i] = old[i]!
        previous = ranks[i]
        i += 1
        continue
      }
      // A run of tasks to place between `previous` and the next kept rank.
      var j = i
      while j < old.count, !keep.contains(j) { j += 1 }
      let count = Int64(j - i)
      let next = j < old.count ? old[j]! : nil
      let step: Int64
      if let next {
        step = (next - previous) / (count + 1)
      } else {
        step = gap
      }
      if step < 1 || previous + step * count > largest {
        // No room left between the neighbours: number the whole list afresh.
        return (1...old.count).map { Int64($0) * gap }
      }
      for k in 0..<Int(count) { ranks[i + k] = previous + step * Int64(k + 1) }
      previous = ranks[j - 1]
      i = j
    }
    return ranks
  }

  /// The positions of a longest strictly increasing run of the known ranks (patience sorting).
  static func longestIncreasing(_ values: [Int64?]) -> Set<Int> {
    var tails: [Int] = []  // index of the smallest tail of each length
    var parent = [Int](repeating: -1, count: values.count)
    for (i, value) in values.enumerated() {
      guard let value, value > 0 else { continue }
      var lo = 0
      var hi = tails.count
      while lo < hi {
        let mid = (lo + hi) / 2
        if values[tails[mid]]! < value { lo = mid + 1 } else { hi = mid }
      }
      if lo > 0 { parent[i] = tails[lo - 1] }
      if lo == tails.count { tails.append(i) } else { tails[lo] = i }
    }
    var kept = Set<Int>()
    var at = tails.last ?? -1
    while at >= 0 {
      kept.insert(at)
      at = parent[at]
    }
    return kept
  }
}
