import SpoonsCore
import Testing
@testable import SpoonsCLI

@Suite("Parsing lines into commands")
struct ParserTests {
  static func cost(_ n: Int) -> SpoonCost { try! SpoonCost(n) }
  static func title(_ t: String) -> Title { try! Title(t) }
  static func ids(_ raw: Int...) -> [TaskRef] { raw.map { TaskRef(typed: $0) } }

  @Test(arguments: [
    ("new-day 12", Commands.NewDay(budget: 12)),
    ("nd 0", Commands.NewDay(budget: 0)),
    ("new-day", Commands.NewDay(budget: nil)),
    ("status", Commands.Status(json: false)),
    ("s --json", Commands.Status(json: true)),
    ("categories", Commands.Categories(json: false)),
    ("cats --json", Commands.Categories(json: true)),
    ("add 3 Laundry", Commands.Add(spoons: cost(3), title: title("Laundry"))),
    ("add 2 Call   mum", Commands.Add(spoons: cost(2), title: title("Call mum"))),
    ("add 2 'Call   mum'", Commands.Add(spoons: cost(2), title: title("Call   mum"))),
    ("a 10 \"Say \\\"hi\\\"\"", Commands.Add(spoons: cost(10), title: title("Say \"hi\""))),
    ("add 1 it\\'s done", Commands.Add(spoons: cost(1), title: title("it's done"))),
    ("add 1 it's done", Commands.Add(spoons: cost(1), title: title("it's done"))),
    ("add 1 Fix C:\\Users\\me", Commands.Add(spoons: cost(1), title: title("Fix C:\\Users\\me"))),
    ("add 3 trailing\\", Commands.Add(spoons: cost(3), title: title("trailing\\"))),
    ("add 1 -- --verbose thing", Commands.Add(spoons: cost(1), title: title("--verbose thing"))),
    // After `--` every word is title, wherever the `--` stands; before it, tags are tags.
    (
      "add 2 Call +health -- +notatag @nope --due x",
      Commands.Add(
        spoons: cost(2), title: title("Call +notatag @nope --due x"),
        tags: [try! Tag(word: "+health")!])
    ),
    ("add 1 a -- -- b", Commands.Add(spoons: cost(1), title: title("a -- b"))),
    ("add 4 Café ☕ 洗濯", Commands.Add(spoons: cost(4), title: title("Café ☕ 洗濯"))),
    ("list", Commands.List(category: nil, order: .user, json: false)),
    ("ls 3", Commands.List(category: cost(3), order: .user, json: false)),
    ("list 3 --json", Commands.List(category: cost(3), order: .user, json: true)),
    ("list --json", Commands.List(category: nil, order: .user, json: true)),
    ("plan 4 7", Commands.Plan(ids(4, 7))),
    ("p #4 #7", Commands.Plan(ids(4, 7))),
    ("plan 3-6", Commands.Plan(ids(3, 4, 5, 6))),
    ("plan 3,5 9-10 #12", Commands.Plan(ids(3, 5, 9, 10, 12))),
    ("todo", Commands.Todo(json: false)),
    ("t --json", Commands.Todo(json: true)),
    ("done 4", Commands.Done(ids(4))),
    ("d 4,5", Commands.Done(ids(4, 5))),
    ("undone 4", Commands.Undone(ids(4))),
    ("unplan 7 8", Commands.Unplan(ids(7, 8))),
    ("backlog", Commands.Backlog(order: .user, json: false)),
    ("bl --json", Commands.Backlog(order: .user, json: true)),
    ("delete 12 3-5", Commands.Delete(ids(12, 3, 4, 5))),
    ("rm #1", Commands.Delete(ids(1))),
    ("move 12 1", Commands.Move(TaskRef(typed: 12), position: 1)),
    ("mv #12 3", Commands.Move(TaskRef(typed: 12), position: 3)),
    ("help", Commands.Help(topic: nil)),
    ("help plan", Commands.Help(topic: "plan")),
    ("? p", Commands.Help(topic: "plan")),
    ("quit", Commands.Quit()),
    ("exit", Commands.Quit()),
    ("q", Commands.Quit()),
    ("  status  ", Commands.Status(json: false)),
    // Details and due dates.
    ("add 3 Pharmacy run --due fri --where \"High St\" --note 'bring the card'",
     Commands.Add(spoons: cost(3), title: title("Pharmacy run"), note: "bring the card",
                  location: "High St", due: .next(weekday: 5))),
    ("add --due=2026-12-01 2 Call mum --force",
     Commands.Add(spoons: cost(2), title: title("Call mum"),
                  due: .on(CivilDate(year: 2026, month: 12, day: 1)!), force: true)),
    ("add 1 Stretch --due +3d --where ''", Commands.Add(spoons: cost(1), title: title("Stretch"), due: .inDays(3))),
    ("add 1 -- Read --due notes", Commands.Add(spoons: cost(1), title: title("Read --due notes"))),
    ("list 3 --sort due", Commands.List(category: cost(3), order: .due, json: false)),
    ("ls --sort title --json", Commands.List(category: nil, order: .title, json: true)),
    ("backlog --sort age", Commands.Backlog(order: .age, json: false)),
    ("bl --sort spoons", Commands.Backlog(order: .spoons, json: false)),
    ("edit 12", Commands.Edit(TaskRef(typed: 12), TaskEdit())),
    ("e #12 --spoons 2 --due tomorrow", Commands.Edit(TaskRef(typed: 12), TaskEdit(spoons: cost(2), due: .set(.tomorrow)))),
    ("edit 12 --title 'New name' --note '' --where Home --no-due",
     Commands.Edit(TaskRef(typed: 12), TaskEdit(title: title("New name"), note: "", location: "Home", due: .clear))),
    ("show 7", Commands.Show(TaskRef(typed: 7), json: false)),
    ("show #7 --json", Commands.Show(TaskRef(typed: 7), json: true)),
    ("completed", Commands.Completed(days: 7, json: false)),
    ("completed 30 --json", Commands.Completed(days: 30, json: true)),
    // Looking back.
    ("history", Commands.History(.days(14, json: false))),
    ("history 7 --json", Commands.History(.days(7, json: true))),
    ("stats", Commands.Stats(days: 30, json: false)),
    ("stats --days 60 --json", Commands.Stats(days: 60, json: true)),
    ("stats 60", Commands.Stats(days: 60, json: false)),
    ("completed --days 30", Commands.Completed(days: 30, json: false)),
    ("history --days=30 --json", Commands.History(.days(30, json: true))),
    ("report --html r.html 7", Commands.Report(htmlFile: "r.html", days: 7)),
    ("chart", Commands.Chart(days: 14, ascii: false)),
    ("chart --ascii --days=21", Commands.Chart(days: 21, ascii: true)),
    ("report --html r.html", Commands.Report(htmlFile: "r.html", days: 30)),
    ("report --days 7 --html 'my report.html'", Commands.Report(htmlFile: "my report.html", days: 7)),
    ("search Crème  brûlée", Commands.Search("Crème brûlée", json: false)),
    ("find pharmacy --json", Commands.Search("pharmacy", json: true)),
    ("clear backlog", Commands.Clear(.backlog, confirmed: false)),
    ("clear completed --yes", Commands.Clear(.completed, confirmed: true)),
    // Energy planning.
    ("plan 4 --borrow", Commands.Plan(ids(4), borrow: true)),
    ("plan --use-reserve 4-5", Commands.Plan(ids(4, 5), useReserve: true)),
    ("borrow 3", Commands.Borrow(3)),
    ("rest 2 Nap in the sun", Commands.Rest(cost(2), title("Nap in the sun"))),
    ("add 1 Quiet hour --rest", Commands.Add(spoons: cost(1), title: title("Quiet hour"), isRest: true)),
    ("routine", Commands.Routine(.list(json: false))),
    ("routines --json", Commands.Routine(.list(json: true))),
    ("routine list --json", Commands.Routine(.list(json: true))),
    ("routine add 1 Take meds", Commands.Routine(.add(cost(1), title("Take meds"), days: .everyDay, isRest: false))),
    ("routine add 2 Walk --days mon,wed,fri", Commands.Routine(.add(cost(2), title("Walk"), days: RecurrenceSpec(.weekly(Weekdays([1, 3, 5]))), isRest: false))),
    ("routine add --rest --days=weekends 2 Nap", Commands.Routine(.add(cost(2), title("Nap"), days: RecurrenceSpec(.weekend), isRest: true))),
    ("routine remove r2", Commands.Routine(.remove(RoutineRef(typed: 2)))),
    ("routine pause R3", Commands.Routine(.pause(RoutineRef(typed: 3)))),
    ("routine resume 3", Commands.Routine(.resume(RoutineRef(typed: 3)))),
    ("suggest", Commands.Suggest(max: nil, plan: false)),
    ("suggest --max 3 --plan", Commands.Suggest(max: 3, plan: true)),
    ("reserve", Commands.Reserve(nil)),
    ("reserve 1", Commands.Reserve(1)),
    // Pacing: what a task took, how the morning feels, and their settings.
    ("done 12 --took 5", Commands.Done(ids(12), took: 5)),
    ("d --took=0 #12", Commands.Done(ids(12), took: 0)),
    ("done 4 5 --took 3", Commands.Done(ids(4, 5), took: 3)),  // the rule refuses it, not the parser
    ("done 4 --took 100", Commands.Done(ids(4), took: 100)),
    ("new-day 10 --mood 2", Commands.NewDay(budget: 10, mood: 2)),
    ("nd --mood 4 8", Commands.NewDay(budget: 8, mood: 4)),
    ("new-day --mood 3", Commands.NewDay(budget: nil, mood: 3)),
    ("settings", Commands.Settings(nil)),
    ("settings mood off", Commands.Settings(.asksMood(false))),
    ("settings Mood ON", Commands.Settings(.asksMood(true))),
    ("settings pace-hint off", Commands.Settings(.paceHints(false))),
    ("settings pace-hint yes", Commands.Settings(.paceHints(true))),
  ] as [(String, any SpoonsCommand)])
  func validLines(_ line: String, _ expected: any SpoonsCommand) throws {
    let parsed = try CommandParser.parse(line: line)
    #expect(parsed?.isEqual(expected) == true, "\(line) parsed to \(String(describing: parsed))")
  }

  @Test(arguments: ["", "   ", "\t"])
  func blankLinesAreNoCommand(_ line: String) throws {
    #expect(try CommandParser.parse(line: line) == nil)
  }

  @Test(arguments: [
    ("stauts", "unknown command 'stauts'; did you mean 'status'?"),
    ("plna 3", "unknown command 'plna'; did you mean 'plan'?"),
    ("xyzzy", "unknown command 'xyzzy'; 'help' lists the commands"),
    ("\u{1B}[2J", "unknown command '\\e[2J'; 'help' lists the commands"),
    ("add", "add needs the cost, a whole number of spoons from 1 to 10, e.g. add 3 Laundry"),
    ("add 3", "add needs a title, e.g. add 3 Laundry"),
    ("add 0 x", "0 is too small: the cost must be a whole number of spoons from 1 to 10, e.g. add 3 Laundry"),
    ("add 11 x", "11 is too big: the cost must be a whole number of spoons from 1 to 10, e.g. add 3 Laundry"),
    ("add -3 x", "-3 is too small: the cost must be a whole number of spoons from 1 to 10, e.g. add 3 Laundry"),
    ("add 1e3 x", "'1e3' is not a whole number: the cost must be a whole number of spoons from 1 to 10, e.g. add 3 Laundry"),
    ("add 3 '   '", "a task needs a title"),
    // A `--` later in the title still lets a value that ran on be seen.
    ("add 2 --where High St --due fri -- x", "--where takes one word unless its words are quoted; try: add 2 --where \"High St\" --due fri -- x"),
    ("add 3 x --frob", "add has no option '--frob'; its options are --due, --where, --note, --rest and --force (to keep --frob in the text, put -- before the text)"),
    ("add 3 x --due someday", "'someday' is not a date; use YYYY-MM-DD, today, tomorrow, a weekday (mon ... sun), +Nd or +Nw (days or weeks ahead)"),
    ("add 3 x --due 2026-02-30", "'2026-02-30' is not a date; use YYYY-MM-DD, today, tomorrow, a weekday (mon ... sun), +Nd or +Nw (days or weeks ahead)"),
    ("add 3 x --due +9999w", "'+9999w' is not a date; use YYYY-MM-DD, today, tomorrow, a weekday (mon ... sun), +Nd or +Nw (days or weeks ahead)"),
    ("add 3 x --due", "--due needs a value after it, e.g. add 3 Pharmacy run +errand --due fri --where \"High St\""),
    ("add 3 x --note \"a\u{7}\"", "the note contains the control character U+0007; notes are plain text"),
    ("edit", "edit needs a task id, e.g. edit 12 --spoons 2 --due tomorrow -health +errand"),
    ("edit 3 --due fri --no-due", "--due and --no-due can't be used together, e.g. edit 12 --no-due"),
    ("edit 3 --due fri --due=mon", "--due is given twice; give it once"),
    ("edit 3 --spoons 11", "11 is too big: the cost must be a whole number of spoons from 1 to 10, e.g. edit 12 --spoons 2"),
    ("edit 3 --title ''", "a task needs a title"),
    ("list 3 --sort age", "list sorts by due, created or title, not 'age', e.g. list --sort due"),
    ("backlog --sort title", "backlog sorts by due, age or spoons, not 'title', e.g. backlog --sort due"),
    ("completed 0", "0 is too small: the days to look back must be a whole number from 1 to 3660, e.g. completed 14"),
    ("history -3", "-3 is too small: the days to look back must be a whole number from 1 to 3660, e.g. history 7"),
    ("history 0", "0 is too small: the days to look back must be a whole number from 1 to 3660, e.g. history 7"),
    ("history 99999", "99999 is too big: the days to look back must be a whole number from 1 to 3660, e.g. history 7"),
    ("history 99999999999", "'99999999999' is too big: the days to look back must be a whole number from 1 to 3660, e.g. history 7"),
    ("history abc", "'abc' is not a whole number: the days to look back must be a whole number from 1 to 3660, e.g. history 7"),
    ("history 7 8", "history does not take '8', e.g. history 7"),
    ("stats --days abc", "'abc' is not a whole number: the days to look back must be a whole number from 1 to 3660, e.g. stats --days 60"),
    ("stats --days", "--days needs the days to look back after it, a whole number from 1 to 3660, e.g. stats --days 60"),
    ("chart --days 0", "0 is too small: the days to look back must be a whole number from 1 to 3660, e.g. chart --days 21"),
    ("chart --days -1", "-1 is too small: the days to look back must be a whole number from 1 to 3660, e.g. chart --days 21"),
    ("chart --wide", "chart has no option '--wide'; its options are --days and --ascii"),
    ("report", "report needs --html and the file to write, e.g. report --html spoons-report.html"),
    ("report r.html", "report needs --html and the file to write, e.g. report --html spoons-report.html"),
    ("report --html", "report needs --html and the file to write, e.g. report --html spoons-report.html"),
    ("report --html ''", "--html needs a file name, not '', e.g. report --html spoons-report.html"),
    ("report --html --days 3", "--html needs a file name, not '--days', e.g. report --html spoons-report.html"),
    ("report --html r.html --pdf", "report has no option '--pdf'; its options are --html and --days"),
    ("clear everything", "clear empties the backlog or the completed tasks, not 'everything', e.g. clear backlog"),
    ("search", "search needs words to look for, e.g. search pharmacy"),
    ("show 3 4", "show does not take '4', e.g. show 12"),
    ("add 3 \"a\u{7}b\"", "the title contains the control character U+0007; titles are plain text"),
    ("add 3 \"x\u{202E}y\"", "the title contains the control character U+202E; titles are plain text"),
    ("plan", "plan needs task ids, e.g. plan 4 7 #9"),
    ("borrow", "borrow needs the spoons to borrow, a whole number from 1 to half of what today started with (0: give back), e.g. borrow 2"),
    ("budget", "budget needs today's budget, a whole number of spoons from 0 to 99, e.g. budget 8"),
    ("budget lots", "'lots' is not a whole number: today's budget must be a whole number of spoons from 0 to 99, e.g. budget 8"),
    ("borrow 2 3", "borrow does not take '3', e.g. borrow 2"),
    ("rest 2", "rest needs a title, e.g. rest 2 Nap @bed"),
    ("rest 0 Nap", "0 is too small: the spoons it gives back must be a whole number from 1 to 10, e.g. rest 2 Nap"),
    ("suggest --max 0", "0 is too small: the most tasks to suggest must be a whole number from 1 to 1000, e.g. suggest --max 3"),
    ("suggest --max", "--max needs the most tasks to suggest after it, a whole number from 1 to 1000, e.g. suggest --max 3"),
    ("suggest 3", "suggest does not take the number '3' here; a filter is +tag, @context, spoons:3, due:fri, overdue, in:backlog or words of a title, e.g. suggest --max 3"),
    ("list 3 due:someday", "'due:someday' needs a date after the colon: YYYY-MM-DD, today, tomorrow, a weekday (mon ... sun), +Nd or +Nw (days or weeks ahead)"),
    ("list -json", "'-json' has one dash; did you mean --json? e.g. list 3 @phone --sort due"),
    ("suggest @bed -plan", "'-plan' has one dash; did you mean --plan? e.g. suggest --max 3"),
    ("list -due:fri", "'-due:fri': only a tag or a context can be left out with -, e.g. -health or -@phone"),
    ("routine add 1 Meds +health", "a routine's title takes no tags ('+health'); put -- before the title to keep the word as text, e.g. routine add 1 -- Meds +health"),
    ("todo in:attic", "'in:attic' is no place; a place is in:category, in:backlog, in:todo or in:done"),
    ("add 2 +health @phone", "a task needs a title besides its tags, e.g. add 2 Call GP +health @phone"),
    ("edit 3 +errand -errand", "+errand is both added and taken away; give it once"),
    ("routine frob", "routine takes add, list, today, edit, remove, pause or resume, not 'frob', e.g. routine add 1 Take meds --days daily"),
    ("routine pause", "routine pause needs a routine id, e.g. routine pause r2"),
    ("routine remove #2", "'#2' is not a routine id; they look like r2 (see 'routine list'), e.g. routine remove r2"),
    ("routine remove r0", "'r0' is not a routine id; they look like r2 (see 'routine list'), e.g. routine remove r2"),
    ("routine add 1 Meds --days someday", "'someday' is not a set of days; use \(RecurrenceSpec.acceptedForms)"),
    ("routine add 11 Meds", "11 is too big: the cost must be a whole number of spoons from 1 to 10, e.g. routine add 1 Take meds"),
    ("plan 0", "'0' is not a task id; ids are whole numbers from 1, like 12 or #12 (see 'list'), e.g. plan 4 7 #9"),
    ("plan -1", "'-1' is not a task id; ids are whole numbers from 1, like 12 or #12 (see 'list'), e.g. plan 4 7 #9"),
    ("plan 99999999999999999999", "'99999999999999999999' is too big for a task id; ids are whole numbers from 1, like 12 or #12 (see 'list'), e.g. plan 4 7 #9"),
    ("plan 1.5", "'1.5' is not a task id; ids are whole numbers from 1, like 12 or #12 (see 'list'), e.g. plan 4 7 #9"),
    ("plan 4 abc", "'abc' is not a task id; ids are whole numbers from 1, like 12 or #12 (see 'list'), e.g. plan 4 7 #9"),
    ("edit 3 4 --spoons 2 x", "edit does not take 'x', e.g. edit 12 --spoons 2 --due tomorrow -health +errand"),
    ("done +x 4", "done does not take the number '4' here; a filter is +tag, @context, spoons:3, due:fri, overdue, in:backlog or words of a title, e.g. done 4"),
    ("plan ##3", "'##3' is not a task id; ids are whole numbers from 1, like 12 or #12 (see 'list'), e.g. plan 4 7 #9"),
    ("plan 6-3", "'6-3' is not a range of task ids; write a range low to high, e.g. plan 3-6"),
    ("plan 1-99999999", "at most 1000 tasks at once"),
    ("plan 4 --borrw", "plan has no option '--borrw'; did you mean --borrow?"),
    ("done 1,,2", "'1,,2' is not a task id; ids are whole numbers from 1, like 12 or #12 (see 'list'), e.g. done 4"),
    ("new-day twelve", "'twelve' is not a whole number: today's budget must be a whole number of spoons from 0 to 99, e.g. new-day 12"),
    ("new-day 12 13", "new-day does not take '13', e.g. new-day 12"),
    ("status now", "status does not take 'now', e.g. status"),
    ("todo --jsn", "todo has no option '--jsn'; did you mean --json?"),
    ("list 11", "11 is too big: the category must be a whole number of spoons from 1 to 10, e.g. list 3"),
    ("move 3", "move needs the position, a whole number from 1 to the number of tasks in the category, e.g. move 12 1"),
    ("move 3-4 1", "move takes one task id, not '3-4', e.g. move 12 1"),
    ("help frobnicate", "no command 'frobnicate'; 'help' lists the commands"),
    ("help plna", "no command 'plna'; did you mean 'plan'?"),
    ("add 3 'unclosed", "a ' quote is not closed; try: add 3 'unclosed' (or, to keep the ' as an apostrophe: add 3 \"'unclosed\")"),
    ("add 3 \"unclosed", "a \" quote is not closed; try: add 3 \"unclosed\""),
  ])
  func badLinesSayWhatIsWrong(_ line: String, _ message: String) {
    #expect(throws: ParseError(message)) { try CommandParser.parse(line: line) }
  }

  @Test func aThousandCharacterTitleIsRefusedWithItsLength() {
    let line = "add 3 " + String(repeating: "x", count: 1_000_000)
    #expect(throws: ParseError("the title is 1000000 characters long; at most 200 are allowed")) {
      try CommandParser.parse(line: line)
    }
  }

  @Test func aPastedParagraphAsACommandIsQuotedBackShort() {
    let word = String(repeating: "x", count: 60_000)
    #expect(throws: ParseError("unknown command '\(String(repeating: "x", count: 40))…'; 'help' lists the commands")) {
      try CommandParser.parse([word])
    }
    #expect(throws: ParseError("'\(String(repeating: "9", count: 40))…' is too big for a task id; ids are whole numbers from 1, like 12 or #12 (see 'list'), e.g. done 4")) {
      try CommandParser.parse(["done", String(repeating: "9", count: 500)])
    }
  }

  @Test(arguments: [
    ("stast", "stats"), ("statsu", "status"), ("hsitory", "history"), ("new-dya", "new-day"), ("exprot", "export"),
    ("undoo", "undo"), ("zz", nil), ("statusstatus", nil), ("", nil),
  ] as [(String, String?)])
  func typosSuggestTheNearestCommandWithinAThirdOfItsLength(_ word: String, _ expected: String?) {
    #expect(CommandRegistry.suggestion(for: word) == expected)
  }

  @Test func everyRegisteredCommandParsesItsOwnExample() throws {
    for info in CommandRegistry.infos {
      let command = try CommandParser.parse(line: info.example)
      #expect(command != nil, "\(info.name)")
    }
  }

  @Test(arguments: [
    ("plain words", ["plain", "words"]),
    ("'a b' c", ["a b", "c"]),
    ("\"a \\\"b\\\" \\n\"", ["a \"b\" \\n"]),
    ("a\\ b", ["a b"]),
    ("''", [""]),
    ("x''y", ["x''y"]),
  ])
  func tokenizerFollowsTheShell(_ line: String, _ words: [String]) throws {
    #expect(try Tokenizer.words(line) == words)
  }
}
