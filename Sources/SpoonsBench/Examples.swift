#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import SpoonsCLI
import SpoonsCore

/// The example planners: `sample-data` (the repository's `sample-data/planner/`) and
/// `history-example` (three weeks of days, for trying `history`, `stats` and `chart`).
///
/// Both run `spoons` in this process with a fixed clock and fixed choices, exactly as the
/// binary runs with `SPOONS_NOW` set, so they need no build of `spoons` and write the same
/// files on every machine.
enum Examples {
  static let usage = """
    usage: SpoonsBench sample-data [DIR]       regenerate sample-data/planner (or DIR)
           SpoonsBench history-example [DIR]   three weeks of days in DIR (default: a new
                                               temporary directory), then history, stats, chart
           SpoonsBench [options]               the benchmark (see Sources/SpoonsBench/Benchmark.md)
    """

  /// Runs the subcommand named by `arguments[0]`; nil when it names none (the benchmark).
  static func run(_ arguments: [String]) -> Int32? {
    switch arguments.first {
    case "sample-data": return sampleData(into: arguments.dropFirst().first)
    case "history-example": return historyExample(into: arguments.dropFirst().first)
    case "help", "-h", "--help":
      print(usage)
      return 0
    default: return nil
    }
  }

  // MARK: - sample-data

  /// Regenerates the sample planner by living a week of days in it: forty-odd tasks added on
  /// the evening before, then each day a budget, a plan and the tasks checked off.
  static func sampleData(into directory: String?) -> Int32 {
    if directory == nil && access("Package.swift", F_OK) != 0 {
      complain("sample-data: run it from the package's folder, or name a DIR")
      return 64
    }
    let out = directory ?? "sample-data/planner"
    removeFiles(in: out)
    let spoons = Driver(data: out)
    spoons.script(
      "2026-11-13T19:00:00+00:00", sampleTasks.map { "add \($0.spoons) \"\($0.title)\"" })
    for (date, budget, plan, done) in sampleDays {
      spoons.script(
        "\(date)T08:10:00+00:00",
        ["new-day \(budget)", "plan " + plan.map(String.init).joined(separator: " ")])
      spoons.script(
        "\(date)T17:30:00+00:00", ["done " + done.map(String.init).joined(separator: " ")])
    }
    // Routines for every morning from now on, and one spoon kept for the evening.
    spoons.script(
      "2026-11-20T20:00:00+00:00",
      [
        "routine add 1 Take meds", "routine add 2 Physio stretches --days mon,wed,fri",
        "routine add 2 Lie down after lunch --rest", "reserve 1",
      ])
    // The lock and the backup belong to a live planner, not to the sample.
    for name in fileNames(in: out) where name.hasSuffix(".lock") || name.hasSuffix(".bak") {
      unlink(out + "/" + name)
    }
    print("wrote \(out)")
    return 0
  }

  static let sampleTasks: [(spoons: Int, title: String)] = [
    (1, "Take meds"), (1, "Water the plants"), (1, "Text Sam back"), (1, "Feed the cat"),
    (1, "Open the post"), (2, "Shower"), (2, "Call mum"), (2, "Make a simple lunch"),
    (2, "Empty the dishwasher"), (2, "Short walk round the block"), (2, "Pay the phone bill"),
    (3, "Laundry"), (3, "Cook dinner"), (3, "Change the bed sheets"), (3, "Book GP appointment"),
    (3, "Reply to work emails"), (3, "Tidy the living room"), (4, "Groceries"),
    (4, "Pharmacy run"), (4, "Physio exercises"), (4, "Clean the bathroom"),
    (4, "Sort the recycling"), (5, "Deep clean the kitchen"), (5, "Hoover the flat"),
    (5, "Coffee with Priya"), (5, "Batch cook for the week"), (6, "Doctor's appointment"),
    (6, "Bank visit in town"), (6, "Return the parcel"), (7, "Family dinner at Jo's"),
    (7, "Haircut and errands"), (8, "Big supermarket shop"), (8, "Declutter the wardrobe"),
    (9, "Day trip to the coast"), (10, "Move the furniture"), (2, "Stretching routine"),
    (1, "Refill water bottle"), (3, "Fill in the benefits form"), (4, "Garden: weed the front"),
    (2, "Ring the landlord"), (1, "Charge the phone"), (5, "Wash the car"),
  ]

  /// Each day: its date, budget, the ids to plan and the ids to check off (the ids are the
  /// positions in `sampleTasks`, from 1).
  static let sampleDays: [(String, Int, [Int], [Int])] = [
    ("2026-11-14", 12, [1, 6, 12, 18], [1, 6, 12]),
    ("2026-11-15", 10, [18, 2, 7, 13], [18, 2, 7]),
    ("2026-11-16", 14, [13, 19, 3, 8], [13, 19, 3, 8]),
    ("2026-11-17", 8, [4, 9, 15], [4]),
    ("2026-11-18", 10, [9, 5, 20], [9, 5]),
    ("2026-11-19", 11, [20, 10, 16, 36], [20, 10, 36]),
    ("2026-11-20", 12, [14, 11, 37, 21], [37, 14]),
  ]

  // MARK: - history-example

  /// Twenty days of November with two routines (Take meds, and a rest after lunch), some
  /// borrowing and some unfinished plans, then a morning of the 21st; prints `history`,
  /// `stats`, `chart` and `chart --ascii` on it. The directory is left behind to try more.
  static func historyExample(into directory: String?) -> Int32 {
    let data: String
    if let directory {
      data = directory
    } else {
      var template = Array("/tmp/spoons-history-XXXXXX".utf8CString)
      guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) })
      else {
        complain("history-example: cannot make a temporary directory")
        return 1
      }
      data = String(cString: made) + "/data"
    }
    var spoons = Driver(data: data)
    spoons.variables["LANG"] = "C.UTF-8"
    spoons.variables["COLUMNS"] = "80"

    spoons.run("2026-10-31T20:00:00+00:00", ["routine", "add", "1", "Take meds"])
    spoons.run(
      "2026-10-31T20:00:00+00:00", ["routine", "add", "2", "Lie down after lunch", "--rest"])
    for (day, budget, tasks, done, borrow, rest) in historyDays {
      let date = "2026-11-" + (day < 10 ? "0\(day)" : "\(day)")
      let morning = date + "T08:00:00+00:00"
      let evening = date + "T18:00:00+00:00"
      let started = spoons.run(morning, ["new-day", String(budget)])
      let routine = started.firstRange(of: "From your routines:").map {
        ids(in: started[$0.upperBound...])
      } ?? []
      let added = tasks.map { spoons.run(morning, ["add", String($0.0), $0.1, "--force"]) }
        .map { ids(in: $0)[0] }
      spoons.run(morning, ["plan"] + added + (borrow ? ["--borrow"] : []))
      spoons.run(evening, ["done"] + routine.prefix(1) + added.prefix(done))
      if rest && routine.count > 1 { spoons.run(evening, ["done", routine[1]]) }
    }
    let today = "2026-11-21T10:00:00+00:00"
    spoons.run(today, ["new-day", "12"])
    spoons.run(today, ["add", "3", "Laundry", "--force"])
    spoons.run(today, ["plan"] + ids(in: spoons.run(today, ["list", "3"])).suffix(1))
    spoons.run(today, ["done", ids(in: spoons.run(today, ["todo"]))[0]])

    print("# data in \(data)\n")
    for command in [["history"], ["stats"], ["chart"], ["chart", "--ascii"]] {
      print("$ spoons \(command.joined(separator: " "))")
      print(spoons.run(today, command))
    }
    return 0
  }

  /// Each day of November: budget, the tasks to add and plan, how many of them get done,
  /// whether the plan borrows, and whether the rest after lunch is taken.
  static let historyDays: [(Int, Int, [(Int, String)], Int, Bool, Bool)] = [
    (1, 10, [(3, "Laundry"), (2, "Call mum"), (2, "Shower")], 3, false, true),
    (2, 12, [(4, "Groceries"), (3, "Cook dinner"), (2, "Reply to emails")], 3, false, true),
    (3, 8, [(3, "Physio exercises"), (2, "Empty the dishwasher")], 1, false, false),
    (
      4, 10, [(5, "Doctor's appointment"), (2, "Pharmacy run"), (1, "Water the plants")], 3,
      false, true
    ),
    (
      5, 12, [(6, "Family dinner at Jo's"), (4, "Clean the bathroom"), (3, "Change the sheets")],
      2, true, true
    ),
    (6, 8, [(2, "Shower"), (3, "Batch cook")], 2, false, true),
    (7, 9, [(2, "Short walk"), (3, "Tidy the living room")], 2, false, false),
    (8, 11, [(4, "Groceries"), (2, "Call the GP"), (2, "Fold washing")], 3, false, true),
    (9, 12, [(3, "Laundry"), (5, "Hoover the flat"), (2, "Text Sam back")], 2, false, true),
    (10, 10, [(7, "Haircut and errands"), (3, "Cook dinner")], 2, true, true),
    (11, 7, [(2, "Shower"), (2, "Open the post")], 2, false, false),
    (
      12, 11, [(3, "Physio exercises"), (4, "Sort the recycling"), (1, "Water the plants")], 3,
      false, true
    ),
    (
      13, 12, [(5, "Coffee with Priya"), (2, "Pay the phone bill"), (2, "Shower")], 3, false,
      true
    ),
    (14, 14, [(8, "Big supermarket shop"), (3, "Cook dinner")], 1, false, true),
    (15, 9, [(2, "Call mum"), (3, "Laundry")], 2, false, true),
    (
      16, 10, [(4, "Physio exercises"), (2, "Empty the dishwasher"), (1, "Feed the cat")], 3,
      false, true
    ),
    (17, 12, [(6, "Bank visit in town"), (3, "Cook dinner")], 2, false, true),
    (18, 10, [(3, "Reply to emails"), (2, "Shower"), (2, "Short walk")], 3, false, false),
    (
      19, 12, [(4, "Groceries"), (3, "Change the sheets"), (2, "Book GP appointment")], 3,
      false, true
    ),
    (20, 11, [(5, "Deep clean the kitchen"), (2, "Text Sam back")], 2, false, true),
  ]

  /// The task ids (`#12`) in a command's output, in order, without the `#`.
  static func ids(in text: some StringProtocol) -> [String] {
    var result: [String] = []
    var current: String?
    for character in text {
      if character == "#" {
        current = ""
      } else if let digits = current, character.isASCII, character.isNumber {
        current = digits + String(character)
      } else {
        if let digits = current, !digits.isEmpty { result.append(digits) }
        current = nil
      }
    }
    if let digits = current, !digits.isEmpty { result.append(digits) }
    return result
  }

  // MARK: - Files

  /// A line on standard error.
  static func complain(_ text: String) {
    let line = text.hasSuffix("\n") ? text : text + "\n"
    _ = line.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
  }

  static func fileNames(in directory: String) -> [String] {
    guard let dir = opendir(directory) else { return [] }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// Empties a planner directory (it holds only files) so the example starts afresh.
  static func removeFiles(in directory: String) {
    for name in fileNames(in: directory) { unlink(directory + "/" + name) }
  }
}

/// `spoons` run in this process on one data directory, with the clock fixed per call as
/// `SPOONS_NOW` fixes it for the binary. A refused command stops the example with its error.
struct Driver {
  let data: String
  var variables = ["NO_COLOR": "1"]

  /// One command line, as `spoons --data DIR ARGS...`; returns what it printed.
  @discardableResult
  func run(_ now: String, _ arguments: [String]) -> String {
    main(now, arguments, input: [])
  }

  /// Lines on standard input, as `spoons --data DIR < script`.
  @discardableResult
  func script(_ now: String, _ lines: [String]) -> String {
    main(now, [], input: lines)
  }

  private func main(_ now: String, _ arguments: [String], input: [String]) -> String {
    let output = StringSink()
    let errors = StringSink()
    var variables = variables
    variables["SPOONS_NOW"] = now
    let environment = Environment(
      now: { Timestamp(seconds: 0) }, variables: variables, input: ScriptedLines(input),
      output: output, errors: errors, inputIsTerminal: false, outputIsTerminal: false)
    let status = SpoonsApp.main(
      arguments: (["--data", data] + arguments).map { Array($0.utf8) },
      environment: environment)
    guard status == 0 else {
      Examples.complain("spoons \(arguments.joined(separator: " ")) at \(now): \(errors.text)")
      exit(status)
    }
    return output.text
  }
}
