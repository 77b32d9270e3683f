import Foundation
import SpoonsCore
import SpoonsStore
import SpoonsTestSupport
import Testing
@testable import SpoonsCLI

/// A planner made by typed commands in `dir`'s data directory: a day of 10 spoons, three
/// tasks (one planned), tags and a context, and two routines.
private func tabPlanner(in dir: TemporaryDirectory) throws -> Session {
  let session = Session(
    store: PlannerStore(directory: dir.data),
    environment: Environment(
      now: { morning }, variables: [:], input: ScriptedLines([]), output: StringSink(),
      errors: StringSink(), inputIsTerminal: false, outputIsTerminal: false),
    renderer: Renderer(style: Style(color: false)))
  for line in [
    "new-day 10", "add 2 Call GP +health @phone", "add 4 Laundry +home", "add 5 Deep clean",
    "plan 1", "routine add 1 Take meds --days daily", "routine add 2 Physio stretches",
  ] {
    let command = try #require(try CommandParser.parse(line: line))
    _ = try session.execute(command)
  }
  return session
}

/// What the hidden command prints for `words` (the line's words after `spoons`, the one
/// being completed last), with `variables` for the environment.
private func answer(_ words: [String], variables: [String: String] = [:]) -> String {
  let env = Environment(
    now: { morning }, variables: variables, input: ScriptedLines([]), output: StringSink(),
    errors: StringSink(), inputIsTerminal: false, outputIsTerminal: false)
  return ShellCompletion.answer(words.map { Array($0.utf8) }, environment: env)
}

@Suite("What Tab offers, at the prompt and in the shells")
struct CompletionCandidatesTests {
  @Test func idsComeWithTheirTitlesAndCosts() throws {
    let dir = TemporaryDirectory()
    _ = try tabPlanner(in: dir)
    let data = ["--data", dir.data]
    #expect(answer(data + ["done", ""]) == "1\tCall GP, 2 spoons\n", "only today's list")
    #expect(answer(data + ["show", ""]) == "2\tLaundry, 4 spoons\n3\tDeep clean, 5 spoons\n"
      + "1\tCall GP, 2 spoons\n", "every task, in the planner's order")
    #expect(answer(data + ["plan", ""]) == "2\tLaundry, 4 spoons\n3\tDeep clean, 5 spoons\n")
    #expect(answer(data + ["plan", "3", ""]) == "2\tLaundry, 4 spoons · does not fit\n")
    #expect(answer(data + ["delete", "2"]) == "2\tLaundry, 4 spoons\n", "as typed starts them")
    #expect(answer(data + ["routine", "edit", ""]) == "r1\tTake meds\nr2\tPhysio stretches\n")
    #expect(answer(data + ["routine", "pause", "r2"]) == "r2\tPhysio stretches\n")
    #expect(answer(data + ["routine", "list", ""]).isEmpty)
  }

  @Test func tagsCostsFlagsAndChoices() throws {
    let dir = TemporaryDirectory()
    _ = try tabPlanner(in: dir)
    let data = ["--data", dir.data]
    #expect(answer(data + ["list", "+"]) == "+health\t1 task\n+home\t1 task\n")
    #expect(answer(data + ["todo", "@"]) == "@phone\t1 task\n")
    #expect(answer(data + ["edit", "1", "-@"]) == "-@phone\t1 task\n")
    let costs = (1...10).map { "\($0)\t\($0) spoon\($0 == 1 ? "" : "s")\n" }.joined()
    for line in [["add", ""], ["list", ""], ["rest", ""], ["routine", "add", ""],
      ["edit", "2", "--spoons", ""], ["routine", "edit", "r1", "--spoons", ""]]
    {
      #expect(answer(data + line) == costs, "\(line)")
    }
    #expect(answer(["export", "--format", ""]) == "json\ncsv\ntodotxt\n")
    #expect(answer(["export", "--format", "c"]) == "csv\n")
    #expect(answer(["list", "--sort", ""]) == "due\ncreated\ntitle\n")
    #expect(answer(["backlog", "--sort", "a"]) == "age\n")
    #expect(answer(["completion", ""]) == "bash\nzsh\nfish\n")
    #expect(answer(["clear", ""]) == "backlog\ncompleted\n")
    #expect(answer(["settings", "mood", ""]) == "on\noff\n")
    #expect(answer(["help", "sta"]) == "status\nstats\n")
    #expect(answer(["status", "-"]) == "--json\n")
    #expect(answer(["done", "--"]) == "--took\n--yes\n")
    #expect(answer(["export", "--"]) == "--format\n--output\n")
    #expect(answer(data + ["done", "1", "--took", ""]).isEmpty, "a number, not a task")
    #expect(answer(["add", "2", "Call", "--due", ""]).isEmpty)
    #expect(answer(["nosuch", ""]).isEmpty)
    #expect(answer(["st"]) == "status\nstats\n")
  }

  /// `export --format` offers every kind the command parses, read from its own enum: a new
  /// kind needs no second list.
  @Test func exportFormatsAreTheKindsItTakes() throws {
    let offered = answer(["export", "--format", ""]).split(separator: "\n").map(String.init)
    #expect(offered == ExportKind.allCases.map(\.rawValue))
    for format in offered {
      let parsed = try CommandParser.parse(["export", "--format", format])
      #expect((parsed as? Commands.Export)?.kind.rawValue == format)
    }
    #expect(Commands.Export.info.choices(of: "--format") == offered)
    #expect(Commands.List.info.choices(of: "--sort") == ["due", "created", "title"])
    #expect(Commands.Add.info.choices(of: "--due") == nil)
    #expect(Commands.Done.info.choices(of: "--took") == nil)
    #expect(Commands.Export.info.choices(of: "--output") == nil)
  }

  /// The shell's candidates are the prompt's: the same lister, the same words.
  @Test(arguments: [
    "", "pl", "d", "done ", "show ", "plan ", "plan 2 ", "delete 2", "list +", "list +h",
    "todo @", "edit 1 -", "add ", "add 2 Nap +", "routine ", "routine today ", "routine edit r",
    "export --format ", "list --sort ", "backlog --sort ", "status -", "done --", "Clear B",
    "help ST", "settings mood ", "completion ", "edit 1 --spoons ", "done 1 --took ", "nosuch ",
  ])
  func theShellOffersWhatThePromptOffers(line: String) throws {
    let dir = TemporaryDirectory()
    let session = try tabPlanner(in: dir)
    let chars = Array(line)
    let prompt = session.completions(line: chars, cursor: chars.count).map {
      $0.matching(String(chars[$0.wordStart...])).map(\.text)
    } ?? []
    var words = line.split(separator: " ").map(String.init)
    if line.isEmpty || line.hasSuffix(" ") { words.append("") }
    let shell = answer(["--data", dir.data] + words).split(separator: "\n").map {
      String($0.prefix { $0 != "\t" })
    }
    #expect(shell == prompt)
  }

  @Test func theLineIsReadAsTheBinaryReadsIt() {
    let home = "/home/ann"
    #expect(CompletionLine(["done", ""], home: home)
      == CompletionLine(data: nil, before: ["done"], typed: ""))
    #expect(CompletionLine(["--data", "/d", "show", "1"], home: home)
      == CompletionLine(data: "/d", before: ["show"], typed: "1"))
    #expect(CompletionLine(["--data=/d", "--no-color", "show", ""], home: home).data == "/d")
    #expect(CompletionLine(["--data", "=", "/d", "show", ""], home: home).data == "/d", "bash")
    #expect(CompletionLine(["--data", "~/p", "show", ""], home: home).data == "/home/ann/p")
    #expect(CompletionLine(["--data", "~", "show", ""], home: home).data == "/home/ann")
    #expect(CompletionLine(["--data", "~bob/p", "show", ""], home: home).data == "~bob/p")
    #expect(
      CompletionLine(["--data"], home: home)
        == CompletionLine(data: nil, before: [], typed: "--data"))
    #expect(CompletionLine(["--", "-x", ""], home: home).before == ["-x"])
  }

  /// `SPOONS_HOME` from the environment finds the planner as it does for every command.
  @Test func theEnvironmentsPlannerIsRead() throws {
    let dir = TemporaryDirectory()
    _ = try tabPlanner(in: dir)
    #expect(answer(["done", ""], variables: ["SPOONS_HOME": dir.data]) == "1\tCall GP, 2 spoons\n")
    #expect(answer(["done", ""], variables: ["SPOONS_HOME": dir.file("none")]).isEmpty)
  }

  /// Whatever a damaged file could hold, no control character, tab or newline reaches the
  /// shell: a description shows them as escapes, a word holding one is not offered.
  @Test func nothingCanDriveTheShellOrTheTerminal() {
    let hostile = "Pay\u{1B}[31m rent\tnow\nrm -rf\r\u{7}\u{9B}x\u{202E}"
    let shown = ShellCompletion.shellDescription(hostile)
    #expect(!shown.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    #expect(!shown.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) })
    #expect(shown.hasPrefix("Pay\\e[31m rent\\tnow\\nrm"))
    #expect(ShellCompletion.shellDescription(String(repeating: "a", count: 200)).count == 61)
    #expect(ShellCompletion.shellDescription("Call: GP") == "Call: GP")
    for bad in ["1 2", "a\tb", "x\n", "\u{1B}[2J", "", "r\u{202E}1"] {
      #expect(ShellCompletion.shellWord(bad) == nil, "\(Text.visible(bad))")
    }
    #expect(ShellCompletion.shellWord("+café") == "+café")
  }

  /// A planner that does not read, bytes that are not UTF-8, a command that does not exist:
  /// nothing at all, for the shell to offer nothing.
  @Test func aFailureOffersNothing() throws {
    let dir = TemporaryDirectory()
    _ = try tabPlanner(in: dir)
    #expect(FileManager.default.createFile(
      atPath: dir.data + "/planner.txt", contents: Data("spoons planner\nnot a planner\n".utf8)))
    #expect(answer(["--data", dir.data, "done", ""]).isEmpty)
    #expect(answer(["--data", dir.data, "export", "--format", ""]) == "json\ncsv\ntodotxt\n",
      "what needs no planner is still offered")
    let env = Environment(
      now: { morning }, variables: [:], input: ScriptedLines([]), output: StringSink(),
      errors: StringSink(), inputIsTerminal: false, outputIsTerminal: false)
    #expect(ShellCompletion.answer([Array("done".utf8), [0xFF, 0xFE]], environment: env).isEmpty)
  }
}
