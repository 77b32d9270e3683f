import SpoonsTestSupport
import Testing
@testable import SpoonsCore

@Suite("The task table behaves as a dictionary by id")
struct TaskTableTests {
  func task(_ id: Int) -> SpoonTask {
    SpoonTask(
      id: TaskID(id), title: try! Title("Task \(id)"), spoons: try! SpoonCost(1 + id % 10),
      placement: .category, created: Timestamp(seconds: 0), updated: Timestamp(seconds: 0))
  }

  /// A random walk of adds, replacements and removals, against a plain dictionary; ids cross
  /// pages of the index and the dense limit, and enough are held at once to fill several
  /// chunks, so every part of the index and of the storage is used. Each change is made to a
  /// copy, as the store makes them: the copy and the table it came from compare as the
  /// dictionaries do, task by task and whole, while they share all chunks but one.
  @Test(arguments: [1, 2, 3, 4])
  func agreesWithADictionary(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    var table = TaskTable()
    var model: [TaskID: SpoonTask] = [:]
    // 1 to 30, ids on both sides of page boundaries and far out, and the ten ids around the
    // limit (limit - 5 to limit + 4).
    let ids =
      (0..<40).map { $0 < 30 ? 1 + $0 : TaskTable.denseLimit - 35 + $0 }
      + [1023, 1024, 1025, 2047, 2048, 100_000] + Array(200..<360)
    for step in 0..<3_000 {
      let id = TaskID(ids[Int.random(in: 0..<ids.count, using: &rng)])
      let (before, modelBefore) = (table, model)
      switch Int.random(in: 0..<3, using: &rng) {
      case 0, 1:
        var new = task(id.rawValue)
        new.spoons = try! SpoonCost(1 + Int.random(in: 0..<10, using: &rng))
        #expect(table.updateValue(new, forKey: id) == model.updateValue(new, forKey: id))
      default:
        #expect(table.removeValue(forKey: id) == model.removeValue(forKey: id))
      }
      #expect(table.count == model.count, "step \(step)")
      for id in ids.map(TaskID.init) { #expect(table[id] == model[id], "step \(step) \(id)") }
      #expect(Set(table.keys) == Set(model.keys))
      #expect((table == before) == (model == modelBefore), "step \(step)")
      for id in ids.map(TaskID.init) {
        let same = model[id] != nil && model[id] == modelBefore[id]
        #expect(table.holdsSame(id, as: before) == same, "step \(step) \(id)")
      }
    }
  }

  @Test func forEachLendsTheHeldTasksInTheOrderAsked() {
    var table = TaskTable()
    for id in [3, 1, 2, TaskTable.denseLimit + 7] { table[TaskID(id)] = task(id) }
    var seen: [TaskID] = []
    table.forEach(ids(2, 9, TaskTable.denseLimit + 7, 3, 1, 0)) { seen.append($0.id) }
    #expect(seen == ids(2, TaskTable.denseLimit + 7, 3, 1))
  }

  @Test func equalityIgnoresTheOrderTasksWereAdded() {
    var a = TaskTable()
    var b = TaskTable()
    for id in [3, 1, 2] { a[TaskID(id)] = task(id) }
    for id in [1, 2, 3] { b[TaskID(id)] = task(id) }
    #expect(a == b)
    b[TaskID(2)] = nil
    #expect(a != b)
    b[TaskID(4)] = task(4)
    #expect(a != b)
  }

  /// A copy changed in one task is unequal; put back, equal again, slot for slot or not.
  @Test func equalityComparesEveryTaskOfACopy() {
    var a = TaskTable()
    for id in [5, 1_500, 3, 99_999] { a[TaskID(id)] = task(id) }
    var b = a
    var changed = task(1_500)
    changed.title = try! Title("Renamed")
    b[TaskID(1_500)] = changed
    #expect(a != b)
    b[TaskID(1_500)] = task(1_500)
    #expect(a == b)
    b[TaskID(5)] = nil  // the last task moves into its slot
    b[TaskID(5)] = task(5)
    #expect(a == b)
  }
}
