import Foundation
import SpoonsTestSupport
import Testing

/// The built `spoons` binary, run as a subprocess as a user or a script would.
@Suite("The spoons binary")
struct BinaryTests {
  @Test func versionAndHelp() throws {
    let version = try spoons(["--version"])
    #expect(version.status == 0 && version.stdout.hasPrefix("spoons ") && version.stderr.isEmpty)
    let help = try spoons(["--help"])
    #expect(help.status == 0 && help.stdout.contains("new-day N") && help.stdout.contains("usage:"))
  }

  @Test func exitStatusesAndStreams() throws {
    let tmp = TemporaryDirectory()
    let added = try spoons(["add", "3", "Laundry"], data: tmp.data)
    #expect(added.status == 0 && added.stdout == "Added #1 Laundry (3 spoons).\n" && added.stderr.isEmpty)

    let refused = try spoons(["plan", "1"], data: tmp.data)
    #expect(refused.status == 1 && refused.stdout.isEmpty)
    #expect(refused.stderr == "error: no day started yet: start one with today's spoons, e.g. 'new-day 10'\n")

    let usage = try spoons(["plna", "1"], data: tmp.data)
    #expect(usage.status == 64 && usage.stdout.isEmpty)
    #expect(usage.stderr == "error: unknown command 'plna'; did you mean 'plan'?\n")

    #expect(try spoons(["new-day"], data: tmp.data).status == 64)  // nobody to ask one-shot
    #expect(try spoons(["--bogus", "status"], data: tmp.data).status == 64)
    #expect(try spoons(["--data"]).status == 64)
    let misplaced = try spoons(["--json", "status"], data: tmp.data)
    #expect(misplaced.status == 64)
    #expect(misplaced.stderr == "error: --json goes after the command, as in: spoons status --json\n")
  }

  /// One-shot `clear` needs `--yes`; without it nothing is deleted. The same in a script.
  @Test func clearingNeedsYesOutsideThePrompt() throws {
    let tmp = TemporaryDirectory()
    for args in [["new-day", "6"], ["add", "2", "Sort the post"], ["add", "3", "Hoover"], ["plan", "1", "2"]] {
      #expect(try spoons(args, data: tmp.data).status == 0, "\(args)")
    }
    let nextDay = ["SPOONS_NOW": "2026-11-22T08:00:00+01:00"]
    #expect(try spoons(["new-day", "6"], data: tmp.data, environment: nextDay).status == 0)
    let before = tmp.dataBytes("planner.txt")

    let refused = try spoons(["clear", "backlog"], data: tmp.data, environment: nextDay)
    #expect(refused.status == 64 && refused.stdout.isEmpty)
    #expect(refused.stderr == "error: clear backlog deletes 2 tasks; add --yes to confirm\n")
    let scripted = try spoons([], stdin: Data("clear backlog\n".utf8), data: tmp.data, environment: nextDay)
    #expect(scripted.status == 64)
    #expect(tmp.dataBytes("planner.txt") == before)

    let cleared = try spoons(["clear", "backlog", "--yes"], data: tmp.data, environment: nextDay)
    #expect(cleared.status == 0 && cleared.stdout == "Deleted 2 tasks from the backlog.\n")
    #expect(try spoons(["backlog"], data: tmp.data).stdout == "The backlog is empty.\n")
  }

  /// `--yes` after ids answers beforehand, as after a filter: taken, not refused, in a
  /// one-shot command too, where ids are never asked about.
  @Test func yesAfterIDsIsTaken() throws {
    let tmp = TemporaryDirectory()
    for args in [["new-day", "6"], ["add", "1", "One"], ["add", "1", "Two"], ["add", "1", "Three"],
      ["add", "1", "Four"]]
    {
      #expect(try spoons(args, data: tmp.data).status == 0, "\(args)")
    }
    let deleted = try spoons(["delete", "1-4", "--yes"], data: tmp.data)
    #expect(deleted.status == 0, "\(deleted.stderr)")
    #expect(deleted.stdout.hasPrefix("Deleted #1 One"), "\(deleted.stdout)")
    #expect(try spoons(["list"], data: tmp.data).stdout.contains("No tasks"))
  }

  /// The fields `--json` gained with details: due, note, where, updated, completed, in.
  @Test func detailsRoundTripThroughTheBinaryAsJSON() throws {
    let tmp = TemporaryDirectory()
    #expect(try spoons(["new-day", "9"], data: tmp.data).status == 0)
    let added = try spoons(
      ["add", "3", "Pharmacy run", "--due", "fri", "--where", "High St", "--note", "bring the card"],
      data: tmp.data)
    #expect(added.stdout == "Added #1 Pharmacy run (3 spoons), due Fri 27 Nov.\n")
    let shown = try spoons(["show", "1", "--json"], data: tmp.data)
    let task = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
    #expect(task["due"] as? String == "2026-11-27" && task["where"] as? String == "High St")
    #expect(task["note"] as? String == "bring the card" && task["in"] as? String == "category")
    #expect(task["updated"] as? String == "2026-11-21T08:00:00+01:00")
    let duplicate = try spoons(["add", "3", "PHARMACY RUN"], data: tmp.data)
    #expect(duplicate.status == 1)
    #expect(duplicate.stderr == "error: #1 Pharmacy run is already in category 3; add --force to add another\n")
    let found = try spoons(["search", "high", "--json"], data: tmp.data)
    let hits = try #require(try JSONSerialization.jsonObject(with: Data(found.stdout.utf8)) as? [[String: Any]])
    #expect(hits.map { $0["matched"] as? String } == ["where"])
  }

  @Test func aMorningPlannedOneShotMatchesTheJSON() throws {
    let tmp = TemporaryDirectory()
    for args in [["new-day", "12"], ["add", "3", "Laundry"], ["add", "2", "Call mum"], ["plan", "1", "2"], ["done", "#2"]] {
      #expect(try spoons(args, data: tmp.data).status == 0, "\(args)")
    }
    let json = try spoons(["status", "--json"], data: tmp.data)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["date"] as? String == "2026-11-21")
    #expect(object["budget"] as? Int == 12 && object["planned"] as? Int == 5)
    #expect(object["spent"] as? Int == 2 && object["left"] as? Int == 7)
    let todo = try #require(object["todo"] as? [[String: Any]])
    #expect(todo.map { $0["id"] as? Int } == [1, 2])
    #expect(todo.map { $0["done"] as? Bool } == [false, true])
    #expect(todo.map { $0["title"] as? String } == ["Laundry", "Call mum"])
  }

  @Test func scriptsFromStandardInputStopAtTheFirstFailure() throws {
    let tmp = TemporaryDirectory()
    let run = try spoons(
      [], stdin: script("# a comment", "", "new-day 5", "add 3 Laundry", "plan 1", "plan 1", "add 1 never"),
      data: tmp.data)
    #expect(run.status == 1)
    #expect(run.stdout.contains("Planned #1 Laundry") && !run.stdout.contains("never"))
    #expect(run.stderr == "error: line 6: #1 is already on today's list\n")

    let keepGoing = try spoons(["--keep-going"], stdin: script("bogus", "add 1 after"), data: tmp.data)
    #expect(keepGoing.status == 64 && keepGoing.stdout == "Added #2 after (1 spoon).\n")
  }

  /// A script saved by a Windows editor: a UTF-8 byte order mark on its first line and CRLF
  /// line ends. The mark is not part of the command; one later in a line is.
  @Test func aScriptWithAByteOrderMarkAndCRLFRuns() throws {
    let tmp = TemporaryDirectory()
    let bytes = Data([0xEF, 0xBB, 0xBF] + Array("new-day 10\r\nadd 2 Tea\r\n".utf8))
    let run = try spoons([], stdin: bytes, data: tmp.data)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("Added #1 Tea (2 spoons)."), "\(run.stdout)")
    let later = try spoons([], stdin: Data(Array("status\n".utf8) + [0xEF, 0xBB, 0xBF] + Array("status\n".utf8)), data: tmp.data)
    #expect(later.status == 64 && later.stderr.contains("line 2: unknown command"), "\(later.stderr)")
  }

  /// Global options, like commands, do not mind case, and a near miss names the option meant.
  @Test func globalOptionsForgiveCaseAndSuggestTheNearest() throws {
    let tmp = TemporaryDirectory()
    try spoons(["new-day", "3"], data: tmp.data)
    let shouted = try spoons(["--NO-COLOR", "status"], data: tmp.data)
    #expect(shouted.status == 0, "\(shouted.stderr)")
    for (typed, meant) in [("--nocolor", "--no-color"), ("--keepgoing", "--keep-going"), ("--versoin", "--version")] {
      let run = try spoons([typed, "status"], data: tmp.data)
      #expect(run.status == 64)
      #expect(run.stderr == "error: unknown option '\(typed)'; did you mean \(meant)?\n", "\(run.stderr)")
    }
    let far = try spoons(["--colour", "status"], data: tmp.data)
    #expect(far.status == 64 && far.stderr.contains("options go before the command: --data DIR"))
    let dir = try spoons(["--Data=" + tmp.data, "status"])
    #expect(dir.status == 0, "\(dir.stderr)")
  }

  @Test func noColourWhenPipedOrAskedNotTo() throws {
    let tmp = TemporaryDirectory()
    try spoons(["new-day", "3"], data: tmp.data)
    for env in [[:], ["NO_COLOR": "1"]] as [[String: String]] {
      #expect(!(try spoons(["status"], data: tmp.data, environment: env).stdout.contains("\u{1B}")))
    }
    #expect(!(try spoons(["--no-color", "status"], data: tmp.data).stdout.contains("\u{1B}")))
  }

  @Test func invalidUTF8ArgumentsAreRefused() throws {
    // Process takes Strings, so build the bytes through a shell's printf.
    let tmp = TemporaryDirectory()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "\"$0\" --data \"$1\" add 3 \"$(printf 'bad\\377byte')\"", spoonsBinary, tmp.data]
    let err = Pipe()
    process.standardError = err
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 64)
    let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(text == "error: argument 5 is not valid UTF-8 text\n")
    #expect(tmp.dataBytes("planner.txt") == nil)
  }

  @Test func theDefaultLocationIsUsedWhenNoneIsGiven() throws {
    let tmp = TemporaryDirectory()
    let run = try spoons(["add", "1", "Tea"], environment: ["SPOONS_HOME": "", "XDG_DATA_HOME": "", "HOME": tmp.path])
    #expect(run.status == 0)
    #expect(FileManager.default.fileExists(atPath: tmp.path + "/.local/share/spoons/planner.txt"))
  }

  @Test func aCorruptFileIsReportedAndLeftAlone() throws {
    let tmp = TemporaryDirectory()
    try spoons(["add", "1", "Tea"], data: tmp.data)
    let path = tmp.data + "/planner.txt"
    var bytes = try #require(FileManager.default.contents(atPath: path))
    bytes.removeLast(5)  // cut short, as a bad copy would
    try bytes.write(to: URL(fileURLWithPath: path))
    let run = try spoons(["add", "1", "More tea"], data: tmp.data)
    #expect(run.status == 1)
    #expect(run.stderr.hasPrefix("error: \(path), line "))
    #expect(FileManager.default.contents(atPath: path) == bytes)
  }

  @Test func aNewerFormatIsRefusedWithAnUpgradeMessage() throws {
    let tmp = TemporaryDirectory()
    try spoons(["add", "1", "Tea"], data: tmp.data)
    let path = tmp.data + "/planner.txt"
    let newer = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(
      of: "version=[0-9]+", with: "version=99", options: .regularExpression)
    try newer.write(toFile: path, atomically: false, encoding: .utf8)
    let run = try spoons(["status"], data: tmp.data)
    #expect(run.status == 1 && run.stderr.contains("newer Spoons") && run.stderr.contains("Upgrade Spoons"))
    #expect(try String(contentsOfFile: path, encoding: .utf8) == newer)
  }
}

@Suite("Energy planning one-shot")
struct EnergyOneShotTests {
  /// Every #9 command as separate processes, as a script would run them.
  @Test func routinesBorrowingRestsReserveAndSuggestWorkOneShot() throws {
    let tmp = TemporaryDirectory()
    #expect(try spoons(["routine", "add", "1", "Take", "meds"], data: tmp.data).status == 0)
    try spoons(["add", "3", "Laundry"], data: tmp.data)
    try spoons(["add", "2", "Call", "mum", "--due", "today"], data: tmp.data)
    try spoons(["reserve", "1"], data: tmp.data)
    let day = try spoons(["new-day", "6"], data: tmp.data)
    #expect(day.stdout.contains("From your routines: #3 Take meds (1)."))
    let suggestion = try spoons(["suggest", "--plan"], data: tmp.data)
    #expect(suggestion.status == 0 && suggestion.stdout.contains("Planned #2 Call mum (2 spoons)."))
    // 3 planned of 6 with 1 in reserve: Laundry (3) needs 1 more.
    #expect(try spoons(["plan", "1"], data: tmp.data).status == 1)
    let borrowed = try spoons(["plan", "1", "--borrow"], data: tmp.data)
    #expect(borrowed.stdout.contains("Borrowed 1 spoon from tomorrow to fit."))
    try spoons(["done", "3", "2"], data: tmp.data)
    #expect(
      try spoons(["rest", "2", "Nap"], data: tmp.data).stdout
        == "Added #4 Nap (rest, up to 2 spoons back) to today's list.\n")
    try spoons(["done", "4"], data: tmp.data)
    let status = try spoons(["status", "--json"], data: tmp.data)
    #expect(status.stdout.contains(
      "\"budget\":6,\"repaid\":0,\"borrowed\":1,\"rested\":2,\"total\":9,\"reserve\":1,"
        + "\"planned\":6,\"spent\":3,\"left\":3,\"room\":2"))
    let list = try spoons(["routine", "list", "--json"], data: tmp.data)
    #expect(list.stdout.contains("\"id\":\"r1\",\"title\":\"Take meds\""))
  }

  /// A full day has no room to suggest for; the reserve is named only when there is one.
  @Test func aFullDayNamesTheReserveOnlyWhenThereIsOne() throws {
    let tmp = TemporaryDirectory()
    for line in [["new-day", "4"], ["add", "4", "Shop"], ["plan", "1"], ["add", "1", "Call"]] {
      try #require(try spoons(line, data: tmp.data).status == 0)
    }
    #expect(try spoons(["suggest"], data: tmp.data).stdout
      == "No room left to plan today: nothing to suggest.\n")
    try spoons(["unplan", "1"], data: tmp.data)
    try spoons(["reserve", "4"], data: tmp.data)
    #expect(try spoons(["suggest"], data: tmp.data).stdout
      == "No room left to plan above the reserve of 4 spoons: nothing to suggest.\n")
  }
}

@Suite("The sample data")
struct SampleDataTests {
  @Test func theSamplePlannerLoadsAndTheMorningScriptRunsOnACopy() throws {
    let tmp = TemporaryDirectory()
    let sample = packageRoot.appendingPathComponent("sample-data")
    let tracked = sample.appendingPathComponent("planner").path
    let before = try FileManager.default.contentsOfDirectory(atPath: tracked).sorted().map {
      FileManager.default.contents(atPath: tracked + "/" + $0)
    }
    try FileManager.default.copyItem(atPath: tracked, toPath: tmp.data)
    let status = try spoons(["status", "--json"], data: tmp.data)
    #expect(status.status == 0 && status.stdout.contains("\"date\":\"2026-11-20\""))
    let categories = try spoons(["categories", "--json"], data: tmp.data)
    let counts = try #require(try JSONSerialization.jsonObject(with: Data(categories.stdout.utf8)) as? [[String: Int]])
    #expect(counts.compactMap { $0["tasks"] }.reduce(0, +) >= 20)
    #expect(try spoons(["backlog", "--json"], data: tmp.data).stdout.contains("\"id\":15"))

    // Five weeks of finished days to read: moods on most mornings, tasks that took other
    // than planned, and three days that borrowed.
    let export = try spoons(["export"], data: tmp.data)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) as? [String: Any])
    let archive = try #require(json["archive"] as? [String: Any])
    let days = try #require(archive["days"] as? [[String: Any]])
    let done = try #require(archive["done"] as? [[String: Any]])
    #expect(days.count >= 28)
    #expect(days.filter { $0["mood"] != nil }.count * 10 >= days.count * 9)
    #expect(days.filter { $0["checked"] != nil }.count >= 14)
    #expect(days.filter { $0["borrowed"] != nil }.count == 3)
    let laundry = done.filter { $0["title"] as? String == "Laundry" }
    #expect(laundry.count >= 5 && laundry.allSatisfy { $0["took"] as? Int == 5 })

    let script = try Data(contentsOf: sample.appendingPathComponent("morning.spoons"))
    let run = try spoons([], stdin: script, data: tmp.data)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("Rolled into the backlog: #11 Pay the phone bill (2)"))
    #expect(
      run.stdout.contains(
        "From your routines: #199 Take meds (1), #200 Lie down after lunch (rest, up to 2 spoons "
          + "back)."))
    #expect(run.stdout.contains("9 of 10 planned, 1 left."))
    #expect(run.stdout.contains("budget 10 · rested 2 · planned 9 of 12 · spent 4 · left 3 · reserve 1"))
    // Trying the sample never changes the tracked files.
    let after = try FileManager.default.contentsOfDirectory(atPath: tracked).sorted().map {
      FileManager.default.contents(atPath: tracked + "/" + $0)
    }
    #expect(before == after)
  }
}
