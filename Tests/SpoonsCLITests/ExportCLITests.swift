import Foundation
import SpoonsTestSupport
import Testing

@Suite("export and import through the binary")
struct ExportCLITests {
  @Test func anExportImportedElsewhereExportsTheSame() throws {
    let tmp = TemporaryDirectory()
    let other = TemporaryDirectory()
    for args in [["add", "3", "Laundry"], ["add", "2", "Call", "mum"], ["new-day", "10"],
      ["plan", "1", "2"], ["done", "1"], ["routine", "add", "1", "Meds"]]
    {
      try spoons(args, data: tmp.data)
    }
    try spoons(["new-day", "8"], data: tmp.data, environment: ["SPOONS_NOW": "2026-11-22T08:00:00+01:00"])
    let export = try spoons(["export"], data: tmp.data)
    #expect(export.status == 0 && export.stdout.hasPrefix("{\n  \"format\": \"spoons-export\""))
    let file = tmp.path + "/backup.json"
    let written = try spoons(["export", "--output", file], data: tmp.data)
    #expect(written.stdout == "Exported 3 tasks, 1 routine and 1 finished day to \(file) (JSON).\n")
    #expect(FileManager.default.contents(atPath: file) == Data(export.stdout.utf8))
    let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
    #expect(mode == 0o600)

    let imported = try spoons(["import", file], data: other.data)
    #expect(imported.stdout == "Imported 3 tasks, 1 routine, 1 finished day from \(file).\n")
    #expect(try spoons(["export"], data: other.data).stdout == export.stdout)
    let csv = try spoons(["export", "--format", "csv"], data: other.data)
    #expect(csv.stdout.hasPrefix("type,id,title,spoons,") && csv.stdout.contains("\r\nday,,,"))
  }

  /// A filter that chooses no task: the output is what a script reads (nothing for todo.txt,
  /// the header for CSV), and standard error says why, with success: an empty export is an
  /// answer, not a mistake.
  @Test func anExportThatMatchesNothingSaysSoApart() throws {
    let tmp = TemporaryDirectory()
    try spoons(["add", "2", "Call", "mum", "+health"], data: tmp.data)
    let none = try spoons(["export", "--format", "todotxt", "+errand"], data: tmp.data)
    #expect(none.status == 0 && none.stdout.isEmpty)
    #expect(none.stderr == "No task matches +errand: nothing was exported.\n")
    let table = try spoons(["export", "--format", "csv", "+errand"], data: tmp.data)
    #expect(table.status == 0 && table.stdout.hasPrefix("type,id,title,") && table.stdout.split(separator: "\r\n").count == 1)
    #expect(table.stderr == none.stderr)
    let some = try spoons(["export", "--format", "todotxt", "+health"], data: tmp.data)
    #expect(some.stdout.contains("Call mum +health") && some.stderr.isEmpty)
  }

  /// Moving a planner in: a merging import into a planner that holds nothing yet brings the
  /// file's settings too (as `--replace` does); into one that holds anything, this device's
  /// settings stay, since they are its choices.
  @Test func aMergingImportIntoAFreshPlannerBringsItsSettings() throws {
    let tmp = TemporaryDirectory()
    for args in [["new-day", "10"], ["add", "2", "Tea"], ["settings", "day-start", "06:00"],
      ["settings", "reserve", "2"], ["settings", "mood", "off"], ["settings", "pace-hint", "off"]]
    {
      #expect(try spoons(args, data: tmp.data).status == 0, "\(args)")
    }
    let file = tmp.path + "/moving.json"
    try spoons(["export", "--output", file], data: tmp.data)
    let settings = try spoons(["settings"], data: tmp.data).stdout
    let fresh = TemporaryDirectory()
    let imported = try spoons(["import", file], data: fresh.data)
    #expect(imported.stdout == "Imported 1 task, 0 routines, 0 finished days, and its settings from \(file).\n")
    #expect(try spoons(["settings"], data: fresh.data).stdout == settings)
    let lived = TemporaryDirectory()
    try spoons(["routine", "add", "1", "Meds"], data: lived.data)
    let kept = try spoons(["settings"], data: lived.data).stdout
    let merged = try spoons(["import", file], data: lived.data)
    #expect(merged.stdout == "Imported 1 task, 0 routines, 0 finished days from \(file).\n", "\(merged.stderr)")
    let after = try spoons(["settings"], data: lived.data).stdout
    // The reserve is the one setting a merge takes when ours is none (the file's day plans
    // with it); the rest stay this device's.
    let expected = kept.replacingOccurrences(of: "reserve    0 (none)", with: "reserve    2 spoons")
    #expect(after.contains("day-start  04:00") && after == expected, "\(after)")
  }

  @Test func badExportsAndImportsAreOneLineAndChangeNothing() throws {
    let tmp = TemporaryDirectory()
    try spoons(["add", "1", "Tea"], data: tmp.data)
    let before = tmp.dataBytes("planner.txt")
    let bad = tmp.path + "/bad.json"
    try Data("{\"format\": \"spoons-export\", \"version\": 1, \"planner\": [".utf8).write(to: URL(fileURLWithPath: bad))
    for (args, status) in [
      (["import", tmp.path + "/missing.json"], Int32(1)), (["import", bad], 1),
      (["import", "/"], 1), (["import"], 64), (["import", "a", "b"], 64),
      (["export", "--format", "xml"], 64), (["export", "--output"], 64),
      (["export", "--output", "/nonexistent-dir/x.json"], 1),
    ] {
      let run = try spoons(args, data: tmp.data)
      #expect(run.status == status, "\(args)")
      #expect(run.stderr.hasPrefix("error: ") && run.stderr.filter { $0 == "\n" }.count == 1, "\(args)")
      #expect(tmp.dataBytes("planner.txt") == before)
    }
    let run = try spoons(["import", bad], data: tmp.data)
    #expect(run.stderr == "error: \(bad) is not a complete Spoons JSON export: it stops short at "
      + "line 1; nothing was imported. import reads the whole JSON file that 'spoons export "
      + "--output backup.json' writes\n")
  }

  /// An export cut short, the CSV export and a file that is not JSON are each named for what
  /// they are, with what import reads instead; nothing is imported.
  @Test func importSaysWhatItReadsWhenGivenSomethingElse() throws {
    let tmp = TemporaryDirectory()
    try spoons(["add", "1", "Tea"], data: tmp.data)
    try spoons(["routine", "add", "1", "Meds"], data: tmp.data)
    let json = tmp.path + "/backup.json", csv = tmp.path + "/backup.csv"
    try spoons(["export", "--output", json], data: tmp.data)
    let csvRun = try spoons(["export", "--format", "csv", "--output", csv], data: tmp.data)
    let whole = try #require(FileManager.default.contents(atPath: json))
    let cut = tmp.path + "/cut.json", notes = tmp.path + "/notes.txt"
    try whole.prefix(whole.count * 2 / 3).write(to: URL(fileURLWithPath: cut))
    try Data("Dear diary,\nslept badly.\n".utf8).write(to: URL(fileURLWithPath: notes))
    let lines = String(decoding: whole.prefix(whole.count * 2 / 3), as: UTF8.self)
      .split(separator: "\n", omittingEmptySubsequences: false).count
    let reads = "nothing was imported. import reads the whole JSON file that 'spoons export "
      + "--output backup.json' writes\n"
    let other = TemporaryDirectory()
    for (file, message) in [
      (cut, "error: \(cut) is not a complete Spoons JSON export: it stops short at line \(lines); "),
      (csv, "error: \(csv) is not a Spoons JSON export (it holds a Spoons CSV export); "),
      (notes, "error: \(notes) is not a Spoons JSON export (it is not JSON: line 1, unexpected "
        + "character); "),
    ] {
      let run = try spoons(["import", file], data: other.data)
      #expect(run.status == 1 && run.stdout.isEmpty)
      #expect(run.stderr == message + reads)
      #expect(!FileManager.default.fileExists(atPath: other.data), "nothing was written")
    }
    // The CSV has a row per task and finished day, and no routines: its report says so.
    #expect(csvRun.stdout == "Exported 1 task and 0 finished days to \(csv) (CSV: routines and "
      + "settings are in the JSON export only).\n")
    let table = try String(contentsOfFile: csv, encoding: .utf8)
    #expect(table.contains("\r\ntask,1,Tea,") && !table.contains("Meds"))
    #expect(try spoons(["import", json], data: other.data).status == 0)
  }
}
