import Foundation
import SpoonsCore
import Testing
@testable import SpoonsCLI

/// The registry is the one list of commands: every name finds its own command, and nothing
/// else parses as one.
@Suite("The command registry")
struct RegistryTests {
  @Test func namesAndAliasesAreUnique() {
    let words = CommandRegistry.infos.flatMap { [$0.name] + $0.aliases }
    #expect(Set(words).count == words.count, "\(words)")
    let types = CommandRegistry.all.map(ObjectIdentifier.init)
    #expect(Set(types).count == types.count)
  }

  @Test func everyExampleParsesToItsOwnCommand() throws {
    for command in CommandRegistry.all {
      let parsed = try #require(try CommandParser.parse(line: command.info.example))
      #expect(type(of: parsed) == command, "\(command.info.example)")
    }
  }

  /// A name or alias alone parses to its own command, or is refused with that command's
  /// usage: never another command, never "unknown".
  @Test func everyRegisteredNameRoundTrips() {
    for command in CommandRegistry.all {
      let info = command.info
      for name in [info.name] + info.aliases {
        #expect(CommandRegistry.command(named: name) == command, "\(name)")
        #expect(CommandRegistry.info(for: name)?.name == info.name)
        #expect(CommandRegistry.suggestion(for: name) == info.name)
        do {
          let parsed = try CommandParser.parse([name])
          #expect(type(of: parsed) == command, "\(name)")
        } catch {
          #expect(error.message.hasSuffix("usage: \(info.usage)"), "\(name): \(error.message)")
        }
      }
    }
  }

  @Test(arguments: [
    "PLAN", "Quit", "quit!", "qu", "exits", "plans", "man", "completions", "new_day", "newday",
    "help2", "-", "--", "--help", "#3", "3", "clear-all", "?help", "completion-bash",
  ])
  func anUnregisteredNameNeverParsesAsAnotherCommand(_ word: String) {
    #expect(CommandRegistry.command(named: word) == nil)
    for line in [[word], [word, "1"], [word, "--yes"], [word, "bash"]] {
      #expect {
        _ = try CommandParser.parse(line)
      } throws: { error in
        (error as? ParseError)?.message.hasPrefix("unknown command '") == true
      }
    }
  }

  @Test(arguments: [
    ("history --changes", Commands.History(.changes(limit: 10))),
    ("history --changes 3", Commands.History(.changes(limit: 3))),
    ("undo", Commands.Undo(1)),
    ("undo 3", Commands.Undo(3)),
    ("redo 2", Commands.Redo(2)),
    ("export", Commands.Export(.json)),
    ("export --format csv --output out.csv", Commands.Export(.csv, output: "out.csv")),
    ("import backup.json --replace", Commands.Import("backup.json", replace: true)),
    ("completion bash", Commands.CompletionScript(.bash)),
    ("completion fish", Commands.CompletionScript(.fish)),
    ("manual", Commands.Manual()),
  ] as [(String, any SpoonsCommand)])
  func theOtherCommandsParseToTheirValues(_ line: String, _ expected: any SpoonsCommand) throws {
    let parsed = try CommandParser.parse(line: line)
    #expect(parsed?.isEqual(expected) == true, "\(line) parsed to \(String(describing: parsed))")
    #expect(parsed?.isEqual(Commands.Quit()) == false)
  }

  @Test(arguments: [
    ("completion", "completion needs a shell; usage: completion bash|zsh|fish"),
    ("completion tcsh", "completion writes for bash, zsh or fish, not 'tcsh'"),
    ("completion bash zsh", "completion does not take 'zsh'; usage: completion bash|zsh|fish"),
    ("manual 1", "manual does not take '1'; usage: manual"),
    ("undo 101", "N must be from 1 to 100, not 101"),
  ])
  func badNewLinesSayWhatIsWrong(_ line: String, _ message: String) {
    #expect(throws: ParseError(message)) { try CommandParser.parse(line: line) }
  }

  @Test func theUndoLimitIsTheStoresAndTheParsers() {
    #expect(Arguments.maxSteps == Limits.undoChanges)
  }

  @Test func flagsComeFromTheUsage() {
    let edit = Commands.Edit.info.flags
    #expect(edit.map(\.name) == ["--title", "--spoons", "--note", "--where", "--due", "--no-due"])
    #expect(edit.map(\.takesValue) == [true, true, true, true, true, false])
    let history = Commands.History.info.flags
    #expect(history.map(\.name) == ["--json", "--changes"])
    #expect(history.allSatisfy { !$0.takesValue })
    #expect(Commands.Report.info.flags.map(\.takesValue) == [true, true])
  }

  /// The README's command table is the registry's; SPOONS_RECORD=1 rewrites it.
  @Test func theREADMECommandTableIsGenerated() throws {
    let url = packageRoot.appendingPathComponent("README.md")
    let readme = try String(contentsOf: url, encoding: .utf8)
    let begin = "<!-- commands:begin -->\n", end = "<!-- commands:end -->"
    guard let start = readme.range(of: begin),
      let stop = readme.range(of: end, range: start.upperBound..<readme.endIndex)
    else {
      Issue.record(
        """
        README.md has no lines '<!-- commands:begin -->' and '<!-- commands:end -->'; add them \
        around the command table and run 'SPOONS_RECORD=1 swift test --filter \
        theREADMECommandTableIsGenerated' to write CommandRegistry.markdownTable() between them
        """)
      return
    }
    let table = CommandRegistry.markdownTable()
    let current = String(readme[start.upperBound..<stop.lowerBound])
    if current != table, ProcessInfo.processInfo.environment["SPOONS_RECORD"] == "1" {
      let updated = readme.replacingCharacters(in: start.upperBound..<stop.lowerBound, with: table)
      try updated.write(to: url, atomically: true, encoding: .utf8)
      Issue.record("re-recorded README.md's command table; review the diff and run again")
      return
    }
    #expect(
      current == table,
      "README.md's command table differs from CommandRegistry.markdownTable(); SPOONS_RECORD=1 rewrites it")
  }
}
