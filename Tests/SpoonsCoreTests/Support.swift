import SpoonsCore
import SpoonsTestSupport

/// A planner with a day of `budget` spoons and one task per given cost, in order.
func planner(budget: Int? = 12, costs: [Int] = []) throws -> Planner {
  var p = Planner()
  if let budget { try p.startNewDay(budget: budget, at: morning) }
  for (i, c) in costs.enumerated() { try p.add("Task \(i + 1)", spoons: c, at: morning) }
  return p
}


