import SpoonsCore
import SpoonsTestSupport
import Testing

/// Europe/Berlin in 2026: UTC+1, and UTC+2 from 29 March 01:00 UTC to 25 October 01:00 UTC.
let berlin: @Sendable (Int64) -> Int = { seconds in
  let summer = Int64(CivilDate(year: 2026, month: 3, day: 29)!.daysSinceEpoch) * 86_400 + 3600
  let winter = Int64(CivilDate(year: 2026, month: 10, day: 25)!.daysSinceEpoch) * 86_400 + 3600
  return seconds >= summer && seconds < winter ? 7200 : 3600
}

func twTask(
  _ description: String?, status: String = "pending", uuid: String? = nil,
  _ change: (inout TaskwarriorTask) -> Void = { _ in }
) -> TaskwarriorTask {
  var task = TaskwarriorTask()
  task.description = description
  task.status = status
  task.uuid = uuid
  change(&task)
  return task
}

@Suite("Moving in from Taskwarrior: the mapping")
struct TaskwarriorMappingTests {
  @Test func fieldsBecomeTitleTagsDueAndNoteParts() throws {
    let batch = try MovingIn.taskwarrior(
      [twTask("Water the tomatoes") {
        $0.project = "home.garden"
        $0.tags = ["Garden", "c++", "x"]
        $0.due = "20261127T230000Z"  // midnight of the 28th in Berlin
        $0.wait = "20261130T230000Z"
        $0.scheduled = "20260630T220000Z"  // midnight of 1 July, summer time
        $0.priority = "H"
        $0.annotations = [.init(entry: "20261126T120000Z", description: "rye flour")]
        $0.attributes = [("energy", "3"), ("place", "Kitchen")]
        $0.entry = "20261126T100000Z"
      }], utcOffset: berlin)
    let task = try #require(batch.tasks.first)
    #expect(task.title.text == "Water the tomatoes")
    #expect(task.tags.map(\.description) == ["+garden", "+home-garden", "+x"])
    #expect(task.due == CivilDate(iso: "2026-11-28"))
    #expect(task.note == "2026-11-26: rye flour; wait: 2026-12-01; scheduled: 2026-07-01; "
      + "priority: H; energy: 3; place: Kitchen; tags: +c++")
    #expect(task.created == Timestamp(seconds: task.created!.seconds, utcOffset: 3600))
    #expect(task.completed == nil && task.spoons == nil)
    #expect(batch.tagsInNotes == 1)
  }

  /// A due date is the day it falls on where the person lives, summer time included: one
  /// offset for the whole year would put summer dates a day early.
  @Test(arguments: [
    ("20261127T230000Z", "2026-11-28"), ("20260630T220000Z", "2026-07-01"),
    ("20260328T230000Z", "2026-03-29"), ("20261128T120000Z", "2026-11-28"),
  ])
  func dueDatesAreLocalCalendarDays(_ utc: String, _ local: String) throws {
    let batch = try MovingIn.taskwarrior([twTask("Due") { $0.due = utc }], utcOffset: berlin)
    #expect(batch.tasks.first?.due == CivilDate(iso: local))
  }

  @Test func statusesDecideWhatComesAndHow() throws {
    let batch = try MovingIn.taskwarrior(
      [
        twTask("Open", status: "pending"), twTask("Waiting", status: "waiting"),
        twTask("Done", status: "completed") { $0.end = "20261120T080000Z" },
        twTask("Binned", status: "deleted"), twTask("Binned too", status: "deleted"),
      ], utcOffset: berlin)
    #expect(batch.tasks.map(\.title.text) == ["Open", "Waiting", "Done"])
    #expect(batch.tasks[2].completed == Timestamp(iso: "2026-11-20T09:00:00+01:00"))
    #expect(batch.tasks[0].completed == nil && batch.tasks[1].completed == nil)
    #expect(batch.deletedSkipped == 2)
  }

  /// A recurring task is its pending instances or, with none in the file, its template:
  /// never both, so it is never there twice.
  @Test func aRecurrenceComesInOnce() throws {
    let template = twTask("Bins", status: "recurring", uuid: "T") {
      $0.recur = "weekly"
      $0.due = "20261116T230000Z"
    }
    func child(_ uuid: String, _ due: String, _ status: String = "pending") -> TaskwarriorTask {
      twTask("Bins", status: status, uuid: uuid) {
        $0.parent = "T"
        $0.recur = "weekly"
        $0.due = due
        $0.end = status == "completed" ? due : nil
      }
    }
    let withChildren = try MovingIn.taskwarrior(
      [template, child("a", "20261116T230000Z", "completed"), child("b", "20261123T230000Z"),
        child("c", "20261130T230000Z")], utcOffset: berlin)
    #expect(withChildren.tasks.map(\.due) == ["2026-11-17", "2026-11-24", "2026-12-01"].map {
      CivilDate(iso: $0)
    })
    #expect(withChildren.tasks.map { $0.completed != nil } == [true, false, false])
    #expect(withChildren.tasks.allSatisfy { $0.note == "recur: weekly" })
    #expect(withChildren.recurring == 1)
    let alone = try MovingIn.taskwarrior(
      [template, child("a", "20261116T230000Z", "completed")], utcOffset: berlin)
    #expect(alone.tasks.map { $0.completed == nil } == [true, false])
    #expect(alone.tasks.first?.due == CivilDate(iso: "2026-11-17") && alone.recurring == 0)
  }

  @Test func aLongDescriptionIsShortenedAndKeptWholeInTheNote() throws {
    let long = String(repeating: "the quick brown fox jumps over the lazy dog ", count: 6) + "end"
    let batch = try MovingIn.taskwarrior(
      [twTask(long) { $0.annotations = [.init(entry: nil, description: "more")] }],
      utcOffset: berlin)
    let task = try #require(batch.tasks.first)
    #expect(task.title.text.count <= Title.maxLength && task.title.text.count > 150)
    #expect(task.title.text.hasSuffix("…") && long.hasPrefix(task.title.text.dropLast()))
    #expect(!task.title.text.dropLast().hasSuffix(" "))  // cut at a word
    #expect(task.note == long + "; more")
    #expect(batch.shortenedTitles == 1)
    let unicode = String(repeating: "日本語のタイトル 🌱 ", count: 30)
    let wide = try MovingIn.taskwarrior([twTask(unicode)], utcOffset: berlin)
    #expect(wide.tasks.first?.note == Title.trim(unicode))
    #expect(wide.tasks.first?.title.text.unicodeScalars.allSatisfy { !Title.isForbidden($0) } == true)
  }

  @Test func aSpoonsAttributeIsTheCost() throws {
    let batch = try MovingIn.taskwarrior(
      [twTask("Costed") { $0.attributes = [("spoons", "4")] },
        twTask("Odd") { $0.attributes = [("spoons", "40")] }], utcOffset: berlin)
    #expect(batch.tasks[0].spoons == (try SpoonCost(4)) && batch.tasks[0].note == nil)
    #expect(batch.tasks[1].spoons == nil && batch.tasks[1].note == "spoons: 40")
  }

  @Test func moreTagsThanATaskHoldsGoToTheNote() throws {
    let names = (1...20).map { "t\(String(UnicodeScalar(UInt8(96 + $0))))" }
    let batch = try MovingIn.taskwarrior([twTask("Many") { $0.tags = names }], utcOffset: berlin)
    #expect(batch.tasks.first?.tags.count == MovingIn.tagsKept)
    #expect(batch.tagsInNotes == 20 - MovingIn.tagsKept)
    #expect(batch.tasks.first?.note?.hasPrefix("tags: +tp +tq") == true)
  }

  @Test(arguments: [
    (twTask(nil), "task 1 has no description"),
    (twTask("   "), "task 1 has no description"),
    (twTask("Due") { $0.due = "2026-11-28" }, "task 1 has due '2026-11-28', which is not a date"),
    (twTask("Due") { $0.due = "20261131T000000Z" }, "task 1 has due '20261131T000000Z', which is not a date"),
    (twTask("Late", status: "completed"), "task 1 has no end"),
    (twTask("Odd", status: "asleep"), "task 1 has status 'asleep', which is not a value Spoons knows there"),
    (twTask("\u{1B}[31mRed\u{1B}[0m"), "task 1 has a control character (U+001B) in its description"),
    (twTask("Note") { $0.annotations = [.init(entry: nil, description: "a\nb")] },
      "task 1 has a control character (U+000A) in its "),
    (twTask("Attribute") { $0.attributes = [("x", "\u{202E}evil")] },
      "task 1 has a control character (U+202E) in its x"),
    (twTask("Huge") { $0.attributes = [("x", String(repeating: "9", count: 2_000))] },
      "task 1 would need a note of 2003 characters, more than the 1000 a note holds"),
  ])
  func refusals(_ task: TaskwarriorTask, _ message: String) {
    #expect(throws: ImportProblem.self) { try MovingIn.taskwarrior([task], utcOffset: berlin) }
    do {
      _ = try MovingIn.taskwarrior([task], utcOffset: berlin)
    } catch {
      #expect(error.description.hasPrefix(message), "\(error)")
    }
  }

  @Test func aUUIDTwiceIsRefused() {
    #expect(throws: ImportProblem(.task(2, uuid: "u"), .repeatedUUID)) {
      try MovingIn.taskwarrior([twTask("A", uuid: "u"), twTask("B", uuid: "u")], utcOffset: berlin)
    }
  }

  @Test(arguments: [
    ("20261128T230000Z", true), ("20261128T235960Z", true), ("20261128T240000Z", false),
    ("20260229T000000Z", false), ("99999999T999999Z", false), ("2026112823000Z", false),
    ("20261128 230000Z", false), ("20261128T230000", false),
  ])
  func taskwarriorDates(_ text: String, _ valid: Bool) {
    #expect((MovingIn.taskwarriorSeconds(text) != nil) == valid)
  }

  @Test(arguments: [
    ("home.garden", "+home-garden"), ("Work", "+work"), ("a..b", "+a-b"), ("café.Ü", "+café-ü"),
    ("x-y_z", "+x-y_z"), (".start", "+start"),
  ])
  func projectsBecomeTags(_ name: String, _ tag: String) {
    #expect(Tag.importing(name, kind: .tag)?.description == tag)
  }

  @Test(arguments: ["1st", "...", String(repeating: "a", count: 40), ""])
  func projectsThatAreNoTagGoToTheNote(_ name: String) throws {
    #expect(Tag.importing(name, kind: .tag) == nil)
    let batch = try MovingIn.taskwarrior([twTask("P") { $0.project = name }], utcOffset: berlin)
    #expect(batch.tasks.first?.tags == [])
    #expect(batch.tasks.first?.note == (name.isEmpty ? nil : "project: \(name)"))
  }
}

@Suite("Moving in: the planner")
struct MovingInPlannerTests {
  @Test func openTasksWaitInTheirCategoryTaggedDoneOnesLeaveForTheArchive() throws {
    var p = try planner(costs: [1])
    var batch = MovingIn()
    batch.tasks = [
      ImportedTask(title: try Title("Guessed"), tags: [try #require(try Tag(word: "+home"))]),
      ImportedTask(title: try Title("Own cost"), spoons: try SpoonCost(5)),
      ImportedTask(
        title: try Title("Done"), created: at("2026-11-22T08:00:00+01:00"),
        completed: at("2026-11-20T10:00:00+01:00")),
    ]
    let (done, guessed, _) = p.moveIn(batch, spoons: try SpoonCost(3), at: morning)
    #expect(guessed == 1)
    #expect(p.category(try SpoonCost(3)).map(\.title.text) == ["Guessed"])
    #expect(p.category(try SpoonCost(5)).map(\.title.text) == ["Own cost"])
    #expect(p.task(TaskID(2))?.tags.map(\.description) == ["+home", "+imported"])
    #expect(p.task(TaskID(3))?.tags == [MovingIn.importedTag])
    #expect(p.backlog.isEmpty && p.task(TaskID(4)) == nil)
    #expect(done.map(\.id) == [TaskID(4)] && done[0].tags == [MovingIn.importedTag])
    #expect(done[0].completed == at("2026-11-20T10:00:00+01:00"))
    #expect(done[0].created == done[0].completed)  // made no later than it was done
    #expect(p.nextID == TaskID(5))
    let filter = try TaskFilter(words: ["+imported"])
    #expect(p.allTasks.filter { filter.matches($0, today: morning.date) }.count == 2)
  }

  /// A file brought in twice changes nothing the second time: a task whose title and
  /// creation time are those of one here (open, or done and archived) stays out, and so
  /// does a todo.txt line without a date when an open task has its title; one whose title
  /// was changed here since comes again, and two alike in one file both come.
  @Test func aTaskHereAlreadyIsNotBroughtAgain() throws {
    var p = try planner(costs: [1])
    let made = at("2026-11-19T08:00:00+01:00")
    var batch = MovingIn()
    batch.tasks = [
      ImportedTask(title: try Title("Open"), created: made),
      ImportedTask(title: try Title("Renamed"), created: made),
      ImportedTask(title: try Title("Undated")),
      ImportedTask(title: try Title("Undated")),
      ImportedTask(
        title: try Title("Done"), created: made, completed: at("2026-11-20T10:00:00+01:00")),
    ]
    batch.tasks[2].datesOnly = true
    batch.tasks[3].datesOnly = true
    let first = p.moveIn(batch, spoons: try SpoonCost(3), at: morning)
    #expect(first.alreadyHere == 0 && first.done.count == 1)
    let renamed = try #require(p.allTasks.first { $0.title.text == "Renamed" })
    try p.edit(renamed.id, TaskEdit(title: try Title("Called the bank")), at: morning)
    let count = p.taskCount
    let second = p.moveIn(batch, spoons: try SpoonCost(3), at: morning, archived: first.done)
    #expect(second.alreadyHere == 4, "Open, Undated twice, and Done from the archive")
    #expect(second.done.isEmpty)
    #expect(p.taskCount == count + 1)
    #expect(p.allTasks.filter { $0.title.text == "Undated" }.count == 2, "both of the first")
    #expect(p.allTasks.filter { $0.title.text == "Renamed" }.count == 1)
    #expect(p.allTasks.filter { $0.title.text == "Open" }.count == 1)
  }

  /// todo.txt gives days, not times: a task Spoons exported comes back as the task it is,
  /// found by its title and creation day, open or done; another day's task of that title
  /// is another task.
  @Test func aTodoTxtExportImportedBackChangesNothing() throws {
    var p = try planner(costs: [1, 2])
    try p.plan([TaskID(1)], at: morning)
    try p.markDone([TaskID(1)], at: morning)
    let tag = try #require(try Tag(word: "@bed"))
    p.add(try Title("Read"), spoons: try SpoonCost(1), at: morning.plus(minutes: 7), tags: [tag])
    var batch = MovingIn()
    for (number, task) in p.allTasks.enumerated() {
      let line = TodoTxt.line(task, dayStart: p.dayStart)
      let read = try TodoTxt.task(
        line, number: number + 1, now: morning, utcOffset: { _ in 3600 }, into: &batch)
      batch.tasks.append(try #require(read))
    }
    #expect(batch.tasks.count == 3 && batch.tasks.allSatisfy(\.datesOnly))
    let count = p.taskCount
    let again = p.moveIn(batch, spoons: try SpoonCost(2), at: morning.plus(minutes: 9))
    #expect(again.alreadyHere == 3 && p.taskCount == count)
    var later = MovingIn()
    later.tasks = [try #require(batch.tasks.first { $0.title.text == "Read" })]
    later.tasks[0].created = morning.plus(days: 1)
    #expect(p.moveIn(later, spoons: try SpoonCost(2), at: morning.plus(days: 1)).alreadyHere == 0)
  }

  /// A task added and checked off after midnight belongs to the day before (the day
  /// start), as the export writes its `x` date: brought back, it is still found.
  @Test func aLateNightTaskExportedAsTodoTxtIsFoundAgain() throws {
    var p = try planner(costs: [])
    let night = at("2026-11-22T01:00:00+01:00")
    p.add(try Title("Night task"), spoons: try SpoonCost(1), at: night)
    try p.plan([TaskID(1)], at: night)
    try p.markDone([TaskID(1)], at: night)
    var batch = MovingIn()
    let line = TodoTxt.line(try #require(p.task(TaskID(1))), dayStart: p.dayStart)
    #expect(line.hasPrefix("x 2026-11-21 2026-11-22 "), "\(line)")
    batch.tasks = [try #require(try TodoTxt.task(line, number: 1, now: night, utcOffset: { _ in 3600 }, into: &batch))]
    #expect(p.moveIn(batch, spoons: try SpoonCost(2), at: night.plus(hours: 1)).alreadyHere == 1)
  }

  /// A file of `x` lines without dates, brought in twice: the second time each line is a done
  /// task brought in before, one for one (a third line alike still comes). A priority kept
  /// after the `x` is read as one, and the dates after it are still the task's.
  @Test func undatedDoneLinesBroughtInTwiceComeOnce() throws {
    var p = try planner(costs: [])
    func batch(_ lines: [String]) throws -> MovingIn {
      var batch = MovingIn()
      for (n, line) in lines.enumerated() {
        batch.tasks.append(try #require(try TodoTxt.task(line, number: n + 1, now: morning, utcOffset: { _ in 3600 }, into: &batch)))
      }
      return batch
    }
    let file = try batch(["x Old done", "x Old done", "x (A) 2026-11-23 2026-11-10 Renew passport"])
    let renew = try #require(file.tasks.last)
    #expect(renew.title.text == "Renew passport" && renew.note == "priority: A")
    #expect(renew.completed?.date == CivilDate(iso: "2026-11-23") && !renew.completedUndated)
    let first = p.moveIn(file, spoons: try SpoonCost(1), at: morning)
    #expect(first.alreadyHere == 0 && first.done.count == 3)
    let second = p.moveIn(file, spoons: try SpoonCost(1), at: morning.plus(days: 2), archived: first.done)
    #expect(second.alreadyHere == 3 && second.done.isEmpty)
    let third = p.moveIn(
      try batch(["x Old done", "x Old done", "x Old done"]), spoons: try SpoonCost(1), at: morning,
      archived: first.done)
    #expect(third.alreadyHere == 2 && third.done.count == 1)
    // A task a dated line found is not found again by an undated one.
    var q = try planner(costs: [])
    let dated = try batch(["x 2026-11-20 Call mum"])
    let once = q.moveIn(dated, spoons: try SpoonCost(1), at: morning)
    let both = q.moveIn(
      try batch(["x 2026-11-20 Call mum", "x Call mum"]), spoons: try SpoonCost(1), at: morning,
      archived: once.done)
    #expect(both.alreadyHere == 1 && both.done.count == 1)
  }

  /// todo.txt has no way to write `+notatag` or `@nope` as text: Spoons' export of titles
  /// that hold them reads back as tags (a `spoons:3` before the export's own cost stays
  /// text), and brought in again it is still found, so a second import changes nothing.
  @Test func aTitleWithWordsTodoTxtReadsAsMoreIsFoundAgain() throws {
    var p = try planner(costs: [])
    p.add(try Title("Ring +notatag @nope"), spoons: try SpoonCost(2), at: morning)
    p.add(try Title("Fix spoons:3  label"), spoons: try SpoonCost(1), at: morning)
    p.add(try Title("Plain"), spoons: try SpoonCost(1), at: morning)
    var batch = MovingIn()
    for (number, task) in p.allTasks.enumerated() {
      let line = TodoTxt.line(task, dayStart: p.dayStart)
      batch.tasks.append(try #require(try TodoTxt.task(line, number: number + 1, now: morning, utcOffset: { _ in 3600 }, into: &batch)))
    }
    #expect(batch.tasks.map(\.title.text).sorted() == ["Fix spoons:3 label", "Plain", "Ring"])
    for (task, read) in zip(p.allTasks, batch.tasks) {
      #expect(TodoTxt.titlesAsRead(task)[0] == read.title.text)
    }
    let count = p.taskCount
    #expect(p.moveIn(batch, spoons: try SpoonCost(2), at: morning.plus(minutes: 5)).alreadyHere == 3)
    #expect(p.taskCount == count)
  }

  /// `pri:` words are read wherever they are, and Spoons' export writes none: a file whose
  /// titles hold several, imported twice, brings each task once.
  @Test func aFileWithPriorityWordsImportedTwiceBringsEachTaskOnce() throws {
    var p = try planner(costs: [])
    var batch = MovingIn()
    for (n, line) in ["x 2026-11-20 Filed pri:A taxes pri:B", "2026-11-20 Call pri:A pri:C mum"].enumerated() {
      batch.tasks.append(try #require(try TodoTxt.task(line, number: n + 1, now: morning, utcOffset: { _ in 3600 }, into: &batch)))
    }
    #expect(batch.tasks.map(\.title.text) == ["Filed taxes", "Call mum"])
    let first = p.moveIn(batch, spoons: try SpoonCost(2), at: morning)
    #expect(first.alreadyHere == 0)
    let second = p.moveIn(batch, spoons: try SpoonCost(2), at: morning.plus(minutes: 5), archived: first.done)
    #expect(second.alreadyHere == 2 && second.done.isEmpty)
  }

  /// A `due:` word of the title reads as the due date only when the task has none of its
  /// own: a line written before the task's due date was set, or cleared, still finds it.
  @Test func aTaskIsFoundAgainAfterItsDueDateChanged() throws {
    for (dueAtExport, dueNow) in [(nil, "2026-12-05"), ("2026-12-05", nil)] as [(String?, String?)] {
      var p = try planner(costs: [])
      let task = p.add(
        try Title("Pay due:2026-12-01"), spoons: try SpoonCost(2), at: morning,
        due: dueAtExport.flatMap { CivilDate(iso: $0) })
      let line = TodoTxt.line(task, dayStart: p.dayStart)
      let change: TaskEdit.DueChange = dueNow.flatMap { CivilDate(iso: $0) }.map { .set(.on($0)) } ?? .clear
      try p.edit(task.id, TaskEdit(due: change), at: morning)
      #expect(p.task(task.id)?.due == dueNow.flatMap { CivilDate(iso: $0) })
      var batch = MovingIn()
      batch.tasks = [try #require(try TodoTxt.task(line, number: 1, now: morning, utcOffset: { _ in 3600 }, into: &batch))]
      #expect(p.moveIn(batch, spoons: try SpoonCost(2), at: morning.plus(minutes: 5)).alreadyHere == 1, "\(line)")
    }
  }

  /// todo.txt days are not enough to take an open line for a done task of that title and
  /// day, or an `x` line without a date for a task not brought in: those come. Taskwarrior's times are:
  /// a task brought in open and checked off here since is found again.
  @Test func openAndDoneAreToldApartWhereOnlyDaysAreKnown() throws {
    var p = try planner(costs: [])
    p.add(try Title("Buy milk"), spoons: try SpoonCost(1), at: morning)
    try p.plan([TaskID(1)], at: morning)
    try p.markDone([TaskID(1)], at: morning)
    p.add(try Title("Call mom"), spoons: try SpoonCost(1), at: morning)
    var batch = MovingIn()
    for line in ["\(morning.date) Buy milk", "x Call mom"] {
      batch.tasks.append(try #require(try TodoTxt.task(line, number: 1, now: morning, utcOffset: { _ in 3600 }, into: &batch)))
    }
    #expect(p.moveIn(batch, spoons: try SpoonCost(2), at: morning).alreadyHere == 0)
    var q = try planner(costs: [])
    var tw = MovingIn()
    tw.tasks = [ImportedTask(title: try Title("Water plants"), created: morning)]
    _ = q.moveIn(tw, spoons: try SpoonCost(1), at: morning.plus(hours: 1))
    try q.plan([TaskID(1)], at: morning.plus(hours: 1))
    try q.markDone([TaskID(1)], at: morning.plus(hours: 2))
    #expect(q.moveIn(tw, spoons: try SpoonCost(1), at: morning.plus(hours: 3)).alreadyHere == 1)
  }
}
