import Foundation
import SpoonsCore
import SpoonsSync
import SpoonsStore
import Testing
@testable import SpoonsCLI

/// The registry is the one list of commands: every name finds its own command, and nothing
/// else parses as one.
@Suite("The command registry")
struct RegistryTests {
  @Test func namesAndAliasesAreUnique() {
    let words = CommandRegistry.infos.flatMap { [$0.name] + $0.aliases }
    #expect(Set(words).count == words.count, "\(words)")
    // Names are matched whatever their case, so they are written in lower case.
    #expect(words.allSatisfy { $0 == $0.lowercased() }, "\(words)")
    let types = CommandRegistry.all.map(ObjectIdentifier.init)
    #expect(Set(types).count == types.count)
  }

  @Test func everyExampleParsesToItsOwnCommand() throws {
    for command in CommandRegistry.all {
      let parsed = try #require(try CommandParser.parse(line: command.info.example))
      #expect(type(of: parsed) == command, "\(command.info.example)")
    }
  }

  /// A name or alias alone, in any case, parses to its own command, or is refused with an
  /// example of that command: never another command, never "unknown".
  @Test func everyRegisteredNameRoundTrips() throws {
    for command in CommandRegistry.all {
      let info = command.info
      for name in [info.name] + info.aliases {
        for typed in [name, name.uppercased(), name.prefix(1).uppercased() + name.dropFirst()] {
          #expect(CommandRegistry.command(named: typed) == command, "\(typed)")
          #expect(CommandRegistry.info(for: typed)?.name == info.name)
          #expect(CommandRegistry.suggestion(for: typed) == info.name)
          do {
            let parsed = try CommandParser.parse([typed])
            #expect(type(of: parsed) == command, "\(typed)")
          } catch {
            let example = try #require(error.message.components(separatedBy: "e.g. ").last)
            let parsed = try CommandParser.parse(line: example)
            #expect(parsed.map { type(of: $0) == command } == true, "\(typed): \(error.message)")
          }
        }
      }
    }
  }

  @Test(arguments: [
    "quit!", "QUIT!", "qu", "Qu", "exits", "PLANS", "plans", "man", "completions", "new_day", "newday",
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
    ("sync --name 'Study PC'", Commands.Sync(.rename(try! DeviceName("Study PC")))),
  ] as [(String, any SpoonsCommand)])
  func theOtherCommandsParseToTheirValues(_ line: String, _ expected: any SpoonsCommand) throws {
    let parsed = try CommandParser.parse(line: line)
    #expect(parsed?.isEqual(expected) == true, "\(line) parsed to \(String(describing: parsed))")
    #expect(parsed?.isEqual(Commands.Quit()) == false)
  }

  @Test(arguments: [
    ("completion", "completion needs a shell, bash, zsh or fish, e.g. completion bash"),
    ("completion tcsh", "completion writes for bash, zsh or fish, not 'tcsh', e.g. completion bash"),
    ("completion bash zsh", "completion does not take 'zsh', e.g. completion bash"),
    ("manual 1", "manual does not take '1', e.g. manual"),
    ("undo 101", "101 is too big: the changes to undo must be a whole number from 1 to 100, e.g. undo 2"),
  ])
  func badNewLinesSayWhatIsWrong(_ line: String, _ message: String) {
    #expect(throws: ParseError(message)) { try CommandParser.parse(line: line) }
  }

  @Test func theUndoLimitIsTheStoresAndTheParsers() {
    #expect(Arguments.maxSteps == Limits.undoChanges)
  }

  @Test func flagsComeFromTheUsage() {
    let edit = Commands.Edit.info.flags
    #expect(
      edit.map(\.name) == ["--title", "--spoons", "--note", "--where", "--due", "--no-due", "--yes"])
    #expect(edit.map(\.takesValue) == [true, true, true, true, true, false, false])
    let history = Commands.History.info.flags
    #expect(history.map(\.name) == ["--json", "--changes"])
    #expect(history.allSatisfy { !$0.takesValue })
    #expect(Commands.Report.info.flags.map(\.takesValue) == [true, true])
  }

  /// The README's command table is the registry's; SPOONS_RECORD=1 rewrites it.
  @Test func theREADMECommandTableIsGenerated() throws {
    try expectGenerated("README.md", "commands", CommandRegistry.markdownTable())
  }

  /// The README's list of files and `FileFormat.md`'s table are `DataFiles`', as the man
  /// page's FILES is; SPOONS_RECORD=1 rewrites them.
  @Test func theFileListsAreGenerated() throws {
    try expectGenerated("README.md", "files", DataFiles.readmeList())
    try expectGenerated("Sources/SpoonsStore/FileFormat.md", "files", DataFiles.formatTable())
    let manual = ManualPage.roff()
    for file in DataFiles.all {
      #expect(manual.contains(ManualPage.text(file.name)), "\(file.name)")
    }
  }

  /// The text between `<!-- NAME:begin -->` and `<!-- NAME:end -->` in `path` is `generated`.
  func expectGenerated(_ path: String, _ name: String, _ generated: String) throws {
    let url = packageRoot.appendingPathComponent(path)
    let text = try String(contentsOf: url, encoding: .utf8)
    let begin = "<!-- \(name):begin -->\n", end = "<!-- \(name):end -->"
    guard let start = text.range(of: begin),
      let stop = text.range(of: end, range: start.upperBound..<text.endIndex)
    else {
      Issue.record("\(path) has no lines '\(begin.dropLast())' and '\(end)' around its \(name)")
      return
    }
    let current = String(text[start.upperBound..<stop.lowerBound])
    if current != generated, ProcessInfo.processInfo.environment["SPOONS_RECORD"] == "1" {
      let updated = text.replacingCharacters(in: start.upperBound..<stop.lowerBound, with: generated)
      try updated.write(to: url, atomically: true, encoding: .utf8)
      Issue.record("re-recorded \(path)'s \(name); review the diff and run again")
      return
    }
    #expect(current == generated, "\(path)'s \(name) differs from the code; SPOONS_RECORD=1 rewrites it")
  }
}
