import SpoonsCore
@testable import SpoonsStore
import SpoonsTestSupport
import Testing

@Suite("The file format, in memory")
struct CodecTests {
  @Test func richPlannerRoundTripsThroughPlannerTxt() throws {
    let (planner, _) = try richPlanner()
    let snapshot = PlannerSnapshot(planner: planner, archive: ArchiveLengths(done: 120, days: 80))
    let bytes = PlannerFile.encode(snapshot)
    #expect(try PlannerFile.decode(bytes) == snapshot)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.hasPrefix("format\tname=spoons-planner\tversion=\(PlannerFile.format.version)\njournal\t"))
    #expect(text.contains("\nsettings\treserve=1\tdaystart=04:00\n"))
    #expect(text.contains("\nday\tdate=2026-11-22\tbudget=10\trepaid=2\tstarted=2026-11-22T07:45:00+01:00\n"))
    #expect(text.contains("\troutine=2\tpaused=1\t") == false)  // ids are not mixed up
    #expect(text.contains("routine\tid=2\tspoons=2\tdays=mon,tue,wed,thu,fri\tpaused=1\t"))
    #expect(text.contains("\tat=todo\tfrom=routine\troutine=3\trest=1\t"))
    #expect(planner.routines.count == 3 && planner.todo.contains { $0.routine != nil })
    #expect(text.contains("note=line one\\nline\\ttwo"))
    #expect(text.contains("title=Call \"mum\" \\\\ back") == false)  // #2 was deleted
    #expect(text.hasSuffix("end\ttasks=\(planner.taskCount)\n"))
  }

  /// A sync's round appended to an earlier sync's state is named on the journal line, file
  /// and length, and read back; without them (every planner before version 12) the state is
  /// `sync-<sync>.txt`, whole. One without the other is refused.
  @Test func theSyncedStateAppendedToIsNamedOnTheJournalLine() throws {
    var snapshot = PlannerSnapshot(planner: Planner())
    snapshot.journal = JournalState(
      generation: 2, bytes: 90, records: 3, lastSeq: 40, syncFile: 40, syncRecords: 3,
      syncState: SyncedStateMark(file: 31, bytes: 5_120))
    let bytes = PlannerFile.encode(snapshot)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.contains("\tsync=40\tsyncrecords=3\tsyncfile=31\tsyncbytes=5120\n"))
    let read = try PlannerFile.decode(bytes).journal
    #expect(read == snapshot.journal && read.syncStateFile == 31)

    let older = text.replacingOccurrences(of: "\tsyncfile=31\tsyncbytes=5120", with: "")
    let whole = try PlannerFile.decode(Array(older.utf8)).journal
    #expect(whole.syncState == nil && whole.syncStateFile == 40)

    let noLength = text.replacingOccurrences(of: "\tsyncbytes=5120", with: "")
    #expect(throws: StoreError.self) { try PlannerFile.decode(Array(noLength.utf8)) }
    let noFile = text.replacingOccurrences(of: "\tsyncfile=31", with: "")
    #expect(throws: StoreError.self) { try PlannerFile.decode(Array(noFile.utf8)) }
  }

  @Test func theDayStartIsStoredWithTheSettingsAndOlderFilesGetTheStandardOne() throws {
    var p = Planner()
    p.setDayStart(DayStart("05:30")!)
    let bytes = PlannerFile.encode(PlannerSnapshot(planner: p))
    #expect(String(decoding: bytes, as: UTF8.self).contains("\nsettings\treserve=0\tdaystart=05:30\n"))
    #expect(try PlannerFile.decode(bytes).planner.dayStart == DayStart(minutes: 330))

    let older = String(decoding: bytes, as: UTF8.self)
      .replacingOccurrences(of: "version=5", with: "version=4")
      .replacingOccurrences(of: "\tdaystart=05:30", with: "")
    #expect(try PlannerFile.decode(Array(older.utf8)).planner.dayStart == .standard)

    for bad in ["13:00", "5:30", "04:60", "x", ""] {
      let text = String(decoding: bytes, as: UTF8.self)
        .replacingOccurrences(of: "daystart=05:30", with: "daystart=\(bad)")
      #expect(throws: StoreError.self, "\(bad)") { try PlannerFile.decode(Array(text.utf8)) }
    }
  }

  @Test func escapesRoundTripEveryControlByte() throws {
    var p = Planner()
    let note = String(decoding: (0..<128).map { UInt8($0) }, as: UTF8.self) + "\\x41 é"
    try p.add("Odd note", spoons: 1, at: morning, note: note, location: "a\\b\tc")
    let back = try PlannerFile.decode(PlannerFile.encode(PlannerSnapshot(planner: p)))
    #expect(back.planner.task(TaskID(1))?.note == note)
    #expect(back.planner.task(TaskID(1))?.location == "a\\b\tc")
    #expect(!PlannerFile.encode(PlannerSnapshot(planner: p)).contains(0))
  }

  /// Numbers written digit by digit read as `String` writes them, at every length and edge.
  @Test func decimalsAreWrittenAsStringWritesThem() {
    var rng = SeededGenerator(seed: 11)
    var numbers = [0, 1, 9, 10, 99, 100, 1_000_000, Int.max, -1, Int.min]
    for _ in 0..<2_000 { numbers.append(Int(truncatingIfNeeded: rng.next()) >> rng.below(63)) }
    for number in numbers {
      var out: [UInt8] = [7]
      RecordCodec.appendDecimal(number, to: &out)
      #expect(out == [7] + Array(String(number).utf8), "\(number)")
    }
  }

  /// Every text the store writes reads back byte for byte, and a value that is not one it
  /// could have written is refused with the field's name and what is wrong.
  @Test func unescapingUndoesEscapingAndNamesWhatIsWrong() throws {
    var rng = SeededGenerator(seed: 8)
    let alphabet = Array("ab \t\\\n\rxé€😀\u{01}\u{7F}".unicodeScalars)
    for _ in 0..<2_000 {
      let text = String(String.UnicodeScalarView((0..<rng.below(40)).map { _ in alphabet[rng.below(alphabet.count)] }))
      var escaped: [UInt8] = []
      RecordCodec.appendEscaped(text, to: &escaped)
      #expect(try RecordCodec.unescape(escaped[...], line: 3, key: "note") == text)
      #expect(try RecordCodec.unescapedBytes(escaped[...], line: 3, key: "note") == Array(text.utf8))
      // A record's text, which takes a quicker way for ASCII, reads the same.
      var line = Array("task\tnote=".utf8)
      line += escaped + [10]
      try RecordCodec.forEachRecord(in: line) { record throws(DecodeError) in
        #expect(try record.string("note") == text)
      }
    }
    for (raw, reason) in [("ab\\", "note ends in a lone backslash"), ("a\\q", "note has an unknown escape")] {
      #expect(throws: DecodeError(line: 1, reason: reason)) {
        try RecordCodec.forEachRecord(in: Array("task\tnote=\(raw)\n".utf8)) { record throws(DecodeError) in
          _ = try record.string("note")
        }
      }
    }
    #expect(try RecordCodec.unescape(Array("a\\x41\\x09b".utf8)[...], line: 1, key: "k") == "aA\tb")
    for (raw, reason) in [
      ("ab\\", "note ends in a lone backslash"), ("a\\x4", "note has a bad \\x escape"),
      ("a\\xg1", "note has a bad \\x escape"), ("a\\q", "note has an unknown escape"),
      ("caf\\xe9", "note is not valid UTF-8"),
    ] {
      #expect(throws: DecodeError(line: 7, reason: reason), "\(raw)") {
        try RecordCodec.unescapedBytes(Array(raw.utf8)[...], line: 7, key: "note")
      }
    }
  }

  @Test func archiveRoundTrips() throws {
    let (_, finished) = try richPlanner()
    let (done, days) = ArchiveFiles.encode(finished, doneIsEmpty: true, daysIsEmpty: true)
    #expect(try ArchiveFiles.decodeDone(done) == finished.flatMap(\.doneTasks))
    #expect(try ArchiveFiles.decodeDays(days) == finished.map(\.record))
    let text = String(decoding: days, as: UTF8.self)
    #expect(text == "format\tname=spoons-days\tversion=1\n"
      + "day\tdate=2026-11-21\tbudget=10\tplanned=6\tspent=2\tdone=5,7\tborrowed=2\trested=1\n")
    #expect(try ArchiveFiles.decodeDone(done).map(\.isRest) == [false, true])
  }

  static let header = "format\tname=spoons-planner\tversion=1\n"
  static let good = header + "next\tid=2\narchive\tdone=0\tdays=0\nday\tdate=2026-11-21\tbudget=5\n"
    + "task\tid=1\tspoons=3\tat=todo\tfrom=category\tcreated=2026-11-21T08:00:00+01:00"
    + "\tupdated=2026-11-21T08:00:00+01:00\ttitle=Laundry\nend\ttasks=1\n"

  @Test func theHandWrittenExampleDecodes() throws {
    let snapshot = try PlannerFile.decode(Array(Self.good.utf8))
    #expect(snapshot.planner.todo.map(\.title.text) == ["Laundry"])
    #expect(snapshot.planner.ledger!.planned == 3)
  }

  /// Every way a planner file can be wrong, with the line and reason the user is told.
  @Test(arguments: [
    (header + "next id=2\n", 2, "not a Spoons record"),
    (header, nil, "the next or archive line is missing"),
    (String(good.dropLast(12)), nil, "the file is cut short (no end line)"),
    (String(good.dropLast(1)), 6, "the last line is cut short (no line end)"),
    (good.replacingOccurrences(of: "spoons=3", with: "spoons=11"), 5,
     "spoons must be a whole number from 1 to 10, not 11"),
    (good.replacingOccurrences(of: "spoons=3", with: "spoons=-3"), 5, "spoons is not a whole number"),
    (good.replacingOccurrences(of: "id=1\t", with: "id=99999999999999999999\t"), 5,
     "id is not a whole number"),
    (good.replacingOccurrences(of: "budget=5", with: "budget=5\tborrowed=3"), 4,
     "can't borrow 3 more: a day may borrow at most 2 (half of what it started with)"),
    (good.replacingOccurrences(of: "from=category", with: "from=routine\troutine=0"), 5,
     "routine must be 1 or more"),
    (good.replacingOccurrences(of: "from=category", with: "from=category\trest=2"), 5,
     "rest must be from 0 to 1"),
    (good.replacingOccurrences(of: "archive", with: "settings\treserve=100\narchive"), 3,
     "reserve must be from 0 to 99"),
    (good.replacingOccurrences(of: "next\tid=2", with: "next\tid=2\troutine=1\nroutine\tid=1\tspoons=1\tdays=daily\tcreated=2026-11-21T08:00:00+01:00\ttitle=Meds"), nil,
     "routine r1 is repeated or not below the next routine id 1"),
    (good.replacingOccurrences(of: "next\tid=2", with: "next\tid=2\troutine=2\nroutine\tid=1\tspoons=1\tdays=someday\tcreated=2026-11-21T08:00:00+01:00\ttitle=Meds"), 3,
     "days is not a form 'routine add --days' writes"),
    (good.replacingOccurrences(of: "\ttitle=Laundry", with: "\ttitle=Laundry\tcolour=red"), 5,
     "unknown field 'colour' in a task record"),
    (good.replacingOccurrences(of: "next\tid=2", with: "next\tid=1"), 5,
     "task #1 is not below the next id 1"),
    (good.replacingOccurrences(of: "title=Laundry", with: "title=\\x1b[2J"), 5,
     "the title contains the control character U+001B; titles are plain text"),
    (good.replacingOccurrences(of: "title=Laundry", with: "title=\u{FF}"), 5,
     "title is not valid UTF-8"),
    (good.replacingOccurrences(of: "tasks=1", with: "tasks=2"), nil,
     "the end line counts 2 tasks but the file holds 1"),
    (good.replacingOccurrences(of: "at=todo", with: "at=fridge"), 5, "unknown place 'fridge'"),
    // A read finds the changes after the checkpoint from the journal line on line 2: one
    // anywhere else (a blank line or another line before it) would leave them unread.
    (good.replacingOccurrences(
      of: "next\tid=2\n", with: "next\tid=2\njournal\tgeneration=1\tbytes=9\trecords=1\tseq=1\n"), 3,
     "the journal line must come right after the format line"),
    (good.replacingOccurrences(
      of: "\nnext", with: "\n\njournal\tgeneration=1\tbytes=9\trecords=1\tseq=1\nnext"), 3,
     "the journal line must come right after the format line"),
    (good.replacingOccurrences(of: "2026-11-21T08:00:00+01:00\ttitle", with: "yesterday\ttitle"), 5,
     "updated is not a time (YYYY-MM-DDTHH:MM:SS+HH:MM)"),
  ] as [(String, Int?, String)])
  func badPlannerFilesAreRefusedWithLineAndReason(_ text: String, _ line: Int?, _ reason: String) {
    var bytes = Array(text.utf8)
    if text.contains("\u{FF}") {  // put a raw invalid byte in place of the marker
      bytes = Array(text.replacingOccurrences(of: "\u{FF}", with: "@").utf8)
      bytes[bytes.firstIndex(of: UInt8(ascii: "@"))!] = 0xFF
    }
    #expect(throws: StoreError.corrupt(file: "planner.txt", line: line, reason: reason)) {
      try PlannerFile.decode(bytes)
    }
  }

  /// Today's deleted numbers are written as runs and read back; a run that is not one is
  /// refused, and so is one naming more ids than any day deletes.
  @Test func deletedNumbersAreRunsAndAHostileRunIsRefused() throws {
    let ids = [3, 4, 5, 9, 11, 12].map(TaskID.init)
    #expect(PlannerFile.runs(of: ids) == "3-5,9,11-12")
    #expect(try PlannerFile.ids(inRuns: "3-5,9,11-12", line: 4) == ids)
    for bad in ["0", "5-3", "x", "1-", "-2", "1-999999999"] {
      #expect(throws: DecodeError.self) { try PlannerFile.ids(inRuns: bad, line: 4) }
    }
    var p = Planner()
    for title in ["a", "b", "c", "d"] { try p.add(title, spoons: 1, at: morning) }
    try p.delete([TaskID(1), TaskID(2), TaskID(4)])
    let text = String(decoding: PlannerFile.encode(PlannerSnapshot(planner: p)), as: UTF8.self)
    #expect(text.contains("\ndeleted\tids=1-2,4\n"), "\(text)")
    #expect(try PlannerFile.decode(Array(text.utf8)).planner == p)
  }

  /// A file that is not a planner at all is named for what it seems to be, not reported as
  /// a bad first line.
  @Test(arguments: [
    ("", "it is empty"), ("\n\n  \n", "it is empty"), ("hello\n", nil),
    ("{\n  \"format\": \"spoons-export\",\n", "it holds a Spoons JSON export"),
    ("[1, 2]\n", "it holds JSON"), ("type,id,title,spoons\r\n", "it holds a Spoons CSV export"),
    ("format\tname=spoons-done\tversion=1\n", "it is a Spoons done.txt"),
    ("format\tname=spoons-undo\tversion=1\n", "it is a Spoons undo-N.txt"),
    ("\u{FF}", "it is not a text file"), ("GIF89a\u{0}", "it is not a text file"),
  ] as [(String, String?)])
  func otherFilesAreNamedForWhatTheyAre(_ text: String, _ holds: String?) {
    var bytes = Array(text.utf8)
    if text == "\u{FF}" { bytes = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46] }  // a JPEG
    #expect(throws: StoreError.foreign(file: "planner.txt", kind: "planner", holds: holds)) {
      try PlannerFile.decode(bytes)
    }
  }

  @Test func aNewerVersionIsRefusedByName() {
    let supported = PlannerFile.format.version
    let newer = Self.good.replacingOccurrences(of: "version=1", with: "version=\(supported + 1)")
    #expect(
      throws: StoreError.newerFormat(file: "planner.txt", found: supported + 1, supported: supported)
    ) {
      try PlannerFile.decode(Array(newer.utf8))
    }
  }

  // MARK: - Pacing (format 7)

  /// A planner with every pacing field: a done task that took other than planned, one that
  /// took nothing, one done as planned, a done rest, a mood, and both settings off.
  static let pacing = """
    format\tname=spoons-planner\tversion=12
    journal\tgeneration=1\tbytes=0\trecords=0\tseq=0
    next\tid=6\troutine=1
    archive\tdone=0\tdays=0
    settings\treserve=0\tdaystart=04:00\tmood=off\tpacehint=off
    day\tdate=2026-11-21\tbudget=10\tmood=3
    task\tid=1\tspoons=3\tat=done\tfrom=category\tcompleted=2026-11-21T10:00:00+01:00\ttook=5\tcreated=2026-11-21T08:00:00+01:00\tupdated=2026-11-21T10:00:00+01:00\ttitle=Laundry
    task\tid=2\tspoons=4\tat=done\tfrom=category\tcompleted=2026-11-21T11:00:00+01:00\ttook=0\tcreated=2026-11-21T08:00:00+01:00\tupdated=2026-11-21T11:00:00+01:00\ttitle=Grocery shop
    task\tid=3\tspoons=2\tat=done\tfrom=category\tcompleted=2026-11-21T12:00:00+01:00\tcreated=2026-11-21T08:00:00+01:00\tupdated=2026-11-21T12:00:00+01:00\ttitle=Shower
    task\tid=4\tspoons=2\tat=done\tfrom=category\tcompleted=2026-11-21T13:00:00+01:00\trest=1\tback=2\tcreated=2026-11-21T08:00:00+01:00\tupdated=2026-11-21T13:00:00+01:00\ttitle=Nap
    task\tid=5\tspoons=1\tat=todo\tfrom=category\tcreated=2026-11-21T08:00:00+01:00\tupdated=2026-11-21T08:00:00+01:00\ttitle=Post the letter
    end\ttasks=5

    """

  @Test func thePacingFieldsReadAndWriteBackByteForByte() throws {
    let bytes = Array(Self.pacing.utf8)
    let snapshot = try PlannerFile.decode(bytes)
    let p = snapshot.planner
    #expect(!p.asksMood && !p.paceHints && p.day?.mood == 3)
    #expect([1, 2, 3, 4, 5].map { p.task(TaskID($0))?.took } == [5, 0, nil, nil, nil])
    // Spent counts what the tasks took, checked what they were planned at; the rest neither.
    #expect(p.ledger?.spent == 7 && p.ledger?.checked == 9 && p.ledger?.planned == 10)
    #expect(String(decoding: PlannerFile.encode(snapshot), as: UTF8.self) == Self.pacing)
  }

  @Test func theCheckInSettingsAreLeftOutWhileOnAndReadOnOrOff() throws {
    let on = String(decoding: PlannerFile.encode(PlannerSnapshot(planner: Planner())), as: UTF8.self)
    #expect(on.contains("\nsettings\treserve=0\tdaystart=04:00\n"))
    let spelledOn = Self.pacing.replacingOccurrences(of: "mood=off\tpacehint=off", with: "mood=on\tpacehint=on")
    let p = try PlannerFile.decode(Array(spelledOn.utf8)).planner
    #expect(p.asksMood && p.paceHints)
    var mixed = Planner()
    mixed.setPaceHints(false)
    let text = String(decoding: PlannerFile.encode(PlannerSnapshot(planner: mixed)), as: UTF8.self)
    #expect(text.contains("\nsettings\treserve=0\tdaystart=04:00\tpacehint=off\n"))
    #expect(try PlannerFile.decode(Array(text.utf8)).planner == mixed)
  }

  /// Every pacing value the files refuse, with the line and reason the user is told.
  @Test(arguments: [
    // took= on a rest, on an open task, out of range, not a number
    (pacing.replacingOccurrences(of: "rest=1\tback=2", with: "rest=1\tback=2\ttook=1"), 10,
     "took= belongs to a done task that is not a rest, from 0 to 99"),
    (pacing.replacingOccurrences(of: "at=todo\tfrom=category", with: "at=todo\tfrom=category\ttook=2"),
     11, "took= belongs to a done task that is not a rest, from 0 to 99"),
    (pacing.replacingOccurrences(of: "took=5", with: "took=100"), 7,
     "took= belongs to a done task that is not a rest, from 0 to 99"),
    (pacing.replacingOccurrences(of: "took=5", with: "took=-1"), 7, "took is not a whole number"),
    (pacing.replacingOccurrences(of: "took=5", with: "took=five"), 7, "took is not a whole number"),
    (pacing.replacingOccurrences(of: "took=5", with: "took=5\ttook=5"), 7, "the field 'took' appears twice"),
    // a day's mood
    (pacing.replacingOccurrences(of: "mood=3", with: "mood=0"), 6, "mood must be from 1 to 5"),
    (pacing.replacingOccurrences(of: "mood=3", with: "mood=6"), 6, "mood must be from 1 to 5"),
    (pacing.replacingOccurrences(of: "mood=3", with: "mood=ok"), 6, "mood is not a whole number"),
    // the settings
    (pacing.replacingOccurrences(of: "mood=off", with: "mood=maybe"), 5, "mood must be on or off"),
    (pacing.replacingOccurrences(of: "pacehint=off", with: "pacehint=1"), 5,
     "pacehint must be on or off"),
  ] as [(String, Int?, String)])
  func badPacingValuesAreRefusedWithLineAndReason(_ text: String, _ line: Int?, _ reason: String) {
    #expect(throws: StoreError.corrupt(file: "planner.txt", line: line, reason: reason)) {
      try PlannerFile.decode(Array(text.utf8))
    }
  }

  static let daysHeader = "format\tname=spoons-days\tversion=1\n"

  /// A finished day written before `checked=` (or when every task took what it was planned
  /// at) checked off what it spent; one with it keeps both, and the mood.
  @Test func aDaysLineWithoutCheckedReadsCheckedAsSpent() throws {
    let days = try ArchiveFiles.decodeDays(Array((Self.daysHeader
      + "day\tdate=2026-11-20\tbudget=10\tplanned=6\tspent=4\tdone=1,2\n"
      + "day\tdate=2026-11-21\tbudget=10\tplanned=6\tspent=8\tdone=3\tchecked=5\tmood=2\n").utf8))
    #expect(days.map(\.ledger.spent) == [4, 8])
    #expect(days.map(\.ledger.checked) == [4, 5])
    #expect(days.map(\.mood) == [nil, 2])
    #expect(days.map(\.ledger.isFullyDone) == [false, false])
    // Written back, `checked=` only where it differs from `spent=`.
    var out: [UInt8] = []
    for day in days { ArchiveFiles.encode(day, to: &out) }
    let text = String(decoding: out, as: UTF8.self)
    #expect(text == "day\tdate=2026-11-20\tbudget=10\tplanned=6\tspent=4\tdone=1,2\n"
      + "day\tdate=2026-11-21\tbudget=10\tplanned=6\tspent=8\tdone=3\tchecked=5\tmood=2\n")
  }

  @Test(arguments: [
    ("mood=0", "mood must be from 1 to 5"), ("mood=6", "mood must be from 1 to 5"),
    ("mood=", "mood is not a whole number"), ("checked=-2", "checked is not a whole number"),
    ("checked=100000001", "checked must be from 0 to 100000000"),
  ])
  func badPacingValuesInDaysTxtAreRefusedWithLineAndReason(_ field: String, _ reason: String) {
    let text = Self.daysHeader + "day\tdate=2026-11-20\tbudget=10\tplanned=6\tspent=4\tdone=1\n"
      + "day\tdate=2026-11-21\tbudget=10\tplanned=6\tspent=4\tdone=2\t\(field)\n"
    #expect(throws: StoreError.corrupt(file: "days.txt", line: 3, reason: reason)) {
      try ArchiveFiles.decodeDays(Array(text.utf8))
    }
  }

  @Test func aDoneTxtLineWithTookOnARestIsRefused() {
    let text = "format\tname=spoons-done\tversion=1\n"
      + "task\tid=4\tspoons=2\tat=done\tfrom=category\tcompleted=2026-11-21T13:00:00+01:00"
      + "\trest=1\tback=2\ttook=1\tcreated=2026-11-21T08:00:00+01:00"
      + "\tupdated=2026-11-21T13:00:00+01:00\ttitle=Nap\n"
    #expect(
      throws: StoreError.corrupt(
        file: "done.txt", line: 2, reason: "took= belongs to a done task that is not a rest, from 0 to 99")
    ) { try ArchiveFiles.decodeDone(Array(text.utf8)) }
  }

  /// A day of a hundred tasks that each took 99 spoons: spent far past any budget, and what
  /// `new-day` writes for it reads back.
  @Test func aDayOfTasksThatTookTheMostReadsBack() throws {
    var p = Planner()
    try p.startNewDay(budget: 99, at: morning)
    for i in 1...105 {
      let task = try p.add("Task \(i)", spoons: 1, at: morning)
      try p.plan([task.id], at: morning, borrow: true)
      try p.markDone([task.id], took: 99, at: morning)
    }
    let finished = try #require(try p.startNewDay(budget: 10, at: nextMorning).finished)
    #expect(finished.record.ledger.spent == 105 * 99)
    var bytes: [UInt8] = []
    ArchiveFiles.encode(finished.record, to: &bytes)
    let text = "format\tname=spoons-days\tversion=1\n" + String(decoding: bytes, as: UTF8.self)
    #expect(try ArchiveFiles.decodeDays(Array(text.utf8)) == [finished.record])
  }
}
