@testable import SpoonsCore
import SpoonsTestSupport
import Testing

func tag(_ word: String) throws -> SpoonsCore.Tag { try #require(try SpoonsCore.Tag(word: word)) }

@Suite("Tags and filters")
struct TagTests {
  @Test(arguments: [
    ("+health", "+health"), ("@phone", "@phone"), ("+Health", "+health"), ("@BED", "@bed"),
    ("+self-care", "+self-care"), ("+x_2", "+x_2"), ("@küche", "@küche"), ("+健康", "+健康"),
    // Words written with combining marks: a virama, a tone mark, a decomposed accent.
    ("+स्वास्थ्य", "+स्वास्थ्य"), ("@บ้าน", "@บ้าน"), ("@ku\u{308}che", "@ku\u{308}che"),
  ])
  func aPlusOrAtAndANameIsATag(_ word: String, _ kept: String) throws {
    #expect(try tag(word).description == kept)
  }

  /// The rule's other side: words that merely hold `+` or `@` stay title text.
  @Test(arguments: [
    "C++", "a+b", "+1", "+", "@", "ann@example.com", "++x", "+-x", "+x!", "@home,", "x+", "#4",
    "-health", "",
    // A mark right after the sigil joins it into one character: the word does not start
    // with `+` or `@` as it is read (a tag of it once made the planner unreadable).
    "@\u{93E}", "+\u{345}x", "@\u{301}bed",
  ])
  func otherWordsStayTitleText(_ word: String) throws {
    #expect(try SpoonsCore.Tag(word: word) == nil)
  }

  /// Every tag a word makes reads back from what is written, alone and beside another: the
  /// rule holds for the name in lower case.
  @Test func everyTagReadsBackAsItIsWritten() throws {
    var tags = 0
    for value in UInt32(0x41)...0x2FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      for word in ["+" + String(scalar), "@a" + String(scalar)] {
        guard let tag = try? SpoonsCore.Tag(word: word) else { continue }
        tags += 1
        #expect(SpoonsCore.Tag(stored: tag.description[...]) == tag, "\(word) U+\(String(value, radix: 16))")
        // Beside another tag, too: a letter that joins the space after it into one character
        // (U+0D4E) once made the stored tags unreadable.
        // (After it, so that it is followed by the space.)
        let other = try #require(try SpoonsCore.Tag(word: "@zzz"))
        let text = SpoonsCore.Tag.storedText(of: [tag, other])
        let stored = Array(text.utf8).withUnsafeBufferPointer { SpoonsCore.Tag.parseStored($0) }
        #expect(stored == SpoonsCore.Tag.normalized([tag, other]), "\(word) U+\(String(value, radix: 16))")
      }
    }
    #expect(tags > 100_000)
    // `İ` in lower case is `i` and a combining dot: a letter and a mark, kept as such.
    let istanbul = try tag("+İstanbul")
    #expect(SpoonsCore.Tag(stored: istanbul.description[...]) == istanbul)
  }

  /// The stored form read quickly (ASCII, byte by byte) is read as the rule reads it, word
  /// by word: the same tags, or nil for both.
  @Test func theStoredFormIsReadQuicklyAsTheRuleReadsIt() {
    func reference(_ text: String) -> [SpoonsCore.Tag]? {
      var tags: [SpoonsCore.Tag] = []
      for word in text.split(separator: " ", omittingEmptySubsequences: false) {
        guard let tag = SpoonsCore.Tag(stored: word), tags.last.map({ $0 < tag }) ?? true else {
          return nil
        }
        tags.append(tag)
      }
      return tags.isEmpty ? nil : tags
    }
    var rng = SeededGenerator(seed: 42)
    let pieces = ["+", "@", " ", "a", "b", "z", "A", "0", "9", "-", "_", "é", "ß", "İ", "+health", "@bed", "x"]
    var read = 0
    for _ in 0..<20_000 {
      var text = ""
      for _ in 0...rng.below(8) { text += pieces[rng.below(pieces.count)] }
      var copy = text
      let quick = copy.withUTF8 { SpoonsCore.Tag.parseStored($0) }
      #expect(quick == reference(text), "\(text)")
      let checked = copy.withUTF8 { SpoonsCore.Tag.storedText($0) }
      #expect(checked == (quick == nil ? nil : text), "\(text)")
      if quick != nil { read += 1 }
    }
    #expect(read > 500)
  }

  @Test func aTagNameLongerThan32IsRefusedNotKeptAsTitle() throws {
    #expect(try SpoonsCore.Tag(word: "+" + String(repeating: "a", count: 32)) != nil)
    #expect(throws: PlannerError.tagTooLong("+" + String(repeating: "a", count: 33))) {
      try SpoonsCore.Tag(word: "+" + String(repeating: "a", count: 33))
    }
  }

  @Test func tagsAreKeptOnceInOrderTagsBeforeContexts() throws {
    var p = Planner()
    let task = try p.add(
      Title("Call GP"), spoons: SpoonCost(2), at: morning, note: nil, location: nil,
      tags: [tag("@phone"), tag("+health"), tag("+Health"), tag("+admin")], due: nil,
      force: false)
    #expect(task.tags.map(\.description) == ["+admin", "+health", "@phone"])
  }

  @Test func anEditAddsAndTakesAwayAndRefusesATagTheTaskLacks() throws {
    var p = Planner()
    let task = try p.add(
      Title("Call GP"), spoons: SpoonCost(2), at: morning, note: nil, location: nil,
      tags: [tag("+health")], due: nil, force: false)
    let edited = try p.edit(
      task.id, TaskEdit(tags: TagChange(adding: [tag("+errand")], removing: [tag("+health")])),
      at: morning.plus(hours: 1))
    #expect(edited.tags == [try tag("+errand")])
    #expect(edited.updated == morning.plus(hours: 1))
    let before = p
    #expect(throws: PlannerError.tagNotOnTask(task.id, title: task.title, tag: try tag("@phone"))) {
      try p.edit(task.id, TaskEdit(tags: TagChange(removing: [tag("@phone")])), at: morning)
    }
    #expect(p == before)
  }

  @Test func moreThanSixteenTagsAreRefusedButATaskSyncedWithMoreCanStillBeEdited() throws {
    var p = Planner()
    let many = try (1...17).map { try tag("+t\($0)") }
    #expect(throws: PlannerError.tooManyTags(17)) {
      try p.add(
        Title("Busy"), spoons: SpoonCost(1), at: morning, note: nil, location: nil, tags: many,
        due: nil, force: false)
    }
    let task = p.add(try Title("Busy"), spoons: try SpoonCost(1), at: morning, tags: many)
    #expect(task.tags.count == 17)
    #expect(throws: PlannerError.tooManyTags(18)) {
      try p.edit(task.id, TaskEdit(tags: TagChange(adding: [tag("+one-more")])), at: morning)
    }
    let retitled = try p.edit(task.id, TaskEdit(title: try Title("Busy day")), at: morning)
    #expect(retitled.tags.count == 17)
  }

  // MARK: - Filters

  /// Five tasks: tagged, dated, in a category, in the backlog and on today's list.
  func planner() throws -> Planner {
    var p = Planner()
    func add(_ title: String, _ spoons: Int, _ tags: [String], due: CivilDate? = nil) throws {
      p.add(
        try Title(title), spoons: try SpoonCost(spoons), at: morning, tags: try tags.map { try tag($0) },
        due: due)
    }
    try add("Call GP", 2, ["+health", "@phone"], due: today)
    try add("Read in bed", 1, ["@bed"])
    try add("Pay the bill", 2, ["+admin"], due: today.adding(days: -2))
    try add("Stretch", 1, ["+health", "@bed"], due: today.adding(days: 3))
    try p.startNewDay(budget: 10, at: morning)
    _ = try p.plan([TaskID(4)], at: morning)
    return p
  }

  func matching(_ words: String...) throws -> [Int] {
    let p = try planner()
    let filter = try TaskFilter(words: words)
    return p.allTasks.filter { filter.matches($0, today: today) }.map(\.id.rawValue).sorted()
  }

  @Test func everyTermMustHold() throws {
    #expect(try matching("+health") == [1, 4])
    #expect(try matching("@bed") == [2, 4])
    #expect(try matching("+health", "@bed") == [4])
    #expect(try matching("-health") == [2, 3])
    #expect(try matching("-@bed", "-admin") == [1])
    #expect(try matching("due:today") == [1])
    #expect(try matching("due.before:today") == [3])
    #expect(try matching("due.after:today") == [4])
    #expect(try matching("overdue") == [3])
    #expect(try matching("in:todo") == [4])
    #expect(try matching("in:category", "@bed") == [2])
    #expect(try matching("BED") == [2])
    #expect(try matching("spoons:2") == [1, 3])
    #expect(try matching("spoons:1-2", "@bed") == [2, 4])
    #expect(try matching("+nothing").isEmpty)
    #expect(try matching().count == 4)
  }

  @Test func aTermWithAWrongValueIsRefused() throws {
    #expect(throws: FilterError.badDate("due:someday")) { try TaskFilter(words: ["due:someday"]) }
    #expect(throws: FilterError.badPlace("in:attic")) { try TaskFilter(words: ["in:attic"]) }
    for word in ["spoons:", "spoons:0", "spoons:11", "spoons:3-1", "spoons:1-2-3", "spoons:x", "spoons:999"] {
      #expect(throws: FilterError.badSpoons(word)) { try TaskFilter(words: [word]) }
    }
    // A word in every title would choose every task.
    #expect(throws: FilterError.emptyWord) { try TaskFilter(words: [""]) }
    #expect(throws: FilterError.emptyWord) { try TaskFilter(words: ["\u{301}"]) }
    // A key Spoons does not know is a word of the title, as `search` would read it.
    #expect(try TaskFilter(words: ["note:x"]).terms == [.word(SearchText.fold("note:x"))])
  }

  /// A task looked at where it lies (`suggest` reads only its tags) passes a filter exactly
  /// when the task itself does, a tag beyond ASCII and every other kind of term among them.
  @Test func aTaskInPlaceMatchesAsTheTaskDoes() throws {
    var p = try planner()
    p.add(
      try Title("Café visit"), spoons: try SpoonCost(1), at: morning, tags: [try tag("@café")])
    let filters = [
      ["@bed"], ["+health"], ["-health"], ["+health", "@bed"], ["@café"], ["overdue"],
      ["in:todo"], ["call"], ["+health", "call"], ["@bed", "due.after:today"], ["spoons:2"],
      ["@phone", "-@bed"], [],
    ]
    for words in filters {
      let filter = try TaskFilter(words: words)
      for task in p.allTasks {
        let inPlace = withUnsafePointer(to: task) { filter.matches(at: $0, today: today) }
        #expect(inPlace == filter.matches(task, today: today), "\(words) on #\(task.id)")
      }
    }
    let café = try TaskFilter(words: ["@café"])
    #expect(p.allTasks.filter { café.matches($0, today: today) }.map(\.id.rawValue) == [5])
  }

  /// `suggest @bed`: what can be done from bed, within the room left.
  @Test func aSuggestionAmongTheTasksThatMatch() throws {
    let p = try planner()
    let bed = try TaskFilter(words: ["@bed"])
    let suggestion = p.suggest(bed, today: today)
    #expect(suggestion.tasks.map(\.id.rawValue) == [2])
  }

  /// `agenda`, `completed` and `search` keep what they are and show the tasks that pass.
  @Test func agendaCompletedAndSearchTakeTheFilter() throws {
    var p = try planner()
    let health = try TaskFilter(words: ["+health"])
    #expect(p.agenda(health, today: today).map(\.id.rawValue) == [1, 4])
    #expect(p.agenda(try TaskFilter(words: ["@bed"]), today: today).map(\.id.rawValue) == [4])
    #expect(p.agenda(TaskFilter(), today: today) == p.agenda)
    try p.markDone([TaskID(4)], at: morning)
    let archived = SpoonTask(
      id: TaskID(9), title: try Title("Old call"), spoons: try SpoonCost(1),
      placement: .done(from: .category, at: morning.plus(days: -1)), created: morning,
      updated: morning, tags: [try tag("@phone")])
    let done = p.completed(days: 7, archived: [archived], today: today, matching: health)
    #expect(done.flatMap(\.tasks).map(\.id.rawValue) == [4])
    let calls = p.completed(
      days: 7, archived: [archived], today: today, matching: try TaskFilter(words: ["@phone"]))
    #expect(calls.flatMap(\.tasks).map(\.id.rawValue) == [9])
    // A filter alone finds every task that passes it, done ones too; with words, both hold.
    let phone = try TaskFilter(words: ["@phone"])
    let all = p.search("", matching: phone, today: today, completed: [archived])
    #expect(all.map(\.task.id.rawValue) == [1, 9] && all.allSatisfy { $0.field == nil })
    let gp = p.search("gp", matching: phone, today: today, completed: [archived])
    #expect(gp.map(\.task.id.rawValue) == [1] && gp.first?.field == .title)
    #expect(p.search("gp", matching: try TaskFilter(words: ["@bed"]), today: today, completed: []).isEmpty)
  }

  @Test func tagCountsAreOfOpenTasks() throws {
    var p = try planner()
    try p.markDone([TaskID(4)], at: morning)
    #expect(p.tagCounts.map { "\($0.tag) \($0.count)" } == ["+admin 1", "+health 1", "@bed 1", "@phone 1"])
  }
}

@Suite("Selections")
struct SelectionTests {
  /// A category task, a backlog task, one planned and one done, all tagged +x.
  func planner() throws -> Planner {
    var p = Planner()
    let x = try tag("+x")
    for (title, cost) in [("Walk", 1), ("Call", 2), ("Shop", 3), ("Cook", 1)] {
      p.add(try Title(title), spoons: try SpoonCost(cost), at: morning, tags: [x])
    }
    try p.startNewDay(budget: 10, at: morning)
    _ = try p.plan([TaskID(2)], at: morning)
    try p.startNewDay(budget: 10, at: nextMorning)  // #2 rolls over to the backlog
    _ = try p.plan([TaskID(3), TaskID(4)], at: nextMorning)
    try p.markDone([TaskID(4)], at: nextMorning)
    return p
  }

  func chosen(_ scope: SelectionScope, _ words: String...) throws -> [Int] {
    let p = try planner()
    let refs = try p.refs(.matching(try TaskFilter(words: words)), today: nextMorning.date, scope: scope)
    return try p.resolve(refs).map(\.rawValue)
  }

  @Test func aFilterLooksWhereTheCommandActs() throws {
    #expect(try chosen(.open, "+x") == [1, 2, 3])
    #expect(try chosen(.open, "+x", "in:done") == [4])
    #expect(try chosen(.waiting, "+x") == [1, 2])
    #expect(try chosen(.planned, "+x") == [3])
    #expect(try chosen(.checkedOff, "+x") == [4])
    #expect(throws: PlannerError.noTaskMatches("+x in:backlog", among: SelectionScope.planned.words)) {
      try chosen(.planned, "+x", "in:backlog")
    }
  }

  @Test func idsAreTheRefsTypedAndNoneIsRefused() throws {
    let p = try planner()
    #expect(try p.refs(.ids([TaskRef(typed: 9)]), today: nextMorning.date) == [TaskRef(typed: 9)])
    #expect(throws: PlannerError.nothingSelected) { try p.refs(.ids([]), today: nextMorning.date) }
  }
}
