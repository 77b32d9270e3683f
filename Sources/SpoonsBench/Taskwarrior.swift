#if os(Linux)
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import SpoonsCore
import SpoonsTestSupport

/// Taskwarrior 2.x data of the same shapes as `PlannerGenerator`'s planners, for the optional
/// side-by-side runs (`SpoonsBench --taskwarrior`). Written straight in its file format
/// (`pending.data`, `completed.data`): importing 100,000 tasks through `task import` would
/// take minutes.
enum Taskwarrior {
  /// The environment a `task` run gets: its own rc file and data, never the user's.
  static func environment(_ directory: String, home: String) -> [String] {
    ["TASKRC=\(directory)/taskrc", "TASKDATA=\(directory)", "HOME=\(home)", "PATH=/usr/bin:/bin"]
  }

  /// `total` tasks: all but `open` completed over years, `open` pending (as the realistic
  /// planner: `open` is its tasks not done, so the archive and today's done tasks are
  /// completed), or all pending (`open == total`, the stress planner). Stops the benchmark if
  /// a file cannot be written: the Taskwarrior rows would time the wrong data.
  static func write(total: Int, open: Int, into directory: String) {
    func save(_ name: String, _ text: String) {
      guard ProcessTimer.writeFile(directory + "/" + name, text) else {
        print("--taskwarrior: cannot write \(directory)/\(name)")
        exit(1)
      }
    }
    mkdir(directory, 0o700)
    save(
      "taskrc",
      "data.location=\(directory)\nconfirmation=off\nverbose=nothing\nhooks=off\n"
        + "recurrence=off\ngc=on\n")
    var rng = SeededGenerator(seed: UInt64(total) &+ 99)
    var pending = ""
    var completed = ""
    pending.reserveCapacity(open * 160)
    completed.reserveCapacity((total - open) * 180)
    let start = 1_500_000_000
    for i in 0..<total {
      let title = PlannerGenerator.title(&rng, i)
      let entry = start + i * 3_600
      if i < total - open {
        completed += "[description:\"\(title)\" end:\"\(entry + 600)\" entry:\"\(entry)\" "
          + "modified:\"\(entry + 600)\" status:\"completed\" uuid:\"\(uuid(i))\"]\n"
      } else {
        pending += "[description:\"\(title)\" entry:\"\(entry)\" modified:\"\(entry)\" "
          + "status:\"pending\" uuid:\"\(uuid(i))\"]\n"
      }
    }
    save("pending.data", pending)
    save("completed.data", completed)
  }

  /// What `task export` would write for `total` tasks, for the `import --from taskwarrior`
  /// row: a tenth completed, one in fifty deleted, the rest pending; most with tags, a
  /// project and a due date, some with an annotation or a user-defined attribute, and
  /// `urgency` as Taskwarrior writes it (a fraction). Stops the benchmark if it cannot be
  /// written.
  static func writeExport(total: Int, to path: String) {
    var rng = SeededGenerator(seed: UInt64(total) &+ 7)
    var out = "["
    out.reserveCapacity(total * 320)
    let start = 1_700_000_000
    for i in 0..<total {
      let entry = date(start + i * 600)
      let status = i % 50 == 49 ? "deleted" : i % 10 == 9 ? "completed" : "pending"
      out += i == 0 ? "\n" : ",\n"
      out += "{\"id\":\(status == "pending" ? i + 1 : 0),"
        + "\"description\":\"\(PlannerGenerator.title(&rng, i))\",\"entry\":\"\(entry)\","
        + "\"modified\":\"\(entry)\",\"status\":\"\(status)\",\"uuid\":\"\(uuid(i))\","
      if status != "pending" { out += "\"end\":\"\(date(start + i * 600 + 3_600))\"," }
      if i % 3 != 0 { out += "\"due\":\"\(date(start + 86_400 * (i % 400)))\"," }
      if i % 4 != 0 { out += "\"project\":\"home.area\(i % 7)\",\"tags\":[\"errand\",\"t\(i % 13)\"]," }
      if i % 5 == 0 {
        out += "\"annotations\":[{\"entry\":\"\(entry)\",\"description\":\"note \(i)\"}],"
      }
      if i % 6 == 0 { out += "\"energy\":\(i % 5)," }
      out += "\"urgency\":\(i % 9).\(i % 97)}"
    }
    out += "\n]\n"
    guard ProcessTimer.writeFile(path, out) else {
      print("cannot write \(path)")
      exit(1)
    }
  }

  /// Seconds since 1970 as Taskwarrior writes a date: `20261128T230000Z`.
  static func date(_ seconds: Int) -> String {
    let day = CivilDate(daysSinceEpoch: seconds / 86_400).description.filter { $0 != "-" }
    let s = seconds % 86_400
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return "\(day)T\(two(s / 3600))\(two(s / 60 % 60))\(two(s % 60))Z"
  }

  static func uuid(_ i: Int) -> String {
    let hex = String(i, radix: 16)
    let digits = String(repeating: "0", count: max(0, 12 - hex.count)) + hex
    return "5b0d5e1e-0000-4000-8000-\(digits)"
  }
}
#endif
