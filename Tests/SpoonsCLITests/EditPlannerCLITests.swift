#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation
import SpoonsCore
import SpoonsStore
import SpoonsTestSupport
import Testing
@testable import SpoonsCLI

/// `edit-planner` through the binary, with a fake editor: a shell script the test writes and
/// names in EDITOR. Standard input is never a terminal here, as in a script or CI.
@Suite("Editing the planner by hand, through the binary")
struct EditPlannerCLITests {
  /// A planner with Laundry (#1) and Call mum (#2), and the data directory.
  private func planner(in tmp: TemporaryDirectory) throws -> String {
    let data = tmp.file("data")
    try spoons(["new-day", "12"], data: data)
    try spoons(["add", "3", "Laundry"], data: data)
    try spoons(["add", "2", "Call mum"], data: data)
    return data
  }

  /// An editor script doing `body` to the file it is given ("$1").
  ///
  /// Run through `/bin/sh`, not executed itself: a script just written, executed while
  /// another test's child (forked meanwhile, in this one process) still holds it open for
  /// writing, fails with "text file busy", which a loaded machine made happen.
  private func editor(_ body: String, in tmp: TemporaryDirectory) throws -> String {
    let path = tmp.file("editor.sh")
    try Data("#!/bin/sh\n\(body)\n".utf8).write(to: URL(fileURLWithPath: path))
    return "/bin/sh '\(path)'"
  }

  /// Runs `edit-planner` with EDITOR set (VISUAL cleared), copies going to the scratch dir.
  private func edit(_ editor: String?, data: String, tmp: TemporaryDirectory) throws -> RunResult {
    let copies = tmp.file("copies")
    try FileManager.default.createDirectory(atPath: copies, withIntermediateDirectories: true)
    let environment = ["VISUAL": "", "EDITOR": editor ?? "", "TMPDIR": copies]
    return try spoons(["edit-planner"], data: data, environment: environment)
  }

  private func copies(_ tmp: TemporaryDirectory) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: tmp.file("copies"))
  }

  @Test func aTitleEditedByHandIsAppliedAndUndoTakesItBack() throws {
    let tmp = TemporaryDirectory()
    let data = try planner(in: tmp)
    let sed = try editor("sed -i 's/Laundry/Washing/' \"$1\"", in: tmp)
    let result = try edit(sed, data: data, tmp: tmp)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("task 1 changed"))
    #expect(result.stdout.contains("'undo'"))
    #expect(try copies(tmp).isEmpty, "the copy is removed once applied")
    let shown = try spoons(["show", "1"], data: data)
    #expect(shown.stdout.contains("Washing"))
    let undone = try spoons(["undo"], data: data)
    #expect(undone.status == 0)
    #expect(undone.stdout.contains("edit-planner"))
    #expect(try spoons(["show", "1"], data: data).stdout.contains("Laundry"))
  }

  @Test func anUnchangedCopySaysSoAndWritesNothing() throws {
    let tmp = TemporaryDirectory()
    let data = try planner(in: tmp)
    let before = everyFile(in: data)
    let result = try edit(try editor("cat \"$1\" > /dev/null", in: tmp), data: data, tmp: tmp)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "No changes.\n")
    #expect(differences(before, everyFile(in: data)) == "")
    #expect(try copies(tmp).isEmpty)
  }

  @Test func theCopyHoldsThePlannerAsTextWithoutTheJournalLine() throws {
    let tmp = TemporaryDirectory()
    let data = try planner(in: tmp)
    let seen = tmp.file("seen.txt")
    let script = try editor("cat \"$1\" > '\(seen)'; ls -l \"$1\" > '\(seen).mode'", in: tmp)
    #expect(try edit(script, data: data, tmp: tmp).status == 0)
    let text = try String(contentsOfFile: seen, encoding: .utf8)
    #expect(text.hasPrefix("format\tname=spoons-planner"))
    #expect(text.contains("title=Laundry") && text.contains("title=Call mum"))
    #expect(!text.contains("journal"))
    #expect(try String(contentsOfFile: seen + ".mode", encoding: .utf8).hasPrefix("-rw-------"))
  }

  @Test func anInvalidEditKeepsTheCopyNamesTheLineAndChangesNothing() throws {
    let tmp = TemporaryDirectory()
    let data = try planner(in: tmp)
    let before = everyFile(in: data)
    let bad = try editor("sed -i 's/spoons=3/spoons=11/' \"$1\"", in: tmp)
    let result = try edit(bad, data: data, tmp: tmp)
    #expect(result.status == 1)
    let kept = try copies(tmp)
    #expect(kept.count == 1)
    let path = tmp.file("copies") + "/" + (kept.first ?? "")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let line = (text.split(separator: "\n").firstIndex { $0.contains("spoons=11") } ?? -1) + 1
    #expect(result.stderr.contains("\(path), line \(line): "), "\(result.stderr)")
    #expect(result.stderr.contains("nothing was changed"))
    #expect(result.stderr.contains("kept in \(path)"))
    #expect(differences(before, everyFile(in: data)) == "")
  }

  @Test func theArchiveLineIsNotTheUsersToEdit() throws {
    let tmp = TemporaryDirectory()
    let data = try planner(in: tmp)
    let before = everyFile(in: data)
    let script = try editor("sed -i 's/done=0/done=99/' \"$1\"", in: tmp)
    let result = try edit(script, data: data, tmp: tmp)
    #expect(result.status == 1)
    let expected = ", line 3: the archive line is Spoons's own"
    #expect(result.stderr.contains(expected), "\(result.stderr)")
    #expect(differences(before, everyFile(in: data)) == "")
  }

  @Test func noEditorAndNoTerminalIsRefusedCleanly() throws {
    let tmp = TemporaryDirectory()
    let data = try planner(in: tmp)
    let before = everyFile(in: data)
    let result = try edit(nil, data: data, tmp: tmp)
    #expect(result.status == 64)
    #expect(result.stderr.contains("set EDITOR"))
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(differences(before, everyFile(in: data)) == "")
    #expect(try copies(tmp).isEmpty)
  }

  @Test func anEditorExitingNonZeroAppliesNothing() throws {
    let tmp = TemporaryDirectory()
    let data = try planner(in: tmp)
    let before = everyFile(in: data)
    let failing = try editor("sed -i 's/Laundry/Washing/' \"$1\"; exit 3", in: tmp)
    let result = try edit(failing, data: data, tmp: tmp)
    #expect(result.status == 1)
    #expect(result.stderr.contains("exited with status 3; nothing was changed"))
    #expect(differences(before, everyFile(in: data)) == "")
    #expect(try spoons(["show", "1"], data: data).stdout.contains("Laundry"))
  }

  @Test func anEditorWithArgumentsRuns() throws {
    let tmp = TemporaryDirectory()
    let data = try planner(in: tmp)
    let result = try edit("sed -i s/Call/Ring/", data: data, tmp: tmp)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try spoons(["show", "2"], data: data).stdout.contains("Ring mum"))
  }

  /// At the REPL (where `ask` exists), a mistake asks "Edit again?" and reopens the copy.
  @Test(arguments: [("y", true), ("n", false)])
  func aMistakeAtTheTerminalOffersToEditAgain(_ answer: String, _ applied: Bool) throws {
    let tmp = TemporaryDirectory()
    let data = try planner(in: tmp)
    let copies = tmp.file("copies")
    try FileManager.default.createDirectory(atPath: copies, withIntermediateDirectories: true)
    // The first run makes a mistake, the second puts it right.
    let script = try editor(
      "if grep -q spoons=11 \"$1\"; then sed -i s/spoons=11/spoons=4/ \"$1\"; "
        + "else sed -i s/spoons=3/spoons=11/ \"$1\"; fi", in: tmp)
    let session = Session(
      store: PlannerStore(directory: data),
      environment: Environment(
        now: { morning }, variables: ["EDITOR": script, "TMPDIR": copies, "PATH": "/usr/bin:/bin"],
        input: ScriptedLines([]), output: StringSink(), errors: StringSink(),
        inputIsTerminal: true, outputIsTerminal: false),
      renderer: Renderer(style: Style(color: false)))
    var questions: [String] = []
    let run = {
      try session.execute(Commands.EditPlanner()) { questions.append($0); return answer }
    }
    if applied {
      #expect(try run().output.contains("task 1 changed"))
    } else {
      #expect(throws: (any Error).self) { try run() }
    }
    #expect(questions.count == 1)
    #expect(questions.first?.contains(", line ") == true)
    #expect(questions.first?.hasSuffix("Edit again? [Y/n] ") == true)
    let spoons = try PlannerStore(directory: data).load().task(TaskID(1))?.spoons.value
    #expect(spoons == (applied ? 4 : 3))
    let kept = try FileManager.default.contentsOfDirectory(atPath: copies)
    #expect(kept.count == (applied ? 0 : 1))
  }
}
