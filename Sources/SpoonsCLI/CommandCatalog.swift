/// What every command is called, how it is used, and an example: the single source for the
/// parser's names, `help`, `help CMD`, tab completion and "did you mean".
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
}

public enum CommandCatalog {
  public static let all: [CommandInfo] = [
    CommandInfo(
      name: "new-day", aliases: ["nd"], usage: "new-day N",
      summary: "start a day of N spoons, roll over the rest",
      example: "new-day 12"),
    CommandInfo(
      name: "status", aliases: ["s"], usage: "status [--json]",
      summary: "today: budget, planned, spent, left, to-do",
      example: "status"),
    CommandInfo(
      name: "categories", aliases: ["cats"], usage: "categories [--json]",
      summary: "the ten categories and how many tasks each",
      example: "categories"),
    CommandInfo(
      name: "add", aliases: ["a"],
      usage: "add N TITLE... [--due D] [--where PLACE] [--note TEXT] [--rest] [--force]",
      summary: "add a task costing N spoons (1-10)",
      example: "add 3 Pharmacy run --due fri --where \"High St\""),
    CommandInfo(
      name: "list", aliases: ["ls"], usage: "list [N] [--sort due|created|title] [--json]",
      summary: "the tasks waiting in category N, or in all",
      example: "list 3 --sort due"),
    CommandInfo(
      name: "plan", aliases: ["p"], usage: "plan ID... [--borrow] [--use-reserve]",
      summary: "put tasks on today's list, within budget",
      example: "plan 4 7 #9"),
    CommandInfo(
      name: "todo", aliases: ["t"], usage: "todo [--json]",
      summary: "today's to-do list by spoons, done ones last",
      example: "todo"),
    CommandInfo(
      name: "done", aliases: ["d"], usage: "done ID...",
      summary: "check tasks off today's list", example: "done 4"),
    CommandInfo(
      name: "undone", aliases: [], usage: "undone ID...",
      summary: "reopen checked-off tasks, today's or older",
      example: "undone 4"),
    CommandInfo(
      name: "unplan", aliases: [], usage: "unplan ID...",
      summary: "take tasks off today's list again", example: "unplan 7"),
    CommandInfo(
      name: "suggest", aliases: [], usage: "suggest [--max N] [--plan]",
      summary: "the best tasks for the spoons left",
      example: "suggest --max 3"),
    CommandInfo(
      name: "rest", aliases: [], usage: "rest N TITLE...",
      summary: "a rest for today: N spoons back when done",
      example: "rest 2 Nap"),
    CommandInfo(
      name: "borrow", aliases: [], usage: "borrow N",
      summary: "borrow N spoons from tomorrow's budget",
      example: "borrow 2"),
    CommandInfo(
      name: "reserve", aliases: [], usage: "reserve [N]",
      summary: "keep N spoons back from planning (0: none)",
      example: "reserve 1"),
    CommandInfo(
      name: "routine", aliases: ["routines"],
      usage: "routine add N TITLE... [--days D] [--rest] | list [--json] | remove ID | "
        + "pause ID | resume ID",
      summary: "tasks that new-day puts on the list",
      example: "routine add 1 Take meds --days daily",
      brief: "routine add|list|remove|..."),
    CommandInfo(
      name: "backlog", aliases: ["bl"], usage: "backlog [--sort due|age|spoons] [--json]",
      summary: "tasks left from earlier days, oldest first", example: "backlog --sort due"),
    CommandInfo(
      name: "delete", aliases: ["rm"], usage: "delete ID...",
      summary: "delete tasks from wherever they are", example: "delete 12 3-5"),
    CommandInfo(
      name: "move", aliases: ["mv"], usage: "move ID POS",
      summary: "move a task to position POS in its category",
      example: "move 12 1"),
    CommandInfo(
      name: "edit", aliases: ["e"],
      usage: "edit ID [--title T] [--spoons N] [--note T] [--where T] [--due D | --no-due]",
      summary: "change a task; alone, show its values",
      example: "edit 12 --spoons 2 --due tomorrow"),
    CommandInfo(
      name: "show", aliases: [], usage: "show ID [--json]",
      summary: "every detail of one task, and where it is",
      example: "show 12"),
    CommandInfo(
      name: "completed", aliases: [], usage: "completed [DAYS] [--json]",
      summary: "tasks checked off in the last DAYS days (7)",
      example: "completed 14"),
    CommandInfo(
      name: "history", aliases: [], usage: "history [DAYS] [--json] | --changes [N]",
      summary: "one line per day; --changes: what undo takes",
      example: "history --changes",
      brief: "history [DAYS] [--changes]"),
    CommandInfo(
      name: "stats", aliases: [], usage: "stats [--days N] [--json]",
      summary: "averages, plan done, borrowing, streak (30)",
      example: "stats --days 60", brief: "stats [--days N] [--json]"),
    CommandInfo(
      name: "chart", aliases: [], usage: "chart [--days N] [--ascii]",
      summary: "budget and spent per day as a chart (14)",
      example: "chart --days 21", brief: "chart [--days N] [--ascii]"),
    CommandInfo(
      name: "report", aliases: [], usage: "report --html FILE [--days N]",
      summary: "a web page of chart, stats and tasks (30)",
      example: "report --html spoons-report.html", brief: "report --html FILE [--days N]"),
    CommandInfo(
      name: "search", aliases: ["find"], usage: "search TEXT... [--json]",
      summary: "find tasks anywhere by title, note or place",
      example: "search pharmacy"),
    CommandInfo(
      name: "clear", aliases: [], usage: "clear backlog|completed [--yes]",
      summary: "empty the backlog, or the completed tasks",
      example: "clear backlog"),
    CommandInfo(
      name: "undo", aliases: [], usage: "undo [N]",
      summary: "take back the last change (or the last N)",
      example: "undo"),
    CommandInfo(
      name: "redo", aliases: [], usage: "redo [N]",
      summary: "do again what undo took back",
      example: "redo"),
    CommandInfo(
      name: "export", aliases: [], usage: "export [--format json|csv] [--output FILE]",
      summary: "the whole planner as JSON (or CSV)",
      example: "export --output spoons-backup.json"),
    CommandInfo(
      name: "import", aliases: [], usage: "import FILE [--replace]",
      summary: "merge a JSON export back in, by id",
      example: "import spoons-backup.json"),
    CommandInfo(
      name: "help", aliases: ["?"], usage: "help [COMMAND]",
      summary: "the commands, or one command's usage",
      example: "help plan"),
    CommandInfo(
      name: "quit", aliases: ["exit", "q"], usage: "quit",
      summary: "leave the REPL (Ctrl-D works too)", example: "quit"),
  ]

  /// The command a typed name (or alias) means.
  public static func info(for word: String) -> CommandInfo? {
    all.first { $0.name == word || $0.aliases.contains(word) }
  }

  /// The name closest to a mistyped one, when it is close enough to be a plausible typo.
  public static func suggestion(for word: String) -> String? {
    let lower = word.lowercased()
    if let exact = info(for: lower) { return exact.name }
    let candidates = all.flatMap { [$0.name] + $0.aliases.filter { $0.count > 2 } }
    let length = lower.unicodeScalars.count
    var best: (name: String, distance: Int)?
    for candidate in candidates {
      let allowed = max(1, candidate.count / 3)
      // The distance is at least the difference in length, so a long word (a pasted line,
      // say) costs no quadratic table against every command.
      guard abs(candidate.count - length) <= allowed else { continue }
      let distance = editDistance(lower, candidate)
      if distance <= allowed, distance < best?.distance ?? .max { best = (candidate, distance) }
    }
    return best.flatMap { info(for: $0.name)?.name }
  }

  /// Edit distance counting a swap of two neighbours as one edit ("plna" is one from "plan").
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.unicodeScalars)
    let b = Array(b.unicodeScalars)
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
        if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
          d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
        }
      }
    }
    return d[a.count][b.count]
  }
}
