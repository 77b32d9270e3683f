import Foundation
import SpoonsCore
import SpoonsTestSupport
import Testing

/// A planner whose first day (Sat 21 Nov) checked off #1 Laundry and #2 Tea, with #3 Meds
/// still waiting, and whose second day (Sun 22 Nov) is open: #1 and #2 are in the archive.
private func yesterdayDone() throws -> (TemporaryDirectory, [String: String]) {
  let tmp = TemporaryDirectory()
  for line in ["new-day 10", "add 3 Laundry", "add 2 Tea", "add 1 Meds", "plan 1 2", "done 1 2"] {
    try #require(try spoons(line.split(separator: " ").map(String.init), data: tmp.data).status == 0)
  }
  let sunday = ["SPOONS_NOW": nextMorning.description]
  try #require(try spoons(["new-day", "10"], data: tmp.data, environment: sunday).status == 0)
  return (tmp, sunday)
}

@Suite("Tasks done on earlier days, through the binary")
struct EarlierDaysTests {
  @Test(arguments: [["edit", "1", "--title", "Wash"], ["edit", "1"], ["plan", "1"],
    ["unplan", "1"], ["done", "1"], ["move", "1", "1"]])
  func commandsThatCannotReachItSayWhenItWasDone(_ command: [String]) throws {
    let (tmp, sunday) = try yesterdayDone()
    let result = try spoons(command, data: tmp.data, environment: sunday)
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "error: #1 was done on Sat 21 Nov; 'undone 1' brings it back to its category\n")
  }

  @Test func anIdThatNeverExistedIsStillUnknown() throws {
    let (tmp, sunday) = try yesterdayDone()
    let result = try spoons(["plan", "9"], data: tmp.data, environment: sunday)
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("error: there is no task #9 "))
  }

  @Test func deleteTakesATaskOutOfTheHistoryAndUndoBringsItBack() throws {
    let (tmp, sunday) = try yesterdayDone()
    func run(_ words: String...) throws -> String {
      let result = try spoons(words, data: tmp.data, environment: sunday)
      #expect(result.status == 0, "\(words): \(result.stderr)")
      return result.stdout
    }
    #expect(try run("delete", "2", "3") == "Deleted #2 Tea (done Sat 21 Nov), #3 Meds.\n")
    let gone = try spoons(["show", "2"], data: tmp.data, environment: sunday)
    #expect(gone.status == 1 && gone.stderr.hasPrefix("error: there is no task #2 "))
    #expect(try run("completed").contains("#1  Laundry"))
    #expect(try !run("completed").contains("Tea"))
    #expect(try run("history").contains("  5     5    2  "), "the day's numbers stay")
    #expect(try run("undo").hasPrefix("Undid: delete #2 Tea, #3 Meds"))
    #expect(try run("show", "2").contains("where it is  done Sat 21 Nov"))
    #expect(try run("list", "1").contains("#3  Meds"))
    #expect(try run("redo").hasPrefix("Redid: delete #2 Tea, #3 Meds"))
    #expect(try !run("completed").contains("Tea"))
  }

  @Test func aTaskReopenedAndThenDeletedStaysGone() throws {
    let (tmp, sunday) = try yesterdayDone()
    for words in [["undone", "1"], ["delete", "1"]] {
      #expect(try spoons(words, data: tmp.data, environment: sunday).status == 0)
    }
    let show = try spoons(["show", "1"], data: tmp.data, environment: sunday)
    #expect(show.status == 1 && show.stderr.hasPrefix("error: there is no task #1 "))
    #expect(try !spoons(["completed"], data: tmp.data, environment: sunday).stdout.contains("Laundry"))
  }
}

@Suite("A due date reads the same in every view")
struct DueWordingTests {
  @Test func editShowListsAndTodoSayDueTodayAlike() throws {
    let tmp = TemporaryDirectory()
    func run(_ words: String...) throws -> String {
      let result = try spoons(words, data: tmp.data)
      #expect(result.status == 0, "\(words): \(result.stderr)")
      return result.stdout
    }
    _ = try run("new-day", "10")
    #expect(try run("add", "2", "Pay the bill", "--due", "2026-11-21")
      == "Added #1 Pay the bill (2 spoons), due today.\n")
    #expect(try run("edit", "1", "--title", "Pay the water bill")
      == "Changed #1 Pay the water bill (2 spoons), due today.\n")
    #expect(try run("list").contains("#1  Pay the water bill · due today\n"))
    #expect(try run("show", "1").contains("  due          today\n"))
    _ = try run("plan", "1")
    _ = try run("done", "1")
    // Done, it is no longer flagged, but the words stay.
    #expect(try run("edit", "1", "--note", "paid online")
      == "Changed #1 Pay the water bill (2 spoons), due today.\n")
    #expect(try run("todo").contains("#1  Pay the water bill, 2 spoons · due today\n"))
    #expect(try run("show", "1").contains("  due          today\n"))
    #expect(try run("edit", "1", "--due", "tomorrow")
      == "Changed #1 Pay the water bill (2 spoons), due tomorrow.\n")
  }
}
