import Foundation
import SpoonsCore
@testable import SpoonsStore
import SpoonsTestSupport
import Testing

/// The pacing fields through real sync files: two data directories on one shared folder,
/// every change made through the store as the commands make it.
@Suite("Pacing through sync files")
struct PacingSyncTests {
  @Test func tookMoodCheckedAndTheSettingsReachTheOtherDeviceAndASecondSyncChangesNothing()
    throws
  {
    let tmp = TemporaryDirectory()
    let laptop = PlannerStore(directory: tmp.file("laptop"))
    let desktop = PlannerStore(directory: tmp.file("desktop"))
    try laptop.update(at: morning) { p, finished in
      let outcome = try p.startNewDay(budget: 10, mood: 2, at: morning)
      if let day = outcome.finished { finished.append(day) }
      try p.add("Laundry", spoons: 3, at: morning)
      try p.add("Grocery shop", spoons: 4, at: morning)
      try p.plan([TaskID(1), TaskID(2)], at: morning)
      try p.markDone([TaskID(1)], took: 5, at: morning.plus(hours: 1))
    }
    try laptop.joinSync(tmp.file("shared"), at: morning.plus(hours: 1))
    try desktop.joinSync(tmp.file("shared"), at: morning.plus(hours: 1))
    var there = try desktop.loadWhole()
    #expect(there.planner.task(TaskID(1))?.took == 5 && there.planner.day?.mood == 2)

    // The desktop checks off the shop, which took 3 of 4, and turns the hints off; the
    // laptop starts the next day feeling better.
    try desktop.update(at: morning.plus(hours: 2)) { p, _ in
      try p.markDone([TaskID(2)], took: 3, at: morning.plus(hours: 2))
      p.setPaceHints(false)
    }
    try desktop.sync(at: morning.plus(hours: 2))
    try laptop.sync(at: morning.plus(hours: 3))
    try laptop.update(at: nextMorning) { p, finished in
      if let day = try p.startNewDay(budget: 9, mood: 4, at: nextMorning).finished {
        finished.append(day)
      }
    }
    try laptop.sync(at: nextMorning)
    try desktop.sync(at: nextMorning.plus(minutes: 1))

    let here = try laptop.loadWhole()
    there = try desktop.loadWhole()
    #expect(here == there)
    let day = try #require(there.archive.days.first)
    #expect(day.mood == 2 && day.ledger.spent == 8 && day.ledger.checked == 7)
    #expect(there.archive.doneTasks.map(\.took) == [5, 3])
    #expect(there.planner.day?.mood == 4 && !there.planner.paceHints && there.planner.asksMood)

    // A second sync on each, with nothing new, sends nothing and changes nothing.
    let files = try FileManager.default.subpathsOfDirectory(atPath: tmp.file("shared")).sorted()
    let bytes = (tmp.bytes("laptop/planner.txt"), tmp.bytes("desktop/planner.txt"))
    #expect(try laptop.sync(at: nextMorning.plus(minutes: 2)).sent == 0)
    #expect(try desktop.sync(at: nextMorning.plus(minutes: 3)).sent == 0)
    #expect(try FileManager.default.subpathsOfDirectory(atPath: tmp.file("shared")).sorted() == files)
    #expect(try laptop.loadWhole() == here && desktop.loadWhole() == there)
    #expect(tmp.bytes("laptop/planner.txt") == bytes.0 && tmp.bytes("desktop/planner.txt") == bytes.1)
  }
}
