import Foundation
import SpoonsCore
import SpoonsStore
import SpoonsTestSupport
import Testing
@testable import SpoonsCLI

/// Titles as people type them: an apostrophe inside or at the end of a word is a letter, a
/// quote groups only where a word starts, and the one mistake (a quote never closed) is
/// answered with a line that works. At the prompt, in a script and one-shot.
@Suite("Apostrophes and quotes in titles")
struct TitleQuotingTests {
  /// What is typed after `add 2 `, and the title it makes.
  static let titles: [(String, String)] = [
    ("Call mum's GP", "Call mum's GP"),
    ("Don't forget the bins", "Don't forget the bins"),
    ("Ring Mrs O'Brien", "Ring Mrs O'Brien"),
    ("Visit my parents' house", "Visit my parents' house"),
    ("Pick up the kids' shoes", "Pick up the kids' shoes"),
    ("It's Sam's turn, isn't it?", "It's Sam's turn, isn't it?"),
    ("rock'n'roll night", "rock'n'roll night"),
    ("Measure the 6'2\" shelf", "Measure the 6'2\" shelf"),
    ("Order a 12\" pizza", "Order a 12\" pizza"),
    ("Mum’s birthday", "Mum’s birthday"),
    ("“Book club” night", "“Book club” night"),
    ("Fix C:\\Users\\me", "Fix C:\\Users\\me"),
    // Quotes that open a word still group, as in a shell.
    ("'two  spaces'", "two  spaces"),
    ("\"Call mum's surgery\"", "Call mum's surgery"),
    ("'Call dad's GP'", "Call dad's GP"),
    ("'He said \"hi\"'", "He said \"hi\""),
    ("\"rock 'n' roll night\"", "rock 'n' roll night"),
    ("\"'tis the season\"", "'tis the season"),
    ("\\'tis the night", "'tis the night"),
    // A word quoted as a whole loses its quotes, as in a shell.
    ("Cancel the 'gym' membership", "Cancel the gym membership"),
  ]

  static let typedLines: [String] = titles.map { "add 2 " + $0.0 }
  static let titleTexts: [String] = titles.map(\.1)

  @Test(arguments: titles)
  func theParserReadsTheTitle(_ typed: String, _ title: String) throws {
    let parsed = try CommandParser.parse(line: "add 2 " + typed)
    let expected = Commands.Add(spoons: try SpoonCost(2), title: try Title(title))
    #expect(parsed?.isEqual(expected) == true, "\(typed) parsed to \(String(describing: parsed))")
  }

  /// The real REPL loop, as at the prompt.
  @Test func atThePrompt() throws {
    let tmp = TemporaryDirectory()
    let screen = StringSink()
    let session = Session(
      store: PlannerStore(directory: tmp.data),
      environment: Environment(
        now: { morning }, variables: [:], input: ScriptedLines(Self.typedLines), output: screen,
        errors: screen, inputIsTerminal: true, outputIsTerminal: false),
      renderer: Renderer(style: Style(color: false)))
    _ = Repl(session: session, mode: .interactive).run()
    #expect(!screen.text.contains("error"), "\(screen.text)")
    let stored = try PlannerStore(directory: tmp.data).load().allTasks.map(\.title.text)
    #expect(stored == Self.titleTexts)
  }

  /// The binary reading a script from standard input.
  @Test func inAScript() throws {
    let tmp = TemporaryDirectory()
    let run = try spoons([], stdin: script(Self.typedLines.joined(separator: "\n")), data: tmp.data)
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
    let added = Self.titleTexts.enumerated().map { "Added #\($0.offset + 1) \($0.element) (2 spoons).\n" }
    #expect(run.stdout == added.joined())
    #expect(try storedTitles(in: tmp) == Self.titleTexts)
  }

  /// One-shot, the shell has already split the words: they pass untouched, quotes and all.
  @Test func oneShotArgumentsPassUntouched() throws {
    let tmp = TemporaryDirectory()
    let words: [[String]] = [
      ["Call", "mum's", "GP"], ["Call mum's GP"], ["'quoted'"], ["\"Say hi\""], ["it's", "'"],
      ["parents'", "house"], ["C:\\Users"],
    ]
    for title in words {
      let run = try spoons(["add", "2", "--force"] + title, data: tmp.data)
      #expect(run.status == 0, "\(title): \(run.stderr)")
    }
    #expect(try storedTitles(in: tmp) == words.map { $0.joined(separator: " ") })
  }

  private func storedTitles(in tmp: TemporaryDirectory) throws -> [String] {
    let json = try spoons(["list", "--json"], data: tmp.data).stdout
    let tasks = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    return tasks.compactMap { $0["title"] as? String }
  }

  // MARK: - A quote never closed

  /// The line, its quote, and what the suggested lines parse to: closing the quote at the end
  /// of the line, and (for a ') keeping it as an apostrophe.
  static let unclosed: [(String, String, String, String?)] = [
    ("add 2 'Call mum's GP", "'", "add 2 -- \"Call mum's GP\"", "add 2 -- \"'Call mum's GP\""),
    ("add 2 'tis the season", "'", "add 2 -- \"tis the season\"", "add 2 -- \"'tis the season\""),
    ("add 2 'two  spaces   ", "'", "add 2 -- 'two  spaces'", "add 2 -- \"'two  spaces\""),
    ("add 2 \"Say \\\"hi", "\"", "add 2 -- 'Say \"hi'", nil),
    ("add 2 \"C:\\", "\"", "add 2 -- 'C:\\'", nil),
    ("add 2 Pharmacy --note='bring the card", "'", "add 2 Pharmacy --note 'bring the card'",
     "add 2 Pharmacy --note \"'bring the card\""),
    ("edit 3 --title 'Mum's birthday", "'", "edit 3 --title \"Mum's birthday\"",
     "edit 3 --title \"'Mum's birthday\""),
    ("search 'mum's", "'", "search \"mum's\"", "search \"'mum's\""),
  ]

  @Test(arguments: unclosed)
  func anUnclosedQuoteShowsLinesThatWork(
    _ line: String, _ quote: String, _ closed: String, _ kept: String?
  ) throws {
    var message = ""
    #expect {
      _ = try CommandParser.parse(line: line)
    } throws: { error in
      message = (error as? ParseError)?.message ?? ""
      return true
    }
    let lead = "a \(quote) quote is not closed; try: "
    #expect(message.hasPrefix(lead), "\(message)")
    let parts = String(message.dropFirst(lead.count))
      .components(separatedBy: " (or, to keep the ' as an apostrophe: ")
    #expect(parts.count == (kept == nil ? 1 : 2), "\(message)")
    let suggested = try #require(try CommandParser.parse(line: parts[0]), "\(parts[0])")
    let meant = try #require(try CommandParser.parse(line: closed))
    #expect(suggested.isEqual(meant), "\(parts[0]) is not \(closed)")
    if let kept, parts.count == 2 {
      let apostrophe = String(parts[1].dropLast())  // the closing parenthesis
      let suggested = try #require(try CommandParser.parse(line: apostrophe), "\(apostrophe)")
      #expect(suggested.isEqual(try #require(try CommandParser.parse(line: kept))), "\(apostrophe)")
    }
  }

  @Test func anUnclosedQuoteInAScriptIsAUsageErrorAndChangesNothing() throws {
    let tmp = TemporaryDirectory()
    let run = try spoons(
      [], stdin: script("add 1 Tea", "add 2 'Call mum's GP", "add 3 Never reached"), data: tmp.data)
    #expect(run.status == 64)
    #expect(
      run.stderr == """
        error: line 2: a ' quote is not closed; try: add 2 "Call mum's GP" (or, to keep the ' \
        as an apostrophe: add 2 "'Call mum's GP")

        """)
    #expect(try storedTitles(in: tmp) == ["Tea"])
  }

  @Test func aQuoteAloneAtTheEndSaysSo() {
    #expect(throws: ParseError(
      "a ' quote is not closed (the line ends with it); remove it, or write it in the other "
        + "quotes: \"'\"")) { try CommandParser.parse(line: "add 2 Tea '") }
  }

  // MARK: - Writing words back

  /// Whatever the text, `Tokenizer.quoted` writes a word that reads back as exactly it, in
  /// either quotes, where a word starts and after `--option=`.
  @Test(arguments: 0..<4)
  func quotedTextReadsBack(seed: Int) throws {
    var rng = SeededGenerator(seed: UInt64(seed))
    let pieces = ["a", "Mum", "'", "\"", "\\", " ", "  ", "\t", "$", "`", "’", "-", "=", "é", "#"]
    for _ in 0..<500 {
      let text = (0..<(1 + rng.below(8))).map { _ in pieces[rng.below(pieces.count)] }.joined()
      for quote: Character in ["'", "\""] {
        let word = Tokenizer.quoted(text, preferring: quote)
        #expect(try Tokenizer.words("add 2 " + word) == ["add", "2", text], "\(text) as \(word)")
        #expect(try Tokenizer.words("x --note=" + word) == ["x", "--note=" + text])
      }
    }
  }

  /// `edit ID` alone prints the task as a line to copy back: it parses to the same values.
  @Test(arguments: ["Call mum's GP", "'tis the season", "Say \"hi\" now", "parents'", "C:\\ drive"])
  func theEditLineParsesBack(_ title: String) throws {
    let task = SpoonTask(
      id: TaskID(3), title: try Title(title), spoons: try SpoonCost(2), placement: .category,
      created: morning, updated: morning, note: "it's here", location: "O'Brien's")
    let printed = Renderer(style: Style(color: false)).editCommand(task)
    #expect(printed.hasSuffix("\n") && printed.filter { $0 == "\n" }.count == 1)
    let line = String(printed.dropLast())
    let parsed = try #require(try CommandParser.parse(line: line) as? Commands.Edit)
    #expect(parsed.edit.title?.text == title, "\(line)")
    #expect(parsed.edit.note == "it's here" && parsed.edit.location == "O'Brien's", "\(line)")
  }

  @Test(arguments: [
    ("it's", ["it's"]),
    ("'a b' c", ["a b", "c"]),
    ("'a'b c'", ["a'b c"]),
    ("a 'b", nil),
    ("''", [""]),
    ("'''", ["'"]),
    ("x''y", ["x''y"]),
    ("\"She said \"hi\"\"", ["She said \"hi\""]),
    ("--title='New name' --note=\"it's\"", ["--title=New name", "--note=it's"]),
    ("x='a b'", ["x='a", "b'"]),
    ("a\\ b \\\\ \\x", ["a b", "\\", "\\x"]),
    ("‘curly’ “quotes”", ["‘curly’", "“quotes”"]),
    ("\tpadded\t ", ["padded"]),
  ] as [(String, [String]?)])
  func theQuotingRule(_ line: String, _ words: [String]?) throws {
    if let words {
      #expect(try Tokenizer.words(line) == words)
    } else {
      #expect(throws: ParseError.self) { try Tokenizer.words(line) }
    }
  }
}
