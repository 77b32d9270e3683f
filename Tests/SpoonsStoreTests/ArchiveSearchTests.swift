import Foundation
import SpoonsCore
import SpoonsTestSupport
import Testing

@testable import SpoonsStore

/// A planner whose archive holds awkward texts and a task archived twice: #1 (Laundry) done
/// on the first day, reopened, renamed and done again on the second; #2 reopened and live;
/// #6 (Groceries) done on the first day.
private func savedArchive(in tmp: TemporaryDirectory) throws -> PlannerStore {
  let store = PlannerStore(directory: tmp.file("data"))
  try store.update(at: morning) { p, finished in
    try p.startNewDay(budget: 30, at: morning)
    try p.add("Laundry", spoons: 3, at: morning)
    try p.add("Call \"mum\" \\ back", spoons: 2, at: morning, note: "line one\nline\ttwo")
    try p.add("Crème brûlée", spoons: 4, at: morning, location: "High St = 5")
    try p.add("CAFÉ visit", spoons: 1, at: morning, note: "ask for the WiFi")
    try p.add("Backslash \\x41 is not an A", spoons: 1, at: morning)
    try p.add("Groceries", spoons: 4, at: morning)
    try p.plan(ids(1, 2, 3, 4, 5, 6), at: morning)
    try p.markDone(ids(1, 2, 3, 4, 5, 6), at: morning)
    if let day = try p.startNewDay(budget: 30, at: nextMorning).finished { finished.append(day) }
    for id in [1, 2] {
      let archived = try #require(finished.last?.doneTasks.first { $0.id == TaskID(id) })
      try p.reopen(archived, at: nextMorning)
    }
    _ = try p.edit(TaskID(1), TaskEdit(title: try Title("Towels")), at: nextMorning)
    try p.plan(ids(1), at: nextMorning)
    try p.markDone(ids(1), at: nextMorning)
    if let day = try p.startNewDay(budget: 30, at: thirdMorning).finished { finished.append(day) }
  }
  return store
}

/// What `search` finds through `loadForSearch`, and through the whole archive.
private func hits(_ store: PlannerStore, _ query: String) throws
  -> (partly: [SearchHit], whole: [SearchHit])
{
  let (planner, done) = try store.loadForSearch(SearchText.fold(query))
  let whole = try store.loadWhole()
  return (
    planner.search(query, today: morning.date, completed: done.reversed()),
    whole.planner.search(query, today: morning.date, completed: whole.archive.doneTasks.reversed())
  )
}

private func ids(_ raw: Int...) -> [TaskID] { raw.map(TaskID.init) }

@Suite("Search reads only the archived lines that may match")
struct ArchiveSearchTests {
  @Test func findsWhatReadingTheWholeArchiveFinds() throws {
    let tmp = TemporaryDirectory()
    let store = try savedArchive(in: tmp)
    let queries = [
      "laundry", "LAUNDRY", "towels", "mum", "\\", "\"mum\"", "line two", "line\ttwo",
      "creme", "BRÛLÉE", "cafe", "café", "wifi", "high st", "= 5", "x41", "a", "1", "id=",
      "spoons", "zzz",
    ]
    var foundNothing: [String] = []
    for query in queries {
      let (partly, whole) = try hits(store, query)
      #expect(partly == whole, "searching for \(query)")
      if whole.isEmpty { foundNothing.append(query) }
    }
    // Laundry is only an older copy of #1; the rest is in no title, note or place.
    #expect(foundNothing == ["laundry", "LAUNDRY", "line two", "id=", "spoons", "zzz"])
  }

  @Test func anOlderCopyOrALiveTaskIsNotFoundInTheArchive() throws {
    let tmp = TemporaryDirectory()
    let store = try savedArchive(in: tmp)
    // #1 was archived as Laundry, then again as Towels: only the newest copy counts.
    #expect(try hits(store, "laundry").partly.isEmpty)
    #expect(try hits(store, "towels").partly.map(\.task.id) == ids(1))
    // #2 is live again: found once, in the planner, not in the archive.
    let (planner, done) = try store.loadForSearch(SearchText.fold("mum"))
    #expect(!done.contains { $0.id == TaskID(2) })
    #expect(planner.search("mum", today: morning.date, completed: done).map(\.task.id) == ids(2))
  }

  @Test func readsOnlyTheLinesThatMayMatch() throws {
    let tmp = TemporaryDirectory()
    let store = try savedArchive(in: tmp)
    // Lines beyond ASCII are read whatever is searched for: accents fold to letters.
    #expect(try store.loadForSearch(SearchText.fold("zzz")).doneTasks.map(\.id) == ids(3, 4))
    #expect(try store.loadForSearch(SearchText.fold("cafe")).doneTasks.map(\.id) == ids(3, 4))
    // Text a line as written cannot be told apart from: every line is read.
    let everyLine = try store.loadForSearch(SearchText.fold("line\ttwo")).doneTasks
    #expect(everyLine.map(\.id) == ids(3, 4, 5, 6, 1))
  }

  @Test func aHexEscapeMaySpellTheText() throws {
    let tmp = TemporaryDirectory()
    let store = try savedArchive(in: tmp)
    // Written by hand or by another program: "\x47rocer" is "Grocer", and as long as
    // "Groceries", so the file keeps the length the planner counts.
    let path = tmp.file("data/done.txt")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    try text.replacingOccurrences(of: "title=Groceries", with: "title=\\x47rocer")
      .write(toFile: path, atomically: false, encoding: .utf8)
    let whole = try store.loadWhole()
    #expect(whole.archive.doneTasks.contains { $0.title.text == "Grocer" })
    let (partly, all) = try hits(store, "grocer")
    #expect(partly == all)
    #expect(partly.map(\.task.id) == ids(6))
  }

  @Test(arguments: [
    ("task\tid=1\ttitle=Laundry", "laundry", true),
    ("task\tid=1\ttitle=LAUNDRY", "laundry", true),
    ("task\tid=1\ttitle=Laundr", "laundry", false),
    ("task\tid=1\ttitle=lAuNdRy", "LAUNDRY", true),
    ("task\tid=1\ttitle=dry", "y dry", false),
    ("task\tid=1\tnote=n", "note=nn", false),  // the line ends first
    ("task\tid=1\ttitle=Café", "zzz", true),  // beyond ASCII: decoded
    ("task\tid=1\ttitle=L\\x61undry", "laundry", true),  // a hex escape may spell anything
    ("task\tid=1\ttitle=a\\tb", "a\tb", true),  // a tab searched for: nothing is ruled out
    ("task\tid=1\ttitle=a\\\\b", "a\\b", true),  // so is a backslash
    ("task\tid=1\ttitle=\\\\x41", "zz", false),  // an escaped backslash, then "x41"
    ("task\tid=1\ttitle=Tab\\tle", "table", false),  // a tab between: not "table"
    ("task\tid=1\ttitle=x", "", true),
  ])
  func aLineMayHoldTheText(line: String, needle: String, may: Bool) {
    let filter = ArchiveLineFilter(SearchText.fold(needle))
    let bytes = Array(line.utf8)
    #expect(bytes.withUnsafeBufferPointer { filter.mayHold($0) } == may)
  }

  @Test func theIdOfALineIsReadWithoutDecodingIt() {
    func id(_ line: String) -> TaskID? {
      Array(line.utf8).withUnsafeBufferPointer { ArchiveLineFilter.id($0) }
    }
    #expect(id("task\tid=42\tspoons=3") == TaskID(42))
    #expect(id("task\tid=0\tspoons=3") == nil)
    #expect(id("task\tid=4x2\tspoons=3") == nil)
    #expect(id("day\tid=42") == nil)
  }
}
