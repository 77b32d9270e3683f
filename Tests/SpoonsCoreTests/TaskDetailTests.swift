@testable import SpoonsCore
import SpoonsTestSupport
import Testing

/// Saturday 21 November 2026, the tests' today.
let today = CivilDate(year: 2026, month: 11, day: 21)!

@Suite("Due dates")
struct DueDateTests {
  @Test(arguments: [
    ("2026-11-28", "2026-11-28"), ("today", "2026-11-21"), ("TODAY", "2026-11-21"),
    ("tomorrow", "2026-11-22"), ("fri", "2026-11-27"), ("Friday", "2026-11-27"),
    ("sun", "2026-11-22"), ("mon", "2026-11-23"),
    ("sat", "2026-11-28"),  // today is Saturday: the next Saturday is a week ahead
    ("+0d", "2026-11-21"), ("+3d", "2026-11-24"), ("+2w", "2026-12-05"), ("+10d", "2026-12-01"),
    ("2028-02-29", "2028-02-29"),
  ])
  func acceptedFormsResolveAgainstToday(_ text: String, _ expected: String) throws {
    let spec = try #require(DueDateSpec(text))
    #expect(spec.resolve(today: today).description == expected)
  }

  @Test(arguments: [
    "", "someday", "2026-02-30", "2026-13-01", "26-11-28", "+d", "+3", "+3m", "-3d", "+99999d",
    "+523w", "fr", "next friday", "+1.5d",
  ])
  func anythingElseIsNotADate(_ text: String) {
    #expect(DueDateSpec(text) == nil)
  }

  @Test func overdueDueTodayAndUpcomingAreDecidedByTheCalendarDay() throws {
    var p = try planner()
    let yesterday = p.add(try Title("Yesterday"), spoons: try SpoonCost(1), at: morning, due: today.adding(days: -1))
    let now = p.add(try Title("Today"), spoons: try SpoonCost(1), at: morning, due: today)
    let tomorrow = p.add(try Title("Tomorrow"), spoons: try SpoonCost(1), at: morning, due: today.adding(days: 1))
    let undated = p.add(try Title("Whenever"), spoons: try SpoonCost(1), at: morning)
    #expect(yesterday.dueStatus(today: today) == .overdue)
    #expect(now.dueStatus(today: today) == .dueToday)
    #expect(tomorrow.dueStatus(today: today) == .upcoming)
    #expect(undated.dueStatus(today: today) == nil)
    // A task checked off is never late.
    try p.plan([yesterday.id], at: morning)
    let done = try p.markDone([yesterday.id], at: morning)[0]
    #expect(done.dueStatus(today: today) == nil)
  }

  @Test func addResolvesTheDueDateWithTheClockItIsGiven() throws {
    var p = try planner()
    let task = try p.add(
      try Title("Pharmacy run"), spoons: try SpoonCost(3), at: morning, note: " bring the card ",
      location: "High St", due: .next(weekday: 5), force: false)
    #expect(task.due?.description == "2026-11-27")
    #expect(task.note == "bring the card" && task.location == "High St")
  }
}

@Suite("No accidental duplicates")
struct DuplicateTests {
  func add(_ p: inout Planner, _ title: String, _ cost: Int, force: Bool = false) throws -> SpoonTask {
    try p.add(try Title(title), spoons: try SpoonCost(cost), at: morning, note: nil, location: nil, due: nil, force: force)
  }

  @Test func sameTitleAndCostAmongOpenTasksIsRefusedWithAPointer() throws {
    var p = try planner()
    let first = try add(&p, "Laundry", 3)
    for title in ["Laundry", "laundry", "  LAUNDRY "] {
      #expect(expectRefusal(p, .duplicateTask(first.id, title: first.title, spoons: first.spoons, place: .category)) {
        _ = try add(&$0, title, 3)
      })
    }
    #expect(PlannerError.duplicateTask(first.id, title: first.title, spoons: first.spoons, place: .category)
      .description == "#1 Laundry is already in category 3; add --force to add another")
  }

  @Test func forceOtherCostsAndFinishedTasksAreAllowed() throws {
    var p = try planner()
    _ = try add(&p, "Laundry", 3)
    #expect(try add(&p, "Laundry", 3, force: true).id == TaskID(2))
    #expect(try add(&p, "Laundry", 2).id == TaskID(3))
    let call = try add(&p, "Call mum", 1)
    try p.plan([call.id], at: morning)
    #expect(expectRefusal(p, .duplicateTask(call.id, title: call.title, spoons: call.spoons, place: .todo(from: .category))) {
      _ = try add(&$0, "call MUM", 1)
    })
    try p.markDone([call.id], at: morning)
    #expect(try add(&p, "Call mum", 1).id == TaskID(5))
  }

  @Test func nonASCIITitlesCompareIgnoringCase() throws {
    var p = try planner()
    _ = try add(&p, "Crème Brûlée", 2)
    #expect(throws: PlannerError.self) { try add(&p, "CRÈME BRÛLÉE", 2) }
    #expect(try add(&p, "Creme Brulee", 2).id == TaskID(2))  // accents differ: a different title
  }
}

@Suite("edit")
struct EditTests {
  @Test func changingTheCostMovesATaskToItsNewCategory() throws {
    var p = try planner(costs: [3, 3, 5])
    let later = morning.plus(hours: 1)
    let task = try p.edit(TaskID(1), TaskEdit(spoons: try SpoonCost(5)), at: later)
    #expect(task.spoons.value == 5 && task.updated == later && task.created == morning)
    #expect(p.category(try SpoonCost(3)).map(\.id) == ids(2))
    #expect(p.category(try SpoonCost(5)).map(\.id) == ids(3, 1))
  }

  @Test func onTodaysListADearerTaskMustStillFit() throws {
    var p = try planner(budget: 10, costs: [3, 4])
    try p.plan(ids(1, 2), at: morning)
    #expect(expectRefusal(p, .editOverBudget(TaskID(1), spoons: 7, budget: 10, plannedWithout: 4)) {
      try $0.edit(TaskID(1), TaskEdit(spoons: try SpoonCost(7)), at: morning)
    })
    try p.edit(TaskID(1), TaskEdit(spoons: try SpoonCost(6)), at: morning)
    #expect(p.ledger!.planned == 10 && p.ledger!.left == 0)
    try p.edit(TaskID(2), TaskEdit(spoons: try SpoonCost(1)), at: morning)
    #expect(p.ledger!.planned == 7)
  }

  /// Several tasks edited alike: the planned ones are checked against the day together, so
  /// a refusal names the selection; then each in the order given, all or nothing (a task
  /// refused after another changed leaves both as they were); a task named twice counts once.
  @Test func severalTasksEditedAlikeAreCheckedTogetherThenInOrder() throws {
    var p = try planner(budget: 10, costs: [2, 2, 5])
    try p.plan(ids(1, 2, 3), at: morning)  // 9 of 10
    // #3 5 -> 4 gives 1 back first, then #1 2 -> 4 takes 2.
    let changed = try p.edit(
      [TaskRef(typed: 3), TaskRef(typed: 1), TaskRef(typed: 3)], TaskEdit(spoons: try SpoonCost(4)),
      at: morning)
    #expect(changed.map(\.now.id) == ids(3, 1) && changed.map(\.was.spoons.value) == [5, 2])
    #expect(p.ledger!.planned == 10)
    #expect(
      expectRefusal(p, .editsOverBudget(count: 2, spoons: 5, budget: 10, plannedWithout: 4)) {
        _ = try $0.edit([TaskRef(typed: 2), TaskRef(typed: 3)], TaskEdit(spoons: try SpoonCost(5)), at: morning)
      })
    #expect(
      PlannerError.editsOverBudget(count: 2, spoons: 5, budget: 10, plannedWithout: 2).description
        == "the 2 planned tasks at 5 spoons each would take today over budget by 2: 2 of 10 planned without them, 8 left")
    // Together they fit (2 -> 3 and 4 -> 3), but in the order given #2 needs a spoon first:
    // refused as `edit` refuses one, and #2 is not left changed.
    var q = try planner(budget: 10, costs: [2, 4, 4])
    try q.plan(ids(1, 2, 3), at: morning)  // 10 of 10
    let before = q
    #expect(throws: PlannerError.editOverBudget(TaskID(1), spoons: 3, budget: 10, plannedWithout: 8)) {
      _ = try q.edit([TaskRef(typed: 1), TaskRef(typed: 2)], TaskEdit(spoons: try SpoonCost(3)), at: morning)
    }
    #expect(q == before)
  }

  @Test func detailsAreSetAndClearedAndTheDueDateResolved() throws {
    var p = try planner(costs: [2])
    var task = try p.edit(
      TaskID(1),
      TaskEdit(title: try Title("Renamed"), note: "a note", location: "Home", due: .set(.tomorrow)),
      at: morning)
    #expect(task.title.text == "Renamed" && task.note == "a note" && task.location == "Home")
    #expect(task.due?.description == "2026-11-22")
    task = try p.edit(TaskID(1), TaskEdit(note: "", location: "  ", due: .clear), at: morning)
    #expect(task.note == nil && task.location == nil && task.due == nil)
  }

  @Test func badDetailsAndUnknownIdsChangeNothing() throws {
    let p = try planner(costs: [2])
    #expect(expectRefusal(p, .invalidDetail(.note, .forbiddenCharacter(0x1B))) {
      try $0.edit(TaskID(1), TaskEdit(note: "\u{1B}[2J"), at: morning)
    })
    #expect(expectRefusal(p, .invalidDetail(.place, .tooLong(201))) {
      try $0.edit(TaskID(1), TaskEdit(location: String(repeating: "x", count: 201)), at: morning)
    })
    #expect(expectRefusal(p, .unknownTask(TaskID(9))) {
      try $0.edit(TaskID(9), TaskEdit(title: try Title("x")), at: morning)
    })
  }

  @Test func anEditThatChangesNothingKeepsTheUpdatedTime() throws {
    var p = try planner(costs: [2])
    let task = try p.edit(TaskID(1), TaskEdit(spoons: try SpoonCost(2)), at: morning.plus(hours: 2))
    #expect(task.updated == morning)
  }
}

@Suite("Completed tasks")
struct CompletedTests {
  @Test func reopeningAnArchivedTaskPutsItBackInItsCategory() throws {
    var p = try planner(budget: 10, costs: [2, 3])
    try p.plan(ids(1), at: morning)
    try p.markDone(ids(1), at: morning)
    let outcome = try p.startNewDay(budget: 10, at: morning.plus(days: 1))
    let archived = try #require(outcome.finished?.doneTasks.first)
    #expect(p.task(TaskID(1)) == nil)
    let later = morning.plus(days: 1, hours: 1)
    let task = try p.reopen(archived, at: later)
    #expect(task.placement == .category && task.updated == later && task.created == morning)
    #expect(p.category(try SpoonCost(2)).map(\.id) == ids(1))
    #expect(expectRefusal(p, .notDone(TaskID(1))) { try $0.reopen(archived, at: later) })
  }

  @Test func completedGroupsByDayNewestFirstWithinTheWindow() throws {
    var p = try planner(budget: 20, costs: [1, 2, 3, 4])
    func done(_ id: Int, _ time: Timestamp) -> SpoonTask {
      var t = p.task(TaskID(id))!
      t.placement = .done(from: .category, at: time)
      return t
    }
    let archived = [
      done(1, morning.plus(days: -11, hours: 1)),  // outside a 7-day window
      done(2, morning.plus(days: -2, hours: 10)), done(3, morning.plus(days: -2)),
    ]
    try p.plan(ids(4), at: morning)
    try p.markDone(ids(4), at: morning.plus(hours: -1))
    let days = p.completed(days: 7, archived: archived, today: today)
    #expect(days.map(\.date.description) == ["2026-11-21", "2026-11-19"])
    #expect(days.map { $0.tasks.map(\.id.rawValue) } == [[4], [3, 2]])
    #expect(p.completed(days: 1, archived: archived, today: today).map(\.date) == [today])
    #expect(p.completed(days: 30, archived: archived, today: today).count == 3)
  }

  /// A day in `completed` adds up what its tasks took, were planned at and gave back as the
  /// ledger does: the numbers `history` and `status` give the same day.
  @Test func aCompletedDayCountsAsTheLedgerDoes() throws {
    var p = try planner(budget: 10, costs: [3, 2, 4])
    try p.plan(ids(1, 2, 3), at: morning)
    let nap = try p.addRest(Title("Nap"), spoons: SpoonCost(3), at: morning)
    let stretch = try p.addRest(Title("Stretch"), spoons: SpoonCost(1), at: morning)
    try p.markDone([stretch.id], at: morning)  // nothing spent yet: gives nothing back
    try p.markDone(ids(1), took: 5, at: morning)
    try p.markDone(ids(2) + [nap.id], at: morning)
    let ledger = try #require(p.ledger)
    let day = try #require(p.completed(days: 1, archived: [], today: today).first)
    #expect(day.tasks.count == 4)
    #expect(day.spent == ledger.spent && day.spent == 7)
    #expect(day.checked == ledger.checked && day.checked == 5)
    #expect(day.rested == ledger.rested && day.rested == 3)
  }
}

@Suite("Finding and tidying")
struct SearchAndSortTests {
  @Test(arguments: [
    ("Crème Brûlée", "creme brulee"), ("ÅNGSTRÖM", "angstrom"), ("Straße", "strasse"),
    ("Œuvre", "oeuvre"), ("ŁÓDŹ", "lodz"), ("cafe\u{301}", "cafe"), ("ПРИВЕТ", "привет"),
    ("Laundry", "laundry"), ("洗濯", "洗濯"),
  ])
  func foldingIgnoresCaseAndAccents(_ text: String, _ folded: String) {
    #expect(SearchText.fold(text) == Array(folded.utf8))
  }

  @Test func searchLooksAtTitlesNotesAndPlacesEverywhere() throws {
    var p = try planner(budget: 10)
    try p.add("Pharmacy run", spoons: 3, at: morning, location: "High St")
    try p.add("Call mum", spoons: 2, at: morning, note: "about the PHARMACY")
    try p.add("Bake", spoons: 4, at: morning, note: "crème brûlée")
    try p.plan(ids(2), at: morning)
    var archived = p.task(TaskID(1))!
    archived.placement = .done(from: .category, at: morning)
    let hits = p.search("pharmacy", today: morning.date, completed: [])
    #expect(hits.map(\.task.id) == ids(1, 2))
    #expect(hits.map(\.field) == [.title, .note])
    #expect(p.search("HIGH st", today: morning.date, completed: []).map(\.field) == [.where])
    #expect(p.search("Creme", today: morning.date, completed: []).map(\.task.id) == ids(3))
    #expect(p.search("nothing like it", today: morning.date, completed: []).isEmpty)
    #expect(p.search("high", today: morning.date, completed: [archived]).count == 2)
  }

  @Test func sortOrdersPutUndatedLastAndKeepTiesInTheirOrder() throws {
    var p = try planner()
    let c = try SpoonCost(2)
    p.add(try Title("b undated"), spoons: c, at: morning.plus(days: -18))
    p.add(try Title("A late"), spoons: c, at: morning.plus(days: -20), due: today.adding(days: 5))
    p.add(try Title("c soon"), spoons: c, at: morning.plus(days: -19), due: today)
    p.add(try Title("d undated"), spoons: c, at: morning.plus(days: -20))
    let tasks = p.category(c)
    func order(_ o: TaskOrder) -> [Int] { o.sorted(tasks).map(\.id.rawValue) }
    #expect(order(.user) == [1, 2, 3, 4])
    #expect(order(.due) == [3, 2, 1, 4])
    #expect(order(.created) == [2, 4, 3, 1])
    #expect(order(.title) == [2, 1, 3, 4])
  }

  @Test func backlogSortsByAgeAndCost() throws {
    var p = try planner(budget: 20, costs: [5, 1, 3])
    try p.plan(ids(1), at: morning)
    try p.startNewDay(budget: 20, at: morning.plus(days: 1))
    try p.plan(ids(2, 3), at: morning)
    try p.startNewDay(budget: 20, at: thirdMorning)
    #expect(TaskOrder.age.sorted(p.backlog).map(\.id.rawValue) == [1, 2, 3])
    #expect(TaskOrder.spoons.sorted(p.backlog).map(\.id.rawValue) == [2, 3, 1])
  }

  @Test func clearingTheBacklogDeletesOnlyIt() throws {
    var p = try planner(budget: 20, costs: [5, 1, 3])
    try p.plan(ids(1, 2), at: morning)
    try p.startNewDay(budget: 20, at: morning.plus(days: 1))
    #expect(p.clearBacklog().map(\.id) == ids(1, 2))
    #expect(p.backlog.isEmpty && p.taskCount == 1 && p.task(TaskID(3)) != nil)
  }
}

@Suite("Matching a search in place")
struct SearchMatchingTests {
  /// `matches` skips the folded copy for ASCII text; it must find exactly what folding finds.
  @Test func matchingInPlaceFindsWhatFoldingFinds() {
    let texts = ["Pharmacy run", "PHARMACY", "pharmac", "Crème brûlée", "Straße", "", "a", "x-ray AB",
      "Call mum", "café ☕", "洗濯"]
    let queries = ["pharmacy", "HARM", "creme", "strasse", "", "ab", "y", "Mum", "cafe", "☕", "洗"]
    for text in texts {
      for query in queries {
        let needle = SearchText.fold(query)
        #expect(
          SearchText.matches(text, needle) == SearchText.contains(SearchText.fold(text), needle),
          "\(text) / \(query)")
      }
    }
    #expect(SearchText.matches("Pharmacy run", SearchText.fold("MACY R")))
  }
}
