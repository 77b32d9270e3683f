import SpoonsCore
import SpoonsStore

/// `spoons __complete WORD...`: what the completion scripts call on every Tab after a
/// command's name, for the words only the planner knows (task and routine ids, tags) and the
/// command's own choices. It asks `Session.candidates(after:typed:)`, the lister behind the
/// REPL's Tab, so the shell and the prompt offer the same words.
///
/// Hidden: it is not in the registry, so neither `help`, the manual nor the README lists it;
/// it is a contract between the binary and the scripts it writes, not a command for people.
///
/// It runs on every Tab, inside the user's shell, so it must be quick and quiet: it only
/// reads (the shared lock, waited on briefly), never writes or creates a file, and on any
/// failure (no planner, a damaged one, a busy lock, bytes that are not UTF-8) prints nothing
/// and succeeds, so the shell offers nothing instead of an error in the middle of the line.
extension ShellCompletion {
  /// The word that asks for candidates, first on the command line. Two underscores, as git's
  /// and cobra's hidden helpers: no one types it as a command by mistake.
  static let hiddenCommand = "__complete"

  /// How long a Tab waits for a command that holds the planner's lock: a save takes a few
  /// milliseconds, and a longer wait is felt in the shell more than nothing offered.
  static let lockTimeout = 0.25

  /// One candidate a line: its text, then a tab and its description when it has one
  /// (`12\tCall GP, 2 spoons`), as fish reads them and the bash and zsh scripts split them.
  /// `words` are the line's words after the program's name, up to the one being completed
  /// (the last one empty when Tab starts a new word).
  static func answer(_ words: [[UInt8]], environment: Environment) -> String {
    var texts: [String] = []
    for raw in words {
      let word = String(decoding: raw, as: UTF8.self)
      guard word.utf8.elementsEqual(raw) else { return "" }
      texts.append(word)
    }
    let line = CompletionLine(texts, home: environment.variables["HOME"])
    let session = completionSession(data: line.data, environment: environment)
    guard let candidates = session.candidates(after: line.before, typed: line.typed) else {
      return ""
    }
    var out = ""
    for candidate in candidates where candidate.text.hasPrefix(line.typed) {
      guard let text = shellWord(candidate.text) else { continue }
      out += text
      if let description = candidate.description.map(shellDescription), !description.isEmpty {
        out += "\t" + description
      }
      out += "\n"
    }
    return out
  }

  /// A session on the planner the line names, that reads without waiting long or saying why.
  static func completionSession(data: String?, environment: Environment) -> Session {
    var env = environment
    if let fixed = env.variables["SPOONS_NOW"], let now = Timestamp(iso: fixed) {
      env.now = { now }
    }
    let variables = env.variables
    let directory = DataLocation.resolve(explicit: data) { variables[$0] }
    let store = PlannerStore(directory: directory, lockTimeout: lockTimeout, waiting: nil)
    return Session(store: store, environment: env, renderer: Renderer(for: env, noColorFlag: true))
  }

  /// `text` as a word a shell may insert, or nil: no blank or control character (a tag is a
  /// name, an id digits, so this only stops what a damaged file could hold).
  static func shellWord(_ text: String) -> String? {
    // Printable ASCII (ids, flags, most tags) is told from the bytes, with no table.
    if !text.isEmpty && text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) { return text }
    let safe = !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
      !scalar.properties.isWhitespace && Text.visible(String(scalar)).unicodeScalars.count == 1
    }
    return safe ? text : nil
  }

  /// The longest description shown, in characters: a title is up to 200, and a shell's list
  /// of them is read at a glance.
  static let descriptionLimit = 60

  /// A title fit to show in a shell's list: its control characters as visible escapes (no tab
  /// or newline to break the line format, no escape sequence to reach the terminal), cut to
  /// `descriptionLimit`.
  static func shellDescription(_ text: String) -> String {
    // Short printable ASCII, most titles, is shown as it is: a Tab on 10,000 tasks asks this
    // 10,000 times.
    if text.utf8.count <= descriptionLimit && text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
      return text
    }
    return Text.echoed(text, limit: descriptionLimit)
  }
}

/// The words a completion script passed, split as the binary reads a command line: the
/// global options (`--data DIR` to honour), the words before the one being completed, and
/// that one.
struct CompletionLine: Equatable {
  var data: String?
  var before: [String]
  var typed: String

  init(data: String?, before: [String], typed: String) {
    (self.data, self.before, self.typed) = (data, before, typed)
  }

  /// - Parameter home: for a `--data ~/dir`, which a shell hands over as typed.
  init(_ words: [String], home: String?) {
    var rest = words[...]
    var data: String?
    // The last word is the one being completed, never an option to take.
    while rest.count > 1, let word = rest.first, word.hasPrefix("-") {
      rest.removeFirst()
      if word == "--" { break }
      if word.lowercased() == "--data" {
        // bash splits `--data=DIR` at the `=` into three words.
        if rest.first == "=" && rest.count > 1 { rest.removeFirst() }
        guard rest.count > 1 else { break }
        data = rest.removeFirst()
      } else if word.lowercased().hasPrefix("--data=") {
        data = String(word.dropFirst("--data=".count))
      }
    }
    if let dir = data, let home, !home.isEmpty, dir == "~" || dir.hasPrefix("~/") {
      data = home + dir.dropFirst()
    }
    self.data = data
    self.typed = rest.last ?? ""
    self.before = Array(rest.dropLast())
  }
}
