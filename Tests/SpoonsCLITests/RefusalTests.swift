import Foundation
import SpoonsCore
import SpoonsStore
import SpoonsTestSupport
import Testing
@testable import SpoonsCLI

/// What a tired person types in good faith is either taken or refused with what to type
/// instead: numbers are named in words with an example that parses, never `N` or `POS`;
/// names match whatever their case; an option given twice, or in the wrong place, says so.
@Suite("Refusals say what to type instead")
struct RefusalTests {
  /// The usages' metavariables (`N`, `ID`, `POS`, `DAYS`, `TITLE`...): help may show them,
  /// refusals never.
  static let metavariables: Set<String> = Set(
    CommandRegistry.infos.flatMap { info in
      info.usage.split(whereSeparator: { !$0.isLetter }).map(String.init)
        .filter { $0 == $0.uppercased() && $0.contains(where: \.isLetter) }
    })

  /// The metavariables `message` uses as words.
  static func metavariables(in message: String) -> [String] {
    message.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).map(String.init)
      .filter { metavariables.contains($0) }
  }

  /// The line after the last "e.g. ".
  static func example(in message: String) -> String? {
    message.range(of: "e.g. ", options: .backwards).map { String(message[$0.upperBound...]) }
  }

  @Test func theMetavariablesAreKnown() {
    #expect(Self.metavariables.isSuperset(of: ["N", "ID", "POS", "DAYS", "TITLE", "FILE"]))
  }

  // MARK: - Numbers

  /// Every number every command takes, as a line with `{}` where the number goes. The test
  /// below holds it complete against the usages, so a new command's numbers join it.
  static let numberSlots: [String: [String]] = [
    "new-day": ["new-day {}", "new-day 10 --mood {}"],
    "budget": ["budget {}"],
    "add": ["add {} Laundry"],
    "list": ["list {}"],
    "plan": ["plan {}"],
    "done": ["done {}", "done 1 --took {}"],
    "undone": ["undone {}"],
    "unplan": ["unplan {}"],
    "suggest": ["suggest --max {}"],
    "rest": ["rest {} Nap"],
    "borrow": ["borrow {}"],
    "reserve": ["reserve {}"],
    "routine": [
      "routine add {} Take meds", "routine remove r{}", "routine pause {}", "routine resume {}",
      "routine today r{}", "routine edit r{} --spoons 2", "routine edit r1 --spoons {}",
    ],
    "settings": ["settings reserve {}"],
    "delete": ["delete {}"],
    "move": ["move {} 1", "move 1 {}"],
    "edit": ["edit {}", "edit 1 --spoons {}"],
    "show": ["show {}"],
    "completed": ["completed {}", "completed --days {}"],
    "history": ["history {}", "history --days {}", "history --changes {}"],
    "stats": ["stats --days {}", "stats {}"],
    "pace": ["pace --days {}", "pace {}"],
    "chart": ["chart --days {}"],
    "report": ["report --html r.html --days {}"],
    "undo": ["undo {}"],
    "redo": ["redo {}"],
    "import": ["import --from todotxt todo.txt --spoons {}"],
  ]

  /// A number that is not one, a negative one, and ones too big for any count.
  static let badNumbers = ["abc", "1.5", "-3", "99999999999999999999", "-99999999999999999999"]

  @Test func everyNumberInEveryUsageHasASlot() {
    let numeric: Set<String> = ["N", "ID", "POS", "DAYS"]
    for info in CommandRegistry.infos {
      let wanted = info.usage.split(whereSeparator: { !$0.isLetter }).filter {
        numeric.contains(String($0))
      }.count
      #expect((Self.numberSlots[info.name]?.count ?? 0) >= wanted, "\(info.name): \(info.usage)")
    }
  }

  /// Each bad number in each slot: the parser's refusal names the number in words, with an
  /// example of the same command that parses, and "too big" for one too long for any count.
  /// A number the parser takes but a rule refuses (a negative borrow or position, which the
  /// day judges) is refused at run time as a usage mistake, also without metavariables.
  @Test func badNumbersAreRefusedInWordsWithAnExample() throws {
    var checked = 0
    for (name, slots) in Self.numberSlots {
      for slot in slots {
        // `list abc`, `plan abc` are filters: `abc` is a word of a title.
        let filters = CommandRegistry.info(for: name)?.usage.contains("FILTER") == true
        for bad in Self.badNumbers where !(filters && bad == "abc" && slot == "\(name) {}") {
          let line = slot.replacingOccurrences(of: "{}", with: bad)
          do {
            let command = try #require(try CommandParser.parse(line: line))
            let message = try runtimeRefusal(command, line: line)
            #expect(bad.hasPrefix("-") && Self.metavariables(in: message).isEmpty, "\(line): \(message)")
          } catch let error as ParseError {
            checked += 1
            let message = error.message
            #expect(Self.metavariables(in: message).isEmpty, "\(line): \(message)")
            if bad == "99999999999999999999" {
              #expect(message.contains("too big"), "\(line): \(message)")
            }
            let example = try #require(Self.example(in: message), "\(line): \(message)")
            let parsed = try CommandParser.parse(line: example)
            #expect(parsed?.isEqual(try #require(try? CommandParser.parse(line: example))) == true)
            #expect(parsed.map { type(of: $0).info.name } == name, "\(line): \(example)")
          }
        }
      }
    }
    #expect(checked > 100)
  }

  /// Runs `command` on a planner with a day and a task, and returns what refused it.
  private func runtimeRefusal(_ command: any SpoonsCommand, line: String) throws -> String {
    let tmp = TemporaryDirectory()
    let session = Session(
      store: PlannerStore(directory: tmp.data),
      environment: Environment(
        now: { morning }, variables: [:], input: ScriptedLines([]), output: StringSink(),
        errors: StringSink(), inputIsTerminal: false, outputIsTerminal: false),
      renderer: Renderer(style: Style(color: false)))
    for setup in ["new-day 10", "add 2 Laundry"] {
      _ = try session.execute(try #require(try CommandParser.parse(line: setup)))
    }
    do {
      _ = try session.execute(command)
      Issue.record("\(line) was taken")
      return ""
    } catch {
      #expect(ExitStatus(for: error) == .usage, "\(line): \(error)")
      return message(for: error)
    }
  }

  /// Through the binary, as the examples in the request put them.
  @Test func hugeNumbersAreTooBigWithTheRange() throws {
    let tmp = TemporaryDirectory()
    let add = try spoons(["add", "99999999999999999999", "x"], data: tmp.data)
    #expect(add.status == 64)
    #expect(
      add.stderr == "error: '99999999999999999999' is too big: the cost must be a whole number "
        + "of spoons from 1 to 10, e.g. add 3 Laundry\n")
    let history = try spoons(["history", "--days", "999999999999999999999"], data: tmp.data)
    #expect(history.status == 64)
    #expect(
      history.stderr == "error: '999999999999999999999' is too big: the days to look back must "
        + "be a whole number from 1 to 3660, e.g. history 7\n")
    let budget = try spoons([], stdin: script("new-day 99999999999999999999"), data: tmp.data)
    #expect(budget.status == 64)
    #expect(
      budget.stderr == "error: line 1: '99999999999999999999' is too big: today's budget must "
        + "be a whole number of spoons from 0 to 99, e.g. new-day 12\n")
  }

  /// No refusal of the parser's own tables uses a metavariable.
  @Test(arguments: [
    "add", "add 3", "rest", "rest 2", "borrow", "move 3", "edit", "show", "plan", "search",
    "routine add", "routine add 2", "routine pause", "new-day x", "import", "clear", "report",
    "completion", "stats --days", "suggest --max", "edit 1 --spoons", "history --changes x",
    "add 3 x --due", "list 3 --sort", "edit 3 --due fri --no-due",
  ])
  func missingWordsAreNamedInWords(_ line: String) {
    #expect {
      _ = try CommandParser.parse(line: line)
    } throws: { error in
      let message = (error as? ParseError)?.message ?? ""
      return Self.metavariables(in: message).isEmpty && !message.contains("usage:")
    }
  }

  // MARK: - Names in any case

  @Test(arguments: [
    ("Done 1", Commands.Done([TaskRef(typed: 1)])),
    ("ADD 2 x", Commands.Add(spoons: try! SpoonCost(2), title: try! Title("x"))),
    ("New-Day 12", Commands.NewDay(budget: 12)),
    ("ND 12", Commands.NewDay(budget: 12)),
    ("Plan 4 --BORROW", Commands.Plan([TaskRef(typed: 4)], borrow: true)),
    ("add 1 Quiet Hour --Rest", Commands.Add(spoons: try! SpoonCost(1), title: try! Title("Quiet Hour"), isRest: true)),
    ("add 1 X --Where 'High St'", Commands.Add(spoons: try! SpoonCost(1), title: try! Title("X"), location: "High St")),
    ("List --SORT Due --JSON", Commands.List(category: nil, order: .due, json: true)),
    ("help PLAN", Commands.Help(topic: "plan")),
    ("Routine ADD 1 Meds --Days Daily", Commands.Routine(.add(try! SpoonCost(1), try! Title("Meds"), days: .everyDay, isRest: false))),
    ("Routine Pause R2", Commands.Routine(.pause(RoutineRef(typed: 2)))),
    ("Clear Backlog --YES", Commands.Clear(.backlog, confirmed: true)),
    ("completion BASH", Commands.CompletionScript(.bash)),
    ("export --Format CSV", Commands.Export(.csv)),
    ("plan --help", Commands.Help(topic: "plan")),
    ("Add --HELP", Commands.Help(topic: "add")),
  ] as [(String, any SpoonsCommand)])
  func namesMatchInAnyCase(_ line: String, _ expected: any SpoonsCommand) throws {
    let parsed = try CommandParser.parse(line: line)
    #expect(parsed?.isEqual(expected) == true, "\(line) parsed to \(String(describing: parsed))")
  }

  @Test func aDayInCapitalsThroughTheBinary() throws {
    let tmp = TemporaryDirectory()
    let run = try spoons(
      [], stdin: script("New-Day 12", "ADD 2 Call mum's GP", "Plan 1", "Done 1"), data: tmp.data)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.hasSuffix("Done: #1 Call mum's GP (2 spoons). Spent 2 of 2 planned.\n"))
    let oneShot = try spoons(["Status", "--JSON"], data: tmp.data)
    let status = try JSONSerialization.jsonObject(with: Data(oneShot.stdout.utf8)) as? [String: Any]
    #expect(oneShot.status == 0 && status?["spent"] as? Int == 2, "\(oneShot.stdout)")
    #expect(try spoons(["Stauts"], data: tmp.data).stderr == "error: unknown command 'Stauts'; did you mean 'status'?\n")
  }

  @Test func tabCompletesWhatIsTypedInAnyCase() throws {
    let tmp = TemporaryDirectory()
    let session = Session(
      store: PlannerStore(directory: tmp.data),
      environment: Environment(
        now: { morning }, variables: [:], input: ScriptedLines([]), output: StringSink(),
        errors: StringSink(), inputIsTerminal: true, outputIsTerminal: false),
      renderer: Renderer(style: Style(color: false)))
    func complete(_ line: String) -> [String] {
      let chars = Array(line)
      guard let c = session.completions(line: chars, cursor: chars.count) else { return [] }
      let typed = String(chars[c.wordStart...])
      return c.matching(typed).map(\.text)
    }
    #expect(complete("Pl") == ["Plan"])
    #expect(complete("PL") == ["PLan"])
    #expect(complete("help ST") == ["STatus", "STats"])
    #expect(complete("Clear B") == ["Backlog"])
    #expect(complete("ROUTINE p") == ["pause"])
  }

  // MARK: - Options given twice, in the wrong place, or not the command's

  @Test(arguments: [
    ("add 3 Mop --rest --rest", "--rest is given twice; give it once"),
    ("add 3 Mop --REST --rest", "--rest is given twice; give it once"),
    ("plan 4 --borrow --borrow", "--borrow is given twice; give it once"),
    ("status --json --json", "--json is given twice; give it once"),
    ("search mum --json --json", "--json is given twice; give it once"),
    ("stats --days 3 --days=4", "--days is given twice; give it once"),
    ("stats 30 --days 3", "the days to look back are given twice; give them once, e.g. stats --days 60"),
    ("history --changes --json", "--json can't be used with history --changes, e.g. history --changes"),
    ("history --json --changes 3", "--json can't be used with history --changes, e.g. history --changes"),
    ("routine list --rest", "--rest can't be used with routine list, e.g. routine list --json"),
    ("routine remove r2 --days daily", "--days can't be used with routine remove, e.g. routine remove r2"),
    ("routine add 1 Meds --json", "--json can't be used with routine add (to keep --json in the text, put -- before the text), e.g. routine add 1 Take meds --days daily"),
    ("routine --rest add 1 Nap", "routine's options go after add or list, e.g. routine add 2 Nap --rest --days weekends"),
    ("edit 3 --due fri --no-due", "--due and --no-due can't be used together, e.g. edit 12 --no-due"),
    ("add 3 Mop --rest=yes", "--rest takes no value; write it alone, as --rest"),
    ("add 3 Mop --json", "add has no option '--json'; its options are --due, --where, --note, --rest and --force (to keep --json in the text, put -- before the text)"),
    ("add 3 Mop --rset", "add has no option '--rset'; did you mean --rest? (to keep --rset in the text, put -- before the text)"),
    ("todo --jsn", "todo has no option '--jsn'; did you mean --json?"),
    ("status -json", "status has no option '-json'; did you mean --json?"),
    ("quit --now", "quit has no option '--now'; quit takes no options"),
    ("status --no-color", "--no-color is an option of spoons itself and goes before the command, when starting spoons, e.g. spoons --no-color status"),
    ("add 3 Mop --data /tmp/x", "--data is an option of spoons itself and goes before the command, when starting spoons, e.g. spoons --data ~/spoons status"),
  ])
  func optionsSayWhatIsActuallyWrong(_ line: String, _ message: String) {
    #expect(throws: ParseError(message)) { try CommandParser.parse(line: line) }
  }

  /// A free-text value typed without quotes runs on into the next words: rather than a title
  /// made of the words on both sides, or a refusal of the words left over, the line with the
  /// value quoted, which parses to what was meant.
  @Test(arguments: [
    ("add 3 Pharmacy --where High St", "add 3 Pharmacy --where \"High St\"",
     Commands.Add(spoons: try! SpoonCost(3), title: try! Title("Pharmacy"), location: "High St")),
    ("add 3 Pharmacy run --note ask about the cream --where High St",
     "add 3 Pharmacy run --note \"ask about the cream\" --where \"High St\"",
     Commands.Add(
       spoons: try! SpoonCost(3), title: try! Title("Pharmacy run"), note: "ask about the cream",
       location: "High St")),
    ("edit 4 --title Mum's birthday", "edit 4 --title \"Mum's birthday\"",
     Commands.Edit(TaskRef(typed: 4), TaskEdit(title: try! Title("Mum's birthday")))),
    ("edit 4 --note=call first --spoons 2", "edit 4 --note=\"call first\" --spoons 2",
     Commands.Edit(TaskRef(typed: 4), TaskEdit(spoons: try! SpoonCost(2), note: "call first"))),
    ("report --html my report.html", "report --html \"my report.html\"",
     Commands.Report(htmlFile: "my report.html", days: 30)),
  ] as [(String, String, any SpoonsCommand)])
  func aValueOfSeveralWordsIsShownQuoted(_ line: String, _ fixed: String, _ meant: any SpoonsCommand)
    throws
  {
    var message = ""
    #expect {
      _ = try CommandParser.parse(line: line)
    } throws: { error in
      message = (error as? ParseError)?.message ?? ""
      return message.contains(" takes one word unless its words are quoted; try: ")
    }
    let suggested = try #require(message.components(separatedBy: "try: ").last)
    #expect(suggested == fixed)
    #expect(try CommandParser.parse(line: suggested)?.isEqual(meant) == true, "\(suggested)")
  }

  /// Options before the title, or flags among it, are no run-on.
  @Test func optionsAroundATitleStillParse() throws {
    let before = try CommandParser.parse(line: "add 3 --where Home Pharmacy run")
    #expect(before?.isEqual(Commands.Add(
      spoons: try SpoonCost(3), title: try Title("Pharmacy run"), location: "Home")) == true)
    let flag = try CommandParser.parse(line: "add 1 Quiet --rest hour")
    #expect(flag?.isEqual(Commands.Add(
      spoons: try SpoonCost(1), title: try Title("Quiet hour"), isRest: true)) == true)
  }

  /// Every option of every command, given twice after its example: the refusal says it is
  /// given twice or does not go with what was chosen, never that the command lacks it.
  @Test func everyOptionGivenTwiceIsSaidToBe() throws {
    for info in CommandRegistry.infos {
      for flag in info.flags {
        let value = flag.takesValue ? " " + Self.sampleValue(flag.name) : ""
        let line = info.example + " \(flag.name)\(value) \(flag.name)\(value)"
        do {
          _ = try CommandParser.parse(line: line)
          Issue.record("\(line) was taken")
        } catch {
          let message = error.message
          #expect(!message.contains("has no option"), "\(line): \(message)")
          #expect(
            message.contains("given twice") || message.contains("can't be used"),
            "\(line): \(message)")
          #expect(Self.metavariables(in: message).isEmpty, "\(line): \(message)")
        }
      }
    }
  }

  static func sampleValue(_ flag: String) -> String {
    switch flag {
    case "--days": return "7"
    case "--spoons", "--max": return "2"
    case "--due": return "fri"
    case "--sort": return "due"
    case "--format": return "csv"
    default: return "x"
    }
  }

  @Test func optionsThroughTheBinary() throws {
    let tmp = TemporaryDirectory()
    let twice = try spoons(["add", "3", "Mop", "--rest", "--rest"], data: tmp.data)
    #expect(twice.status == 64 && twice.stderr == "error: --rest is given twice; give it once\n")
    let together = try spoons(["history", "--changes", "--json"], data: tmp.data)
    #expect(together.status == 64)
    #expect(together.stderr == "error: --json can't be used with history --changes, e.g. history --changes\n")
    let help = try spoons(["plan", "--help"], data: tmp.data)
    #expect(help.status == 0 && help.stdout.hasPrefix("usage: plan ID|FILTER..."), "\(help.stdout)")
    #expect(tmp.dataBytes("planner.txt") == nil, "nothing was written")
  }
}
