extension Commands {
  /// `quit`: leave the REPL.
  public struct Quit: SpoonsCommand {
    public static let info = CommandInfo(
      name: "quit", aliases: ["exit", "q"], usage: "quit",
      summary: "leave the REPL (Ctrl-D works too)", example: "quit")

    public init() {}

    public init(parsing args: inout Arguments) throws(ParseError) {
      try args.finish()
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      Session.Result(output: "", quit: true)
    }
  }
}
