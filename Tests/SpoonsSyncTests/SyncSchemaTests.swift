@testable import SpoonsSync
import SpoonsCore
import SpoonsTestSupport
import Testing

/// The synced document's schema: entity names read once, into their kind; each kind's fields
/// written and read by its own file; places parsed into one type.
@Suite struct SyncSchemaTests {
  @Test func anEntityNameIsReadIntoItsKindOnce() {
    let date = CivilDate(year: 2026, month: 11, day: 23)!
    let made: [(SyncEntity, SyncEntity.Kind, String, Substring)] = [
      (.task("k3v9q2.41.1764000000"), .task, "task:k3v9q2.41.1764000000", "k3v9q2.41.1764000000"),
      (.routine("k3v9q2.3.1764000000"), .routine, "routine:k3v9q2.3.1764000000", "k3v9q2.3.1764000000"),
      (.day(date), .day, "day:2026-11-23", "2026-11-23"),
      (.settings, .settings, "settings", "settings"),
      (.next(DeviceID("k3v9q2")!), .next, "next:k3v9q2", "k3v9q2"),
    ]
    for (entity, kind, name, id) in made {
      #expect(entity.kind == kind)
      #expect(entity.name == name)
      #expect(entity.id == id)
      // What a change file holds reads back as the same entity, of the same kind.
      let read = SyncEntity(name)
      #expect(read == entity)
      #expect(read.kind == kind)
    }
    #expect(SyncEntity("day:2026-11-23").date == date)
    #expect(SyncEntity("day:tomorrow").date == nil)
    #expect(SyncEntity("task:x").date == nil)
    // Names of no kind Spoons knows are kept, and read as unknown.
    for name in ["settingsx", "tasks:x", "Task:x", "", "note:1", "next"] {
      #expect(SyncEntity(name).kind == .unknown, "\(name)")
    }
  }

  @Test func everyFieldSetHasDistinctNamesAndLeavesTheDeleteFieldToTheRules() {
    func check<Field: SyncFieldSet>(_: Field.Type) {
      let names = Field.allCases.map(\.rawValue)
      #expect(Set(names).count == names.count, "\(Field.self)")
      #expect(!names.contains(SyncConflictRules.deleteField), "\(Field.self)")
      #expect(Field.required.allSatisfy { names.contains($0.rawValue) })
    }
    check(SyncTaskField.self)
    check(SyncRoutineField.self)
    check(SyncDayField.self)
    check(SyncSettingsField.self)
    check(SyncNextField.self)
  }

  /// A new field added to a kind's set and not written by its `values` fails here.
  @Test func eachKindWritesEveryFieldOfItsSet() throws {
    let created = at("2026-11-23T08:00:00+01:00")
    let task = SpoonTask(
      id: TaskID(4), title: try Title("Call the GP"), spoons: try SpoonCost(3),
      placement: .category, created: created, updated: created, note: "n", location: "bed",
      due: CivilDate(year: 2026, month: 11, day: 30), isRest: false)
    let taskFields = Set(SyncTaskEntity.values(of: task, at: .category).keys)
    // The rank is given with its list's (`SyncRanks`).
    #expect(
      taskFields
        == Set(SyncTaskField.allCases.filter { $0 != .rank }.map(\.rawValue))
        .union([SyncConflictRules.deleteField]))
    let routine = Routine(
      id: RoutineID(2), title: try Title("Meds"), spoons: try SpoonCost(1), days: .everyDay,
      created: created)
    #expect(
      Set(SyncRoutineEntity.values(of: routine).keys)
        == Set(SyncRoutineField.allCases.filter { $0 != .rank }.map(\.rawValue))
        .union([SyncConflictRules.deleteField]))
    var planner = Planner()
    #expect(
      Set(SyncSettingsEntity.values(of: planner).keys)
        == Set(SyncSettingsField.allCases.map(\.rawValue)))
    planner = Planner()
    #expect(
      Set(SyncNextEntity.values(of: planner, past: SyncNumbers()).keys)
        == Set(SyncNextField.allCases.map(\.rawValue)))
  }

  @Test func aTaskReadsBackAsItWasWrittenInEveryPlace() throws {
    let created = at("2026-11-23T08:00:00+01:00")
    let done = created.plus(hours: 2)
    let date = created.date
    let places: [(Placement, SyncPlace, Bool)] = [
      (.category, .category, false),
      (.backlog(since: date), .backlog(since: date), false),
      (.todo(from: .backlog(since: date)), .todo(on: date, from: .backlog(since: date)), false),
      (.todo(from: .routine(RoutineID(3))), .todo(on: date, from: .routine(uid: "#3")), false),
      (.done(from: .category, at: done), .done(on: date, from: .category, at: done, gaveBack: nil), false),
      (.done(from: .category, at: done), .done(on: date, from: .category, at: done, gaveBack: 2), true),
    ]
    for (placement, place, isRest) in places {
      let task = SpoonTask(
        id: TaskID(7), title: try Title("Shower"), spoons: try SpoonCost(4), placement: placement,
        created: created, updated: done, note: "sit down", location: "home",
        tags: try ["+health", "@home"].map { try #require(try SpoonsCore.Tag(word: $0)) },
        due: date.adding(days: 3), isRest: isRest, gaveBack: isRest ? 2 : nil,
        took: placement.isOpen || isRest ? nil : 5)
      let values = SyncTaskEntity.values(of: task, at: place)
      #expect(SyncPlace(values[SyncTaskField.place]!) == place)
      var registers = SyncRegisters()
      let stamp = SyncStamp(seconds: 1, counter: 0, device: DeviceID("a")!)
      for (field, value) in values { registers[field] = SyncRegister(value: value, stamp: stamp) }
      let read = try SyncTaskEntity.task(
        .task("a.7.1"), registers, id: TaskID(7), created: created,
        routine: { SyncOrigin.number(inUID: $0) })
      #expect(read.task == task)
      #expect(read.place == place)
    }
  }

  /// A tag is a field of its own, `1` while the task carries it; one taken away is written
  /// empty while the document still says `1`; a tag field no Spoons writes is read by no one.
  @Test func tagsAreFieldsOfTheirOwn() throws {
    let created = at("2026-11-23T08:00:00+01:00")
    let health = try #require(try SpoonsCore.Tag(word: "+health"))
    let task = SpoonTask(
      id: TaskID(7), title: try Title("Shower"), spoons: try SpoonCost(4), placement: .category,
      created: created, updated: created, tags: [health])
    let stamp = SyncStamp(seconds: 1, counter: 0, device: DeviceID("a")!)
    let known: SyncRegisters = [
      "tag:+health": SyncRegister(value: "1", stamp: stamp),
      "tag:@phone": SyncRegister(value: "1", stamp: stamp),
      "tag:+old": SyncRegister(value: "", stamp: stamp),
    ]
    let values = SyncTaskEntity.values(of: task, placedAs: "category", known: known)
    #expect(values["tag:+health"] == "1" && values["tag:@phone"] == "" && values["tag:+old"] == nil)
    var registers = SyncRegisters()
    for (field, value) in values { registers[field] = SyncRegister(value: value, stamp: stamp) }
    registers["tag:+Bad"] = SyncRegister(value: "1", stamp: stamp)
    registers["tag:"] = SyncRegister(value: "1", stamp: stamp)
    registers["tag:+two words"] = SyncRegister(value: "1", stamp: stamp)
    registers["tag:+x"] = SyncRegister(value: "yes", stamp: stamp)
    let read = try SyncTaskEntity.task(
      .task("a.7.1"), registers, id: TaskID(7), created: created, routine: { _ in nil })
    #expect(read.task.tags == [health])
  }

  @Test func aPlaceNoSpoonsWritesIsRefused() {
    for text in [
      "", "category 2026-11-23", "backlog", "backlog 2026-13-01", "todo 2026-11-23",
      "todo 2026-11-23 elsewhere", "done 2026-11-23 category",
      "done 2026-11-23 category 2026-11-23T10:00:00+00:00 x",
      "done 2026-11-23 category noon -", "planned 2026-11-23 category",
    ] {
      #expect(SyncPlace(text) == nil, "\(text)")
    }
    let place = SyncPlace("done 2026-11-23 routine:a.1.5 2026-11-23T10:00:00+00:00 -")
    #expect(place?.origin == .routine(uid: "a.1.5"))
    // A routine's id may be empty, as a forged routine's (`routine:`) is.
    #expect(SyncPlace("todo 2026-11-23 routine:")?.origin == .routine(uid: ""))
    #expect(place?.date == CivilDate(year: 2026, month: 11, day: 23))
  }

  /// A field of a kind the rules know nothing of, from a newer version, is kept and merged
  /// like any other, and the planner is made without it.
  @Test func aFieldOfANewerVersionIsKeptAndNotRead() throws {
    let device = DeviceID("a")!
    var planner = Planner()
    _ = try planner.startNewDay(budget: 10, at: at("2026-11-23T08:00:00+00:00"))
    try planner.add("Tea", spoons: 1, at: at("2026-11-23T08:01:00+00:00"))
    let view = SyncView(of: SyncedState(planner: planner), against: SyncDocument(), device: device)
    var document = SyncDocument()
    var stamp = SyncStamp(seconds: 100, counter: 0, device: device)
    document.apply(view.changes(from: SyncDocument()) { _ in stamp })
    let task = try #require(document.entities.keys.first { $0.kind == .task })
    stamp = SyncStamp(seconds: 200, counter: 0, device: DeviceID("b")!)
    document.apply(SyncChange(entity: task, field: "colour", value: "teal", stamp: stamp))
    document.apply(SyncChange(entity: SyncEntity("mood:2026-11-23"), field: "x", value: "1", stamp: stamp))
    #expect(document.entities[task]?["colour"]?.value == "teal")
    let made = try document.planner(today: CivilDate(year: 2026, month: 11, day: 23))
    #expect(made.state.planner.allTasks.map(\.title.text) == ["Tea"])
    // Nothing this device holds says otherwise, so nothing is sent to undo them.
    let again = SyncView(of: made.state, against: document, device: device, known: made.identities)
    #expect(again.changes(from: document) { _ in stamp }.allSatisfy { $0.field != "colour" })
  }

  /// Every recurrence travels as it is: a set of weekdays in `days` alone, any other in
  /// `repeat` with `days` every day (what a Spoons without `repeat` runs it on); a `repeat`
  /// no Spoons writes is a problem of that field, never a routine made up.
  @Test func aRoutineReadsBackWithEveryRecurrence() throws {
    let created = at("2026-11-23T08:00:00+01:00")
    let stamp = SyncStamp(seconds: 1_764_000_000, counter: 0, device: DeviceID("b")!)
    let entity = SyncEntity("routine:b.1.1764000000")
    let all: [Recurrence] = [
      .everyDay, .weekly(Weekdays([1, 3])), .everyNDays(3, from: CivilDate(iso: "2026-11-26")!),
      .monthlyOnDay(31), .monthlyOnWeekday(ordinal: Recurrence.last, weekday: 5),
    ]
    for days in all {
      let routine = Routine(
        id: RoutineID(2), title: try Title("Meds"), spoons: try SpoonCost(1), days: days,
        created: created)
      let values = SyncRoutineEntity.values(of: routine)
      if case .weekly(let weekdays) = days {
        #expect(values["repeat"] == "" && values["days"] == String(weekdays.mask))
      } else {
        #expect(values["repeat"] == days.storedForm && values["days"] == "127")
      }
      let fields = SyncRegisters(values.mapValues { SyncRegister(value: $0, stamp: stamp) })
      let back = try SyncRoutineEntity.routine(entity, fields, id: RoutineID(2), created: created)
      #expect(back == routine)
    }
    for bad in ["every 0 days from 2026-11-26", "every 3 days", "5th mon", "sometimes"] {
      var fields = SyncRegisters(SyncRoutineEntity.values(of: Routine(
        id: RoutineID(2), title: try Title("Meds"), spoons: try SpoonCost(1), days: .everyDay,
        created: created)).mapValues { SyncRegister(value: $0, stamp: stamp) })
      fields["repeat"] = SyncRegister(value: bad, stamp: stamp)
      #expect(throws: SyncProblem.self, "\(bad)") {
        try SyncRoutineEntity.routine(entity, fields, id: RoutineID(2), created: created)
      }
    }
  }

  // MARK: - Places no Spoons writes, read as every version reads them

  /// A forged routine whose id is empty (`routine:`) is a routine like any other: its task on
  /// a day it runs names it by that id, and every later sync goes on.
  @Test func aRoutineWithAnEmptyIdKeepsSyncGoing() throws {
    let device = DeviceID("a")!
    let other = DeviceID("b")!
    var document = SyncDocument()
    let stamp = SyncStamp(seconds: 1_764_000_000, counter: 0, device: other)
    for (field, value) in [
      ("n", "1"), ("created", "2026-11-20T08:00:00+00:00"), ("title", "Meds"), ("spoons", "1"),
      ("days", "127"), ("gone", ""),
    ] {
      document.apply(SyncChange(entity: SyncEntity("routine:"), field: field, value: value, stamp: stamp))
    }
    var state = try document.planner().state
    #expect(state.planner.routines.map(\.title.text) == ["Meds"])
    _ = try state.planner.startNewDay(budget: 10, at: at("2026-11-23T08:00:00+00:00"))
    #expect(state.planner.todo.count == 1)
    var clock = HybridClock(device: device)
    for now in [at("2026-11-23T09:00:00+00:00"), at("2026-11-23T09:30:00+00:00")] {
      let round = try SyncRound(base: document, local: state, incoming: [], clock: clock, now: now)
      #expect(round.state.planner.todo.map(\.title.text) == ["Meds"])
      document = round.document
      state = round.state
      clock = round.clock
    }
  }

  /// A task whose place names a routine not here yet waits for it, even when the rest of the
  /// place does not read: it is not whole, so it is neither made nor deleted.
  @Test func aTaskNamingARoutineNotHereYetWaitsWhateverTheRestOfItsPlace() throws {
    var document = SyncDocument()
    let stamp = SyncStamp(seconds: 1_764_000_000, counter: 0, device: DeviceID("b")!)
    for (field, value) in [
      ("n", "1"), ("created", "2026-11-23T08:00:00+00:00"), ("updated", "2026-11-23T08:00:00+00:00"),
      ("title", "Meds"), ("spoons", "1"), ("place", "todo 2026-11-23 routine:r1 x"), ("gone", ""),
    ] {
      document.apply(SyncChange(entity: .task("r1@2026-11-23"), field: field, value: value, stamp: stamp))
    }
    #expect(try document.planner().state.planner.allTasks.isEmpty)
  }

  /// A place's date is read from its first words, as every version reads it, whether or not
  /// the rest reads: a day a forged place names is still a day that may be waiting.
  @Test func aPlacesDateIsReadFromItsFirstWords() {
    let date = CivilDate(year: 2026, month: 12, day: 1)
    #expect(SyncPlace.date(startingText: "done 2026-12-01 category garbage -") == date)
    #expect(SyncPlace.date(startingText: "todo 2026-12-01") == date)
    #expect(SyncPlace.date(startingText: "backlog 2026-12-01") == nil)
    #expect(SyncPlace.routineUID(inText: "todo 2026-12-01 routine:r1 x") == "r1")
    #expect(SyncPlace.plans("todo 2026-12-01 category ", for: date!))
  }

  /// The byte-by-byte readings of a place's routine and an entity's creation time, for ASCII
  /// text, read exactly as the character-by-character rule does (which non-ASCII text keeps).
  @Test func placesAndNamesReadByteByByteAsByCharacter() {
    func routine(_ text: String) -> Substring? {
      text.split(separator: " ").first { $0.hasPrefix("routine:") }.map { $0.dropFirst(8) }
    }
    for text in [
      "todo 2026-12-01 routine:r1 x", "routine:", "routine:a  routine:b", "  routine:x ",
      "xroutine:y routine:z", "todo routine:a\r\n b", "done 2026-12-01 category", "",
      "todo 2026-12-01 routine:ab \u{301}c", "todo é routine:r2", " ",
    ] {
      #expect(SyncPlace.routineUID(inText: text) == routine(text), "\(text.debugDescription)")
    }
    func creation(_ uid: Substring) -> Int64? {
      if let at = uid.lastIndex(of: "@") {
        return CivilDate(iso: uid[uid.index(after: at)...]).map { Int64($0.daysSinceEpoch) * 86_400 }
      }
      let parts = uid.split(separator: ".", omittingEmptySubsequences: false)
      guard parts.count == 3 else { return nil }
      return Int64(parts[2].prefix { $0 != "~" })
    }
    for uid in [
      "k3v9q2m8ta.12.1566960000", "k3v9q2m8ta.12.1566960000~2", "a.b", "a.b.c.d", "dev..5",
      ".1.2", "dev.1.", "d.1.12x", "d.1.~3", "d.1.-5", "d.1.+5", "dé.1.5", "a.\u{301}1.5", "a",
      "r1@2026-12-01", "a@b@2026-12-01", "r1@", "@2026-12-01", "r1@2026-13-01", "d.1.5@2026-12-01",
      "ré@2026-12-01", "r1@\u{301}2026-12-01", "d.1.5@\u{301}", "r1@2026-12-01\r\n",
    ] {
      #expect(SyncPartLimits.creation(of: .task(uid)) == creation(uid[...]), "\(uid)")
    }
  }
}
