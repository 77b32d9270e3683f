/// A task `plan` could take, as Tab offers it after `plan`: whether it fits today beside the
/// tasks already chosen.
public struct PlanCandidate: Hashable, Sendable {
  public let task: SpoonTask
  /// `plan` would take it together with the tasks already chosen, within the room (the
  /// reserve too, with `--use-reserve`), without borrowing. Never, before the first day.
  public let fits: Bool
}

extension Planner {
  /// The tasks `plan` could take (waiting in the backlog or a category), less those already
  /// `chosen`: first the ones that fit today beside `chosen`, then the ones that do not, each
  /// group most important first (the order `suggest` weighs them in: due soonest, then the
  /// backlog by age, then the categories).
  ///
  /// Whether a task fits is the day's ledger's answer (`SpoonLedger.fits`), asked for the
  /// chosen tasks and it together, since `plan` takes a selection all or nothing.
  public func planCandidates(besides chosen: [TaskRef] = [], useReserve: Bool = false)
    -> [PlanCandidate]
  {
    let picked = Set(chosen.map(\.id))
    let chosenCost = picked.reduce(0) { sum, id in
      guard let task = tasks[id] else { return sum }
      switch task.placement {
      case .category, .backlog: return sum + task.cost
      case .todo, .done: return sum  // plan refuses these; they take nothing more
      }
    }
    let ledger = self.ledger
    let ranked = Self.byImportance(waiting.filter { !picked.contains($0.id) }).map {
      let fits = ledger?.fits(chosenCost + $0.task.cost, useReserve: useReserve) ?? false
      return PlanCandidate(task: $0.task, fits: fits)
    }
    return ranked.filter(\.fits) + ranked.filter { !$0.fits }
  }
}
