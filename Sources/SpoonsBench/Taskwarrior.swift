#if os(Linux)
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
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

  static func uuid(_ i: Int) -> String {
    let hex = String(i, radix: 16)
    let digits = String(repeating: "0", count: max(0, 12 - hex.count)) + hex
    return "5b0d5e1e-0000-4000-8000-\(digits)"
  }
}
#endif
