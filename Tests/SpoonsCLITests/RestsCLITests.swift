import Foundation
import SpoonsTestSupport
import Testing

/// Rests through the real binary: one wording wherever a rest is named, and one day's numbers
/// the same in `completed`, `history`, `status` and `stats` (the transcript `rests.txt` shows
/// the same day as a person sees it).
@Suite("Rests in one wording, and a day's numbers in every view")
struct RestsCLITests {
  static let friday = ["SPOONS_NOW": "2026-11-20T08:00:00+01:00"]
  static let saturday = ["SPOONS_NOW": "2026-11-21T08:00:00+01:00"]

  /// Runs `words` in `data` at `now`, expecting success; its standard output.
  private func run(_ words: [String], _ data: String, _ now: [String: String]) throws -> String {
    let result = try spoons(words, data: data, environment: now)
    #expect(result.status == 0, "\(words): \(result.stderr)")
    return result.stdout
  }

  /// `rest, up to N spoons back` until it is checked off, then what it gave: in `add`,
  /// `show`, `list`, `plan`, `done`, `todo`, `status`, `completed`, `history --changes` and
  /// `backlog`, and never as spoons it costs.
  @Test func aRestSaysSoInEveryView() throws {
    let tmp = TemporaryDirectory()
    func on(_ now: [String: String], _ words: String...) throws -> String {
      try run(words, tmp.data, now)
    }
    _ = try on(Self.friday, "new-day", "10")
    #expect(
      try on(Self.friday, "add", "2", "Stretch", "--rest")
        == "Added #1 Stretch (rest, up to 2 spoons back).\n")
    #expect(try on(Self.friday, "show", "1").contains("  spoons   rest, up to 2 spoons back\n"))
    #expect(try on(Self.friday, "list").contains("  #1  Stretch, rest, up to 2 spoons back\n"))
    _ = try on(Self.friday, "add", "3", "Laundry")
    #expect(
      try on(Self.friday, "plan", "1", "2")
        == "Planned #1 Stretch, #2 Laundry (3 spoons; rest, up to 2 spoons back). "
        + "3 of 10 planned, 7 left.\n")
    #expect(
      try on(Self.friday, "todo").contains("Rest\n  [ ] #1  Stretch, rest, up to 2 spoons back\n"))
    _ = try on(Self.friday, "done", "2")
    #expect(
      try on(Self.friday, "done", "1")
        == "Done: #1 Stretch (rest, 2 spoons back). 3 of 12 planned, 9 left.\n")
    for view in [["todo"], ["status"], ["completed"]] {
      let out = try run(view, tmp.data, Self.friday)
      #expect(out.contains("#1  Stretch, rest, 2 spoons back\n"), "\(view): \(out)")
    }
    #expect(try on(Self.friday, "show", "1").contains("  spoons     rest, 2 spoons back\n"))
    let changes = try on(Self.friday, "history", "--changes")
    #expect(changes.contains("done #1 Stretch (rest, 2 spoons back)\n"), "\(changes)")
    #expect(changes.contains("add #1 Stretch (rest, up to 2 spoons back)\n"), "\(changes)")
    #expect(!changes.contains("(0 spoons)"), "\(changes)")
    // A rest left open rolls over and still says what it may give, not what it gave.
    _ = try on(Self.friday, "rest", "1", "Tea")
    _ = try on(Self.saturday, "new-day", "10")
    #expect(try on(Self.saturday, "backlog") == "#3  Tea, rest, up to 1 spoon back\n")
  }

  /// A day with a task that took more than planned and a rest: `completed` says `spent` as
  /// `history`, `status` and `stats` count it (what the tasks took, rests not taken off),
  /// what they were planned at beside it, and `rested`; the same the morning after.
  @Test func aDaysNumbersAgreeInCompletedHistoryStatusAndStats() throws {
    let tmp = TemporaryDirectory()
    let input = script(
      "new-day 10", "add 3 Laundry", "add 2 Call mum", "add 4 Groceries", "plan 1 2 3",
      "done 1 --took 5", "done 2", "rest 3 Nap", "done 4")
    let day = try spoons([], stdin: input, data: tmp.data, environment: Self.friday)
    #expect(day.status == 0, "\(day.stderr)")
    // Laundry took 5 (planned 3) and Call mum 2: spent 7, planned at 5; Nap gave back 3.
    let heading = "Fri 20 Nov 2026 · 3 done · spent 7 (planned at 5) · rested 3\n"
    let status = try object(run(["status", "--json"], tmp.data, Self.friday))
    #expect(status["spent"] as? Int == 7 && status["checked"] as? Int == 5)
    #expect(status["rested"] as? Int == 3)
    #expect(
      try run(["status"], tmp.data, Self.friday)
        .contains("rested 3 · planned 9 of 13 · spent 7 (planned at 5) · left 4\n"))
    #expect(try run(["completed"], tmp.data, Self.friday).hasPrefix("Today, " + heading))
    let today = try #require(try days(run(["history", "--json"], tmp.data, Self.friday)).last)
    #expect(today["spent"] as? Int == 7 && today["rested"] as? Int == 3)
    #expect(today["done"] as? Int == 3)

    _ = try run(["new-day", "10"], tmp.data, Self.saturday)
    #expect(try run(["completed"], tmp.data, Self.saturday).hasPrefix(heading))
    let friday = try #require(
      try days(run(["history", "--json"], tmp.data, Self.saturday)).first {
        $0["date"] as? String == "2026-11-20"
      })
    #expect(friday["spent"] as? Int == 7 && friday["checked"] as? Int == 5)
    #expect(friday["rested"] as? Int == 3 && friday["done"] as? Int == 3)
    let history = try run(["history"], tmp.data, Self.saturday)
    let row = "Fri 20 Nov     10      0        0      3       9     7    3"
    #expect(history.contains(row), "\(history)")
    let stats = try object(run(["stats", "--json", "--days", "7"], tmp.data, Self.saturday))
    #expect(stats["days"] as? Int == 1 && stats["rested"] as? Int == 3)
    #expect((stats["spent"] as? NSNumber)?.doubleValue == 7.0)
    let text = try run(["stats", "--days", "7"], tmp.data, Self.saturday)
    #expect(text.contains("spent 7.0 spoons a day") && text.contains("on 1 day, 3 spoons back"))
  }

  private func object(_ json: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
  }

  private func days(_ json: String) throws -> [[String: Any]] {
    try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
  }
}
