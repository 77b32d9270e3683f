import SpoonsCore
import Testing
@testable import SpoonsCLI

@Suite("Rendering")
struct RendererTests {
  @Test func spoonBarShowsPlannedOfBudget() {
    #expect(Renderer(style: Style(color: false)).spoonBar(planned: 7, budget: 12) == "●●●●●●●○○○○○ 7/12")
    #expect(Renderer(style: Style(color: false)).spoonBar(planned: 0, budget: 0) == "0/0")
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
}
