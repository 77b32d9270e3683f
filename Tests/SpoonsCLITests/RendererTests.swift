import SpoonsCore
import SpoonsTestSupport
import Testing
@testable import SpoonsCLI

@Suite("Rendering")
struct RendererTests {
  @Test func spoonBarShowsPlannedOfTheDaysTotal() {
    let plain = Renderer(style: Style(color: false))
    #expect(plain.spoonBar(SpoonLedger(budget: 12, planned: 7)) == "●●●●●●●○○○○○ 7/12")
    #expect(plain.spoonBar(SpoonLedger(budget: 0)) == "0/0")
    // The total is what the prompt shows: budget - repaid + borrowed + rested.
    let ledger = SpoonLedger(budget: 10, repaid: 2, borrowed: 3, rested: 1, planned: 12)
    #expect(plain.spoonBar(ledger) == "●●●●●●●●●●●● 12/12")
  }

  @Test func spoonBarNeverPassesTheColumns() {
    let narrow = Renderer(style: Style(color: false), columns: { 40 })
    let bar = narrow.spoonBar(SpoonLedger(budget: 99, borrowed: 49, planned: 74))
    #expect(Text.width(bar) == 40)
    #expect(bar.hasSuffix(" 74/148"))
    // About half planned, drawn about half full.
    let full = bar.filter { $0 == "●" }.count, free = bar.filter { $0 == "○" }.count
    #expect(full + free == 33 && abs(full - free) <= 1)
    let tiny = Renderer(style: Style(color: false), columns: { 5 })
    #expect(tiny.spoonBar(SpoonLedger(budget: 99, planned: 3)) == "3/99")
  }

  @Test func asciiCharsetDrawsEveryTodayViewInASCII() throws {
    var p = Planner()
    let now = try #require(Timestamp(iso: "2026-11-23T08:00:00+00:00"))
    try p.startNewDay(budget: 6, at: now)
    try p.add("Laundry", spoons: 2, at: now, due: now.date)
    try p.add("Walk", spoons: 1, at: now)
    try p.plan([TaskID(1), TaskID(2)], at: now)
    try p.markDone([TaskID(2)], at: now)
    let ascii = Renderer(style: Style(color: false), charset: .ascii)
    let text = ascii.status(p, today: now.date) + ascii.todo(p, today: now.date)
    #expect(text.unicodeScalars.allSatisfy { $0.isASCII }, "\(text)")
    #expect(text.contains("[x]") && text.contains("###...") && text.contains(" - due today"))
  }

  @Test func displayWidthCountsWideAndZeroWidthCharacters() {
    #expect(Text.width("abc") == 3)
    #expect(Text.width("洗濯") == 4)
    #expect(Text.width("☕") == 2)
    #expect(Text.width("é") == 1)
    #expect(Text.width("e\u{301}") == 1)
    #expect(Text.width("👩‍👩‍👧") == 2)
  }

  @Test func visibleEscapesTerminalControls() {
    #expect(Text.visible("a\u{1B}[2Jb\u{7}\u{202E}") == "a\\e[2Jb\\x07\\u{202E}")
    #expect(Text.visible("Café ☕") == "Café ☕")
  }

  /// Notes and places typed at the prompt are plain text, but one edited into the file by hand
  /// may hold anything: `show` and `edit` print it escaped, never raw.
  @Test func hostileNotesFromAFileAreShownEscaped() throws {
    let now = morning
    let task = SpoonTask(
      id: TaskID(3), title: try Title("Tidy"), spoons: try SpoonCost(2), placement: .category,
      created: now, updated: now, note: "line one\n\u{1B}[2Jgone", location: "\u{202E}evil")
    let r = Renderer(style: Style(color: false))
    for text in [r.show(task, today: now.date), r.editCommand(task)] {
      #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
      #expect(text.contains("line one\\n\\e[2Jgone"))
      #expect(text.filter { $0 == "\n" }.count == (text.hasPrefix("edit") ? 1 : 8), "one line per field, none broken")
    }
  }

  /// Overdue and due today are said in words, and in red only where colour is allowed.
  @Test func dueDatesAreFlaggedInWordsAndColour() throws {
    let now = morning
    func task(due: String) throws -> SpoonTask {
      SpoonTask(
        id: TaskID(1), title: try Title("Bill"), spoons: try SpoonCost(1), placement: .category,
        created: now, updated: now, due: CivilDate(iso: due))
    }
    let plain = Renderer(style: Style(color: false)), coloured = Renderer(style: Style(color: true))
    #expect(plain.due(try task(due: "2026-11-20"), today: now.date) == "due Fri 20 Nov, overdue")
    #expect(plain.due(try task(due: "2026-11-21"), today: now.date) == "due today")
    #expect(plain.due(try task(due: "2026-11-22"), today: now.date) == "due tomorrow")
    #expect(plain.due(try task(due: "2026-11-23"), today: now.date) == "due Mon 23 Nov")
    #expect(plain.due(try task(due: "2027-01-04"), today: now.date) == "due Mon 4 Jan 2027")
    #expect(coloured.due(try task(due: "2026-11-20"), today: now.date) == "\u{1B}[31mdue Fri 20 Nov, overdue\u{1B}[0m")
    #expect(coloured.due(try task(due: "2026-11-23"), today: now.date) == "due Mon 23 Nov")
  }

  /// A done task is never late, but its due date reads as an open one's does: `due today`
  /// in every view, not the date in some and `today` in others.
  @Test func aDoneTasksDueDateReadsTheSameWordsUnflagged() throws {
    let now = morning
    let done = SpoonTask(
      id: TaskID(1), title: try Title("Bill"), spoons: try SpoonCost(1),
      placement: .done(from: .category, at: now), created: now, updated: now, due: now.date)
    let coloured = Renderer(style: Style(color: true))
    #expect(coloured.due(done, today: now.date) == "due today")
    #expect(coloured.edited(done, today: now.date) == "Changed #1 Bill (1 spoon), due today.\n")
    #expect(coloured.show(done, today: now.date).contains("  due        today\n"))
  }

  @Test func jsonStringsEscapeEverything() {
    #expect(JSONRenderer.string("a\"b\\c\nd\u{1}é") == "\"a\\\"b\\\\c\\nd\\u0001é\"")
  }

  @Test func colourNeverAloneAndOnlyWhenAllowed() {
    let on = Style.decide(outputIsTerminal: true, noColorFlag: false, variables: [:])
    #expect(on.color)
    #expect(!Style.decide(outputIsTerminal: false, noColorFlag: false, variables: [:]).color)
    #expect(!Style.decide(outputIsTerminal: true, noColorFlag: true, variables: [:]).color)
    #expect(!Style.decide(outputIsTerminal: true, noColorFlag: false, variables: ["NO_COLOR": "1"]).color)
    #expect(!Style.decide(outputIsTerminal: true, noColorFlag: false, variables: ["TERM": "dumb"]).color)
  }

  @Test func variablesAreReadOneAtATimeOrFixed() {
    let process = Environment.Variables.process
    #expect(process["PATH"] != nil)
    #expect(process["PATH"] == process.all["PATH"])
    #expect(process["SPOONS_NEVER_SET_BY_ANYONE"] == nil)
    // Setting one (as a transcript's `@@ env` does) keeps the rest, and only in this copy.
    var changed = process
    changed["SPOONS_NEVER_SET_BY_ANYONE"] = "1"
    #expect(changed["SPOONS_NEVER_SET_BY_ANYONE"] == "1")
    #expect(changed["PATH"] == process["PATH"])
    #expect(Environment.Variables.process["SPOONS_NEVER_SET_BY_ANYONE"] == nil)
    let fixed: Environment.Variables = ["NO_COLOR": "1"]
    #expect(fixed["NO_COLOR"] == "1" && fixed["PATH"] == nil)
  }
}
