/// Every command, in the order `help` lists them: adding a command is adding its file and
/// one line here. Lookup, "did you mean", `help`, tab completion, the shell completion
/// scripts, the manual and the README's command table all read this list.
public enum CommandRegistry {
  public static let all: [any SpoonsCommand.Type] = [
    Commands.NewDay.self,
    Commands.Budget.self,
    Commands.Status.self,
    Commands.Categories.self,
    Commands.Add.self,
    Commands.List.self,
    Commands.Plan.self,
    Commands.Todo.self,
    Commands.Done.self,
    Commands.Undone.self,
    Commands.Unplan.self,
    Commands.Suggest.self,
    Commands.Rest.self,
    Commands.Borrow.self,
    Commands.Reserve.self,
    Commands.Settings.self,
    Commands.Routine.self,
    Commands.Backlog.self,
    Commands.Agenda.self,
    Commands.Delete.self,
    Commands.Move.self,
    Commands.Edit.self,
    Commands.EditPlanner.self,
    Commands.Show.self,
    Commands.Completed.self,
    Commands.History.self,
    Commands.Stats.self,
    Commands.Pace.self,
    Commands.Chart.self,
    Commands.Report.self,
    Commands.Search.self,
    Commands.Tags.self,
    Commands.Clear.self,
    Commands.Undo.self,
    Commands.Redo.self,
    Commands.Check.self,
    Commands.Export.self,
    Commands.Import.self,
    Commands.Sync.self,
    Commands.CompletionScript.self,
    Commands.Manual.self,
    Commands.Help.self,
    Commands.Quit.self,
  ]

  /// Every command's info, in the same order.
  public static let infos: [CommandInfo] = all.map { $0.info }

  /// The command a typed name (or alias) means, whatever its case: `Done 1` and `NEW-DAY 12`
  /// are typed in good faith (a phone's capital, Caps Lock), and no two names differ by case
  /// alone.
  public static func command(named word: String) -> (any SpoonsCommand.Type)? {
    let name = word.lowercased()
    return all.first { $0.info.name == name || $0.info.aliases.contains(name) }
  }

  /// The info of the command a typed name (or alias) means.
  public static func info(for word: String) -> CommandInfo? {
    command(named: word)?.info
  }

  /// The refusal of a name no command has (`lead`: "unknown command", "no command"), with the
  /// closest name when it is a plausible typo.
  static func unknown(_ word: String, lead: String) -> ParseError {
    let shown = Text.echoed(word)
    if let suggestion = suggestion(for: word) {
      return ParseError("\(lead) '\(shown)'; did you mean '\(suggestion)'?")
    }
    return ParseError("\(lead) '\(shown)'; 'help' lists the commands")
  }

  /// The name closest to a mistyped one, when it is close enough to be a plausible typo.
  public static func suggestion(for word: String) -> String? {
    let lower = word.lowercased()
    if let exact = info(for: lower) { return exact.name }
    let candidates = infos.flatMap { [$0.name] + $0.aliases.filter { $0.count > 2 } }
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

  /// The README's command table: one row per command, its usage (and aliases) and summary.
  /// A test keeps the README equal to it.
  public static func markdownTable() -> String {
    func cell(_ text: String) -> String {
      String(text.flatMap { $0 == "|" ? ["\\", "|"] : [$0] })
    }
    var out = "| command | what it does |\n|---|---|\n"
    for info in infos {
      let aliases = info.aliases.map { ", `\(cell($0))`" }.joined()
      out += "| `\(cell(info.usage))`\(aliases) | \(cell(info.summary)) |\n"
    }
    return out
  }
}
