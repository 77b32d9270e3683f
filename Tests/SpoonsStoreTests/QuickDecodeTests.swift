import SpoonsCore
import SpoonsTestSupport
import Testing
@testable import SpoonsStore

/// `TaskRecord.decodeQuickly` reads the common task line in one pass; the general decoder
/// stays the definition. These hold the quick one to it: whatever it returns, the general one
/// returns too, and it never accepts a line the general one refuses.
@Suite("The quick task decoder agrees with the general one")
struct QuickDecodeTests {
  /// Both decoders on one line: (quick, general), the general as a Result.
  func decodeBoth(_ line: [UInt8]) -> (SpoonTask?, Result<SpoonTask, DecodeError>?) {
    var quick: SpoonTask?
    var general: Result<SpoonTask, DecodeError>?
    try? RecordCodec.forEachLine(in: line + [10]) { line throws(DecodeError) in
      guard line.isKind("task") else { return }
      quick = TaskRecord.decodeQuickly(line)
      general = Result { () throws(DecodeError) in try TaskRecord.decode(line.record()) }
    }
    return (quick, general)
  }

  func taskLines() throws -> [[UInt8]] {
    let (planner, finished) = try richPlanner()
    var lines: [[UInt8]] = []
    for task in planner.allTasks + finished.flatMap(\.doneTasks) {
      var out: [UInt8] = []
      TaskRecord.encode(task, to: &out)
      lines.append(Array(out.dropLast()))
    }
    return lines
  }

  @Test func everyTaskOfARichPlannerReadsTheSameBothWays() throws {
    var quickCount = 0
    for line in try taskLines() {
      let (quick, general) = decodeBoth(line)
      let expected = try #require(try general?.get())
      if let quick {
        #expect(quick == expected)
        quickCount += 1
      }
    }
    // The plain ones (no escapes) take the quick path: it is not just always deferring.
    #expect(quickCount >= 8)
  }

  @Test func mutatedLinesAreNeverReadDifferently() throws {
    var rng = SeededGenerator(seed: 2026)
    let seeds = try taskLines()
    let pieces: [[UInt8]] = [
      Array("\tid=7".utf8), Array("\tat=done".utf8), Array("\tfrom=backlog".utf8),
      Array("\tsince=2026-02-30".utf8), Array("\trest=2".utf8), Array("\ttitle= x".utf8),
      Array("\tdue=2026-11-31".utf8), Array("\tfoo=1".utf8), Array("\tcompleted=x".utf8),
      Array("\\".utf8), [0xFF], [0xC3], Array("=".utf8), [9], Array("é".utf8), Array("\\t".utf8),
      // Where a value's end is found without a search: a time's 25 bytes, a number's digits,
      // a key told by its first letter.
      Array("\tcreated=2026-11-21T08:15:03+01:00".utf8), Array("\tupdated=2026-11-21".utf8),
      Array("\tspoons=3x".utf8), Array("\tidx=1".utf8), Array("\tcomplete=1".utf8),
      Array("\ttitle=a\tb".utf8), Array("\ttitle=".utf8), Array("x".utf8), Array("0".utf8),
    ]
    var quickAccepted = 0
    for _ in 0..<20_000 {
      var line = seeds[rng.below(seeds.count)]
      for _ in 0...rng.below(3) {
        let at = 4 + rng.below(line.count - 3)
        switch rng.below(4) {
        case 0: line.insert(contentsOf: pieces[rng.below(pieces.count)], at: at)
        case 1: if at < line.count { line.remove(at: at) }
        case 2: if at < line.count { line[at] = UInt8(rng.below(128)) }
        default:
          let end = min(line.count, at + rng.below(30))
          line.removeSubrange(at..<end)
        }
      }
      let (quick, general) = decodeBoth(line)
      guard let quick else { continue }
      quickAccepted += 1
      switch general {
      case .success(let task)?:
        #expect(quick == task, "\(String(decoding: line, as: UTF8.self))")
      case .failure(let error)?:
        Issue.record("quick accepted what the general refuses (\(error.reason)): \(String(decoding: line, as: UTF8.self))")
      case nil:
        Issue.record("not a task line")
      }
    }
    #expect(quickAccepted > 200)
  }

  // MARK: - took= (format 7)

  static let done = "task\tid=1\tspoons=3\tat=done\tfrom=category"
    + "\tcompleted=2026-11-21T10:00:00+01:00"
  static let stamps = "\tcreated=2026-11-21T08:00:00+01:00\tupdated=2026-11-21T10:00:00+01:00"

  /// Lines with `took=`, good and bad: the quick decoder reads the good ones as the general
  /// one does, and leaves the bad ones to it (nil), which refuses them.
  @Test(arguments: [
    (done + "\ttook=5" + stamps + "\ttitle=Laundry", 5 as Int?),
    (done + "\ttook=0" + stamps + "\ttitle=Laundry", 0),
    (done + "\ttook=99" + stamps + "\ttitle=Laundry", 99),
    (done + "\ttook=3" + stamps + "\ttitle=Laundry", 3),  // as planned, written anyway
    (done + stamps + "\ttitle=Laundry\ttook=4", 4),  // fields in any order
    (done + "\ttook=5" + stamps + "\ttitle=Laundry \\\\ day", 5),  // an escape: general only
    (done + "\ttook=100" + stamps + "\ttitle=Laundry", nil),
    (done + "\ttook=-1" + stamps + "\ttitle=Laundry", nil),
    (done + "\ttook=5\ttook=5" + stamps + "\ttitle=Laundry", nil),
    (done + "\trest=1\tback=1\ttook=2" + stamps + "\ttitle=Nap", nil),
    ("task\tid=1\tspoons=3\tat=todo\tfrom=category\ttook=2" + stamps + "\ttitle=Laundry", nil),
    ("task\tid=1\tspoons=3\tat=category\ttook=2" + stamps + "\ttitle=Laundry", nil),
    ("task\tid=1\tspoons=3\tat=backlog\tsince=2026-11-20\ttook=2" + stamps + "\ttitle=Laundry", nil),
  ] as [(String, Int?)])
  func tookReadsTheSameBothWays(_ text: String, _ took: Int?) throws {
    let (quick, general) = decodeBoth(Array(text.utf8))
    switch general {
    case .success(let task)?:
      #expect(took != nil, "the general decoder accepted \(text)")
      #expect(task.took == took && task.spent == took)
      if let quick { #expect(quick == task) }
      if !text.contains("\\") { #expect(quick != nil, "the common shape takes the quick path") }
    case .failure?:
      #expect(took == nil, "the general decoder refused \(text)")
      #expect(quick == nil, "quick accepted what the general refuses: \(text)")
    case nil:
      Issue.record("not a task line")
    }
  }

  /// Mutated lines of done tasks with `took=`: the quick decoder never reads one differently
  /// from the general one, nor accepts what it refuses.
  @Test func mutatedTookLinesAreNeverReadDifferently() throws {
    var rng = SeededGenerator(seed: 7)
    let seeds = [
      Self.done + "\ttook=5" + Self.stamps + "\ttitle=Laundry",
      Self.done + "\ttook=0" + Self.stamps + "\ttitle=Grocery shop",
      Self.done + "\trest=1\tback=2" + Self.stamps + "\ttitle=Nap",
      "task\tid=2\tspoons=4\tat=todo\tfrom=category" + Self.stamps + "\ttitle=Shop",
    ].map { Array($0.utf8) }
    let pieces = ["\ttook=3", "\ttook=100", "\ttook=-1", "\ttook=", "\trest=1", "\tat=done",
      "\tat=todo", "\tback=1", "9", "=", "\t"].map { Array($0.utf8) }
    var quickAccepted = 0
    var withTook = 0
    for _ in 0..<5_000 {
      var line = seeds[rng.below(seeds.count)]
      for _ in 0...rng.below(2) {
        let at = 4 + rng.below(line.count - 3)
        switch rng.below(3) {
        case 0: line.insert(contentsOf: pieces[rng.below(pieces.count)], at: at)
        case 1: if at < line.count { line.remove(at: at) }
        default: if at < line.count { line[at] = UInt8(48 + rng.below(10)) }
        }
      }
      let (quick, general) = decodeBoth(line)
      guard let quick else { continue }
      quickAccepted += 1
      if quick.took != nil { withTook += 1 }
      switch general {
      case .success(let task)?:
        #expect(quick == task, "\(String(decoding: line, as: UTF8.self))")
      case .failure(let error)?:
        Issue.record("quick accepted what the general refuses (\(error.reason)): \(String(decoding: line, as: UTF8.self))")
      case nil:
        Issue.record("not a task line")
      }
    }
    #expect(quickAccepted > 200 && withTook > 100)
  }
}

/// The task line is `TaskField`'s: every field of the table is written, read back by both
/// decoders, and the decoders know no key the table does not.
@Suite("The task line is the field table")
struct TaskFieldCodecTests {
  func decodeBoth(_ line: [UInt8]) -> (SpoonTask?, Result<SpoonTask, DecodeError>?) {
    QuickDecodeTests().decodeBoth(line)
  }

  /// Tasks that together hold a value in every field of the table.
  func everyField() throws -> [SpoonTask] {
    let tags = try ["+health", "@phone", "+self-care"].map { try #require(try SpoonsCore.Tag(word: $0)) }
    func task(_ id: Int, _ placement: Placement, rest: Bool = false, back: Int? = nil, took: Int? = nil)
      throws -> SpoonTask
    {
      SpoonTask(
        id: TaskID(id), title: try Title("Call GP"), spoons: try SpoonCost(3), placement: placement,
        created: morning, updated: morning.plus(hours: 1), note: "ask about the letter",
        location: "High St", tags: SpoonsCore.Tag.normalized(tags), due: CivilDate(iso: "2026-11-27"),
        isRest: rest, gaveBack: back, took: took)
    }
    return [
      try task(1, .backlog(since: CivilDate(iso: "2026-11-20")!)),
      try task(2, .done(from: .routine(RoutineID(4)), at: morning.plus(hours: 2)), took: 5),
      try task(3, .done(from: .category, at: morning.plus(hours: 3)), rest: true, back: 2),
      try task(4, .todo(from: .backlog(since: CivilDate(iso: "2026-11-19")!))),
    ]
  }

  @Test func everyFieldIsWrittenAndReadBackByBothDecoders() throws {
    var written = Set<String>()
    for task in try everyField() {
      var line: [UInt8] = []
      TaskRecord.encode(task, to: &line)
      let (quick, general) = decodeBoth(Array(line.dropLast()))
      #expect(try general?.get() == task)
      #expect(quick == task, "the common shape, tags and all, takes the quick path")
      for field in TaskField.allCases where field.value(of: task) != nil { written.insert(field.key) }
    }
    #expect(written == Set(TaskField.allCases.map(\.key)), "a field of the table no task here holds")
    #expect(Set(TaskRecord.keys.map { "\($0)" }) == Set(TaskField.allCases.map(\.key)))
    #expect(Set(TaskField.reading) == Set(TaskField.allCases) && TaskField.reading.count == TaskField.allCases.count)
  }

  @Test(arguments: [
    ("+health @phone", true), ("+health", true), ("@phone +health", false), ("+health +health", false),
    ("+Health", false), ("+health  @phone", false), ("", false), ("+ @phone", false), ("C++", false),
    (" +health", false), ("+health ", false),
  ])
  func aTagsValueIsReadOnlyAsItIsWritten(_ value: String, _ good: Bool) throws {
    let line = "task\tid=1\tspoons=3\tat=category\tcreated=2026-11-21T08:00:00+01:00"
      + "\tupdated=2026-11-21T08:00:00+01:00\ttitle=Laundry\ttags=\(value)"
    let (quick, general) = decodeBoth(Array(line.utf8))
    switch general {
    case .success(let task)?:
      #expect(good, "the general decoder accepted tags=\(value)")
      #expect(task.tags.map(\.description).joined(separator: " ") == value)
      #expect(quick == task)
    case .failure(let error)?:
      #expect(!good, "the general decoder refused tags=\(value): \(error.reason)")
      #expect(quick == nil)
    case nil:
      Issue.record("not a task line")
    }
  }
}
