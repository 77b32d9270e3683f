import Foundation
import SpoonsTestSupport
import Testing

// openpty is reached through Glibc here; on other platforms these tests are left out.
#if canImport(Glibc)
  import Glibc

/// A pseudo-terminal pair with the real binary on the far side, read and typed into like a
/// person at a terminal would.
final class TerminalSession {
  let master: Int32
  let slave: Int32
  let process = Process()
  /// The terminal's mode before the program started (read after the start, it could already
  /// be the program's raw mode).
  let initialMode: [UInt8]
  private(set) var screen = ""

  /// - Parameter program: `spoons` unless said (a shell, for the completion scripts).
  init(
    program: String = spoonsBinary, arguments: [String], environment extra: [String: String] = [:]
  ) throws {
    var master: Int32 = -1
    var slave: Int32 = -1
    guard openpty(&master, &slave, nil, nil, nil) == 0 else { throw POSIXError(.ENOTTY) }
    self.master = master
    self.slave = slave
    initialMode = TerminalTests.mode(slave)
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env["TERM"] = "xterm-256color"
    env["NO_COLOR"] = nil
    env["SPOONS_NOW"] = morning.description
    for (k, v) in extra { env[k] = v }
    process.environment = env
    let handle = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
    process.standardInput = handle
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
  }

  deinit {
    if process.isRunning { process.terminate() }
    close(master)
    close(slave)
  }

  func type(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(master, $0.baseAddress!, $0.count) }
  }

  /// Reads until `text` is on the screen, or `seconds` pass. Returns whether it appeared.
  @discardableResult
  func waitFor(_ text: String, seconds: Double = 10) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !screen.contains(text) && Date() < deadline {
      var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 50) > 0 else { continue }
      var buffer = [UInt8](repeating: 0, count: 4096)
      let n = read(master, &buffer, buffer.count)
      if n <= 0 { break }
      screen += String(decoding: buffer[0..<n], as: UTF8.self)
    }
    return screen.contains(text)
  }

  /// Reads until `text` is on the screen after the last `after`.
  @discardableResult
  func waitFor(_ text: String, after: String, seconds: Double = 10) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    func found() -> Bool {
      guard let mark = screen.range(of: after, options: .backwards) else { return false }
      return screen[mark.upperBound...].contains(text)
    }
    while !found() && Date() < deadline { waitFor("\u{0}never", seconds: 0.05) }
    return found()
  }

  func waitForExit(seconds: Double = 10) -> Int32? {
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning && Date() < deadline {
      waitFor("\u{0}never", seconds: 0.05)
    }
    return process.isRunning ? nil : process.terminationStatus
  }
}

@Suite("The REPL on a real terminal", .serialized)
struct TerminalTests {
  @Test func promptCommandOutputAndCtrlD() throws {
    let tmp = TemporaryDirectory()
    let term = try TerminalSession(arguments: ["--data", tmp.data])
    #expect(term.waitFor("Good morning. How many spoons today? "))
    term.type("no\r")
    #expect(term.waitFor("spoons (no day)> "))
    term.type("new-day 6\r")
    #expect(term.waitFor("spoons 0/6> "))
    term.type("add 2 Tea with Sam\r")
    #expect(term.waitFor("Added #1 Tea with Sam (2 spoons)."))
    term.type("plan 1\r")
    #expect(term.waitFor("spoons 2/6> "))
    term.type("status\r")
    #expect(term.waitFor("left 4"))
    #expect(term.screen.contains("\u{1B}["), "colour on a terminal")
    term.type("plan 99\r")
    #expect(term.waitFor("error: there is no task #99"))
    term.type("\u{4}")  // Ctrl-D
    #expect(term.waitForExit() == 0)
  }

  @Test func theCheckInsAnswerNeverComesBackWithUp() throws {
    let tmp = TemporaryDirectory()
    let term = try TerminalSession(arguments: ["--data", tmp.data])
    #expect(term.waitFor("Good morning. How many spoons today? "))
    term.type("7 spoons\r")
    #expect(term.waitFor("How do you feel this morning, 1 (very low) to 5 (very good)? Enter skips: "))
    term.type("4\r")  // an answer too, never in the history
    #expect(term.waitFor("spoons 0/7> "))
    term.type("status\r")
    #expect(term.waitFor("left 7"))
    term.type("\u{1B}[A\u{1B}[A\u{1B}[A")  // Up, Up, Up: only `status` is there
    #expect(term.waitFor("> status"))
    term.type("\u{15}\u{4}")  // Ctrl-U, Ctrl-D
    #expect(term.waitForExit() == 0)
    #expect(!term.screen.contains("> 7 spoons"))
    let history = FileManager.default.contents(atPath: tmp.data + "/history.txt") ?? Data()
    #expect(String(decoding: history, as: UTF8.self).hasSuffix("version=1\nstatus\n"))
  }

  /// Opened on a planner it cannot read, the REPL says so at once, with what to type, rather
  /// than at the first command.
  @Test func aDamagedPlannerIsReportedWhenThePromptOpens() throws {
    let tmp = TemporaryDirectory()
    try spoons(["add", "1", "Tea"], data: tmp.data)
    try spoons(["add", "2", "Walk"], data: tmp.data, environment: ["SPOONS_CHECKPOINT_AFTER": "1"])
    try Data("{}\n".utf8).write(to: URL(fileURLWithPath: tmp.data + "/planner.txt"))
    let term = try TerminalSession(arguments: ["--data", tmp.data])
    #expect(term.waitFor("error: \(tmp.data)/planner.txt is not a Spoons planner file (it holds JSON)"))
    #expect(term.waitFor("cp planner.txt.bak planner.txt"))
    #expect(term.waitFor("spoons> "))
    #expect(!term.screen.contains("Good morning"))
    term.type("\u{4}")
    #expect(term.waitForExit() == 0)
  }

  /// The terminal's settings as comparable bytes.
  static func mode(_ fd: Int32) -> [UInt8] {
    var t = termios()
    tcgetattr(fd, &t)
    return withUnsafeBytes(of: &t) { Array($0) }
  }

  @Test func editingHistoryCompletionCtrlCAndCtrlD() throws {
    let tmp = TemporaryDirectory()
    try spoons(["add", "3", "Laundry"], data: tmp.data)
    let term = try TerminalSession(arguments: ["--data", tmp.data])
    let before = term.initialMode
    #expect(term.waitFor("Good morning. How many spoons today? "))
    term.type("6\r")
    #expect(term.waitFor("Enter skips: "))
    term.type("\r")
    #expect(term.waitFor("spoons 0/6> "))
    term.type("ad 1 Tea")  // a typo, mended in the middle: Home, two Rights, "d"
    term.type("\u{1}\u{1B}[C\u{1B}[Cd\r")
    #expect(term.waitFor("Added #2 Tea (1 spoon)."))
    term.type("plan 1\r")
    #expect(term.waitFor("spoons 3/6> "))
    term.type("\u{1B}[A")  // Up recalls the last line
    #expect(term.waitFor("spoons 3/6> plan 1"))
    term.type("\u{15}done \t")  // Ctrl-U, then Tab completes the only open task's id
    #expect(term.waitFor("done 1 "))
    term.type("\r")
    #expect(term.waitFor("Done: #1 Laundry (3 spoons)."))
    term.type("delete 2\u{3}")  // Ctrl-C abandons the line
    #expect(term.waitFor("^C"))
    #expect(term.screen.contains("delete 2"))
    term.type("\u{4}")  // Ctrl-D on an empty line leaves
    #expect(term.waitForExit() == 0)
    #expect(Self.mode(term.slave) == before, "the terminal is restored")
    let left = try spoons(["list", "1", "--json"], data: tmp.data)
    #expect(left.stdout.contains("\"Tea\""), "the abandoned delete did not run")
    let history = String(decoding: FileManager.default.contents(atPath: tmp.data + "/history.txt") ?? Data(), as: UTF8.self)
    #expect(history.contains("add 1 Tea\nplan 1\ndone 1 \n"))
  }

  /// After Ctrl-L the prompt stands at the top-left corner, where "clear below" clears the
  /// whole screen and tmux pushes it into the scrollback first: the keys typed after it must
  /// redraw the line in place, leaving the scrollback as Ctrl-L left it (the screen before).
  @Test func ctrlLThenTypingLeavesNoCopiesOfTheLineInTheScrollback() throws {
    let tmp = TemporaryDirectory()
    let term = try TerminalSession(
      arguments: ["--data", tmp.data, "--no-color"], environment: ["COLUMNS": "30"])
    #expect(term.waitFor("How many spoons today? "))
    term.type("no\r")
    #expect(term.waitFor("spoons (no day)> "))
    let beforeClear = term.screen.count
    term.type("\u{C}")  // Ctrl-L
    #expect(term.waitFor("\u{1B}[2J"))
    // One key at a time, each redrawn on its own; long enough to wrap at 30 columns, then
    // shortened back onto one row.
    var typed = ""
    for c in "add 2 Tea with Sam at four" {
      typed.append(c)
      term.type(String(c))
      #expect(term.waitFor(String(typed.suffix(6))))
    }
    term.type("\u{17}\u{17}\u{17}\u{17}x")  // Ctrl-W four times leaves "add 2 Tea "
    #expect(term.waitFor("Tea x"))

    let cleared = String(term.screen.dropFirst(beforeClear))
    #expect(cleared.hasPrefix("\u{1B}[H\u{1B}[2J"), "Ctrl-L clears the screen from the top")
    var screen = ScreenModel(width: 30, height: 10)
    screen.feed(term.screen)
    #expect(screen.lines.first == "spoons (no day)> add 2 Tea x")
    #expect(screen.lines.dropFirst().filter { !$0.isEmpty } == [], "\(screen.lines)")
    let copies = screen.scrollback.filter { $0.hasPrefix("spoons (no day)>") }
    #expect(copies == ["spoons (no day)>"], "only the screen Ctrl-L cleared: \(screen.scrollback)")
    term.type("\u{15}\u{4}")  // Ctrl-U, Ctrl-D
    #expect(term.waitForExit() == 0)
  }

  @Test func tabTwiceAfterPlanListsWhatFitsFirst() throws {
    let tmp = TemporaryDirectory()
    for words in [["new-day", "4"], ["add", "5", "Deep clean"], ["add", "3", "Laundry"]] {
      try #require(try spoons(words, data: tmp.data).status == 0)
    }
    let term = try TerminalSession(arguments: ["--data", tmp.data, "--no-color"])
    #expect(term.waitFor("spoons 0/4> "))
    term.type("plan \t\t")
    #expect(term.waitFor("#1  Deep clean, 5 spoons · category 5 · does not fit"))
    let fits = try #require(term.screen.range(of: "#2  Laundry, 3 spoons · category 3\r"))
    #expect(fits.upperBound < term.screen.range(of: "#1  Deep clean")!.lowerBound)
    term.type("2\r")
    #expect(term.waitFor("Planned #2 Laundry (3 spoons)."))
    term.type("\u{4}")
    #expect(term.waitForExit() == 0)
  }

  @Test func sigtermWhileEditingRestoresTheTerminal() throws {
    let tmp = TemporaryDirectory()
    let term = try TerminalSession(arguments: ["--data", tmp.data, "--no-color"])
    let before = term.initialMode
    #expect(term.waitFor("How many spoons today? "))
    #expect(Self.mode(term.slave) != before, "raw mode is on while a line is edited")
    kill(term.process.processIdentifier, SIGTERM)
    #expect(term.waitForExit() == 143)
    #expect(Self.mode(term.slave) == before)
  }

  @Test func ctrlDAfterAHalfTypedLineDropsItAndLeaves() throws {
    let tmp = TemporaryDirectory()
    let term = try TerminalSession(arguments: ["--data", tmp.data], environment: ["TERM": "dumb"])
    #expect(term.waitFor("Good morning. How many spoons today? "))
    term.type("no\n")
    #expect(term.waitFor("spoons (no day)> "))
    term.type("add 2 half typed")
    term.type("\u{4}")
    term.type("\u{4}")
    #expect(term.waitForExit() == 0)
    #expect(!term.screen.contains("Added"))
    #expect(tmp.dataBytes("planner.txt") == nil)
  }

  /// Without line editing (`TERM=dumb`), Ctrl-C at the prompt drops the line typed so far,
  /// as a shell's prompt does, and the REPL goes on; it used to end the program.
  ///
  /// Ctrl-C reaches a program as a signal only from its controlling terminal, so the binary
  /// runs under util-linux's `setsid --ctty` (part of every Debian), which makes the
  /// pseudo-terminal that, as a shell starts a program; `--wait` hands back spoons's exit
  /// status (setsid forks: Foundation starts it as a process-group leader).
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/setsid")))
  func ctrlCWithoutLineEditingDropsTheLineAndGoesOn() throws {
    let tmp = TemporaryDirectory()
    let term = try TerminalSession(
      program: "/usr/bin/setsid", arguments: ["--wait", "--ctty", spoonsBinary, "--data", tmp.data],
      environment: ["TERM": "dumb"])
    #expect(term.waitFor("Good morning. How many spoons today? "))
    term.type("\u{3}")  // Ctrl-C at the check-in: no answer, as Ctrl-D would be
    #expect(term.waitFor("spoons (no day)> "))
    term.type("new-day 6\n")
    #expect(term.waitFor("spoons 0/6> "))
    term.type("add 2 half typed")
    // Seen, as a person sees what they typed: the terminal throws away what it has not shown
    // yet when Ctrl-C comes.
    #expect(term.waitFor("half typed"))
    term.type("\u{3}")
    #expect(term.waitFor("spoons 0/6> ", after: "half typed"))
    term.type("add 1 Tea\n")
    #expect(term.waitFor("Added #1 Tea (1 spoon)."))
    // A line Spoons has already read part of (Ctrl-D hands over what is typed, with no
    // newline) is dropped by Spoons itself.
    term.type("add 3 handed over")
    #expect(term.waitFor("handed over"))
    term.type("\u{4}")
    term.type("\u{3}")
    #expect(term.waitFor("spoons 0/6> ", after: "handed over"))
    term.type("list\n")
    #expect(term.waitFor("Tea", after: "list"))
    #expect(term.waitFor("spoons 0/6> ", after: "Tea"))
    term.type("\u{4}")
    #expect(term.waitForExit() == 0)
    // The dropped lines never ran: the only task is the one added after the first.
    #expect(!term.screen.contains("Added #2"))
    #expect(!term.screen.contains("half typed (") && !term.screen.contains("handed over ("))
  }

  @Test func noColourOnATerminalWhenNoColorIsSet() throws {
    let tmp = TemporaryDirectory()
    let term = try TerminalSession(arguments: ["--data", tmp.data, "status"], environment: ["NO_COLOR": "1"])
    #expect(term.waitForExit() == 0)
    term.waitFor("No day", seconds: 1)
    #expect(term.screen.contains("No day started yet"))
    #expect(!term.screen.contains("\u{1B}["))
  }
}
#endif
