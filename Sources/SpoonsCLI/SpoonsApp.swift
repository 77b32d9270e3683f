import SpoonsCore
import SpoonsStore

/// The `spoons` program: global options, then the REPL, a script, or one command.
public enum SpoonsApp {
  public static let version = "0.1.0"

  /// A completion script asking on a Tab (`spoons __complete WORD...`): answered, and it
  /// always succeeds, silently when it fails; nil for any other command line.
  private static func answerCompletion(_ arguments: [[UInt8]], _ environment: Environment)
    -> Int32?
  {
    guard let first = arguments.first, first.elementsEqual(ShellCompletion.hiddenCommand.utf8)
    else { return nil }
    environment.output.write(
      ShellCompletion.answer(Array(arguments.dropFirst()), environment: environment))
    environment.output.flush()
    return ExitStatus.success.rawValue
  }

  /// Runs the program and returns its exit status. Never exits the process itself.
  ///
  /// - Parameter arguments: argv without the program name, as raw bytes so that invalid UTF-8
  ///   is refused with a message rather than silently altered.
  public static func main(arguments: [[UInt8]], environment: Environment) -> Int32 {
    if let status = answerCompletion(arguments, environment) { return status }
    var env = environment
    var words: [String] = []
    for (index, raw) in arguments.enumerated() {
      // Decoding repairs bad bytes, so equal bytes mean valid UTF-8: the same test as
      // `String(validating:)`, without the generic code that cost `--version` a tenth of its run.
      let word = String(decoding: raw, as: UTF8.self)
      guard word.utf8.elementsEqual(raw) else {
        return fail(ParseError("argument \(index + 1) is not valid UTF-8 text"), env)
      }
      words.append(word)
    }

    var options = GlobalOptions()
    do {
      try options.consume(&words)
    } catch {
      return fail(error, env)
    }
    if options.version {
      env.output.write("spoons \(version)\n")
      env.output.flush()
      return ExitStatus.success.rawValue
    }
    let renderer = Renderer(for: env, noColorFlag: options.noColor)
    if options.help {
      env.output.write(usage + "\n" + renderer.help(topic: nil))
      env.output.flush()
      return ExitStatus.success.rawValue
    }
    if let fixed = env.variables["SPOONS_NOW"], !fixed.isEmpty {
      // A fixed clock for tests and demos.
      guard let now = Timestamp(iso: fixed) else {
        return fail(ParseError("SPOONS_NOW must look like 2026-11-21T08:00:00+01:00"), env)
      }
      env.now = { now }
      env.zone = nil  // the fixed clock's offset, whatever TZ says: tests give the same dates
    }
    let variables = env.variables
    let directory = DataLocation.resolve(explicit: options.data) { variables[$0] }
    let session = Session(
      store: store(in: directory, env), environment: env, renderer: renderer)

    if words.isEmpty {
      guard env.inputIsTerminal else {
        return Repl(session: session, mode: .script(keepGoing: options.keepGoing)).run().rawValue
      }
      if env.variables["TERM"] != "dumb", let fd = (env.input as? FileLineSource)?.fd {
        let historyFile = HistoryFile(directory: directory)
        let history = LineHistory(historyFile.load(), onAdd: { historyFile.append($0) })
        session.environment.input = LineEditor(
          input: fd, output: env.output, history: history,
          completer: { [unowned session] line, cursor in
            session.completions(line: line, cursor: cursor)
          }, columns: env.columnsRule)
      } else {
        (env.input as? FileLineSource)?.ctrlCDropsTheLine = true
      }
      let status = Repl(session: session, mode: .interactive, morningCheckIn: true).run()
      (session.environment.input as? LineEditor)?.restoreTerminal()
      return status.rawValue
    }
    do {
      let command = try CommandParser.parse(words)
      let result = try session.execute(command)
      result.deliver(to: env.output, errors: env.errors)
      // A one-shot process ends here: leave now, rather than take apart a planner of 100,000
      // tasks only to hand back memory the kernel reclaims anyway.
      if let exit = env.exitProcess {
        withExtendedLifetime(result) { exit(ExitStatus.success.rawValue) }
      }
      return ExitStatus.success.rawValue
    } catch {
      return fail(error, env)
    }
  }

  /// The store for `directory`, which says on standard error whom it waits for when another
  /// process holds the planner for over a second.
  ///
  /// `SPOONS_LOCK_TIMEOUT` (seconds, for tests) replaces the 30 s a command waits for another
  /// before giving up, so a test of that wait need not sleep 30 s; `SPOONS_GIT_TIMEOUT` the
  /// 60 s a git command may take when `sync` uses a git remote. git's environment is added
  /// only when a sync starts it (`Session.syncStore`).
  static func store(in directory: String, _ env: Environment) -> PlannerStore {
    let limit = { (name: String) in
      env.variables[name].flatMap(Double.init).flatMap { $0 > 0 && $0 <= 3600 ? $0 : nil }
    }
    let errors = SharedSink(env.errors)
    var store = PlannerStore(directory: directory)
    if let timeout = limit("SPOONS_LOCK_TIMEOUT") { store.lockTimeout = timeout }
    store.git.timeout = limit("SPOONS_GIT_TIMEOUT") ?? 60
    if let after = env.variables["SPOONS_SYNC_COMPACT_AFTER"].flatMap(Int.init), after > 0 {
      store.syncCompactAfter = after
    }
    if let after = env.variables["SPOONS_CHECKPOINT_AFTER"].flatMap(Int.init), after > 0 {
      store.checkpointAfter = after
    }
    let seconds = Int(store.lockTimeout.rounded(.up))
    store.waiting = { holder in
      errors.sink.write(Renderer.waiting(for: holder, directory: directory, seconds: seconds))
      errors.sink.flush()
    }
    return store
  }

  static let usage = """
    usage: spoons [--data DIR] [--no-color] [COMMAND [ARGS...]]
           spoons                 the interactive planner (or a script, from a pipe)
           spoons --version | --help
    options: --data DIR (where the planner lives), --no-color, --keep-going (scripts)
    """

  private static func fail(_ error: Error, _ env: Environment) -> Int32 {
    env.output.flush()
    env.errors.write("error: \(message(for: error))\n")
    env.errors.flush()
    return ExitStatus(for: error).rawValue
  }
}

/// The options that come before the command.
struct GlobalOptions {
  static let names = ["--data", "--no-color", "--keep-going", "--help", "--version"]

  /// The option a mistyped one was close to (`--nocolor`, `--colour` are not), when it is a
  /// plausible typo: as for commands, about one edit in four letters.
  static func suggestion(for word: String) -> String? {
    let near = names.map { ($0, CommandRegistry.editDistance(word, $0)) }
      .filter { $0.1 <= max(1, ($0.0.count - 2) / 4) }
    return near.min { $0.1 < $1.1 }?.0
  }

  var data: String?
  var noColor = false
  var keepGoing = false
  var help = false
  var version = false

  /// Takes the leading options off `words`.
  mutating func consume(_ words: inout [String]) throws(ParseError) {
    while let typed = words.first, typed.hasPrefix("-") {
      words.removeFirst()
      // As commands are: `--No-Color` is `--no-color` (a `--data=DIR` keeps its DIR as typed).
      let word =
        typed.lowercased().hasPrefix("--data=")
        ? "--data=" + typed.dropFirst("--data=".count) : typed.lowercased()
      switch word {
      case "--": return
      case "--no-color": noColor = true
      case "--keep-going": keepGoing = true
      case "--help", "-h": help = true
      case "--version", "-V": version = true
      case "--data":
        guard let dir = words.first, !dir.isEmpty else {
          throw ParseError("--data needs a directory; usage: spoons --data DIR [COMMAND]")
        }
        words.removeFirst()
        data = dir
      default:
        if word == "--json" {
          throw ParseError(
            "--json goes after the command, as in: spoons status --json")
        } else if word.hasPrefix("--data=") {
          let dir = String(word.dropFirst("--data=".count))
          guard !dir.isEmpty else { throw ParseError("--data needs a directory") }
          data = dir
        } else if let near = Self.suggestion(for: word) {
          throw ParseError("unknown option '\(Text.echoed(typed))'; did you mean \(near)?")
        } else {
          throw ParseError(
            "unknown option '\(Text.echoed(typed))'; options go before the command: "
              + "--data DIR, --no-color, --keep-going, --help, --version")
        }
      }
    }
  }
}

extension SpoonsApp {
  /// This process's argv without the program name, byte for byte.
  public static func processArguments() -> [[UInt8]] {
    (1..<Int(CommandLine.argc)).map { index in
      guard let pointer = CommandLine.unsafeArgv[index] else { return [] }
      var bytes: [UInt8] = []
      var p = pointer
      while p.pointee != 0 {
        bytes.append(UInt8(bitPattern: p.pointee))
        p += 1
      }
      return bytes
    }
  }
}

extension GlobalOptions {
  /// The options as the manual and the completion scripts list them: flag, value, meaning.
  static let documented: [(flag: String, value: String?, summary: String)] = [
    ("--data", "DIR", "where the planner lives (see FILES); created on first use"),
    ("--no-color", nil, "no colour, even on a terminal"),
    ("--keep-going", nil, "in a script, carry on after a failure; exit with the first's status"),
    ("--help", nil, "the usage and the list of commands (also -h)"),
    ("--version", nil, "the version (also -V)"),
  ]
}

/// A sink handed to the store, which may call it while waiting for the lock: only ever from
/// the thread running the command.
final class SharedSink: @unchecked Sendable {
  let sink: TextSink
  init(_ sink: TextSink) { self.sink = sink }
}
