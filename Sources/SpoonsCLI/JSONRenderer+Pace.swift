import SpoonsCore

/// `pace --json` and the cost part of `stats --json`: the numbers `pace` and `stats` say, with
/// the facts they came from (Sources/SpoonsCLI/JSON.md).
extension JSONRenderer {
  /// One object: `suggested` is a number of spoons, or null with its `reason`.
  public static func pace(_ p: Pace) -> String {
    func number(_ n: Int?) -> String { n.map(String.init) ?? "null" }
    func tenths(_ n: Int?) -> String { n.map(Renderer.decimal) ?? "null" }
    let a = p.afterHeavy
    var mood = "null"
    if let m = p.mood {
      mood = "{\"afterHeavy\":{\"mornings\":\(m.afterHeavy),\"average\":\(tenths(m.afterHeavyTenths))},"
        + "\"afterOther\":{\"mornings\":\(m.afterOther),\"average\":\(tenths(m.afterOtherTenths))},"
        + "\"tendency\":\(m.tendency.map { string($0 < 0 ? "worse" : $0 > 0 ? "better" : "same") } ?? "null")}"
    }
    return "{\"from\":\(string(p.from.description)),\"through\":\(string(p.through.description)),"
      + "\"days\":\(p.days),\"moreDaysNeeded\":\(p.moreDaysNeeded),"
      + "\"suggested\":\(number(p.suggested)),\"reason\":\(string(p.reason.rawValue)),"
      + "\"usualBudget\":\(number(p.usualBudget)),\"keptLevel\":\(number(p.keptLevel)),"
      + "\"daysWithinKeptLevel\":\(p.daysWithinKeptLevel),"
      + "\"averageSpent\":\(tenths(p.averageSpentTenths)),\"heavyDays\":\(p.heavyDays),"
      + "\"borrowingDays\":\(p.borrowingDays),"
      + "\"afterHeavy\":{\"followed\":\(a.followed),\"startedLower\":\(a.startedLower),"
      + "\"borrowed\":\(a.borrowed),\"mostUndone\":\(a.mostUndone),\"runs\":\(a.runs),"
      + "\"busts\":\(a.busts)},\"boomAndBust\":\(p.boomAndBust),\"mood\":\(mood)}\n"
  }

  /// The `costs` member of `stats --json`.
  static func costs(_ a: CostAccuracy) -> String {
    let categories = a.categories.map {
      "{\"spoons\":\($0.cost.value),\"checkedOff\":\($0.checkedOff),\"noted\":\($0.noted),"
        + "\"took\":\($0.took),\"average\":\(Renderer.decimal($0.averageTenths))}"
    }
    let drifts = a.drifts.map { d in
      let fix = Renderer.fixCommand(d)
      return "{\"title\":\(string(d.title)),\"spoons\":\(d.planned.value),\"times\":\(d.times),"
        + "\"tookMore\":\(d.tookMore),\"tookLess\":\(d.tookLess),"
        + "\"average\":\(Renderer.decimal(d.averageTenths)),\"suggested\":\(d.suggested.value),"
        + "\"fix\":\(fix.map(string) ?? "null")}"
    }
    return "{\"checkedOff\":\(a.checkedOff),\"noted\":\(a.noted),\"planned\":\(a.planned),"
      + "\"took\":\(a.took),\"categories\":[\(categories.joined(separator: ","))],"
      + "\"drifts\":[\(drifts.joined(separator: ","))]}"
  }
}
