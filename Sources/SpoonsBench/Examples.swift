#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import SpoonsCLI
import SpoonsCore
import SpoonsStore

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

  /// Regenerates the sample planner by living five weeks and a day in it: forty-odd tasks and
  /// three routines on the evening before, then each morning a budget and a mood, a plan, and
  /// the tasks checked off through the day, some with what they really took.
  ///
  /// The days tell a story `history`, `stats` and pacing can read: Laundry planned at 3 that
  /// keeps taking 5, a 4-spoon grocery shop that takes 3, physio stretches that take 3 of 2;
  /// steady weeks; and a boom and bust at the turn of the month (three days that borrow, then
  /// a low day with a lower budget and most of its plan left undone), with worse mornings
  /// after the heavy days. The last week plans from the forty-odd tasks, whose numbers
  /// `sample-data/morning.spoons` uses; its last day is left open, as today.
  static func sampleData(into directory: String?) -> Int32 {
    if directory == nil && access("Package.swift", F_OK) != 0 {
      complain("sample-data: run it from the package's folder, or name a DIR")
      return 64
    }
    let out = directory ?? "sample-data/planner"
    removeFiles(in: out)
    let spoons = Driver(data: out)
    let evening = "2026-10-15T19:00:00+00:00"
    spoons.script(evening, sampleTasks.map { "add \($0.spoons) \"\($0.title)\"" })
    // Routines for every morning, and one spoon kept for the evening.
    spoons.script(
      evening,
      [
        "routine add 1 Take meds", "routine add 2 Physio stretches --days mon,wed,fri",
        "routine add 2 Lie down after lunch --rest", "reserve 1",
      ])
    /// The open tasks the days added, by title, for a later day to plan from the backlog.
    var added: [String: String] = [:]
    for day in sampleDays {
      let morning = "\(day.date)T08:10:00+00:00"
      let routines = spoons.newDay(morning, budget: day.budget, mood: day.mood)
      var planned: [String] = []
      var checked: [(id: String, took: Int?)] = []
      for item in day.items {
        let id: String
        switch item.kind {
        case .routine(let title):
          guard let made = routines[title] else {
            complain("sample-data: \(day.date) has no routine task '\(title)'")
            exit(1)
          }
          id = made
        case .new(let cost, let title):
          let said = spoons.run(morning, ["add", String(cost), title, "--force"])
          id = ids(in: said)[0]
          added[title] = id
          planned.append(id)
        case .backlog(let title):
          guard let open = added[title] else {
            complain("sample-data: \(day.date) plans '\(title)', which no day added")
            exit(1)
          }
          id = open
          planned.append(id)
        case .sample(let n):
          id = String(n)
          planned.append(id)
        }
        if item.isDone { checked.append((id, item.took)) }
      }
      if !planned.isEmpty {
        spoons.run(morning, ["plan"] + planned + (day.borrow ? ["--borrow"] : []))
      }
      // Checked off one by one through the day, the rest after lunch in its place.
      for (n, task) in checked.enumerated() {
        let minutes = 9 * 60 + 30 + n * 90
        let time = "\(day.date)T\(twoDigits(minutes / 60)):\(twoDigits(minutes % 60)):00+00:00"
        if let took = task.took {
          spoons.done(time, task.id, took: took)
        } else {
          spoons.run(time, ["done", task.id])
        }
      }
    }
    // The lock and the backup belong to a live planner, not to the sample.
    for name in fileNames(in: out) where name.hasSuffix(".lock") || name.hasSuffix(".bak") {
      unlink(out + "/" + name)
    }
    print("wrote \(out)")
    return 0
  }

  static func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : String(n) }

  static let sampleTasks: [(spoons: Int, title: String)] = [
    (1, "Put the bins out"), (1, "Water the plants"), (1, "Text Sam back"), (1, "Feed the cat"),
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

  /// One thing on a sample day's list, written as the days below write it:
  ///
  /// - `3 Laundry`: added that morning at 3 spoons and planned; `#12`: the 12th of
  ///   `sampleTasks`, planned; `^Shower`: the open task a day before added, from the backlog;
  ///   `@Take meds`: the routine's task, which `new-day` put on the list.
  /// - Checked off, in the order written, unless it starts with `-`; ` =5` at the end: it
  ///   took 5 (`done --took 5`).
  struct SampleItem {
    enum Kind {
      case new(Int, String), sample(Int), backlog(String), routine(String)
    }
    var kind: Kind
    var isDone = true
    var took: Int?

    init(_ text: String) {
      var text = Substring(text)
      if text.hasPrefix("-") {
        isDone = false
        text = text.dropFirst()
      }
      if let equals = text.lastIndex(of: "="), let n = Int(text[text.index(after: equals)...]) {
        took = n
        text = text[..<equals].dropLast()
      }
      switch text.first {
      case "#": kind = .sample(Int(text.dropFirst()) ?? 0)
      case "^": kind = .backlog(String(text.dropFirst()))
      case "@": kind = .routine(String(text.dropFirst()))
      default:
        let space = text.firstIndex(of: " ") ?? text.endIndex
        kind = .new(Int(text[..<space]) ?? 0, String(text[space...].dropFirst()))
      }
    }
  }

  struct SampleDay {
    var date: String
    var budget: Int
    /// How the morning felt (1 to 5); nil on a morning it was not said.
    var mood: Int?
    var items: [SampleItem]
    /// The plan borrows what it needs from tomorrow.
    var borrow = false

    init(_ date: String, _ budget: Int, _ mood: Int?, _ items: [String], borrow: Bool = false) {
      self.date = date
      self.budget = budget
      self.mood = mood
      self.items = items.map(SampleItem.init)
      self.borrow = borrow
    }
  }

  /// Every day from Friday 16 October to Friday 20 November 2026, the last one left open.
  /// Physio stretches run on Mondays, Wednesdays and Fridays.
  static let sampleDays: [SampleDay] = [
    // Settling in: steady days, Laundry and the stretches already taking more than planned.
    SampleDay(
      "2026-10-16", 12, 3,
      [
        "@Take meds", "2 Shower", "3 Laundry =5", "@Lie down after lunch", "@Physio stretches =3",
      ]),
    SampleDay(
      "2026-10-17", 11, 3,
      [
        "@Take meds", "4 Grocery shop =3", "@Lie down after lunch", "3 Cook dinner",
      ]),
    SampleDay(
      "2026-10-18", 10, 4,
      [
        "@Take meds", "2 Call mum", "2 Short walk", "@Lie down after lunch",
        "-3 Tidy the living room",
      ]),
    SampleDay(
      "2026-10-19", 12, 4,
      [
        "@Take meds", "@Physio stretches =3", "3 Reply to work emails", "@Lie down after lunch",
        "^Tidy the living room", "2 Empty the dishwasher",
      ]),
    SampleDay(
      "2026-10-20", 11, 3,
      [
        "@Take meds", "3 Laundry =5", "@Lie down after lunch", "2 Make a simple lunch",
        "-2 Pay the phone bill",
      ]),
    SampleDay(
      "2026-10-21", 12, 3,
      [
        "@Take meds", "@Physio stretches =3", "4 Grocery shop =3", "@Lie down after lunch",
        "^Pay the phone bill", "2 Shower",
      ]),
    SampleDay(
      "2026-10-22", 10, 4,
      [
        "@Take meds", "3 Cook dinner", "@Lie down after lunch", "3 Change the bed sheets =4",
      ]),
    SampleDay(
      "2026-10-23", 12, 3,
      [
        "@Take meds", "@Physio stretches =3", "3 Laundry =5", "@Lie down after lunch",
        "2 Call mum",
      ]),
    SampleDay(
      "2026-10-24", 11, 3,
      [
        "@Take meds", "4 Grocery shop =3", "@Lie down after lunch", "2 Make a simple lunch",
        "2 Short walk",
      ]),
    SampleDay(
      "2026-10-25", 9, 4,
      [
        "@Take meds", "2 Shower", "@Lie down after lunch", "3 Tidy the kitchen",
      ]),
    SampleDay(
      "2026-10-26", 12, 4,
      [
        "@Take meds", "@Physio stretches =3", "3 Reply to work emails", "@Lie down after lunch",
        "4 Clean the bathroom",
      ]),
    SampleDay(
      "2026-10-27", 11, 3,
      [
        "@Take meds", "3 Laundry =5", "@Lie down after lunch", "2 Empty the dishwasher",
        "2 Ring the dentist",
      ]),
    SampleDay(
      "2026-10-28", 12, 3,
      [
        "@Take meds", "@Physio stretches =3", "4 Grocery shop =3", "@Lie down after lunch",
        "3 Cook dinner",
      ]),
    SampleDay(
      "2026-10-29", 10, nil,
      [
        "@Take meds", "2 Shower", "@Lie down after lunch", "2 Call mum", "-3 Sort the post",
      ]),
    SampleDay(
      "2026-10-30", 13, 4,
      [
        "@Take meds", "@Physio stretches =3", "3 Laundry =5", "@Lie down after lunch",
        "2 Make a simple lunch", "2 Shower",
      ]),
    // The boom: a good morning, then three days that borrow and take more than planned...
    SampleDay(
      "2026-10-31", 13, 5,
      [
        "@Take meds", "4 Grocery shop =3", "@Lie down after lunch", "5 Deep clean the kitchen =7",
        "3 Cook dinner", "2 Call mum",
      ], borrow: true),
    SampleDay(
      "2026-11-01", 13, 4,
      [
        "@Take meds", "6 Family dinner at Jo's =8", "@Lie down after lunch", "2 Shower",
        "3 Laundry =5",
      ], borrow: true),
    SampleDay(
      "2026-11-02", 13, 3,
      [
        "@Take meds", "@Physio stretches =4", "4 Clean the bathroom =5", "@Lie down after lunch",
        "3 Reply to work emails", "2 Empty the dishwasher",
      ], borrow: true),
    // ...and the bust: a low day that repays, with most of its plan left undone.
    SampleDay(
      "2026-11-03", 8, 1, ["@Take meds", "-1 Text Sam back", "@Lie down after lunch", "-2 Shower"]),
    SampleDay(
      "2026-11-04", 9, 2,
      [
        "@Take meds", "@Physio stretches =3", "^Shower", "@Lie down after lunch",
        "-^Text Sam back",
      ]),
    SampleDay(
      "2026-11-05", 10, 3,
      [
        "@Take meds", "^Text Sam back", "3 Laundry =5", "@Lie down after lunch",
        "2 Make a simple lunch",
      ]),
    // Steady again.
    SampleDay(
      "2026-11-06", 11, 3,
      [
        "@Take meds", "@Physio stretches =3", "4 Grocery shop =3", "@Lie down after lunch",
        "2 Call mum",
      ]),
    SampleDay(
      "2026-11-07", 11, 4,
      [
        "@Take meds", "2 Shower", "3 Cook dinner", "@Lie down after lunch", "2 Short walk",
      ]),
    SampleDay(
      "2026-11-08", 10, nil,
      [
        "@Take meds", "3 Laundry =5", "@Lie down after lunch", "2 Empty the dishwasher",
      ]),
    SampleDay(
      "2026-11-09", 12, 3,
      [
        "@Take meds", "@Physio stretches =3", "3 Reply to work emails", "@Lie down after lunch",
        "3 Change the bed sheets =4",
      ]),
    SampleDay(
      "2026-11-10", 11, 3,
      [
        "@Take meds", "4 Grocery shop =3", "@Lie down after lunch", "2 Shower", "2 Call mum",
      ]),
    SampleDay(
      "2026-11-11", 12, 4,
      [
        "@Take meds", "@Physio stretches =3", "3 Laundry =5", "@Lie down after lunch",
        "2 Make a simple lunch",
      ]),
    SampleDay(
      "2026-11-12", 10, 3,
      [
        "@Take meds", "3 Cook dinner", "@Lie down after lunch", "2 Water the garden",
        "^Sort the post",
      ]),
    SampleDay(
      "2026-11-13", 11, 3,
      [
        "@Take meds", "@Physio stretches =3", "2 Shower", "@Lie down after lunch",
        "3 Tidy the kitchen",
      ]),
    // The last week, from the forty-odd tasks; Friday 20 November is today.
    SampleDay(
      "2026-11-14", 12, 3, ["@Take meds", "#1", "#6", "#12 =5", "@Lie down after lunch", "-#18"]),
    SampleDay("2026-11-15", 10, 3, ["@Take meds", "#18 =3", "#2", "@Lie down after lunch", "#7"]),
    SampleDay(
      "2026-11-16", 14, 4,
      [
        "@Take meds", "@Physio stretches =3", "#13", "#19", "@Lie down after lunch", "#3", "#8",
      ]),
    SampleDay("2026-11-17", 8, 2, ["@Take meds", "#4", "-#9", "-#15"]),
    SampleDay(
      "2026-11-18", 11, 3,
      [
        "@Take meds", "@Physio stretches =3", "#9", "#5", "@Lie down after lunch", "-#20",
      ]),
    SampleDay("2026-11-19", 11, 3, ["@Take meds", "#20", "#10", "@Lie down after lunch", "#36"]),
    SampleDay("2026-11-20", 12, 3, ["@Take meds", "@Physio stretches =3", "#37", "#14", "-#11"]),
  ]

  // MARK: - history-example

  /// Twenty days of November with two routines (Take meds, and a rest after lunch), a mood on
  /// most mornings, tasks that take other than planned, some borrowing and some unfinished
  /// plans, then a morning of the 21st; prints `history`, `stats`, `chart` and `chart --ascii`
  /// on it. The directory is left behind to try more.
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
    for (index, (day, budget, tasks, done, borrow, rest)) in historyDays.enumerated() {
      let date = "2026-11-" + (day < 10 ? "0\(day)" : "\(day)")
      let morning = date + "T08:00:00+00:00"
      let evening = date + "T18:00:00+00:00"
      let made = spoons.newDay(morning, budget: budget, mood: historyMoods[index])
      let routine = ["Take meds", "Lie down after lunch"].compactMap { made[$0] }
      let added = tasks.map { spoons.run(morning, ["add", String($0.0), $0.1, "--force"]) }
        .map { ids(in: $0)[0] }
      spoons.run(morning, ["plan"] + added + (borrow ? ["--borrow"] : []))
      // What some tasks really take, noted one at a time; the others as planned, together.
      var asPlanned = Array(routine.prefix(1))
      for (task, id) in zip(tasks, added).prefix(done) {
        if let took = historyTook[task.1] {
          spoons.done(evening, id, took: took)
        } else {
          asPlanned.append(id)
        }
      }
      spoons.run(evening, ["done"] + asPlanned)
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

  /// How each morning of `historyDays` felt (1 to 5), lower after the heavier days; nil on
  /// two mornings nobody said.
  static let historyMoods: [Int?] = [
    3, 4, 2, 3, 4, 2, nil, 3, 4, 4, 2, 3, 4, 4, 2, nil, 3, 3, 4, 3,
  ]

  /// What these tasks really take whenever they are done, against what they are planned at.
  static let historyTook = ["Laundry": 5, "Groceries": 3, "Physio exercises": 4]

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
/// A morning's mood and what a task took are given to the planner through the store, in the
/// change `new-day` and `done` make (`newDay(_:budget:mood:)`, `done(_:_:took:)`).
struct Driver {
  let data: String
  var variables = ["NO_COLOR": "1"]

  /// One command line, as `spoons --data DIR ARGS...`; returns what it printed.
  @discardableResult
  func run(_ now: String, _ arguments: [String]) -> String {
    main(now, arguments, input: [])
  }

  /// `new-day BUDGET` with the morning's mood (1 to 5, or nil): the change the `new-day`
  /// command makes, through the store, which keeps the mood with the day. Returns the tasks
  /// the routines put on the list, as ids by title.
  @discardableResult
  func newDay(_ now: String, budget: Int, mood: Int?) -> [String: String] {
    let time = Self.timestamp(now)
    let outcome = change(now, "new-day \(budget)") { p, finished in
      let outcome = try p.startNewDay(budget: budget, mood: mood, at: time)
      if let day = outcome.finished { finished.append(day) }
      return outcome
    }
    var routines: [String: String] = [:]
    for task in outcome.fromRoutines { routines[task.title.text] = String(task.id.rawValue) }
    return routines
  }

  /// `done ID --took N`: checks one task off noting what it really took, as `Planner.markDone`
  /// does for the command.
  func done(_ now: String, _ id: String, took: Int) {
    let time = Self.timestamp(now)
    guard let n = Int(id) else { Self.fatal("done \(id): not a task id") }
    change(now, "done #\(id) --took \(took)") { p, _ in
      try p.markDone([TaskID(n)], took: took, at: time)
    }
  }

  /// One change through the store, recorded for `undo` as `what`.
  @discardableResult
  private func change<T>(
    _ now: String, _ what: String, _ body: (inout Planner, inout [FinishedDay]) throws -> T
  ) -> T {
    do {
      return try PlannerStore(directory: data).update(
        at: Self.timestamp(now), describe: { _ in what }, body)
    } catch {
      Self.fatal("\(what) at \(now): \(error)")
    }
  }

  private static func timestamp(_ text: String) -> Timestamp {
    guard let time = Timestamp(iso: text) else { fatal("not a time: \(text)") }
    return time
  }

  private static func fatal(_ text: String) -> Never {
    Examples.complain(text)
    exit(1)
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
