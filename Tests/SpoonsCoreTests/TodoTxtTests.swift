import SpoonsCore
import SpoonsTestSupport
import Testing

/// One todo.txt line read at `morning`, in Berlin.
func todo(_ line: String) throws(ImportProblem) -> ImportedTask? {
  var batch = MovingIn()
  return try TodoTxt.task(line, number: 7, now: morning, utcOffset: berlin, into: &batch)
}

@Suite("todo.txt, both ways")
struct TodoTxtTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var line: String
    var title: String
    var tags: [String] = []
    var note: String? = nil
    var created: String? = nil
    var completed: String? = nil
    var due: String? = nil
    var testDescription: String { line }
  }

  static let cases: [Case] = [
    Case(line: "(A) Thank Mom for the meatballs @phone ", title: "Thank Mom for the meatballs",
      tags: ["@phone"], note: "priority: A"),
    Case(line: "(B) Schedule Goodwill pickup +GarageSale @phone", title: "Schedule Goodwill pickup",
      tags: ["+garagesale", "@phone"], note: "priority: B"),
    Case(line: "Really gotta call Mom (A) @phone @someday", title: "Really gotta call Mom (A)",
      tags: ["@phone", "@someday"]),
    Case(line: "(b) Get back to the boss", title: "(b) Get back to the boss"),
    Case(line: "(B)->Submit TPS report", title: "(B)->Submit TPS report"),
    Case(line: "2011-03-02 Document +TodoTxt task format", title: "Document task format",
      tags: ["+todotxt"], created: "2011-03-02"),
    Case(line: "(A) 2011-03-02 Call Mom", title: "Call Mom", note: "priority: A",
      created: "2011-03-02"),
    Case(line: "(A) Call Mom 2011-03-02", title: "Call Mom 2011-03-02", note: "priority: A"),
    Case(line: "Email SoAndSo at soandso@example.com", title: "Email SoAndSo at soandso@example.com"),
    Case(line: "Learn how to add 2+2", title: "Learn how to add 2+2"),
    // No creation date: `Planner.moveIn` makes it the day it was done.
    Case(line: "x 2011-03-03 Call Mom", title: "Call Mom", completed: "2011-03-03"),
    Case(line: "xylophone lesson", title: "xylophone lesson"),
    Case(line: "X 2012-01-01 Make resolutions", title: "X 2012-01-01 Make resolutions"),
    Case(line: "(A) x Find ticket prices", title: "x Find ticket prices", note: "priority: A"),
    Case(
      line: "x 2011-03-02 2011-03-01 Review Tim's pull request +TodoTxtTouch @github pri:A",
      title: "Review Tim's pull request", tags: ["+todotxttouch", "@github"], note: "priority: A",
      created: "2011-03-01", completed: "2011-03-02"),
    Case(line: "Pay rent due:2026-12-01 rec:1m t:2026-11-28 see http://x.org",
      title: "Pay rent rec:1m t:2026-11-28 see http://x.org", due: "2026-12-01"),
    Case(line: "Tidy +home.office @bed\t+1 @", title: "Tidy +1 @", tags: ["+home-office", "@bed"]),
    // No completion date, which the format requires: done when it was imported.
    Case(line: "x Sloppy done line", title: "Sloppy done line", completed: "2026-11-21"),
  ]

  @Test(arguments: cases)
  func linesOfTheFormat(_ c: Case) throws {
    let task = try #require(try todo(c.line))
    #expect(task.title.text == c.title)
    #expect(task.tags.map(\.description) == c.tags)
    #expect(task.note == c.note)
    #expect(task.created?.date.description == c.created)
    #expect(task.completed?.date.description == c.completed)
    #expect(task.due?.description == c.due)
    if let day = c.completed, day != "2026-11-21" {
      // Noon where the person lives, so the day start never moves it to the day before.
      #expect(task.completed?.secondOfDay == 12 * 3600)
    }
  }

  @Test func blankLinesAreNoTask() throws {
    #expect(try todo("") == nil && todo("   \t ") == nil)
  }

  @Test func spoonsIsTheCost() throws {
    #expect(try todo("Laundry spoons:3")?.spoons == SpoonCost(3))
    // A project too long for a tag goes to the note, not the title.
    let long = "+" + String(repeating: "garden", count: 8)
    let task = try todo("Weed the beds \(long)")
    #expect(task?.title.text == "Weed the beds" && task?.note?.contains(long) == true)
    // Of another shape, as an exported title may hold them: words of the title.
    let odd = try todo("Email re: due:friday and spoons:x")
    #expect(odd?.title.text == "Email re: due:friday and spoons:x" && odd?.due == nil)
  }

  /// Of the due date and the cost, the last word Spoons can use is read; every other word of
  /// its key is title text (a value that is no date or cost too: the word is kept, not
  /// refused, and the line still comes). Keys are read whatever their case.
  @Test func theLastUsableFieldIsReadAndTheOthersAreTitleText() throws {
    let heavy = try #require(try todo("Heavy spoons:11"))
    #expect(heavy.title.text == "Heavy spoons:11" && heavy.spoons == nil)
    let pay = try #require(try todo("Pay due:2026-02-30 rent"))
    #expect(pay.title.text == "Pay due:2026-02-30 rent" && pay.due == nil)
    let two = try #require(try todo("Pay due:2026-12-01 rent Due:2026-12-03 spoons:4 SPOONS:2"))
    #expect(two.title.text == "Pay due:2026-12-01 rent spoons:4")
    #expect(two.due == CivilDate(iso: "2026-12-03") && two.spoons?.value == 2)
    let pri = try #require(try todo("x 2026-11-20 Filed pri:A taxes pri:B"))
    // Every `pri:` is a priority (Spoons' export writes none to keep as text).
    #expect(pri.title.text == "Filed taxes" && pri.note == "priority: A; priority: B")
  }

  /// A line with nothing left for a title takes its first word, other than the cost, as the
  /// title, read as nothing else: a task needs a title, and Spoons' export of `+foo`
  /// (tagged, as an imported task is) writes it first.
  @Test func aLineOfOnlyTagsAndFieldsTakesItsFirstWordAsTitle() throws {
    let only = try #require(try todo("x 2026-11-20 +tag @only"))
    #expect(only.title.text == "+tag" && only.tags.map(\.description) == ["@only"])
    let due = try #require(try todo("2026-11-20 due:2026-12-01 +imported spoons:3"))
    #expect(due.title.text == "due:2026-12-01" && due.due == nil && due.spoons?.value == 3)
    #expect(due.tags.map(\.description) == ["+imported"])
    let cost = try #require(try todo("spoons:3 +foo"))
    #expect(cost.title.text == "+foo" && cost.tags.isEmpty && cost.spoons?.value == 3)
    // No-break spaces a title would trim: the word is what is left, as text.
    let phone = try #require(try todo("\u{A0}\u{A0}@phone"))
    #expect(phone.title.text == "@phone" && phone.tags.isEmpty)
  }

  /// Words split at spaces scalar by scalar: a combining mark after a space starts a word,
  /// so the creation date before it is still read as one.
  @Test func aTitleThatStartsWithACombiningMarkIsAWordOfItsOwn() throws {
    let task = try #require(try todo("2026-11-20 \u{301}accent first"))
    #expect(task.title.text == "\u{301}accent first" && task.created?.date == CivilDate(iso: "2026-11-20"))
  }

  @Test(arguments: [
    ("x 2026-13-01 Done", "line 7 has completion date '2026-13-01', which is not a date"),
    ("2026-00-10 Made", "line 7 has creation date '2026-00-10', which is not a date"),
    ("(A)", "line 7 has no description"),
    ("2026-11-20 spoons:3", "line 7 has no description"),
    ("Ring \u{1B}]8;;http://evil\u{7}link", "line 7 has a control character (U+001B) in its description"),
    ("Mail \u{85} now", "line 7 has a control character (U+0085) in its description"),
    // A carriage return a title would trim away, leaving a context as the whole title.
    ("\r@phone", "line 7 has a control character (U+000D) in its description"),
  ])
  func refusals(_ line: String, _ message: String) {
    #expect(throws: ImportProblem.self) { try todo(line) }
    do { _ = try todo(line) } catch { #expect(error.description == message) }
  }

  /// What `export --format todotxt` writes reads back as the same task.
  @Test func aWrittenLineReadsBackAsTheSameTask() throws {
    var p = try planner(costs: [])
    let tags = try ["+health", "@phone"].map { try #require(try Tag(word: $0)) }
    let open = p.add(
      try Title("x (A) 2026-01-01 Call the GP about it"), spoons: try SpoonCost(3), at: morning,
      tags: tags, due: CivilDate(iso: "2026-12-01"))
    let done = try p.add("Café ☕ with Zoë", spoons: 1, at: morning)
    try p.plan([done.id], at: morning)
    try p.markDone([done.id], at: morning.plus(days: 0, minutes: 17 * 60 + 30))  // 01:30
    let finished = try #require(p.task(done.id))
    let lines = [open, finished].map { TodoTxt.line($0, dayStart: p.dayStart) }
    #expect(lines == [
      "2026-11-21 x (A) 2026-01-01 Call the GP about it +health @phone due:2026-12-01 spoons:3",
      // Checked off at 01:30, before the day start: the day before, as `completed` lists it.
      "x 2026-11-21 2026-11-21 Café ☕ with Zoë spoons:1",
    ])
    let back = try lines.map { try #require(try todo($0)) }
    #expect(back[0].title == open.title && back[0].tags == open.tags && back[0].due == open.due)
    #expect(back[0].spoons == open.spoons && back[0].completed == nil)
    #expect(back[0].created?.date == open.created.date)
    #expect(back[1].title == finished.title && back[1].completed?.date == morning.date)
  }
}
