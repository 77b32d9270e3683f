import Foundation
import SpoonsCore
import SpoonsTestSupport
import SpoonsStore
import Testing
@testable import SpoonsCLI

@Suite("Undo and redo from the command line")
struct UndoCLITests {
  /// Random commands (many refused, which must record nothing), then undo everything in
  /// random steps: the planner and its archive are exactly as at the start. Redo everything:
  /// exactly as at the end.
  @Test(arguments: 0..<12) func undoingEverythingRandomGivesBackTheStart(seed: Int) throws {
    let tmp = TemporaryDirectory()
    let store = PlannerStore(directory: tmp.data)
    let clock = Clock(now: morning)
    let session = Session(
      store: store,
      environment: Environment(
        now: { clock.now }, variables: [:], input: ScriptedLines([]), output: StringSink(),
        errors: StringSink(), inputIsTerminal: false, outputIsTerminal: false),
      renderer: Renderer(style: Style(color: false)))
    func run(_ line: String) {
      if let command = try? CommandParser.parse(line: line) { _ = try? session.execute(command) }
    }
    for line in ["add 3 Laundry", "add 2 Call mum", "add 5 Deep clean", "new-day 10", "plan 1"] {
      run(line)
    }
    func state() throws -> (Planner, Archive) { (try store.load(), try store.loadArchive()) }
    let start = try state()
    let recordedAtStart = try store.changes().undoable.count

    var rng = SeededGenerator(seed: UInt64(seed))
    func pick(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
    func id() -> Int { 1 + pick(14) }
    for _ in 0..<45 {
      let line: String
      switch pick(18) {
      case 0, 1: line = "add \(1 + pick(10)) Task \(pick(1000))"
      case 2, 3: line = "plan \(id()) \(id())"
      case 4, 5: line = "done \(id())"
      case 6: line = "undone \(id())"
      case 7: line = "unplan \(id())"
      case 8: line = "delete \(id())"
      case 9: line = "move \(id()) \(1 + pick(3))"
      case 10: line = "edit \(id()) --spoons \(1 + pick(10)) --title Edited \(pick(9))"
      case 11:
        clock.now = Timestamp(seconds: clock.now.seconds + 86_400, utcOffset: 3600)
        line = "new-day \(pick(15))"
      case 12: line = "rest \(1 + pick(3)) Nap"
      case 13: line = ["borrow 1", "reserve \(pick(3))", "suggest --plan"][pick(3)]
      case 14: line = ["routine add 1 Meds", "routine pause r1", "routine remove r1"][pick(3)]
      case 15: line = "clear backlog --yes"
      case 16: line = "clear completed --yes"
      default: line = "plan \(id()) --borrow"
      }
      run(line)
    }
    let end = try state()
    let made = try store.changes().undoable.count - recordedAtStart
    #expect(made > 10)

    var left = made
    while left > 0 {
      let step = min(left, 1 + pick(4))
      let result = try session.execute(Commands.Undo(step))
      #expect(result.output.components(separatedBy: "Undid: ").count == step + 1)
      left -= step
    }
    let undone = try state()
    #expect(undone.0 == start.0)
    #expect(undone.1 == start.1)

    _ = try session.execute(Commands.Redo(made))
    let redone = try state()
    #expect(redone.0 == end.0)
    #expect(redone.1 == end.1)
  }

  @Test func undoWorksAcrossSeparateProcessesAndNamesWhatItTookBack() throws {
    let tmp = TemporaryDirectory()
    try spoons(["add", "3", "Laundry"], data: tmp.data)
    try spoons(["add", "2", "Call", "mum"], data: tmp.data)
    try spoons(["new-day", "10"], data: tmp.data)
    try spoons(["plan", "1", "2"], data: tmp.data)
    let undo = try spoons(["undo"], data: tmp.data)
    #expect(undo.status == 0)
    #expect(undo.stdout.hasPrefix("Undid: plan #1 Laundry, #2 Call mum (5 spoons).\n"))
    #expect(try spoons(["todo"], data: tmp.data).stdout.contains("Nothing planned"))
    let two = try spoons(["undo", "2"], data: tmp.data)
    #expect(two.stdout.hasPrefix("Undid: new-day 10.\nUndid: add #2 Call mum (2 spoons).\n"))
    let redo = try spoons(["redo", "3"], data: tmp.data)
    #expect(redo.stdout.contains("Redid: plan #1 Laundry, #2 Call mum (5 spoons)."))
    #expect(try spoons(["status"], data: tmp.data).stdout.contains("planned 5"))
  }

  @Test func undoRefusalsAreOneLineAndChangeNothing() throws {
    let tmp = TemporaryDirectory()
    let nothing = try spoons(["undo"], data: tmp.data)
    #expect(nothing.status == 1 && nothing.stderr == "error: nothing to undo\n")
    try spoons(["add", "1", "Tea"], data: tmp.data)
    let before = tmp.dataBytes("planner.txt")
    for (args, status, message) in [
      (["undo", "2"], Int32(1), "error: cannot undo 2: only 1 change can be undone; try 'undo 1'\n"),
      (["redo"], 1, "error: nothing to redo\n"),
      (["undo", "0"], 64, "error: 0 is too small: the changes to undo must be a whole number from 1 to 100, e.g. undo 2\n"),
      (["undo", "101"], 64, "error: 101 is too big: the changes to undo must be a whole number from 1 to 100, e.g. undo 2\n"),
      (["undo", "-1"], 64, nil), (["undo", "abc"], 64, nil), (["undo", "1", "2"], 64, nil),
    ] as [([String], Int32, String?)] {
      let run = try spoons(args, data: tmp.data)
      #expect(run.status == status, "\(args)")
      #expect(run.stderr.hasPrefix("error: ") && run.stderr.filter { $0 == "\n" }.count == 1)
      if let message { #expect(run.stderr == message) }
      #expect(tmp.dataBytes("planner.txt") == before)
    }
  }

  /// Another program changed what the last change touched: undo refuses and says so.
  @Test func undoAfterAChangeItDidNotRecordIsRefused() throws {
    let tmp = TemporaryDirectory()
    try spoons(["add", "1", "Tea"], data: tmp.data)
    let path = tmp.data + "/planner.txt"
    let edited = try String(contentsOfFile: path, encoding: .utf8)
      .replacingOccurrences(of: "spoons=1", with: "spoons=2")
    try edited.write(toFile: path, atomically: false, encoding: .utf8)
    let run = try spoons(["undo"], data: tmp.data)
    #expect(run.status == 1)
    #expect(run.stderr == "error: cannot undo 'add #1 Tea (1 spoon)': task #1 has changed since "
      + "(edited by hand or by another program); nothing was changed\n")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == edited)
  }
}
