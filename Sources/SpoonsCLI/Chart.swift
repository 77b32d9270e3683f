import SpoonsCore

/// The vertical scale of both charts (terminal and SVG): a whole number of spoons per row and
/// at most 16 rows, so the usual budgets (up to 16) get one row per spoon and can be counted.
struct ChartScale {
  static let maxRows = 16
  /// Spoons per row.
  let perRow: Int
  let rows: Int

  init(days: [EnergyDay]) {
    let top = max(1, days.map { max($0.budget, $0.spent) }.max() ?? 0)
    perRow = (top + Self.maxRows - 1) / Self.maxRows
    rows = (top + perRow - 1) / perRow
  }

  var top: Int { perRow * rows }

  /// Whether the axis labels `value` (a row's top): every 5 rows' worth, and the top unless
  /// it sits right above one of those.
  func isLabelled(_ value: Int) -> Bool {
    let step = 5 * perRow
    if value % step == 0 { return true }
    return value == top && (top < step || top % step >= 2 * perRow)
  }
}

/// Budget and spent per day as a terminal chart: one pair of columns per day (budget shaded,
/// spent solid, partial blocks for fractions of a row), a labelled spoon axis, the day of the
/// month and the month below, and a legend. Never wider than `width`: when the days do not
/// all fit, the most recent that do are shown and a line says so.
struct Chart {
  let days: [EnergyDay]
  let width: Int
  let charset: Charset

  static let minimumWidth = 20

  private struct Glyphs {
    let budget: String, full: String, partial: [String]
    let axis: String, tick: String, corner: String, rule: String
  }

  private var glyphs: Glyphs {
    switch charset {
    case .unicode:
      return Glyphs(
        budget: "░", full: "█", partial: ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"],
        axis: "│", tick: "┤", corner: "└", rule: "─")
    case .ascii:
      return Glyphs(
        budget: ":", full: "#", partial: ["_", "_", "_", "#", "#", "#", "#", "#"],
        axis: "|", tick: "+", corner: "+", rule: "-")
    }
  }

  func render(lookingBack n: Int, today: CivilDate) -> String {
    guard !days.isEmpty else {
      return "No days in the last \(Renderer.days(n)). Start one with today's spoons, e.g. "
        + "new-day 10\n"
    }
    guard width >= Self.minimumWidth else {
      return "Too narrow for a chart: \(width) columns, it needs \(Self.minimumWidth). "
        + "'history' shows the same days as text.\n"
    }
    let g = glyphs
    let fullScale = ChartScale(days: days)
    let fit = max(1, (width - String(fullScale.top).count - 2) / 3)
    let shown = Array(days.suffix(fit))
    let scale = ChartScale(days: shown)
    let labelWidth = String(scale.top).count
    let short = { (date: CivilDate) in Renderer.short(date, today: today) }

    var lines: [String] = []
    let span = "\(short(shown[0].date)) to \(short(shown[shown.count - 1].date))"
    lines += fitting(["Budget and spent per day, \(span)", "Budget and spent per day", "Budget vs spent"])
    for row in stride(from: scale.rows, through: 1, by: -1) {
      let value = row * scale.perRow
      let labelled = scale.isLabelled(value)
      var line = Renderer.right(labelled ? String(value) : "", labelWidth) + " "
        + (labelled ? g.tick : g.axis)
      for day in shown {
        line += " " + cell(day.budget, row: row, scale: scale, budget: true)
          + cell(day.spent, row: row, scale: scale, budget: false)
      }
      lines.append(Renderer.trimmed(line))
    }
    lines.append(
      Renderer.right("0", labelWidth) + " " + g.corner
        + String(repeating: g.rule, count: 3 * shown.count))
    let indent = String(repeating: " ", count: labelWidth + 2)
    lines.append(indent + shown.map { " " + Renderer.right(String($0.date.day), 2) }.joined())
    lines.append(months(shown, indent: labelWidth + 2))
    // How each morning felt, under its day, only when one in view was said.
    let mood = Renderer.showsMood(shown)
    if mood {
      lines.append(
        Renderer.trimmed(
          indent + shown.map { " " + Renderer.right($0.mood.map(String.init) ?? "", 2) }.joined()))
    }
    lines += fitting(["\(g.budget) budget  \(g.full) spent, in spoons", "\(g.budget) budget  \(g.full) spent"])
    if mood {
      let r = Limits.mood
      lines += fitting([
        "Under the months: how you felt that morning, \(r.lowerBound) (very low) to "
          + "\(r.upperBound) (very good)",
        "Under the months: mood, \(r.lowerBound) (very low) to \(r.upperBound) (very good)",
        "Bottom row: mood \(r.lowerBound)-\(r.upperBound)",
      ])
    }
    if shown.count < days.count {
      lines += fitting([
        "The last \(shown.count) of \(days.count) days: no more fit in \(width) columns.",
        "The last \(shown.count) of \(days.count) days", "\(shown.count) of \(days.count) days",
      ])
    }
    if let last = shown.last, !last.isFinished {
      lines += fitting([
        "\(short(last.date)), the last column, is still in progress.", "Last column: in progress",
        "Last: in progress",
      ])
    }
    return lines.map { $0 + "\n" }.joined()
  }

  /// One row of one column: full, partial (eighths of a row for spent; budget only from half
  /// a row up, its shade has no partial forms) or empty.
  private func cell(_ value: Int, row: Int, scale: ChartScale, budget: Bool) -> String {
    let g = glyphs
    let low = (row - 1) * scale.perRow
    if value >= row * scale.perRow { return budget ? g.budget : g.full }
    if value <= low { return " " }
    let eighths = ((value - low) * 8 + scale.perRow / 2) / scale.perRow
    if budget { return eighths >= 4 ? g.budget : " " }
    return g.partial[max(1, eighths) - 1]
  }

  /// The month's name under the first day and under the first day of each new month.
  private func months(_ shown: [EnergyDay], indent: Int) -> String {
    var line = Array(repeating: Character(" "), count: width)
    var last: (Int, Int)?
    for (index, day) in shown.enumerated() {
      let month = (day.date.year, day.date.month)
      defer { last = month }
      guard last.map({ $0 != month }) ?? true else { continue }
      let name = Array(CivilDate.monthNames[day.date.month - 1])
      let start = indent + 3 * index + 1
      guard start + name.count <= width, line[(start - 1)..<(start + name.count)].allSatisfy({ $0 == " " })
      else { continue }
      line.replaceSubrange(start..<(start + name.count), with: name)
    }
    return Renderer.trimmed(String(line))
  }

  /// The first of `candidates` that fits the width (none when none does).
  private func fitting(_ candidates: [String]) -> [String] {
    candidates.first { Text.width($0) <= width }.map { [$0] } ?? []
  }
}
