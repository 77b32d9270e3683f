import SpoonsCore
import SpoonsStore
import SpoonsTestSupport
import Testing
@testable import SpoonsCLI

@Suite("Line editing, as pure functions")
struct LineEditingTests {
  @Test(arguments: [
    ([0x61, 0x62], [Key.character("a"), .character("b")]),
    ([0x0D], [.enter]), ([0x0A], [.enter]), ([0x09], [.tab]),
    ([0x7F], [.backspace]), ([0x08], [.backspace]),
    ([0x1B, 0x5B, 0x44], [.left]), ([0x1B, 0x5B, 0x43], [.right]),
    ([0x1B, 0x5B, 0x41], [.up]), ([0x1B, 0x5B, 0x42], [.down]),
    ([0x1B, 0x4F, 0x48], [.home]), ([0x1B, 0x5B, 0x46], [.end]),
    ([0x1B, 0x5B, 0x31, 0x7E], [.home]), ([0x1B, 0x5B, 0x34, 0x7E], [.end]),
    ([0x1B, 0x5B, 0x33, 0x7E], [.delete]),
    ([0x1B, 0x62], [.wordLeft]), ([0x1B, 0x66], [.wordRight]),
    ([0x1B, 0x5B, 0x31, 0x3B, 0x35, 0x44], [.wordLeft]),
    ([0x01], [.home]), ([0x05], [.end]), ([0x0B], [.killToEnd]), ([0x15], [.killToStart]),
    ([0x17], [.killWordBefore]), ([0x03], [.interrupt]), ([0x04], [.endOfInput]),
    ([0x0C], [.clearScreen]),
    ([0xC3, 0xA9], [.character("é")]),
    ([0xE6, 0xB4, 0x97], [.character("洗")]),
    ([0xF0, 0x9F, 0x98, 0x80], [.character("😀")]),
    ([0xFF, 0x61], [.character("a")]),  // an invalid byte is skipped
    ([0xE6, 0x61], [.character("a")]),  // so is a character cut short
    ([0x1B, 0x5B, 0x39, 0x39, 0x7A, 0x61], [.character("a")]),  // an unknown sequence too
  ] as [([UInt8], [Key])])
  func decoderTurnsBytesIntoKeys(_ bytes: [UInt8], _ keys: [Key]) {
    var decoder = KeyDecoder()
    #expect(decoder.feed(bytes) == keys)
  }

  @Test func sequencesSplitAcrossReadsStillDecode() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B]) == [])
    #expect(decoder.feed([0x5B]) == [])
    #expect(decoder.feed([0x44, 0xE6]) == [.left])
    #expect(decoder.feed([0xB4]) == [])
    #expect(decoder.feed([0x97]) == [.character("洗")])
  }

  static func run(_ start: String, cursor: Int? = nil, _ keys: [Key]) -> (String, Int, EditAction) {
    var state = EditState(start, cursor: cursor)
    var last = EditAction.none
    for key in keys { last = state.apply(key) }
    return (state.text, state.cursor, last)
  }

  @Test(arguments: [
    ("", nil, [Key.character("a"), .character("b")], "ab", 2, EditAction.none),
    ("ad 3", 1, [.character("d")], "add 3", 2, .none),
    ("abc", nil, [.left, .left, .backspace], "bc", 0, .none),
    ("abc", 1, [.delete], "ac", 1, .none),
    ("abc", nil, [.home, .character(">")], ">abc", 1, .none),
    ("abc", 0, [.end], "abc", 3, .none),
    ("plan 4 7", 5, [.killToEnd], "plan ", 5, .none),
    ("plan 4 7", 5, [.killToStart], "4 7", 0, .none),
    ("add 3 Call mum", nil, [.killWordBefore], "add 3 Call ", 11, .none),
    ("add 3 Call mum", nil, [.wordLeft, .wordLeft], "add 3 Call mum", 6, .none),
    ("add 3 Call mum", 0, [.wordRight, .wordRight], "add 3 Call mum", 5, .none),
    ("café ☕ 洗濯", nil, [.left, .backspace], "café ☕ 濯", 7, .none),
    ("e\u{301}x", nil, [.left, .backspace], "x", 0, .none),
    ("👩‍👩‍👧 ok", 0, [.right, .delete], "👩‍👩‍👧ok", 1, .none),
    ("status", nil, [.enter], "status", 6, .submit("status")),
    ("half", nil, [.interrupt], "", 0, .interrupt),
    ("", nil, [.endOfInput], "", 0, .endOfInput),
    ("ab", 0, [.endOfInput], "b", 0, .none),
    ("pl", nil, [.tab], "pl", 2, .complete),
    ("", nil, [.up], "", 0, .historyPrevious),
    ("", nil, [.down], "", 0, .historyNext),
    ("x", nil, [.clearScreen], "x", 1, .clearScreen),
  ] as [(String, Int?, [Key], String, Int, EditAction)])
  func editStateAppliesKeys(
    _ start: String, _ cursor: Int?, _ keys: [Key], _ text: String, _ at: Int, _ action: EditAction
  ) {
    let (t, c, a) = Self.run(start, cursor: cursor, keys)
    #expect(t == text && c == at && a == action)
  }

  @Test func layoutWrapsByDisplayWidth() {
    // "> " + 8 ASCII on 10 columns: exactly full, the end wraps to the next row.
    let full = LineLayout(prompt: "> ", characters: Array("abcdefgh"), cursor: 3, columns: 10)
    #expect(full.cursor == .init(row: 0, column: 5))
    #expect(full.end == .init(row: 1, column: 0))
    // A wide character that does not fit in the last column moves whole to the next row.
    let wide = LineLayout(prompt: "> ", characters: Array("abcdefg洗x"), cursor: 8, columns: 10)
    #expect(wide.cursor == .init(row: 1, column: 2))
    #expect(wide.end == .init(row: 1, column: 3))
    let emoji = LineLayout(prompt: "", characters: Array("☕é"), cursor: 1, columns: 80)
    #expect(emoji.cursor == .init(row: 0, column: 2) && emoji.end == .init(row: 0, column: 3))
  }

  @Test func historyIsBoundedAndSkipsRepeats() {
    var saved: [String] = []
    let history = LineHistory(["a"], limit: 3, onAdd: { saved.append($0) })
    for line in ["b", "b", "  ", "c", "d"] { history.add(line) }
    #expect(history.entries == ["b", "c", "d"])
    #expect(saved == ["b", "c", "d"])
  }

  @Test func historyFileSurvivesRestartsBoundedAndPrivate() throws {
    let tmp = TemporaryDirectory()
    let file = HistoryFile(directory: tmp.data, limit: 5)
    for i in 0..<12 { file.append("line \(i)") }
    #expect(file.load() == (7..<12).map { "line \($0)" })
    let again = HistoryFile(directory: tmp.data, limit: 5)
    again.append("more")
    #expect(again.load() == ["line 8", "line 9", "line 10", "line 11", "more"])
    let attributes = try FileManager.default.attributesOfItem(atPath: tmp.data + "/history.txt")
    #expect(attributes[.posixPermissions] as? Int == 0o600)
  }

  /// A `history.txt` that is not Spoons's (the person's own file of that name) is neither
  /// read nor written to.
  @Test func aHistoryFileNotOursIsLeftAlone() throws {
    let tmp = TemporaryDirectory()
    try FileManager.default.createDirectory(atPath: tmp.data, withIntermediateDirectories: true)
    let mine = Data("my own notes\nline two\n".utf8)
    try mine.write(to: URL(fileURLWithPath: tmp.data + "/history.txt"))
    let file = HistoryFile(directory: tmp.data, limit: 5)
    file.append("status")
    #expect(file.load() == [])
    #expect(FileManager.default.contents(atPath: tmp.data + "/history.txt") == mine)
  }

  @Test func completionOffersCommandsThenWhatTheyTake() throws {
    let tmp = TemporaryDirectory()
    let store = PlannerStore(directory: tmp.data)
    let now = morning
    try store.update(at: now) { p, _ in
      try p.startNewDay(budget: 10, at: now)
      try p.add("Laundry", spoons: 3, at: now)
      try p.add("Call mum", spoons: 2, at: now)
      try p.plan([TaskID(2)], at: now)
    }
    let session = Session(
      store: store,
      environment: Environment(
        now: { now }, variables: [:], input: ScriptedLines([]), output: StringSink(),
        errors: StringSink(), inputIsTerminal: true, outputIsTerminal: false),
      renderer: Renderer(style: Style(color: false)))
    func complete(_ line: String) -> [String] {
      let chars = Array(line)
      guard let c = session.completions(line: chars, cursor: chars.count) else { return [] }
      return c.matching(String(chars[c.wordStart...])).map(\.label)
    }
    #expect(complete("pl") == ["plan"])
    #expect(complete("d") == ["done", "delete"])
    #expect(complete("plan ") == ["#1  Laundry, 3 spoons · category 3"])
    #expect(complete("done ") == ["#2 Call mum (2)"])
    #expect(complete("add ").count == 10)
    #expect(complete("help st") == ["status", "stats"])
    #expect(complete("ch") == ["chart", "check"])
    #expect(complete("status ").isEmpty)
  }

  /// Tab on a word starting with `+`, `@` or `-` offers the open tasks' tags and contexts,
  /// where the command takes them (a title, `edit`, a filter), and nowhere else.
  @Test func completionOffersTheTagsInUse() throws {
    let tmp = TemporaryDirectory()
    let store = PlannerStore(directory: tmp.data)
    try store.update(at: morning) { p, _ in
      let tags = try ["+health", "+home", "@phone"].map { try #require(try SpoonsCore.Tag(word: $0)) }
      p.add(try Title("Call GP"), spoons: try SpoonCost(2), at: morning, tags: tags)
      p.add(try Title("Hoover"), spoons: try SpoonCost(3), at: morning, tags: [tags[1]])
    }
    let session = Session(
      store: store,
      environment: Environment(
        now: { morning }, variables: [:], input: ScriptedLines([]), output: StringSink(),
        errors: StringSink(), inputIsTerminal: true, outputIsTerminal: false),
      renderer: Renderer(style: Style(color: false)))
    func complete(_ line: String) -> [String] {
      let chars = Array(line)
      guard let c = session.completions(line: chars, cursor: chars.count) else { return [] }
      return c.matching(String(chars[c.wordStart...])).map(\.text)
    }
    #expect(complete("list +h") == ["+health", "+home"])
    #expect(complete("todo @") == ["@phone"])
    #expect(complete("add 2 Call +he") == ["+health"])
    #expect(complete("edit 1 -") == ["-health", "-home", "-@phone"])
    #expect(complete("done +ho") == ["+home"])
    #expect(complete("show +").isEmpty)
  }

  /// Tab after `plan` on a day of 6 spoons with 2 planned: what fits first, most important
  /// first (due soonest, the backlog, the categories), each with its cost and where it is;
  /// what does not fit last, said in words. The ids already typed take their room.
  @Test func tabAfterPlanOffersWhatFitsTodayFirst() throws {
    let tmp = TemporaryDirectory()
    let store = PlannerStore(directory: tmp.data)
    let yesterday = morning.plus(days: -1)
    try store.update(at: morning) { p, _ in
      try p.startNewDay(budget: 6, at: yesterday)
      try p.add("Call mum", spoons: 2, at: yesterday)
      try p.plan([TaskID(1)], at: yesterday)
      try p.startNewDay(budget: 6, at: morning)  // #1 into the backlog
      try p.add("Tea with Sam", spoons: 2, at: morning)
      try p.add("Deep clean", spoons: 5, at: morning)
      try p.add("Laundry", spoons: 3, at: morning)
      try p.add("Pay the bill", spoons: 1, at: morning, due: CivilDate(iso: "2026-11-22"))
      try p.plan([TaskID(2)], at: morning)
    }
    let session = Session(
      store: store,
      environment: Environment(
        now: { morning }, variables: [:], input: ScriptedLines([]), output: StringSink(),
        errors: StringSink(), inputIsTerminal: true, outputIsTerminal: false),
      renderer: Renderer(style: Style(color: false)))
    func complete(_ line: String) -> [String] {
      let chars = Array(line)
      guard let c = session.completions(line: chars, cursor: chars.count) else { return [] }
      return c.matching(String(chars[c.wordStart...])).map(\.label)
    }
    #expect(complete("plan ") == [
      "#5  Pay the bill, 1 spoon · due tomorrow · category 1",
      "#1  Call mum, 2 spoons · backlog since Fri 20 Nov",
      "#4  Laundry, 3 spoons · category 3",
      "#3  Deep clean, 5 spoons · category 5 · does not fit",
    ])
    #expect(complete("plan 4 ") == [
      "#5  Pay the bill, 1 spoon · due tomorrow · category 1",
      "#1  Call mum, 2 spoons · backlog since Fri 20 Nov · does not fit",
      "#3  Deep clean, 5 spoons · category 5 · does not fit",
    ])
    #expect(complete("plan --use-reserve 3") == ["#3  Deep clean, 5 spoons · category 5 · does not fit"])
    #expect(complete("plan 5 1") == ["#1  Call mum, 2 spoons · backlog since Fri 20 Nov"])
  }
}

import Foundation
