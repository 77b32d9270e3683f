import SpoonsCore
import SpoonsTestSupport

/// A planner with a day of `budget` spoons and one task per given cost, in order.
func planner(budget: Int? = 12, costs: [Int] = []) throws -> Planner {
  var p = Planner()
  if let budget { try p.startNewDay(budget: budget, at: morning) }
  for (i, c) in costs.enumerated() { try p.add("Task \(i + 1)", spoons: c, at: morning) }
  return p
}

func ids(_ raw: Int...) -> [TaskID] { raw.map(TaskID.init) }

/// Runs `body` on a copy and checks it throws exactly `expected` and leaves the planner equal.
func expectRefusal(
  _ p: Planner, _ expected: PlannerError, _ body: (inout Planner) throws -> Void
) -> Bool {
  var copy = p
  do {
    try body(&copy)
    return false
  } catch {
    return (error as? PlannerError) == expected && copy == p
  }
}

