import SpoonsCore

// Shared by the Core and Sync tests.

/// Task ids from their numbers.
public func ids(_ raw: Int...) -> [TaskID] { raw.map(TaskID.init) }

/// Runs `body` on a copy and checks it throws exactly `expected` and leaves the planner equal.
public func expectRefusal(
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
