import Foundation
import SpoonsCore
@testable import SpoonsStore
import SpoonsTestSupport
import Testing

@Suite("Export and import")
struct ExportTests {
  func richExport() throws -> PlannerExport {
    let (planner, finished) = try richPlanner()
    return PlannerExport(
      planner: planner,
      archive: Archive(doneTasks: finished.flatMap(\.doneTasks), days: finished.map(\.record)))
  }

  @Test func jsonExportReadsBackToTheSamePlannerAndArchive() throws {
    let export = try richExport()
    let json = ExportFormat.json(export)
    #expect(try ExportFormat.decode(json: json, file: "x.json") == export)
    // Foundation reads it too: it is plain JSON.
    let parsed = try JSONSerialization.jsonObject(with: Data(json)) as? [String: Any]
    #expect(parsed?["format"] as? String == "spoons-export")
  }

  @Test func theDayStartTravelsWithAnExportAndAMergeKeepsOurs() throws {
    var export = try richExport()
    export.planner.setDayStart(DayStart("06:15")!)
    let json = ExportFormat.json(export)
    #expect(String(decoding: json, as: UTF8.self).contains(#""settings": {"reserve": 1, "daystart": "06:15"}"#))
    #expect(try ExportFormat.decode(json: json, file: "x.json").planner.dayStart == DayStart("06:15"))
    // Into a planner that holds nothing yet, the settings come too (moving in); into one
    // that holds anything, ours stay.
    let fresh = try PlannerMerge.merge(
      export.planner, done: [], days: [], into: Planner(), done: [], days: [])
    #expect(fresh.planner.dayStart == DayStart("06:15") && fresh.tookSettings)
    let oneDay = Array(export.archive.days.prefix(1))
    try #require(!oneDay.isEmpty)
    let lived = try PlannerMerge.merge(
      export.planner, done: [], days: oneDay, into: Planner(), done: [], days: oneDay)
    #expect(lived.planner.dayStart == .standard && !lived.tookSettings)
  }

  @Test(arguments: [
    ("{\"format\": \"spoons-export\", \"version\": 1.5}", "line 1: a number is not a whole number"),
    ("{\"a\": 1, \"a\": 2}", "line 1: the key 'a' appears twice"),
    ("[\"\\ud800\"]", "line 1: a lone surrogate in a \\u escape"),
    (String(repeating: "[", count: 100), "line 1: nested too deeply"),
    ("{\"format\": \"spoons-export\", \"version\": 9}",
     "it was written by a newer Spoons (export version 9); upgrade Spoons"),
    ("{\"format\": \"other\"}", "it has no \"format\": \"spoons-export\""),
    (#"{"format": "spoons-export", "version": 1, "planner": {"next": {"id": 2}, "tasks": [{"id": 1, "spoons": 11, "at": "category", "created": "2026-11-21T08:00:00+01:00", "updated": "2026-11-21T08:00:00+01:00", "title": "Tea"}]}, "archive": {}}"#,
     "spoons must be a whole number from 1 to 10, not 11"),
    (#"{"format": "spoons-export", "version": 1, "planner": {"next": {"id": 1, "colour": "red"}}, "archive": {}}"#,
     "unknown field 'colour' in a next record"),
    (#"{"format": "spoons-export", "version": 1, "planner": {"next": {"id": 1}, "tasks": [7]}, "archive": {}}"#,
     "a task must be an object"),
    (#"{"format": "spoons-export", "version": 1, "planner": {"next": {"id": 2}}, "archive": {"days": [{"date": "2026-11-20", "budget": 10, "planned": 999999999999999999, "spent": 0, "done": []}]}}"#,
     "planned must be from 0 to 100000000"),
    (#"{"format": "spoons-export", "version": 1, "planner": {"next": {"id": 2}}, "archive": {"days": [{"date": "2026-11-20", "budget": 10, "planned": 3, "spent": 3, "done": [5]}]}}"#,
     "the archive holds #5, which is not below the next id 2"),
  ])
  func badFilesAreRefusedWithAReason(_ text: String, _ reason: String) {
    #expect(throws: ImportError.invalid(file: "x.json", reason: reason)) {
      try ExportFormat.decode(json: Array(text.utf8), file: "x.json")
    }
  }

  /// What is not an export at all, or one cut short, is named as such (not as the first
  /// character JSON cannot read).
  @Test(arguments: [
    ("", ImportError.notAnExport(file: "x.json", found: "it is empty")),
    ("type,id,title,spoons,at\r\ntask,1,Tea,1,category\r\n",
     .notAnExport(file: "x.json", found: "it holds a Spoons CSV export")),
    ("\u{FF}\u{D8}\u{FF}\u{E0}", .notAnExport(file: "x.json", found: "it is not a text file")),
    ("format\tname=spoons-planner\tversion=4\n",
     .notAnExport(file: "x.json", found: "it is a Spoons planner.txt")),
    ("Dear diary,\n", .notAnExport(file: "x.json", found: "it is not JSON: line 1, unexpected character")),
    ("{\"format\": \"spoons-export\", \"version\": 2, \"planner\": {\"next\": {\"id\": 2}, \"tasks\": [{\"rest\": tr",
     .cutShort(file: "x.json", line: 1)),
    ("{\n  \"format\": \"spoons-export\",\n  \"version\": 2,\n", .cutShort(file: "x.json", line: 4)),
  ])
  func otherFilesAreNamedForWhatTheyAre(_ text: String, _ error: ImportError) {
    var bytes = Array(text.utf8)
    if text.hasPrefix("\u{FF}") { bytes = [0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10] }  // a JPEG's start
    #expect(throws: error) { try ExportFormat.decode(json: bytes, file: "x.json") }
  }

  /// Cut, flipped and spliced exports are refused with a reason or read as a valid planner;
  /// never a crash or a hang.
  @Test func mutatedExportsNeverCrashTheReader() throws {
    let json = ExportFormat.json(try richExport())
    var rng = SeededLines(seed: 7)
    var refused = 0
    for _ in 0..<2_000 {
      var bytes = json
      for _ in 0..<rng.int(1..<4) {
        let at = rng.int(0..<bytes.count)
        switch rng.int(0..<4) {
        case 0: bytes[at] = UInt8(truncatingIfNeeded: rng.next())
        case 1: bytes.removeSubrange(at..<min(bytes.count, at + rng.int(1..<40)))
        case 2: bytes.insert(contentsOf: json[rng.int(0..<json.count)...].prefix(rng.int(1..<60)), at: at)
        default: bytes = Array(bytes.prefix(at))
        }
        if bytes.isEmpty { break }
      }
      do {
        let back = try ExportFormat.decode(json: bytes, file: "x.json")
        #expect(try ExportFormat.decode(json: ExportFormat.json(back), file: "x.json") == back)
      } catch {
        refused += 1
      }
    }
    #expect(refused > 1_000)
  }

  @Test func jsonStringsKeepEveryCharacter() throws {
    let text = "tab\there \"quoted\" \\ é ☕ 👩‍👩‍👧 \u{1}"
    var out: [UInt8] = []
    JSON.array([.string(text), .string("\u{7F}")]).write(to: &out)
    #expect(try JSON.parse(out) == .array([.string(text), .string("\u{7F}")]))
    #expect(try JSON.parse(Array(#"["\u00e9\ud83d\ude00\/"]"#.utf8)) == .array([.string("é😀/")]))
  }

  @Test func importMergesByIdAddsOnlyWhatIsNewAndUndoes() throws {
    let tmp = TemporaryDirectory()
    let export = try richExport()
    let store = PlannerStore(directory: tmp.file("data"))
    let first = try store.importPlanner(export, file: "x.json", replace: false, at: morning)
    #expect(first.tasks == export.planner.taskCount + export.archive.doneTasks.count)
    #expect(try store.loadWhole() == export)
    let again = try store.importPlanner(export, file: "x.json", replace: false, at: morning)
    #expect(again == PlannerStore.ImportSummary(tasks: 0, routines: 0, days: 0))
    try store.undo()
    #expect(try store.loadWhole() == PlannerExport(planner: Planner(), archive: Archive()))
  }

  @Test func aConflictingFileIsRefusedUnlessReplacing() throws {
    let tmp = TemporaryDirectory()
    let store = PlannerStore(directory: tmp.file("data"))
    try store.update(at: morning) { p, _ in
      try p.add("Something else", spoons: 4, at: morning)
      try p.add("Tea", spoons: 1, at: morning)
    }
    let before = try store.loadWhole()
    let planner = tmp.bytes("data/planner.txt")
    let export = try richExport()
    #expect(throws: ImportError.conflicts(file: "x.json", tasks: [TaskID(1)], routines: [], days: [])) {
      try store.importPlanner(export, file: "x.json", replace: false, at: morning)
    }
    #expect(tmp.bytes("data/planner.txt") == planner)

    try store.importPlanner(export, file: "x.json", replace: true, at: morning)
    #expect(try store.loadWhole() == export)
    try store.undo()
    #expect(try store.loadWhole() == before)
    try store.redo()
    #expect(try store.loadWhole() == export)
  }

  @Test func csvHasOneHeaderRowAndQuotesWhatItMust() throws {
    var p = Planner()
    try p.add("Laundry, \"big\" load", spoons: 3, at: morning)
    try p.add("=SUM(A1)", spoons: 1, at: morning, note: "two\nlines")
    let csv = String(decoding: ExportFormat.csv(PlannerExport(planner: p, archive: Archive())), as: UTF8.self)
    let rows = csv.components(separatedBy: "\r\n")
    #expect(rows[0].hasPrefix("type,id,title,spoons,at,"))
    #expect(csv.contains("task,2,'=SUM(A1),1,category,"))
    #expect(csv.contains(",\"two\nlines\","))
    #expect(csv.contains("task,1,\"Laundry, \"\"big\"\" load\",3,category,"))
  }

  /// Two days of pacing: a day whose call took 4 of 2 (mood 2), then today's shop that took
  /// 3 of 4 (mood 4), with both check-in settings off.
  func pacingExport() throws -> PlannerExport {
    var p = Planner()
    try p.startNewDay(budget: 10, mood: 2, at: morning)
    try p.add("Call mum", spoons: 2, at: morning)
    try p.add("Laundry", spoons: 3, at: morning)
    try p.plan([TaskID(1), TaskID(2)], at: morning)
    try p.markDone([TaskID(1)], took: 4, at: morning.plus(hours: 2))
    let outcome = try p.startNewDay(budget: 8, mood: 4, at: nextMorning)
    try p.add("Grocery shop", spoons: 4, at: nextMorning)
    try p.plan([TaskID(3)], at: nextMorning)
    try p.markDone([TaskID(3)], took: 3, at: nextMorning.plus(hours: 1))
    p.setAsksMood(false)
    p.setPaceHints(false)
    let finished = try #require(outcome.finished)
    return PlannerExport(
      planner: p, archive: Archive(doneTasks: finished.doneTasks, days: [finished.record]))
  }

  @Test func tookCheckedAndMoodTravelThroughJSONAsNumbers() throws {
    let export = try pacingExport()
    #expect(export.archive.days.first?.ledger.checked == 2)
    #expect(export.archive.days.first?.ledger.spent == 4)
    let json = ExportFormat.json(export)
    let text = String(decoding: json, as: UTF8.self)
    #expect(text.contains(#""version": 7"#))
    #expect(text.contains(#""took": 4"#) && text.contains(#""took": 3"#))
    #expect(text.contains(#""checked": 2"#) && text.contains(#""mood": 2"#))
    #expect(text.contains(#""mood": 4"#))  // today's
    #expect(text.contains(#""settings": {"reserve": 0, "daystart": "04:00", "mood": "off", "pacehint": "off"}"#))
    #expect(try ExportFormat.decode(json: json, file: "x.json") == export)

    // Imported into an empty planner, everything arrives, the settings too.
    let tmp = TemporaryDirectory()
    let store = PlannerStore(directory: tmp.file("data"))
    try store.importPlanner(export, file: "x.json", replace: true, at: morning)
    let back = try store.loadWhole()
    #expect(back == export)
    #expect(back.planner.task(TaskID(3))?.took == 3 && back.planner.day?.mood == 4)
    #expect(back.archive.doneTasks.map(\.took) == [4])
    #expect(back.archive.days.map(\.mood) == [2])
  }

  /// Foundation reads the numbers as numbers, and a version 4 export (before pacing) still
  /// imports, as tasks that took what they planned.
  @Test func aVersion4ExportImportsWithoutThePacingFields() throws {
    let export = try richExport()
    let json = ExportFormat.json(export)
    let older = String(decoding: json, as: UTF8.self)
      .replacingOccurrences(of: #""version": 7"#, with: #""version": 4"#)
    let back = try ExportFormat.decode(json: Array(older.utf8), file: "x.json")
    #expect(back == export)
    #expect(back.archive.days.allSatisfy { $0.ledger.checked == $0.ledger.spent && $0.mood == nil })

    let parsed = try JSONSerialization.jsonObject(
      with: Data(ExportFormat.json(try pacingExport()))) as? [String: Any]
    let archive = parsed?["archive"] as? [String: Any]
    let day = (archive?["days"] as? [[String: Any]])?.first
    #expect(day?["checked"] as? Int == 2 && day?["mood"] as? Int == 2 && day?["spent"] as? Int == 4)
    let done = (archive?["done"] as? [[String: Any]])?.first
    #expect(done?["took"] as? Int == 4)
  }

  @Test func csvHasTookCheckedAndMoodColumns() throws {
    let csv = String(decoding: ExportFormat.csv(try pacingExport()), as: UTF8.self)
    let rows = csv.components(separatedBy: "\r\n")
    #expect(rows[0] == "type,id,title,spoons,at,from,since,due,created,updated,completed,rest,"
      + "back,took,note,where,tags,routine,date,budget,repaid,planned,spent,checked,borrowed,"
      + "rested,mood,done")
    let columns = rows[0].split(separator: ",").map(String.init)
    func row(_ prefix: String) throws -> [String: String] {
      let line = try #require(rows.first { $0.hasPrefix(prefix) })
      let cells = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      #expect(cells.count == columns.count)
      return Dictionary(uniqueKeysWithValues: zip(columns, cells))
    }
    #expect(try row("task,1,Call mum,")["took"] == "4")
    #expect(try row("task,3,Grocery shop,")["took"] == "3")
    #expect(try row("task,2,Laundry,")["took"] == "")
    let day = try row("day,")
    #expect(day["planned"] == "5" && day["spent"] == "4" && day["checked"] == "2")
    #expect(day["mood"] == "2" && day["done"] == "1")
  }
}

/// Tags travel through the JSON and CSV exports and back.
@Suite struct TagExportTests {
  func tagged() throws -> PlannerExport {
    var p = Planner()
    let tags = try ["+health", "@phone", "+ß"].map { try #require(try SpoonsCore.Tag(word: $0)) }
    p.add(try Title("Call GP"), spoons: try SpoonCost(2), at: morning, tags: tags)
    p.add(try Title("Laundry"), spoons: try SpoonCost(3), at: morning)
    return PlannerExport(planner: p, archive: Archive())
  }

  @Test func tagsAreAListInTheJSONAndReadBack() throws {
    let export = try tagged()
    let json = ExportFormat.json(export)
    let text = String(decoding: json, as: UTF8.self)
    let compact = text.filter { $0 != " " && $0 != "\n" }
    #expect(compact.contains(#""tags":["+health","+ß","@phone"]"#))
    #expect(try ExportFormat.decode(json: json, file: "x.json") == export)
    // An empty list is no tags, as from another program; anything but strings is refused.
    let empty = text.replacingOccurrences(
      of: #""title": "Laundry""#, with: #""title": "Laundry", "tags": []"#)
    #expect(try ExportFormat.decode(json: Array(empty.utf8), file: "x.json") == export)
    let numbers = text.replacingOccurrences(of: #""+health""#, with: "1")
    #expect(throws: ImportError.self) { try ExportFormat.decode(json: Array(numbers.utf8), file: "x.json") }
    let bad = text.replacingOccurrences(of: #""+health""#, with: #""health""#)
    #expect(throws: ImportError.self) { try ExportFormat.decode(json: Array(bad.utf8), file: "x.json") }
  }

  @Test func tagsAreOneCSVCell() throws {
    let csv = String(decoding: ExportFormat.csv(try tagged()), as: UTF8.self)
    let rows = csv.components(separatedBy: "\r\n")
    let columns = rows[0].split(separator: ",").map(String.init)
    let tags = try #require(columns.firstIndex(of: "tags"))
    let call = rows[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    #expect(call[tags] == "'+health +ß @phone")
  }
}
