import SpoonsTestSupport
import Testing
@testable import SpoonsCore

/// The parts of a planner a sync looks at when nothing came in (`SyncRound.overChanged`).
struct PlannerPartsTests {
  /// Ten tasks in one category, five in another, and two on today's list.
  func planner() throws -> Planner {
    var p = Planner()
    for n in 1...10 { try p.add("Three \(n)", spoons: 3, at: morning) }
    for n in 1...5 { try p.add("Five \(n)", spoons: 5, at: morning) }
    for n in 1...2 { try p.add("Today \(n)", spoons: 1, at: morning) }
    _ = try p.startNewDay(budget: 10, at: morning)
    try p.plan([TaskRef(typed: 16), TaskRef(typed: 17)], at: morning)
    return p
  }

  /// Each run of tasks looked at keeps its nearest neighbour on either side (none past the
  /// ends of its list); a list with none looked at is left out; today's list stays whole, and
  /// so does everything but the tasks.
  @Test func aPartAroundSomeTasksHoldsThemAndTheirNeighbours() throws {
    let p = try planner()
    let part = p.keeping(around: [TaskID(3), TaskID(4), TaskID(10), TaskID(99)])
    #expect(part.category(try SpoonCost(3)).map(\.id.rawValue) == [2, 3, 4, 5, 9, 10])
    #expect(part.category(try SpoonCost(5)).isEmpty)
    #expect(part.todo.map(\.id.rawValue) == [16, 17])
    #expect(part.taskCount == 8)
    #expect(part.day == p.day && part.nextID == p.nextID)
    let first = p.keeping(around: [TaskID(11)])
    #expect(first.category(try SpoonCost(5)).map(\.id.rawValue) == [11, 12])
    #expect(first.category(try SpoonCost(3)).isEmpty)
  }
}
