import SpoonsCore

/// `report --html FILE`: one self-contained page to look at or to share with a doctor or a
/// carer: the chart of budget vs spent (inline SVG), the stats, the days in numbers and the
/// tasks checked off in the last week.
///
/// No scripts, no fonts or images to fetch, nothing that calls the network. Written as XHTML
/// (every element closed, attributes quoted, only the five XML entities) so an XML parser
/// reads it too, and every piece of user text goes through `escape`.
struct HTMLReport {
  let history: EnergyHistory
  let stats: EnergyStats
  /// Newest day first, as `completed` gives them.
  let completed: [CompletedDay]
  let lookingBack: Int
  let made: Timestamp

  func render() -> String {
    let today = made.date
    let span = "\(Renderer.long(history.from)) to \(Renderer.long(history.through))"
    var out = """
      <!DOCTYPE html>
      <html xmlns="http://www.w3.org/1999/xhtml" lang="en">
      <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>Spoons: energy report, \(Self.escape(span))</title>
      <style>\(Self.css)</style>
      </head>
      <body>
      <h1>Energy report</h1>
      <p class="sub">The last \(Self.escape(Renderer.days(lookingBack))), \(Self.escape(span)). \
      Made by Spoons on \(Self.escape(Renderer.long(today))).</p>
      <h2>Budget and spent per day</h2>

      """
    out += chart(today: today)
    out += "<h2>In numbers</h2>\n<table class=\"stats\">\n"
    for row in Renderer.statsRows(stats, today: today) {
      out += "<tr><th scope=\"row\">\(Self.escape(row.label))</th>"
        + "<td>\(Self.escape(row.value))</td></tr>\n"
    }
    out += "</table>\n"
    out += days(today: today)
    out += tasks()
    return out + "</body>\n</html>\n"
  }

  // MARK: - The chart

  static let plotHeight = 192
  static let slot = 26
  static let left = 40
  static let top = 12
  static let bottom = 44

  private func chart(today: CivilDate) -> String {
    let days = history.days
    guard !days.isEmpty else { return "<p>No days to show yet.</p>\n" }
    let scale = ChartScale(days: days)
    let width = Self.left + Self.slot * days.count + 8
    let height = Self.top + Self.plotHeight + Self.bottom
    func y(_ value: Int) -> Int { Self.top + Self.plotHeight - value * Self.plotHeight / scale.top }
    var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" width=\"\(width)\" "
      + "height=\"\(height + 24)\" viewBox=\"0 0 \(width) \(height + 24)\" role=\"img\" "
      + "aria-labelledby=\"chart-title\">\n"
      + "<title id=\"chart-title\">Budget and spent per day, in spoons</title>\n"
    var values = [0]
    for row in 1...scale.rows where scale.isLabelled(row * scale.perRow) {
      values.append(row * scale.perRow)
    }
    for value in values {
      svg += "<line class=\"grid\" x1=\"\(Self.left)\" y1=\"\(y(value))\" x2=\"\(width - 4)\" "
        + "y2=\"\(y(value))\" />"
        + "<text class=\"axis\" x=\"\(Self.left - 6)\" y=\"\(y(value) + 4)\" "
        + "text-anchor=\"end\">\(value)</text>\n"
    }
    var lastMonth: Int?
    for (index, day) in days.enumerated() {
      let x = Self.left + Self.slot * index
      let label = "\(Renderer.short(day.date, today: today)): budget \(day.budget), spent "
        + "\(day.spent)\(day.isFinished ? "" : " so far (in progress)")"
        + (day.mood.map { ", mood \($0) of \(Limits.mood.upperBound)" } ?? "")
      svg += "<g><title>\(Self.escape(label))</title>"
        + "<rect class=\"budget\" x=\"\(x + 3)\" y=\"\(y(day.budget))\" width=\"10\" "
        + "height=\"\(y(0) - y(day.budget))\" />"
        + "<rect class=\"\(day.isFinished ? "spent" : "spent live")\" x=\"\(x + 13)\" "
        + "y=\"\(y(day.spent))\" width=\"10\" height=\"\(y(0) - y(day.spent))\" /></g>"
        + "<text class=\"axis\" x=\"\(x + 13)\" y=\"\(y(0) + 16)\" "
        + "text-anchor=\"middle\">\(day.date.day)</text>"
      if lastMonth != day.date.month {
        svg += "<text class=\"axis\" x=\"\(x + 3)\" y=\"\(y(0) + 32)\">"
          + "\(CivilDate.monthNames[day.date.month - 1])</text>"
      }
      lastMonth = day.date.month
      svg += "\n"
    }
    let legendY = height + 8
    svg += "<rect class=\"budget\" x=\"\(Self.left)\" y=\"\(legendY)\" width=\"10\" height=\"10\" />"
      + "<text class=\"axis\" x=\"\(Self.left + 14)\" y=\"\(legendY + 9)\">budget</text>"
      + "<rect class=\"spent\" x=\"\(Self.left + 70)\" y=\"\(legendY)\" width=\"10\" height=\"10\" />"
      + "<text class=\"axis\" x=\"\(Self.left + 84)\" y=\"\(legendY + 9)\">spent</text>"
    if days.contains(where: { !$0.isFinished }) {
      svg += "<rect class=\"spent live\" x=\"\(Self.left + 134)\" y=\"\(legendY)\" width=\"10\" "
        + "height=\"10\" /><text class=\"axis\" x=\"\(Self.left + 148)\" y=\"\(legendY + 9)\">"
        + "today, in progress</text>"
    }
    return svg + "\n</svg>\n"
  }

  // MARK: - Tables

  private func days(today: CivilDate) -> String {
    guard !history.days.isEmpty else { return "" }
    // The mood column only when a day in view has one, as in `history`.
    let mood = Renderer.showsMood(history.days)
    var out = "<h2>Day by day</h2>\n<table class=\"days\">\n<thead><tr><th>Date</th>"
    for column in Renderer.historyColumns { out += "<th>\(column)</th>" }
    if mood { out += "<th title=\"\(Self.escape(Renderer.moodLegend))\">mood</th>" }
    out += "</tr></thead>\n<tbody>\n"
    for day in history.days {
      let date = Renderer.short(day.date, today: today) + (day.isFinished ? "" : " (in progress)")
      out += "<tr><td>\(Self.escape(date))</td>"
      for n in Renderer.historyNumbers(day) {
        out += "<td>\(n)</td>"
      }
      if mood { out += "<td>\(day.mood.map(String.init) ?? "")</td>" }
      out += "</tr>\n"
    }
    return out + "</tbody>\n</table>\n"
  }

  private func tasks() -> String {
    var out = "<h2>Checked off in the last 7 days</h2>\n"
    guard !completed.isEmpty else { return out + "<p>No tasks checked off.</p>\n" }
    for day in completed {
      out += "<h3>\(Self.escape(Renderer.long(day.date)))</h3>\n<ul>\n"
      for task in day.tasks {
        let cost = task.isRest
          ? Renderer.restWords(task)
          : task.spoons.description + (task.took.map { ", took \($0)" } ?? "")
        out += "<li>\(Self.escape(task.title.text)) <span class=\"cost\">· "
          + "\(Self.escape(cost))</span></li>\n"
      }
      out += "</ul>\n"
    }
    return out
  }

  // MARK: - Text

  /// User text made safe as element content and attribute values: the five markup
  /// characters as entities, and control characters (which XML forbids; Spoons refuses them in
  /// titles, but a hand-edited file might hold one) as U+FFFD.
  static func escape(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      case "\t", "\n": out.unicodeScalars.append(scalar)
      default:
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
          || scalar.value == 0xFFFE || scalar.value == 0xFFFF
        {
          out += "\u{FFFD}"
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }

  static let css = """
    body{font:16px/1.5 system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;\
    color:#1d2731}h1{margin-bottom:0}.sub{color:#52606d;margin-top:.25rem}\
    svg.chart{max-width:100%;height:auto}.grid{stroke:#d9e2ec;stroke-width:1}\
    .axis{font-size:11px;fill:#52606d}.budget{fill:#bcccdc}.spent{fill:#1f6f8b}\
    .live{fill:#7fb3c8}table{border-collapse:collapse;margin:.5rem 0}\
    th,td{padding:.2rem .6rem;text-align:left;border-bottom:1px solid #e4e7eb}\
    table.days td{text-align:right}table.days td:first-child{text-align:left}\
    .cost{color:#52606d}@media print{body{margin:0}}
    """
}
