import SpoonsTestSupport
import Testing
@testable import SpoonsCore

/// Thousands of random operations, valid and invalid, with every invariant checked after each.
@Suite("Invariants under random operations")
struct InvariantTests {
  @Test(arguments: [1 as UInt64, 2, 3, 42, 2026])
  func randomOperationsKeepEveryInvariant(seed: UInt64) throws {
    var rng = SeededGenerator(seed: seed)
    var p = Planner()
    var everIssued = Set<TaskID>()
    var archived = Set<TaskID>()
    var clock = morning.seconds
    var refusals = 0

    for step in 0..<3_000 {
      clock += Int64.random(in: 0...7_200, using: &rng)
      let now = Timestamp(seconds: clock, utcOffset: 3600)
      let before = p
      let waiting = before.allTasks.filter { !$0.isDone && !before.todo.contains($0) }.map(\.id)
      let today = before.todo.map(\.id)
      func someIDs(_ pool: [TaskID]? = nil) -> [TaskID] {
        let known = pool ?? before.allTasks.map(\.id)
        let n = Int.random(in: 0...3, using: &rng)
        return (0..<n).map { _ in
          // Mostly real ids, sometimes unknown or archived ones, sometimes repeats.
          if !known.isEmpty && Int.random(in: 0..<10, using: &rng) < 8 {
            return known.randomElement(using: &rng)!
          }
          return TaskID(Int.random(in: -1...(before.nextID.rawValue + 2), using: &rng))
        }
      }

      do {
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<30:
          let title = ["Laundry", "  Call mum ", "", "Café ☕", "x\u{7}"].randomElement(using: &rng)!
          let task = try p.add(title, spoons: Int.random(in: -1...11, using: &rng), at: now)
          #expect(!everIssued.contains(task.id), "id \(task.id) reused at step \(step)")
          everIssued.insert(task.id)
        case 30..<55: try p.plan(someIDs(waiting), at: now)
        case 55..<70: try p.markDone(someIDs(today), at: now)
        case 70..<75: try p.markUndone(someIDs(), at: now)
        case 75..<82: try p.unplan(someIDs(today), at: now)
        case 82..<87: try p.delete(someIDs())
        case 87..<90:
          try p.move(
            someIDs().first ?? TaskID(0), to: Int.random(in: 0...5, using: &rng), at: now)
        case 90..<93:
          // A new cost re-files the task and must respect the budget on today's list.
          let edit = TaskEdit(
            spoons: try SpoonCost(Int.random(in: 1...10, using: &rng)),
            note: ["", "a note", "\u{1B}"].randomElement(using: &rng)!,
            due: Bool.random(using: &rng) ? .set(.inDays(Int.random(in: 0...9, using: &rng))) : .clear)
          try p.edit(someIDs().first ?? TaskID(0), edit, at: now)
        default:
          let outcome = try p.startNewDay(budget: Int.random(in: -2...101, using: &rng), at: now)
          // A new day never loses a task: what left is exactly the archived done tasks.
          let leaving = Set(before.allTasks.map(\.id)).subtracting(p.allTasks.map(\.id))
          #expect(leaving == Set(outcome.finished?.doneTasks.map(\.id) ?? []))
          #expect(outcome.finished?.doneTasks.allSatisfy(\.isDone) ?? true)
          archived.formUnion(leaving)
        }
      } catch {
        refusals += 1
        #expect(p == before, "refused \(error) changed the planner at step \(step)")
      }
      try checkInvariants(p, everIssued: everIssued, archived: archived, step: step)
    }
    #expect(refusals > 300, "the random walk should exercise refusals too")
    #expect(archived.count > 10, "the random walk should archive done tasks")
  }

  func checkInvariants(
    _ p: Planner, everIssued: Set<TaskID>, archived: Set<TaskID>, step: Int
  ) throws {
    // Every task is in exactly one place, and that place matches its placement.
    var places: [TaskID: String] = [:]
    for (index, list) in p.categoryOrder.enumerated() {
      for id in list {
        #expect(places.updateValue("category", forKey: id) == nil, "step \(step): \(id) twice")
        #expect(p.tasks[id]?.placement == .category)
        #expect(p.tasks[id]?.spoons.value == index + 1)
      }
    }
    for id in p.backlogOrder {
      #expect(places.updateValue("backlog", forKey: id) == nil, "step \(step): \(id) twice")
      guard case .backlog? = p.tasks[id]?.placement else {
        Issue.record("step \(step): \(id) in backlog list but placed elsewhere")
        continue
      }
    }
    for id in p.day?.todo ?? [] {
      #expect(places.updateValue("todo", forKey: id) == nil, "step \(step): \(id) twice")
      switch p.tasks[id]?.placement {
      case .todo?, .done?: break
      default: Issue.record("step \(step): \(id) on today's list but placed elsewhere")
      }
    }
    #expect(Set(places.keys) == Set(p.tasks.keys), "step \(step): a task is in no place")

    // planned is the sum of today's list and never over the budget; spent <= planned.
    let sum = (p.day?.todo ?? []).compactMap { p.tasks[$0]?.spoons.value }.reduce(0, +)
    if let ledger = p.ledger {
      #expect(ledger.planned == sum)
      #expect(ledger.over == 0, "step \(step): over budget")
      #expect(ledger.spent <= ledger.planned)
      #expect(ledger.rested <= ledger.spent, "step \(step): a rest gave back more than was spent")
    }

    // Only a done rest carries what it gave back (the files refuse it anywhere else).
    for task in p.allTasks where task.gaveBack != nil {
      #expect(task.isRest && task.isDone, "step \(step): \(task.id) open with back=")
    }

    // Ids are unique, were issued by add, and stay below nextID; archived ones never return.
    #expect(p.tasks.keys.allSatisfy { everIssued.contains($0) && $0 < p.nextID })
    #expect(archived.isDisjoint(with: p.tasks.keys))
    #expect(p.nextID.rawValue == everIssued.count + 1)
  }
}
