import SpoonsCore

/// `history` and `stats` as text.
extension Renderer {
  // MARK: - History

  /// One line per day, oldest first so the newest (today) sits last, next to the prompt, as
  /// in a log: the numbers, then a bar of spent against the budget. At most 80 columns.
  public func history(
    _ h: EnergyHistory, lookingBack days: Int, charset: Charset, today: CivilDate
  ) -> String {
    guard !h.days.isEmpty else {
      return "No days in the last \(Self.days(days)). Start one with today's spoons, e.g. "
        + "new-day 10\n"
    }
    let dates = h.days.map { Self.short($0.date, today: today) }
    let dateWidth = dates.map(Text.width).max() ?? 0
    // The mood column only when a day in view has one: without, the lines stay as they were.
    let mood = Self.showsMood(h.days)
    let columns = Self.historyColumns + (mood ? ["mood"] : [])
    let header = columns.map { " " + $0 }.joined()
    // The bar gets what is left of 80 columns (a date with its year and a "not ended" take
    // some), from 3 to 16 cells.
    let marker = h.days.contains { !$0.isFinished && $0.date != today } ? 11 : 7
    let room = 80 - dateWidth - Text.width(header) - 2 - marker
    let bar = HistoryBar(days: h.days, charset: charset, cells: max(3, min(16, room)))
    var out = Self.window(h.from, through: h.through, days: days, today: today)
    out += style.bold(String(repeating: " ", count: dateWidth) + header) + "\n"
    for (day, date) in zip(h.days, dates) {
      var line = Text.padded(date, to: dateWidth)
      var cells = Self.historyNumbers(day).map(String.init)
      if mood { cells.append(day.mood.map(String.init) ?? "") }
      for (cell, column) in zip(cells, columns) {
        line += " " + Self.right(cell, column.count)
      }
      line += "  " + bar.draw(day)
      // The day being lived: today, or an earlier day no new-day has ended yet.
      if !day.isFinished { line += day.date == today ? "  today" : "  not ended" }
      out += Self.trimmed(line) + "\n"
    }
    out += bar.legend + "\n"
    if mood { out += Self.moodLegend + "\n" }
    return out
  }

  /// Whether a day among `days` has a mood: only then do `history`, `chart` and the report
  /// show the column.
  static func showsMood(_ days: [EnergyDay]) -> Bool { days.contains { $0.mood != nil } }

  /// What the mood column means, under it.
  static let moodLegend =
    "mood: how you felt that morning, \(Limits.mood.lowerBound) (very low) to "
    + "\(Limits.mood.upperBound) (very good)"

  /// The ledger's words, the same in `history`, the report and `--json`.
  static let historyColumns = ["budget", "repaid", "borrowed", "rested", "planned", "spent", "done"]

  /// One day's numbers, in the order of `historyColumns`.
  static func historyNumbers(_ day: EnergyDay) -> [Int] {
    let l = day.ledger
    return [l.budget, l.repaid, l.borrowed, l.rested, l.planned, l.spent, day.tasksDone]
  }

  static func days(_ n: Int) -> String { n == 1 ? "day" : "\(n) days" }

  /// `The last 14 days, Sun 8 Nov to Sat 21 Nov:`, or `Today, Sat 21 Nov:`.
  static func window(_ from: CivilDate, through: CivilDate, days: Int, today: CivilDate) -> String {
    guard from != through else { return "Today, \(short(through, today: today)):\n" }
    return "The last \(Self.days(days)), \(short(from, today: today)) to "
      + "\(short(through, today: today)):\n"
  }

  static func right(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - Text.width(text))) + text
  }

  static func trimmed(_ line: String) -> String {
    var s = Substring(line)
    while s.last == " " { s.removeLast() }
    return String(s)
  }

  // MARK: - Stats

  public func stats(_ s: EnergyStats, lookingBack days: Int, today: CivilDate) -> String {
    let rows = Self.statsRows(s, today: today, separator: charset.separator)
    return Self.window(s.from, through: s.through, days: days, today: today) + labelled(rows)
  }

  /// Rows of `label  value`, the labels in bold and padded to one width: `stats` and `pace`.
  func labelled(_ rows: [(label: String, value: String)]) -> String {
    let width = rows.map { Text.width($0.label) }.max() ?? 0
    return rows.map { "  " + style.bold(Text.padded($0.label, to: width)) + "  \($0.value)\n" }
      .joined()
  }

  /// The stats as labelled sentences, shared by `stats` and the HTML report.
  static func statsRows(_ s: EnergyStats, today: CivilDate, separator: String = Charset.unicode.separator)
    -> [(label: String, value: String)]
  {
    var rows: [(label: String, value: String)] = []
    rows.append(("Days", "\(count(s.days, "finished day")) (today counts once it has ended)"))
    if let budget = s.tenths(s.totalBudget), let planned = s.tenths(s.totalPlanned),
      let spent = s.tenths(s.totalSpent)
    {
      rows.append(
        ("Average", "budget \(decimal(budget))\(separator)planned \(decimal(planned))\(separator)"
          + "spent \(decimal(spent)) spoons a day"))
    }
    if s.days > 0 {
      rows.append(
        ("Plan done",
         s.daysWithPlan == 0
          ? "no day had a plan"
          : "\(s.daysFullyDone) of \(s.daysWithPlan) days with a plan "
            + "(\(percent(s.daysFullyDone, of: s.daysWithPlan))): everything planned checked off"))
      rows.append(
        ("Borrowed",
         s.daysBorrowing == 0
          ? "never" : "on \(count(s.daysBorrowing, "day")), \(spoons(s.borrowed)) in all"))
      rows.append(
        ("Rested",
         s.daysResting == 0
          ? "no spoons back from rests"
          : "on \(count(s.daysResting, "day")), \(spoons(s.rested)) back"))
    }
    let most = s.mostUsed
    if most.isEmpty {
      rows.append(("Most used", "no tasks checked off"))
    } else {
      let n = s.tasks(at: most[0])
      rows.append(
        ("Most used", "\(costs(most)): \(tasks(n))\(most.count > 1 ? " each" : "") checked off"))
      let least = s.leastUsed
      if !least.isEmpty {
        let m = s.tasks(at: least[0])
        rows.append(("Least used", "\(costs(least)): \(tasks(m))\(least.count > 1 ? " each" : "")"))
      }
      if !s.unused.isEmpty { rows.append(("Not used", costs(s.unused))) }
    }
    let streak = s.streak
    if let since = streak.since, let through = streak.through {
      let span =
        since == through
        ? short(since, today: today)
        : "\(short(since, today: today)) to \(short(through, today: today))"
      let run = streak.days == 1 ? "1 day" : "\(streak.days) days in a row"
      rows.append(("Streak", "\(run) within budget, \(span)"))
    } else if let broken = streak.brokenOn {
      rows.append(("Streak", "none: \(short(broken, today: today)) borrowed or went over budget"))
    } else {
      rows.append(("Streak", "no finished days yet"))
    }
    return rows
  }

  /// Tenths of a spoon as `8.5`.
  static func decimal(_ tenths: Int) -> String { "\(tenths / 10).\(tenths % 10)" }

  static func percent(_ part: Int, of whole: Int) -> String {
    "\((part * 200 + whole) / (whole * 2))%"
  }

  static func count(_ n: Int, _ noun: String) -> String { n == 1 ? "1 \(noun)" : "\(n) \(noun)s" }

  /// `2 spoons`, `2 and 3 spoons`, `7, 8, 9 and 10 spoons`.
  static func costs(_ list: [SpoonCost]) -> String {
    let numbers = list.map { String($0.value) }
    let joined =
      numbers.count <= 1
      ? numbers.joined()
      : numbers.dropLast().joined(separator: ", ") + " and " + numbers[numbers.count - 1]
    return joined + (list.map(\.value) == [1] ? " spoon" : " spoons")
  }
}

/// The small bar after each `history` line: spent against the budget, on one scale for every
/// line so that bars compare. One cell per spoon when they fit, else several spoons a cell.
struct HistoryBar {
  /// Spoons per cell.
  let scale: Int
  let charset: Charset

  /// - Parameter cells: the most cells a bar may take.
  init(days: [EnergyDay], charset: Charset, cells: Int) {
    let top = days.map { max($0.budget, $0.spent) }.max() ?? 0
    scale = max(1, (top + cells - 1) / cells)
    self.charset = charset
  }

  private func cells(_ spoons: Int) -> Int { (spoons + scale / 2) / scale }

  private var glyphs: (spent: String, over: String, left: String) {
    charset == .unicode ? ("█", "▓", "░") : ("#", "+", ".")
  }

  /// Spent within the budget, spent beyond it (borrowed, or given back by rests), and the
  /// budget not spent (repaid spoons among them): the chart's measure too.
  func draw(_ day: EnergyDay) -> String {
    let spent = cells(day.spent), budget = cells(day.budget)
    let g = glyphs
    return String(repeating: g.spent, count: min(spent, budget))
      + String(repeating: g.over, count: max(0, spent - budget))
      + String(repeating: g.left, count: max(0, budget - spent))
  }

  var legend: String {
    let g = glyphs
    return "\(g.spent) spent  \(g.left) not spent  \(g.over) past the budget"
      + (scale == 1 ? "" : "; \(scale) spoons a cell")
  }
}
