/// Turns words into a command, or a `ParseError` that says what was wrong and how to do it
/// right. Pure: the REPL, scripts and one-shot argv all come through here.
///
/// It only finds the command in `CommandRegistry`; each command parses its own arguments, so
/// a name that is not registered can never parse as another command.
public enum CommandParser {
  /// Parses one REPL or script line; nil for a blank one. A leading `spoons` is dropped, so a
  /// command copied from a message (`spoons new-day 12`) works as typed.
  public static func parse(line: String) throws(ParseError) -> (any SpoonsCommand)? {
    var words = try Tokenizer.words(line)
    if words.count > 1, words[0].lowercased() == "spoons" { words.removeFirst() }
    return words.isEmpty ? nil : try parse(words)
  }

  /// Parses words (argv after the global options, or a tokenized line).
  public static func parse(_ words: [String]) throws(ParseError) -> any SpoonsCommand {
    guard let first = words.first else { throw ParseError("no command given; try 'help'") }
    guard let command = CommandRegistry.command(named: first) else {
      throw CommandRegistry.unknown(first, lead: "unknown command")
    }
    var arguments = Arguments(Array(words.dropFirst()), info: command.info)
    return try command.init(parsing: &arguments)
  }
}
