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
    #expect(try run("show", "2").contains("  in         done Sat 21 Nov"))
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
    #expect(try run("show", "1").contains("  due      today\n"))
    _ = try run("plan", "1")
    _ = try run("done", "1")
    // Done, it is no longer flagged, but the words stay.
    #expect(try run("edit", "1", "--note", "paid online")
      == "Changed #1 Pay the water bill (2 spoons), due today.\n")
    #expect(try run("todo").contains("#1  Pay the water bill, 2 spoons · due today\n"))
    #expect(try run("show", "1").contains("  due        today\n"))
    #expect(try run("edit", "1", "--due", "tomorrow")
      == "Changed #1 Pay the water bill (2 spoons), due tomorrow.\n")
  }
}

@Suite("The agenda, through the binary")
struct AgendaCLITests {
  @Test func everyOpenTaskWithADueDateOverdueFirstWithWhereItIs() throws {
    let tmp = TemporaryDirectory()
    func run(_ words: String...) throws -> String {
      let result = try spoons(words, data: tmp.data)
      #expect(result.status == 0, "\(words): \(result.stderr)")
      return result.stdout
    }
    #expect(
      try run("agenda")
        == "No open task has a due date. Give one a date with --due as you add it, e.g. add 2 "
        + "Call the GP --due fri\n")
    _ = try run("new-day", "10")
    _ = try run("add", "4", "Groceries", "--due", "tomorrow")
    _ = try run("add", "2", "Call the GP", "--due", "today")
    _ = try run("add", "1", "Post the letter", "--due", "tomorrow")
    _ = try run("add", "3", "Pay the water bill", "--due", "2026-11-18")
    _ = try run("add", "2", "Laundry")
    _ = try run("plan", "2")
    #expect(try run("agenda") == """
      #4  Pay the water bill, 3 spoons · due Wed 18 Nov, overdue · category 3
      #2  Call the GP, 2 spoons · due today · today's list
      #3  Post the letter, 1 spoon · due tomorrow · category 1
      #1  Groceries, 4 spoons · due tomorrow · category 4

      """)
    let json = try run("agenda", "--json")
    let decoded = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    #expect(decoded.compactMap { $0["id"] as? Int } == [4, 2, 3, 1])
    #expect(decoded.compactMap { $0["in"] as? String } == ["category", "todo", "category", "category"])
    #expect(decoded.first?["due"] as? String == "2026-11-18")
    let wrong = try spoons(["agenda", "3"], data: tmp.data)
    #expect(wrong.status == 64 && wrong.stderr.hasPrefix("error: agenda does not take the number '3' here; a filter is +tag, @context, spoons:3,"))
    let three = try spoons(["agenda", "spoons:3", "--json"], data: tmp.data)
    let costs = try JSONSerialization.jsonObject(with: Data(three.stdout.utf8)) as? [[String: Any]]
    #expect(three.status == 0 && costs?.isEmpty == false && costs?.allSatisfy { $0["spoons"] as? Int == 3 } == true)
  }
}
