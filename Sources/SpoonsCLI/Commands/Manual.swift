import SpoonsStore

extension Commands {
  /// `manual`: the manual page in roff, generated from the registry, for `man -l -` or to
  /// install as `spoons.1`.
  public struct Manual: SpoonsCommand {
    public static let info = CommandInfo(
      name: "manual", aliases: [], usage: "manual",
      summary: "the man page (spoons manual | man -l -)",
      example: "manual")

    public init() {}

    public init(parsing args: inout Arguments) throws(ParseError) {
      try args.finish()
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      Session.Result(output: ManualPage.roff())
    }
  }
}

/// The man page's text. Everything that lists something (commands, options, exit statuses)
/// reads it from where it is defined.
enum ManualPage {
  static func roff() -> String {
    let out = """
      .TH SPOONS 1 "" "spoons \(SpoonsApp.version)" "User Commands"
      .SH NAME
      spoons \\- plan your day in spoons
      .SH SYNOPSIS
      .B spoons
      [\\fB\\-\\-data\\fR \\fIDIR\\fR] [\\fB\\-\\-no\\-color\\fR] [\\fB\\-\\-keep\\-going\\fR] \
      [\\fICOMMAND\\fR [\\fIARGS\\fR ...]]
      .br
      .B spoons
      \\fB\\-\\-version\\fR | \\fB\\-\\-help\\fR
      .SH DESCRIPTION
      \(text("""
        Spoons plans a day by energy, after spoon theory: a day has a budget of spoons, every \
        task costs 1 to 10 of them, and planning refuses a selection that does not fit, \
        saying by how much.
        """))
      .PP
      \(text("""
        With no command and a terminal, spoons opens an interactive prompt with line editing, \
        history and Tab completion. With no command and standard input not a terminal, it \
        reads commands line by line (blank lines and # comments skipped) and stops at the \
        first failure unless --keep-going. With a command, it runs that one and exits.
        """))
      .PP
      \(text("""
        Task ids look like 12 or #12; where several are accepted, also ranges (3-6) and \
        lists (3,5). Command names and options are read in any case. At the prompt and in \
        scripts, a quote inside or at the end of a word is part of it (mum's GP); one that \
        starts a word groups words up to the matching quote that ends one, as in a shell. \
        Results go to standard output, errors to standard error, one line each, starting \
        with error:.
        """))
      .SH COMMANDS

      """
    return out + commands() + options() + files() + exitStatuses() + environment()
  }

  /// COMMANDS: each command of the registry, its usage, summary, aliases and example.
  static func commands() -> String {
    var out = ""
    for info in CommandRegistry.infos {
      let words = info.usage.split(separator: " ", maxSplits: 1).map(String.init)
      out += ".TP\n\\fB\(text(words[0]))\\fR"
      if words.count > 1 { out += " " + text(words[1]) }
      out += "\n" + text(info.summary) + ".\n"
      if !info.aliases.isEmpty {
        let aliases = info.aliases.map { "\\fB\(text($0))\\fR" }.joined(separator: ", ")
        out += ".br\nAlso: \(aliases).\n"
      }
      out += ".br\nExample: \\fBspoons \(text(info.example))\\fR\n"
    }
    return out
  }

  /// GLOBAL OPTIONS, as `GlobalOptions` documents them.
  static func options() -> String {
    var out = ".SH GLOBAL OPTIONS\nThey go before the command.\n"
    for option in GlobalOptions.documented {
      out += ".TP\n\\fB\(text(option.flag))\\fR"
      if let value = option.value { out += " \\fI\(text(value))\\fR" }
      out += "\n\(text(option.summary)).\n"
    }
    return out
  }

  /// FILES: where the data directory is, and each file of it (`DataFiles`).
  static func files() -> String {
    var out = """
      .SH FILES
      \(text("""
        The data directory is the first of these that is set: --data DIR, $SPOONS_HOME, \
        $XDG_DATA_HOME/spoons, else ~/.local/share/spoons (on macOS ~/Library/Application \
        Support/Spoons). It is created on first use with mode 0700, its files 0600.
        """))

      """
    for file in DataFiles.all {
      out += ".TP\n\\fI\(text(file.name))\\fR\n\(text(DataFiles.plain(file.holds))).\n"
    }
    return out
  }

  /// EXIT STATUS, from `ExitStatus`.
  static func exitStatuses() -> String {
    var out = ".SH EXIT STATUS\n"
    for status in ExitStatus.allCases {
      out += ".TP\n\\fB\(status.rawValue)\\fR\n\(text(status.meaning)).\n"
    }
    return out
  }

  /// ENVIRONMENT: the variables Spoons reads.
  static func environment() -> String {
    let variables: [(String, String)] = [
      ("SPOONS_HOME", "the data directory, unless --data is given"),
      ("XDG_DATA_HOME", "the data directory is $XDG_DATA_HOME/spoons when SPOONS_HOME is not set"),
      ("HOME", "the data directory's last resort (see FILES)"),
      ("SPOONS_NOW", "a fixed time for every command, like 2026-11-21T08:00:00+01:00 "
        + "(for tests and demonstrations)"),
      ("NO_COLOR", "when set and not empty, no colour"),
      ("TERM", "dumb: no colour and no line editing"),
      ("COLUMNS", "how wide the spoon bar and the chart may draw, when it is a positive "
        + "whole number"),
      ("LC_ALL, LC_CTYPE, LANG", "the first one set decides whether every view draws in "
        + "Unicode or in ASCII; chart --ascii always uses ASCII"),
    ]
    var out = ".SH ENVIRONMENT\n"
    for (name, what) in variables {
      out += ".TP\n\\fB\(text(name))\\fR\n\(text(what)).\n"
    }
    return out
  }

  /// Plain text as roff: backslashes and minus signs escaped, and a line never starting with
  /// a control character.
  static func text(_ plain: String) -> String {
    var out = ""
    for c in plain {
      switch c {
      case "\\": out += "\\e"
      case "-": out += "\\-"
      default: out.append(c)
      }
    }
    return out.first == "." || out.first == "'" ? "\\&" + out : out
  }
}
