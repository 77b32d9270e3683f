@testable import SpoonsCore
import SpoonsTestSupport
import Testing

@Suite("Validated values")
struct ValueTypeTests {
  @Test(arguments: [1, 5, 10])
  func spoonCostAcceptsOneToTen(_ n: Int) throws {
    #expect(try SpoonCost(n).value == n)
  }

  @Test(arguments: [0, 11, -3, Int.max, Int.min])
  func spoonCostRefusesOutside(_ n: Int) {
    #expect(throws: PlannerError.invalidSpoons(n)) { try SpoonCost(n) }
  }

  /// The bytes a checkpoint writes for a time or a date are its text, whatever the offset or
  /// the year (out of range ones included, written the slow way).
  @Test(arguments: [
    (Int64(0), 0), (1_567_047_540, 3600), (1_567_047_540, -12_600), (-86_401, 19_800),
    (253_402_300_799, 0), (253_402_300_800, -60), (-62_167_219_201, 0), (1_700_000_000, 50_400),
  ])
  func timesAndDatesAreWrittenAsTheirText(seconds: Int64, offset: Int) {
    let time = Timestamp(seconds: seconds, utcOffset: offset)
    var out = Array("x".utf8)
    time.appendDescription(to: &out)
    #expect(out == Array(("x" + time.description).utf8))
    out = []
    time.date.appendDescription(to: &out)
    #expect(out == Array(time.date.description.utf8))
  }

  @Test func titleIsTrimmed() throws {
    #expect(try Title("  Laundry \t").text == "Laundry")
  }

  @Test(arguments: [
    ("", TitleProblem.empty),
    ("   \t ", .empty),
    ("Bad\u{1B}[2J", .forbiddenCharacter(0x1B)),
    ("tab\tinside", .forbiddenCharacter(0x09)),
    ("line\nbreak", .forbiddenCharacter(0x0A)),
    ("nul\u{0}byte", .forbiddenCharacter(0)),
    ("evil\u{202E}txt", .forbiddenCharacter(0x202E)),
    ("broken\u{FFFD}", .forbiddenCharacter(0xFFFD)),
    (String(repeating: "a", count: 201), .tooLong(201)),
  ])
  func titleRefuses(_ raw: String, _ problem: TitleProblem) {
    #expect(throws: PlannerError.invalidTitle(problem)) { try Title(raw) }
  }

  @Test func titleAllowsUnicodeUpToTwoHundredCharacters() throws {
    let emoji = String(repeating: "👩‍👩‍👧", count: 200)
    #expect(try Title(emoji).text.count == 200)
    #expect(try Title("Café ☕ 洗濯 \u{200F}שלום").text == "Café ☕ 洗濯 \u{200F}שלום")
  }

  /// The one-pass check (`isPlainUTF8`) says "keep as it is" only of a title the full check
  /// keeps as it is: nothing to trim, not too long, nothing forbidden. Built from pieces that
  /// sit on each edge of what it tells from bytes.
  @Test func aTitleTakenAsItIsPassesEveryCheckOfTheFullPath() {
    let pieces = [
      "a", "Z", "~", " ", "\t", "é", "☕", "洗", "👩‍👧", "\u{7F}", "\u{80}", "\u{85}", "\u{9F}",
      "\u{A0}", "\u{2000}", "\u{200F}", "\u{2029}", "\u{202A}", "\u{202E}", "\u{202F}",
      "\u{2065}", "\u{2066}", "\u{2069}", "\u{206A}", "\u{3000}", "\u{FFFD}", "\u{FFFC}",
      "\u{FEFF}", "\\", "\u{1}",
    ]
    var rng = SeededGenerator(seed: 1)
    var kept = 0
    for _ in 0..<20_000 {
      // Mostly between ASCII letters: ends it can take as they are.
      var raw = rng.below(4) == 0 ? "" : "a"
      for _ in 0...rng.below(6) { raw += pieces[rng.below(pieces.count)] }
      if rng.below(4) != 0 { raw += "z" }
      let plain = raw.utf8.withContiguousStorageIfAvailable(Title.isPlainUTF8) ?? false
      let full = Title.trim(raw) == raw && raw.count <= Title.maxLength
        && !raw.unicodeScalars.contains(where: Title.isForbidden)
      if plain {
        if raw.utf8.contains(where: { $0 >= 0x80 }) { kept += 1 }
        #expect(full, "\(raw.unicodeScalars.map { String($0.value, radix: 16) })")
        #expect((try? Title(raw))?.text == raw)
      }
    }
    // It keeps titles beyond plain ASCII as they are, not simply deferring all of them.
    #expect(kept > 100)
  }

  @Test func civilDateArithmetic() throws {
    let d = try #require(CivilDate(iso: "2024-02-28"))
    #expect(d.adding(days: 1).description == "2024-02-29")
    #expect(d.adding(days: 2).description == "2024-03-01")
    #expect(CivilDate(daysSinceEpoch: 0).description == "1970-01-01")
    #expect(CivilDate(iso: "2026-11-21")?.weekday == 6)  // a Saturday
    #expect(CivilDate(iso: "2026-02-29") == nil)
    #expect(CivilDate(iso: "2026-1-01") == nil)
    #expect(d.days(until: d.adding(days: 400)) == 400)
    for n in stride(from: -800_000, to: 800_000, by: 997) {
      #expect(CivilDate(daysSinceEpoch: n).daysSinceEpoch == n)
    }
  }

  @Test func timestampKeepsTheLocalDate() throws {
    let late = try #require(Timestamp(iso: "2026-11-21T23:30:00-05:00"))
    #expect(late.date.description == "2026-11-21")
    #expect(late.description == "2026-11-21T23:30:00-05:00")
    #expect(Timestamp(seconds: late.seconds, utcOffset: 0).date.description == "2026-11-22")
    #expect(Timestamp(iso: "2026-11-21T24:00:00+00:00") == nil)
    #expect(Timestamp(iso: "2026-11-21 08:00:00+00:00") == nil)
  }

  /// Dates and times are written digit by digit; they read the same as the padded form
  /// (the definition, kept here), and read back to themselves, across the years and offsets.
  @Test func datesAndTimesWriteAsPaddedDigitsAndReadBack() throws {
    func padded(_ value: Int, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    var rng = SeededGenerator(seed: 21)
    for _ in 0..<5_000 {
      // From year 1 to 9999, at any second, with any offset within a day.
      let seconds = Int64(rng.below(315_537_897_600)) - 62_135_596_800
      let offset = (rng.below(2 * 86_399) - 86_399) / 60 * 60
      let time = Timestamp(seconds: seconds, utcOffset: offset)
      let date = time.date
      let s = time.secondOfDay
      let off = abs(offset) / 60
      let expectedDate = padded(date.year, 4) + "-" + padded(date.month, 2) + "-" + padded(date.day, 2)
      #expect(date.description == expectedDate)
      let expected = expectedDate + "T" + padded(s / 3600, 2) + ":" + padded(s / 60 % 60, 2) + ":"
        + padded(s % 60, 2) + (offset < 0 ? "-" : "+") + padded(off / 60, 2) + ":" + padded(off % 60, 2)
      #expect(time.description == expected)
      if off / 60 < 24 { #expect(Timestamp(iso: time.description) == time) }
      #expect(CivilDate(iso: date.description) == date)
    }
    // Outside the years a file holds, the padded form still (a date no file can hold).
    #expect(CivilDate(daysSinceEpoch: 3_000_000).description == "10183-09-21")
  }

  @Test func taskIDPrintsWithHash() {
    #expect(TaskID(12).description == "#12")
  }
}
