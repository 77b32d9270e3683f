import SpoonsCore
import SpoonsTestSupport
import Testing
@testable import SpoonsStore

/// The `old` and `new` lines of a change are read in one pass when they have the shape Spoons
/// writes (`EntryReader.quickTouched`); the general reader stays the definition. Whatever the
/// quick one returns, the general one returns too, and it never accepts a line the general one
/// refuses.
@Suite("The quick reader of a change's lines agrees with the general one")
struct QuickTouchedTests {
  typealias Touched = PlannerLines.Touched

  /// The general reader's result for one `old` or `new` line inside a change.
  func general(_ line: [UInt8]) -> Result<Touched, DecodeError> {
    Result { () throws(DecodeError) in
      var reader = ChangeJournal.EntryReader()
      var fields: [(key: ArraySlice<UInt8>, value: ArraySlice<UInt8>)] = []
      let lines = [
        Array("change\tseq=1\tat=2026-11-21T08:00:00+01:00\twhat=x".utf8), line,
        Array("end\tseq=1".utf8),
      ]
      for text in lines {
        fields.removeAll()
        let record = try RecordCodec.parseLine(text, from: 0, to: text.count, line: 1, fields: &fields)
        if let entry = try reader.read(record) {
          guard entry.touched.count == 1 else { throw DecodeError(line: 1, reason: "not one line") }
          return entry.touched[0]
        }
      }
      throw DecodeError(line: 1, reason: "no end")
    }
  }

  func quick(_ line: [UInt8]) -> Touched? {
    guard
      let read = line.withUnsafeBufferPointer({ ChangeJournal.EntryReader.quickTouched($0) })
    else { return nil }
    return read.old
      ? Touched(key: read.key, old: read.state, new: nil)
      : Touched(key: read.key, old: nil, new: read.state)
  }

  /// `old` and `new` lines as a change records them, for the lines of a rich planner.
  func seeds() throws -> [[UInt8]] {
    let (planner, _) = try richPlanner()
    var lines: [[UInt8]] = []
    var after = "day"
    for task in planner.allTasks {
      var text: [UInt8] = []
      TaskRecord.encode(task, to: &text)
      text.removeLast()
      let key = "task\tid=\(task.id.rawValue)"
      for kind in ["old", "new"] {
        var line = Array(kind.utf8)
        RecordCodec.field("key", key, to: &line, escape: true)
        RecordCodec.field("after", after, to: &line, escape: true)
        RecordCodec.field("text", String(decoding: text, as: UTF8.self), to: &line, escape: true)
        lines.append(line)
      }
      after = key
    }
    return lines
  }

  @Test func linesAsSpoonsWritesThemReadTheSameBothWays() throws {
    for line in try seeds() {
      let read = try #require(quick(line), "\(String(decoding: line, as: UTF8.self))")
      #expect(read == (try general(line).get()))
    }
  }

  @Test func mutatedLinesAreNeverReadDifferently() throws {
    var rng = SeededGenerator(seed: 2511)
    let seeds = try seeds()
    let pieces: [[UInt8]] = [
      Array("\tkey=x".utf8), Array("\tafter=".utf8), Array("\ttext=".utf8), Array("\tfoo=1".utf8),
      Array("\\".utf8), Array("\\t".utf8), Array("\\x4".utf8), Array("\\q".utf8), [0xFF], [0xC3],
      Array("é".utf8), [9], Array("=".utf8), Array("old".utf8), Array("new\tkey=".utf8),
    ]
    var quickAccepted = 0
    var generalRefused = 0
    for _ in 0..<20_000 {
      var line = seeds[rng.below(seeds.count)]
      for _ in 0...rng.below(3) {
        let at = rng.below(line.count + 1)
        switch rng.below(4) {
        case 0: line.insert(contentsOf: pieces[rng.below(pieces.count)], at: at)
        case 1: if at < line.count { line.remove(at: at) }
        case 2: if at < line.count { line[at] = UInt8(rng.below(256)) }
        default: line.removeSubrange(at..<min(line.count, at + rng.below(30)))
        }
      }
      let general = general(line)
      if case .failure = general { generalRefused += 1 }
      guard let quick = quick(line) else { continue }
      quickAccepted += 1
      switch general {
      case .success(let touched): #expect(quick == touched, "\(String(decoding: line, as: UTF8.self))")
      case .failure(let error):
        Issue.record("quick accepted what the general refuses (\(error.reason)): \(String(decoding: line, as: UTF8.self))")
      }
    }
    // Both sides were reached: many lines read quickly, and many were refused.
    #expect(quickAccepted > 2_000)
    #expect(generalRefused > 2_000)
  }
}
