import Foundation
import SpoonsCore
import Testing
@testable import SpoonsStore

/// One fixture directory per released format version, loaded by the current code. When the
/// format changes, the old fixture stays and a migration makes it load.
@Suite("Released format versions")
struct FormatVersionTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures").path

  @Test func version1Loads() throws {
    let tmp = TemporaryDirectory()
    for name in ["planner.txt", "done.txt", "days.txt"] {
      try FileManager.default.copyItem(atPath: Self.fixtures + "/v1/" + name, toPath: tmp.file(name))
    }
    let store = PlannerStore(directory: tmp.path)
    let planner = try store.load()
    #expect(planner.day?.budget == 12)
    #expect(planner.todo.map(\.title.text) == ["Shower", "Call mum"])
    #expect(planner.backlog.map(\.title.text) == ["Laundry"])
    #expect(planner.category(try SpoonCost(5)).map(\.title.text) == ["Deep clean kitchen"])
    #expect(planner.nextID == TaskID(7))
    let archive = try store.loadArchive()
    #expect(archive.days.map(\.spent) == [4])
    #expect(archive.doneTasks.map(\.title.text) == ["Pharmacy run"])
    // And it saves back in the current format.
    try store.update { p, _ in try p.add("New", spoons: 1, at: morning) }
    #expect(try store.load().taskCount == 5)
  }
}
