import Foundation
import SpoonsCore
import SpoonsStore
import SpoonsTestSupport
import Testing
@testable import SpoonsCLI

/// Golden transcripts: one file per scenario under `Transcripts/`, exactly what a terminal
/// shows: prompts with the typed input, output and errors. `@@` lines are comments,
/// `@@ now TIME` moves the fake clock before the next input, and `@@ env NAME=VALUE` sets an
/// environment variable (`COLUMNS`, `LANG`; an empty VALUE unsets it). Run with `SPOONS_RECORD=1` to
/// rewrite the files from the current behaviour (the test then fails once, so a person reads
/// the diff).
@Suite("Golden REPL transcripts")
struct TranscriptTests {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Transcripts")

  static var names: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
      .filter { $0.hasSuffix(".txt") }.sorted()
  }

  @Test func thereAreTranscripts() { #expect(Self.names.count >= 5) }

  @Test func theREADMEShowsTheTestedMorning() throws {
    let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let transcript = try String(
      contentsOf: Self.directory.appendingPathComponent("readme-morning.txt"), encoding: .utf8)
    let screen = transcript.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.hasPrefix("@@") }.joined(separator: "\n")
    #expect(readme.contains("$ spoons\n" + screen))
  }

  @Test(arguments: names)
  func transcript(_ name: String) throws {
    let url = Self.directory.appendingPathComponent(name)
    let expected = try String(contentsOf: url, encoding: .utf8)
    let actual = try Self.replay(expected)
    if ProcessInfo.processInfo.environment["SPOONS_RECORD"] == "1" {
      if actual != expected {
        try actual.write(to: url, atomically: true, encoding: .utf8)
        Issue.record("re-recorded \(name); review the diff and run again")
      }
      return
    }
    #expect(actual == expected, "\(name) differs; SPOONS_RECORD=1 re-records it")
  }

  /// Replays the inputs of a transcript through the real REPL loop on a fresh store.
  static func replay(_ transcript: String) throws -> String {
    let tmp = TemporaryDirectory()
    let screen = StringSink()
    let clock = Clock(now: morning)
    let source = TranscriptSource(transcript, screen: screen, clock: clock)
    let seedStore = PlannerStore(directory: tmp.data)
    let env = Environment(
      now: { clock.now }, variables: [:], input: source, output: screen, errors: screen,
      inputIsTerminal: true, outputIsTerminal: false)
    let session = Session(
      store: PlannerStore(directory: tmp.data), environment: env,
      renderer: Renderer(style: Style(color: false)))
    // `@@ before COMMAND` lines run on the store before the REPL opens, silently.
    source.runBefore = { line in
      let seeder = Session(
        store: seedStore,
        environment: Environment(
          now: { clock.now }, variables: [:], input: ScriptedLines([]), output: StringSink(),
          errors: StringSink(), inputIsTerminal: false, outputIsTerminal: false),
        renderer: Renderer(style: Style(color: false)))
      if let command = try? CommandParser.parse(line: line) { _ = try? seeder.execute(command) }
    }
    source.setVariable = { name, value in
      // A process reads its environment once, at start: a new one for the lines after.
      session.environment.variables[name] = value.isEmpty ? nil : value
      session.renderer = Renderer(for: session.environment)
    }
    source.flushDirectives()  // the leading comments stand before the banner
    _ = Repl(session: session, mode: .interactive, morningCheckIn: transcript.contains("\n@@ check-in\n"))
      .run()
    source.flushDirectives()
    return screen.text
  }
}

final class Clock {
  var now: Timestamp
  init(now: Timestamp) { self.now = now }
}

/// Feeds a transcript's typed lines to the REPL and echoes them like a terminal would.
final class TranscriptSource: LineSource {
  enum Event {
    case directive(String)
    case input(String)
  }
  private var events: [Event]
  private let screen: StringSink
  private let clock: Clock
  var runBefore: ((String) -> Void)?
  var setVariable: ((String, String) -> Void)?

  static let prompts = [
    "How many spoons today? ", "Put it on today's list too? [y/N] ", Repl.moodQuestion,
  ]

  init(_ transcript: String, screen: StringSink, clock: Clock) {
    self.screen = screen
    self.clock = clock
    events = []
    for line in transcript.split(separator: "\n", omittingEmptySubsequences: false) {
      let text = String(line)
      if text.hasPrefix("@@") {
        events.append(.directive(text))
      } else if let input = Self.input(in: text) {
        events.append(.input(input))
      }
    }
  }

  /// The typed part of a line that starts with a prompt.
  static func input(in line: String) -> String? {
    if line.hasPrefix("spoons"), let end = line.range(of: "> ") {
      let prompt = line[..<end.lowerBound]
      if prompt == "spoons" || prompt == "spoons (no day)"
        || prompt.range(
          of: #"^spoons( [A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2})? \d+/\d+$"#,
          options: .regularExpression) != nil
      {
        return String(line[end.upperBound...])
      }
    }
    for question in [
      #"^Good morning\. How many spoons today\?( \[\d+\])? "#,
      #"^How many spoons today\? \[\d+\] "#,
      #"^[A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2} is still open, .* first\? \[Y/n/number\] "#,
      #"^Delete the \d+ tasks? [a-z ]+\? \[y/N\] "#,
      #"^(Edit|Delete|Plan|Check off|Unplan|Reopen) \d+ tasks \(.*\)\? \[y/N\] "#,
    ] {
      if let match = line.range(of: question, options: .regularExpression) {
        return String(line[match.upperBound...])
      }
    }
    for prompt in prompts where line.hasPrefix(prompt) { return String(line.dropFirst(prompt.count)) }
    return nil
  }

  func flushDirectives() {
    while case .directive(let text)? = events.first {
      events.removeFirst()
      screen.write(text + "\n")
      if text.hasPrefix("@@ now "), let t = Timestamp(iso: text.dropFirst(7)) { clock.now = t }
      if text.hasPrefix("@@ before ") { runBefore?(String(text.dropFirst(10))) }
      if text.hasPrefix("@@ env "), let eq = text.firstIndex(of: "=") {
        setVariable?(String(text[text.index(text.startIndex, offsetBy: 7)..<eq]), String(text[text.index(after: eq)...]))
      }
    }
  }

  func readLine(prompt: String) -> LineResult {
    // Directives stand before the prompt line they apply to.
    if case .input? = events.first {} else { flushDirectives() }
    guard case .input(let line)? = events.first else {
      screen.write(prompt)
      return .end
    }
    events.removeFirst()
    screen.write(prompt + line + "\n")
    return .line(line)
  }
}
