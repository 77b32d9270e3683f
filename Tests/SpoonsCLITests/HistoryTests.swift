import Foundation
import SpoonsCore
import SpoonsStore
import SpoonsTestSupport
import Testing
@testable import SpoonsCLI

#if canImport(FoundationXML)
  import FoundationXML
#endif

private func date(_ iso: String) -> CivilDate { CivilDate(iso: iso)! }
private let today = date("2026-11-21")

/// `n` finished days up to yesterday, with budgets and spending that vary, then today.
private func days(_ n: Int, top: Int = 12) -> [EnergyDay] {
  (0..<n).map { i in
    let budget = (i * 7) % (top + 1)
    return EnergyDay(
      date: today.adding(days: i - n + 1), budget: budget, planned: budget,
      spent: min(top, budget + i % 3 - 1 < 0 ? 0 : budget + i % 3 - 1), isFinished: i < n - 1)
  }
}

@Suite("History, stats and charts")
struct HistoryRenderingTests {
  @Test(arguments: [
    ([:], Charset.unicode),
    (["LANG": "en_GB.UTF-8"], .unicode),
    (["LANG": "C.utf8"], .unicode),
    (["LANG": "C"], .ascii),
    (["LANG": "POSIX"], .ascii),
    (["LANG": "en_US.ISO-8859-1"], .ascii),
    (["LC_ALL": "C", "LANG": "en_GB.UTF-8"], .ascii),  // LC_ALL wins
    (["LC_CTYPE": "de_DE.UTF-8", "LANG": "C"], .unicode),  // then LC_CTYPE
    (["LC_ALL": "", "LANG": "C"], .ascii),  // an empty one is skipped
    (["LANG": "en_US.UTF8"], .unicode),
    (["LANG": "ja_JP.eucJP"], .ascii),
    (["LANG": "utf"], .ascii),
    (["LANG": "UTF-9"], .ascii),
    (["LANG": "x.Utf-8@euro"], .unicode),
  ] as [([String: String], Charset)])
  func theLocaleDecidesUnicodeOrASCII(_ variables: [String: String], _ expected: Charset) {
    #expect(Charset.decide(ascii: false, variables: Environment.Variables(variables)) == expected)
    #expect(Charset.decide(ascii: true, variables: Environment.Variables(variables)) == .ascii)
  }

  @Test func theChartNeverGetsWiderThanTheTerminalAndShowsTheLatestDays() {
    for width in [20, 21, 23, 30, 47, 80, 132] {
      for count in [1, 5, 14, 40] {
        for charset in [Charset.unicode, .ascii] {
          let chart = Chart(days: days(count, top: 14), width: width, charset: charset)
            .render(lookingBack: count, today: today)
          for line in chart.split(separator: "\n") {
            #expect(Text.width(String(line)) <= width, "\(width) \(count): \(line)")
          }
          if charset == .ascii { #expect(chart.unicodeScalars.allSatisfy { $0.isASCII }) }
          let fit = (width - 4) / 3
          let lastDay = String(today.day)
          #expect(chart.contains(" " + lastDay + "\n"), "the latest day is always shown")
          #expect(chart.contains("of \(count) days") == (count > fit))
        }
      }
    }
  }

  @Test func bigBudgetsScaleToSixteenRowsWithPartialBlocks() {
    let big = [
      EnergyDay(date: date("2026-11-20"), budget: 99, planned: 60, spent: 45),
      EnergyDay(date: today, budget: 40, planned: 3, spent: 3, isFinished: false),
    ]
    let chart = Chart(days: big, width: 80, charset: .unicode).render(lookingBack: 2, today: today)
    let rows = chart.split(separator: "\n").filter { $0.contains("┤") || $0.contains("│") }
    #expect(rows.count == 15)  // 7 spoons a row: 99 needs 15 rows (top 105)
    #expect(chart.hasPrefix("Budget and spent per day, Fri 20 Nov to Sat 21 Nov\n105 ┤"))
    #expect(chart.contains("▃"))  // 45 = 6 rows and 3/7 of one: 3 eighths
    #expect(chart.contains(" 35 ┤") && chart.contains(" 70 ┤"))
  }

  @Test func historyLinesFitEightyColumnsEvenAtTheirWidest() {
    let wide = [
      EnergyDay(date: date("2025-11-20"), budget: 16, planned: 16, spent: 16, rested: 10, borrowed: 8, tasksDone: 120),
      EnergyDay(date: date("2026-11-20"), budget: 16, planned: 16, spent: 16, isFinished: false),
    ]
    let history = EnergyHistoryFixture(days: wide)
    let text = Renderer(style: Style(color: false)).history(
      history.value, lookingBack: 400, charset: .unicode, today: today)
    for line in text.split(separator: "\n") { #expect(Text.width(String(line)) <= 80, "\(line)") }
    #expect(text.contains("20 Nov 2025"))
    #expect(text.contains("  not ended"))  // the live day is not today's
  }

  @Test func everyHelpLineFitsEightyColumns() {
    let renderer = Renderer(style: Style(color: false))
    for line in renderer.help(topic: nil).split(separator: "\n") {
      #expect(Text.width(String(line)) <= 80, "\(line)")
    }
  }

  @Test func statsTextSaysEveryCaseInWords() {
    let r = Renderer(style: Style(color: false))
    let none = EnergyStats(records: [], done: [], today: today, lookingBack: 30)
    #expect(r.stats(none, lookingBack: 30, today: today) == """
      The last 30 days, Fri 23 Oct to Sat 21 Nov:
        Days       0 finished days (today counts once it has ended)
        Most used  no tasks checked off
        Streak     no finished days yet

      """)
    let over = EnergyStats(
      records: [DayRecord(date: date("2026-11-20"), budget: 6, planned: 8, spent: 8, done: [], borrowed: 2)],
      done: [], today: today, lookingBack: 7)
    #expect(r.stats(over, lookingBack: 7, today: today).contains(
      "Streak     none: Fri 20 Nov borrowed or went over budget"))
    let noCosts = CostAccuracy(
      done: [], from: today, through: today, planner: Planner(), dayStart: .standard)
    let json = JSONRenderer.stats(none, costs: noCosts)
    #expect(json.contains("\"budget\":null"))
    #expect(json.contains("\"costs\":{\"checkedOff\":0,\"noted\":0,"))
  }
}

/// Builds an `EnergyHistory` with exactly these days (the live one given as live).
private struct EnergyHistoryFixture {
  let value: EnergyHistory
  init(days: [EnergyDay]) {
    let records = days.filter(\.isFinished).map {
      DayRecord(
        date: $0.date, budget: $0.budget, planned: $0.planned, spent: $0.spent,
        done: (0..<$0.tasksDone).map { TaskID($0 + 1) }, borrowed: $0.borrowed, rested: $0.rested)
    }
    value = EnergyHistory(
      records: records, live: days.first { !$0.isFinished }, today: today, lookingBack: 3660)
  }
}

@Suite("The HTML report")
struct HTMLReportTests {
  /// Two finished days with awkward titles, and today.
  func makeReport(in tmp: TemporaryDirectory) throws -> String {
    let file = tmp.path + "/report.html"
    let days = [
      ("2026-11-19", ["new-day 10", "add 3 Fish & <chips>", "add 2 \"Say \\\"hi\\\", it's\"", "plan 1 2", "done 1 2"]),
      ("2026-11-20", ["new-day 8", "add 5 Big shop", "add 4 Post", "plan 3", "plan 4 --borrow", "done 3", "rest 2 Nap", "done 5"]),
      ("2026-11-21", ["new-day 12", "add 1 Tea", "plan 6", "done 6", "report --html \(file)"]),
    ]
    for (day, lines) in days {
      let run = try spoons(
        [], stdin: Data((lines.joined(separator: "\n") + "\n").utf8), data: tmp.data,
        environment: ["SPOONS_NOW": "\(day)T08:00:00+01:00"])
      #expect(run.status == 0, "\(run.stderr)")
    }
    return try String(contentsOfFile: file, encoding: .utf8)
  }

  @Test func theReportIsWellFormedSelfContainedAndHasTheNumbers() throws {
    let tmp = TemporaryDirectory()
    let html = try makeReport(in: tmp)
    #expect(try FileManager.default.attributesOfItem(atPath: tmp.path + "/report.html")[.posixPermissions] as? Int == 0o600)
    #if canImport(FoundationXML) || canImport(Darwin)
      let parser = XMLParser(data: Data(html.utf8))
      let collector = ElementCollector()
      parser.delegate = collector
      #expect(parser.parse(), "\(String(describing: parser.parserError))")
      #expect(collector.elements.contains("svg") && collector.elements.contains("rect"))
      #expect(!collector.elements.contains("script") && !collector.elements.contains("img"))
      #expect(collector.text.contains("Fish & <chips>"))
      #expect(collector.text.contains("Say \"hi\", it's"))
    #endif
    #expect(html.contains("Fish &amp; &lt;chips&gt;"))
    #expect(html.contains("Say &quot;hi&quot;, it&#39;s"))
    #expect(!html.contains("http://") || !html.contains("src="), "nothing fetched")
    #expect(!html.contains("<script"))
    // 19th: 10, 5 planned, 5 spent; 20th: 8, 9 planned (1 borrowed), 5 spent, 2 rested.
    #expect(html.contains("<tr><td>Thu 19 Nov</td><td>10</td><td>0</td><td>0</td><td>0</td><td>5</td><td>5</td><td>2</td></tr>"))
    #expect(html.contains("<tr><td>Fri 20 Nov</td><td>8</td><td>0</td><td>1</td><td>2</td><td>9</td><td>5</td><td>2</td></tr>"))
    #expect(html.contains("<tr><td>Sat 21 Nov (in progress)</td><td>12</td><td>1</td><td>0</td><td>0</td><td>1</td><td>1</td>"))
    #expect(html.contains("<title>Fri 20 Nov: budget 8, spent 5</title>"))
    #expect(html.contains("<td>budget 9.0 · planned 7.0 · spent 5.0 spoons a day</td>"))
    #expect(html.contains("<td>1 of 2 days with a plan (50%): everything planned checked off</td>"))
    #expect(html.contains("<li>Tea <span class=\"cost\">· 1 spoon</span></li>"))
    #expect(html.contains("<li>Nap <span class=\"cost\">· rest, 2 spoons back</span></li>"))
  }

  @Test func escapingCoversTheFiveCharactersAndControlCharacters() {
    #expect(HTMLReport.escape("a&b<c>d\"e'f") == "a&amp;b&lt;c&gt;d&quot;e&#39;f")
    #expect(HTMLReport.escape("bell\u{7}") == "bell\u{FFFD}")
    #expect(HTMLReport.escape("Crème ☕") == "Crème ☕")
  }
}

#if canImport(FoundationXML) || canImport(Darwin)
  /// Every element name and all the text an XML parser saw.
  final class ElementCollector: NSObject, XMLParserDelegate {
    var elements: Set<String> = []
    var text = ""
    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
      qualifiedName: String?, attributes: [String: String] = [:]
    ) {
      elements.insert(name)
      text += attributes.values.joined(separator: " ")
    }
    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
  }
#endif

@Suite("Looking back, one-shot")
struct LookingBackOneShotTests {
  @Test func badArgumentsAndABadFileGetOneLineAndTheirStatus() throws {
    let tmp = TemporaryDirectory()
    try spoons(["new-day", "5"], data: tmp.data)
    let report = try spoons(["report", "--html", "/nonexistent-dir/x.html"], data: tmp.data)
    #expect(report.status == 1 && report.stdout.isEmpty)
    #expect(
      report.stderr
        == "error: cannot write /nonexistent-dir/x.html: the directory /nonexistent-dir does not exist\n")
    for (args, message) in [
      (["history", "-3"], "-3 is too small: the days to look back must be a whole number from 1 to 3660, e.g. history 7"),
      (["chart", "--days", "0"], "0 is too small: the days to look back must be a whole number from 1 to 3660, e.g. chart --days 21"),
      (["stats", "--days", "abc"], "'abc' is not a whole number: the days to look back must be a whole number from 1 to 3660, e.g. stats --days 60"),
    ] {
      let run = try spoons(args, data: tmp.data)
      #expect(run.status == 64 && run.stdout.isEmpty && run.stderr == "error: \(message)\n")
    }
  }

  @Test func theLocaleAndColumnsReachTheChartAndJSONParses() throws {
    let tmp = TemporaryDirectory()
    for (id, day, budget) in [(1, "2026-11-19", 8), (2, "2026-11-20", 10), (3, "2026-11-21", 12)] {
      let run = try spoons(
        [], stdin: script("new-day \(budget)", "add 3 Laundry", "plan \(id)", "done \(id)"),
        data: tmp.data, environment: ["SPOONS_NOW": "\(day)T08:00:00+01:00"])
      #expect(run.status == 0)
    }
    let c = ["LC_ALL": "C", "COLUMNS": "30"]
    let ascii = try spoons(["chart"], data: tmp.data, environment: c)
    #expect(ascii.status == 0 && ascii.stdout.unicodeScalars.allSatisfy { $0.isASCII })
    #expect(ascii.stdout.split(separator: "\n").allSatisfy { $0.count <= 30 })
    let unicode = try spoons(["chart"], data: tmp.data, environment: ["LC_ALL": "en_GB.UTF-8"])
    #expect(unicode.stdout.contains("░█"))
    let history = try spoons(["history", "--json"], data: tmp.data)
    let days = try #require(try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])
    #expect(days.map { $0["budget"] as? Int } == [8, 10, 12])
    #expect(days.map { $0["finished"] as? Bool } == [true, true, false])
    let stats = try spoons(["stats", "--json"], data: tmp.data)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any])
    #expect(object["days"] as? Int == 2 && object["budget"] as? Double == 9.0)
    #expect((object["streak"] as? [String: Any])?["days"] as? Int == 2)
  }
}
