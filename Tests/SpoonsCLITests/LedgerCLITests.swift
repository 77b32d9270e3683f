import Foundation
import SpoonsCore
import SpoonsTestSupport
import Testing
@testable import SpoonsCLI

/// The day's numbers through the real binary: one ledger behind the prompt, `status`, the
/// JSON and the limits, whatever the terminal.
@Suite("The day's spoons, through the binary")
struct LedgerCLITests {
  /// The limits are Core's: the parser takes any whole number and the day refuses, as a
  /// usage mistake (64), in the day's words, changing nothing.
  @Test(arguments: [
    (["new-day", "100"], "a day's budget must be a whole number from 0 to 99 spoons, not 100"),
    (["new-day", "-1"], "a day's budget must be a whole number from 0 to 99 spoons, not -1"),
    (["borrow", "-2"],
      "borrow needs a whole number of spoons from 1 (or 0 to give back what today does not "
        + "need), not -2"),
    (["budget", "100"], "a day's budget must be a whole number from 0 to 99 spoons, not 100"),
    (["budget", "-1"], "a day's budget must be a whole number from 0 to 99 spoons, not -1"),
    (["reserve", "100"], "the reserve must be a whole number from 0 to 99 spoons, not 100"),
    (["reserve", "-1"], "the reserve must be a whole number from 0 to 99 spoons, not -1"),
  ])
  func outOfRangeNumbersAreTheDaysToRefuse(_ words: [String], _ message: String) throws {
    let tmp = TemporaryDirectory()
    try spoons(["new-day", "6"], data: tmp.data)
    let before = everyFile(in: tmp.data)
    let run = try spoons(words, data: tmp.data)
    #expect(run.status == 64 && run.stderr == "error: \(message)\n" && run.stdout.isEmpty)
    #expect(everyFile(in: tmp.data) == before)
  }

  /// Borrowing past the limit is a refusal (1), not a usage mistake.
  @Test func borrowingPastTheLimitIsARefusal() throws {
    let tmp = TemporaryDirectory()
    try spoons(["new-day", "6"], data: tmp.data)
    let run = try spoons(["borrow", "4"], data: tmp.data)
    #expect(run.status == 1 && run.stderr.contains("a day may borrow at most 3"))
  }

  /// A clock gone back never starts a day before the open one, and says which dates and why.
  @Test func aNewDayBeforeTheOpenOneIsRefusedAndChangesNothing() throws {
    let tmp = TemporaryDirectory()
    let monday = ["SPOONS_NOW": "2026-11-23T08:00:00+00:00"]
    let sunday = ["SPOONS_NOW": "2026-11-22T08:00:00+00:00"]
    try spoons(["new-day", "5"], data: tmp.data, environment: monday)
    let before = everyFile(in: tmp.data)
    let run = try spoons(["new-day", "5"], data: tmp.data, environment: sunday)
    #expect(run.status == 1)
    #expect(run.stderr.contains("Sun 22 Nov 2026") && run.stderr.contains("Mon 23 Nov 2026"))
    #expect(run.stderr.contains("clock"))
    #expect(everyFile(in: tmp.data) == before)
    let history = try spoons(["history", "--json"], data: tmp.data, environment: monday)
    #expect(history.stdout.contains("\"date\":\"2026-11-23\"") && !history.stdout.contains("2026-11-22"))
  }

  /// The prompt's `planned/total` is `status`'s and the JSON's, with borrowing and rests.
  @Test func thePromptStatusAndJSONSayTheSameTotal() throws {
    let tmp = TemporaryDirectory()
    let run = try spoons(
      [], stdin: script("new-day 10", "add 4 Clean", "plan 1", "done 1", "rest 2 Nap", "done 2",
        "borrow 2", "status", "status --json"),
      data: tmp.data)
    #expect(run.status == 0, "\(run.stderr)")
    // 10 + 2 borrowed + 2 rested = 14 to plan with, 4 planned.
    #expect(run.stdout.contains("●●●●○○○○○○○○○○ 4/14\n"))
    #expect(run.stdout.contains("budget 10 · borrowed 2 · rested 2 · planned 4 of 14 · spent 4 · left 10\n"))
    #expect(run.stdout.contains(
      "\"budget\":10,\"repaid\":0,\"borrowed\":2,\"rested\":2,\"total\":14,\"reserve\":0,"
        + "\"planned\":4,\"spent\":4,\"left\":10,\"room\":10"))
  }

  /// One width rule: the spoon bar fits `COLUMNS`, however many spoons the day has.
  @Test func theSpoonBarFitsTheColumns() throws {
    let tmp = TemporaryDirectory()
    try spoons(["new-day", "99"], data: tmp.data)
    try spoons(["borrow", "49"], data: tmp.data)
    let run = try spoons(["status"], data: tmp.data, environment: ["COLUMNS": "40"])
    let bar = try #require(run.stdout.split(separator: "\n").dropFirst().first)
    #expect(Text.width(String(bar)) <= 40 && bar.hasSuffix(" 0/148"), "\(bar)")
  }

  /// One character rule: under a locale that is not UTF-8, every view of today is ASCII.
  @Test func aNonUTF8LocaleGetsASCIIEverywhere() throws {
    let tmp = TemporaryDirectory()
    let c = ["LANG": "C", "LC_ALL": "", "LC_CTYPE": ""]
    try spoons([], stdin: script("new-day 6", "add 2 Laundry --due today", "add 1 Walk",
      "plan 1 2", "done 2", "routine add 1 Meds"), data: tmp.data)
    for command in [["status"], ["todo"], ["completed"], ["history"], ["stats"]] {
      let run = try spoons(command, data: tmp.data, environment: c)
      #expect(run.status == 0 && run.stdout.unicodeScalars.allSatisfy(\.isASCII), "\(run.stdout)")
    }
    let status = try spoons(["status"], data: tmp.data, environment: c).stdout
    #expect(status.contains("##...") && status.contains("[x]") && status.contains(" - due today"))
  }
}
