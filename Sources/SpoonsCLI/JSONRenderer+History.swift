import SpoonsCore

/// `history --json` and `stats --json`.
extension JSONRenderer {
  /// `[{"date": ..., "budget": 12, ..., "finished": true}, ...]`, oldest first.
  public static func history(_ h: EnergyHistory) -> String {
    "[" + h.days.map { d in
      "{\"date\":\(string(d.date.description)),\(ledgerFields(d.ledger)),"
        + "\"done\":\(d.tasksDone),\"finished\":\(d.isFinished),\"mood\":\(number(d.mood))}"
    }.joined(separator: ",") + "]\n"
  }

  /// One object; averages are numbers with one decimal, `null` with no finished days.
  public static func stats(_ s: EnergyStats, costs: CostAccuracy) -> String {
    func average(_ total: Int) -> String { s.tenths(total).map(Renderer.decimal) ?? "null" }
    func date(_ d: CivilDate?) -> String { d.map { string($0.description) } ?? "null" }
    let categories = SpoonCost.all.map { "{\"spoons\":\($0.value),\"tasks\":\(s.tasks(at: $0))}" }
    return "{\"from\":\(date(s.from)),\"through\":\(date(s.through)),\"days\":\(s.days),"
      + "\"budget\":\(average(s.totalBudget)),\"planned\":\(average(s.totalPlanned)),"
      + "\"spent\":\(average(s.totalSpent)),\"daysWithPlan\":\(s.daysWithPlan),"
      + "\"daysFullyDone\":\(s.daysFullyDone),\"daysBorrowing\":\(s.daysBorrowing),"
      + "\"borrowed\":\(s.borrowed),\"daysResting\":\(s.daysResting),\"rested\":\(s.rested),"
      + "\"categories\":[\(categories.joined(separator: ","))],"
      + "\"streak\":{\"days\":\(s.streak.days),\"since\":\(date(s.streak.since)),"
      + "\"through\":\(date(s.streak.through))},\"costs\":\(Self.costs(costs))}\n"
  }
}
