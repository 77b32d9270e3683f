import SpoonsCore

extension Commands {
  /// `help [COMMAND]`: the list of commands, or one command's usage and example.
  public struct Help: SpoonsCommand {
    public static let info = CommandInfo(
      name: "help", aliases: ["?"], usage: "help [COMMAND]",
      summary: "the commands, or one command's usage",
      example: "help plan")

    /// The command's name (never an alias); nil: all of them.
    public var topic: String?

    public init(topic: String? = nil) { self.topic = topic }

    public init(parsing args: inout Arguments) throws(ParseError) {
      let topic = args.next()
      try args.finish()
      if let topic, CommandRegistry.info(for: topic) == nil {
        throw CommandRegistry.unknown(topic, lead: "no command")
      }
      self.topic = topic.flatMap { CommandRegistry.info(for: $0)?.name }
    }

    /// The first argument is a command's name.
    public static func completions(_ context: CompletionContext, in session: Session)
      -> [Completion.Candidate]?
    {
      guard context.argument == 1 else { return nil }
      return CommandRegistry.infos.map { Completion.Candidate(text: $0.name) }
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      Session.Result(output: session.renderer.help(topic: topic))
    }
  }
}
