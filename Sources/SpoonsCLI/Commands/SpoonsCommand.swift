import SpoonsCore

/// One verb of Spoons: what it is called, how its words parse, what Tab offers after it and
/// what it does. Everything a command is lives in its own file, and help, completion
/// scripts, the manual and the README's table are all generated from `CommandRegistry`.
///
/// Commands are values, so a test can compare what a line parses to.
public protocol SpoonsCommand: Equatable, Sendable {
  /// Name, aliases, usage, summary and example: the one source for everything that lists it.
  static var info: CommandInfo { get }

  /// Parses the words after the command's name; the first mistake throws and says how to do
  /// it right.
  init(parsing arguments: inout Arguments) throws(ParseError)

  /// What Tab offers for the argument the cursor is in; nil when there is nothing to offer.
  static func completions(_ context: CompletionContext, in session: Session)
    -> [Completion.Candidate]?

  /// Words a shell completion script offers after the name besides the flags in the usage
  /// (the fixed choices, such as `clear`'s `backlog` and `completed`).
  static var shellWords: [String] { get }

  /// Runs against the session's store. Throws `ParseError`, `PlannerError`, `StoreError`,
  /// `UndoError` or `ImportError`; on a throw nothing was changed.
  ///
  /// - Parameter ask: asks the user for a missing value (the REPL); nil where nobody can answer.
  func run(in session: Session, ask: Session.Ask?) throws -> Session.Result
}

extension SpoonsCommand {
  public static func completions(_ context: CompletionContext, in session: Session)
    -> [Completion.Candidate]?
  { nil }

  public static var shellWords: [String] { [] }

  /// Equality across the existential, for tests and for callers holding `any SpoonsCommand`.
  public func isEqual(_ other: any SpoonsCommand) -> Bool {
    (other as? Self) == self
  }
}

/// A command whose words are only the tasks it acts on: ids (`done 4 7`, `delete 3-5,9`) or
/// a filter (`delete in:backlog due.before:2026-01-01`); they all parse them the same way.
public protocol TaskSelectionCommand: SpoonsCommand {
  var selection: TaskSelection { get }
  init(_ selection: TaskSelection)
}

extension TaskSelectionCommand {
  public init(_ ids: [TaskRef]) { self.init(.ids(ids)) }

  public init(parsing args: inout Arguments) throws(ParseError) { self.init(try args.selection()) }
}

/// The namespace the command types live in, so `Commands.Chart` and `Commands.Routine` sit
/// beside the chart renderer and the core's routine without clashing.
public enum Commands {}

/// What every command is called, how it is used, and an example.
public struct CommandInfo: Sendable {
  public let name: String
  public let aliases: [String]
  public let usage: String
  public let summary: String
  public let example: String
  /// For the list of all commands, when the usage is too long to shorten by rule.
  public var brief: String? = nil
}

extension CommandInfo {
  /// The usage short enough for the list of all commands: more than one option becomes
  /// `[options]` (`help COMMAND` shows them all).
  public var synopsis: String {
    if let brief { return brief }
    guard let start = usage.firstRange(of: " [--")?.lowerBound else { return usage }
    let options = usage[start...]
    let single = !options.dropFirst().contains(" ")  // one flag, like [--json] or [--yes]
    return single ? usage : usage[..<start] + " [options]"
  }

  /// The flags whose value is one of a few words the usage lists (`--format json|csv`,
  /// `--sort due|age`), with those words: what shell completion offers after the flag.
  public var choices: [(flag: String, words: [String])] {
    let words = usage.split(separator: " ").map(String.init)
    var result: [(flag: String, words: [String])] = []
    for (index, word) in words.enumerated().dropLast() {
      let flag = String(word.drop { $0 == "[" || $0 == "|" })
      let value = words[index + 1].filter { $0 != "]" }
      let choices = value.split(separator: "|", omittingEmptySubsequences: false)
      guard flag.hasPrefix("--"), !flag.hasSuffix("]"), choices.count >= 2,
        choices.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isLowercase } })
      else { continue }
      result.append((flag, choices.map(String.init)))
    }
    return result
  }

  /// The `--flags` the usage names, in order, each once, and whether it takes a value (`--due
  /// D`, `--sort due|age`) rather than standing alone (`--json`, `--changes [N]`).
  public var flags: [(name: String, takesValue: Bool)] {
    let words = usage.split(separator: " ").map(String.init)
    var result: [(name: String, takesValue: Bool)] = []
    for (index, word) in words.enumerated() {
      let bare = word.drop { $0 == "[" || $0 == "|" }
      guard bare.hasPrefix("--") else { continue }
      let name = String(bare.prefix { $0 != "]" && $0 != "=" })
      guard name.count > 2, !result.contains(where: { $0.name == name }) else { continue }
      let next = index + 1 < words.count ? words[index + 1] : ""
      let takesValue = !word.hasSuffix("]") && !next.isEmpty
        && !["[", "|", "-"].contains(where: { next.hasPrefix($0) })
      result.append((name, takesValue))
    }
    return result
  }
}

/// Where Tab was pressed, as a command's completion sees it.
public struct CompletionContext: Sendable {
  /// The words before the cursor, the command's name first.
  public let words: [String]
  /// The argument the cursor is in: 1 for the first one after the name.
  public let argument: Int
}
