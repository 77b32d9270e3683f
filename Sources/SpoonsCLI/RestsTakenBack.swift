import SpoonsCore

/// How much less the rests give back after a change takes back check-offs (`undone`,
/// `delete`), besides what the rests being taken back themselves gave: a rest gives back only
/// what was spent, so undoing the work it rested from takes its spoons back too.
struct RestsTakenBack {
  private let restedBefore: Int
  private let ownBefore: Int

  /// Before the change; `ids` are the tasks it takes back.
  init(_ p: Planner, undoing ids: [TaskID]) {
    restedBefore = p.ledger?.rested ?? 0
    ownBefore = ids.reduce(0) { sum, id in
      guard let task = p.task(id), task.isRest else { return sum }
      return sum + (task.gaveBack ?? 0)
    }
  }

  /// After the change.
  func after(_ p: Planner) -> Int {
    Swift.max(0, restedBefore - ownBefore - (p.ledger?.rested ?? 0))
  }
}
