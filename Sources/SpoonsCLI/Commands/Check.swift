import SpoonsCore
import SpoonsStore

extension Commands {
  /// `check [--repair]`: read every file of the planner and say what is wrong, what it
  /// costs and the command that puts it right, in the manner of `git fsck`; fails (exit 1)
  /// when something is wrong, so it scripts. `--repair` makes the safe repairs first, each
  /// keeping the damaged file under a dated name.
  public struct Check: SpoonsCommand {
    public static let info = CommandInfo(
      name: "check", aliases: [], usage: "check [--repair]",
      summary: "find damaged files and say how to fix them",
      example: "check")

    public var repair: Bool

    public init(repair: Bool = false) { self.repair = repair }

    public init(parsing args: inout Arguments) throws(ParseError) {
      let repair = args.takeFlag("--repair")
      try args.finish()
      self.repair = repair
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      let report = repair ? try session.store.repair(at: session.environment.now()) : session.store.check()
      var lines = report.repairs.map { "Repaired: " + Text.visible($0) }
      lines += report.notes.map { "Note: " + Text.visible($0) }
      guard report.problems.isEmpty else {
        throw CheckFailure(done: lines, problems: report.problems)
      }
      lines.append("Every file reads: nothing is wrong.")
      return Session.Result(output: lines.joined(separator: "\n") + "\n")
    }
  }

  /// What `check` found wrong (after what it repaired, if anything): the command fails.
  public struct CheckFailure: Error, Equatable, CustomStringConvertible {
    public var done: [String]
    public var problems: [String]

    public var description: String {
      (problems.map(Text.visible) + done).joined(separator: "\n")
    }
  }
}
