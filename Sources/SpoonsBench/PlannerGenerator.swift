#if os(Linux)
import SpoonsCore
import SpoonsStore
import SpoonsTestSupport

/// Deterministic planners for the benchmark: same N, same files, every run.
enum PlannerGenerator {
  static let words = [
    "Laundry", "Call", "mum", "Groceries", "Pharmacy", "Shower", "Emails", "Hoover", "Cook",
    "dinner", "Walk", "Physio", "Bank", "Post", "Plants", "Bills", "Tidy", "Kitchen", "Doctor",
    "Dentist", "Café", "Parcel", "Bed", "sheets", "Recycling", "Garden", "Landlord", "Form",
  ]

  static func title(_ rng: inout SeededGenerator, _ i: Int) -> String {
    "\(words[rng.below(words.count)]) \(words[rng.below(words.count)]) \(i)"
  }

  /// Tags as people use them, from the task's number (not drawn, so the rest is as it was):
  /// `+errand` on a fifth of the tasks, `@bed` on a seventh, `@phone` on an eleventh.
  static func tags(_ i: Int) -> [Tag] {
    var words: [String] = []
    if i % 5 == 0 { words.append("+errand") }
    if i % 7 == 0 { words.append("@bed") }
    if i % 11 == 0 { words.append("@phone") }
    return words.compactMap { try? Tag(word: $0) }
  }

  /// Years of use: `total` tasks, nearly all done and archived, about 300 waiting in the
  /// categories, 40 in the backlog and 10 on today's list (5 done).
  static func realistic(total: Int, into directory: String) throws {
    var rng = SeededGenerator(seed: UInt64(total))
    let store = PlannerStore(directory: directory)
    let open = min(350, total / 2)
    let archived = total - open
    let perDay = 25
    let days = max(1, archived / perDay)
    var clock = Int64(1_500_000_000)
    // Recorded at the generated today, so the undo history is the same on every run too.
    let saved = Timestamp(seconds: clock + Int64(days + 2) * 86_400, utcOffset: 3600)
    try store.update(at: saved) { p, finished in
      var made = 0
      for day in 0..<days {
        clock += 86_400
        let now = Timestamp(seconds: clock, utcOffset: 3600)
        if let old = try p.startNewDay(budget: 99, at: now).finished { finished.append(old) }
        let count = day == days - 1 ? archived - made : min(perDay, archived - made)
        var ids: [TaskID] = []
        var spoons = 0
        for _ in 0..<count {
          let cost = 1 + rng.below(3)
          if spoons + cost > 99 { break }
          spoons += cost
          ids.append(
            p.add(try Title(title(&rng, made)), spoons: try SpoonCost(cost), at: now, tags: tags(made)).id)
          made += 1
        }
        try p.plan(ids, at: now)
        try p.markDone(ids, at: now)
      }
      clock += 86_400
      let now = Timestamp(seconds: clock, utcOffset: 3600)
      // A backlog: planned yesterday, not done.
      var backlog: [TaskID] = []
      for _ in 0..<min(40, open / 4) {
        backlog.append(
          p.add(try Title(title(&rng, made)), spoons: try SpoonCost(1), at: now, tags: tags(made)).id)
        made += 1
      }
      if !backlog.isEmpty { try p.plan(backlog, at: now) }
      clock += 86_400
      let today = Timestamp(seconds: clock, utcOffset: 3600)
      if let old = try p.startNewDay(budget: 40, at: today).finished { finished.append(old) }
      while made < total {
        p.add(
          try Title(title(&rng, made)), spoons: try SpoonCost(1 + rng.below(10)), at: today,
          tags: tags(made))
        made += 1
      }
      let waiting = p.allTasks.filter { $0.placement == .category && $0.spoons.value <= 3 }
        .prefix(10).map(\.id)
      try p.plan(Array(waiting), at: today)
      try p.markDone(Array(waiting.prefix(5)), at: today)
    }
  }

  /// The stress variant: `total` tasks all open in the categories, a to-do list of 10.
  static func stress(total: Int, into directory: String) throws {
    var rng = SeededGenerator(seed: UInt64(total) &+ 7)
    let store = PlannerStore(directory: directory)
    let now = Timestamp(seconds: 1_700_000_000, utcOffset: 3600)
    try store.update(at: now) { p, finished in
      if let old = try p.startNewDay(budget: 40, at: now).finished { finished.append(old) }
      for i in 0..<total {
        p.add(
          try Title(title(&rng, i)), spoons: try SpoonCost(1 + rng.below(10)), at: now,
          tags: tags(i))
      }
      let first = p.allTasks.filter { $0.spoons.value <= 3 }.prefix(10).map(\.id)
      try p.plan(Array(first), at: now)
    }
  }
}
#endif
