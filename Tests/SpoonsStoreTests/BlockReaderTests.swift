import SpoonsCore
import SpoonsTestSupport
import Testing
@testable import SpoonsStore

/// `planner.txt` is read a block at a time (`BlockReader`); whatever the blocks, its lines must
/// be the lines the whole file in memory gives, with the same numbers and the same refusals.
@Suite("Reading a file a block at a time")
struct BlockReaderTests {
  /// Each line as (number, bytes), or the error that stopped the lines.
  typealias Lines = (lines: [(Int, [UInt8])], error: DecodeError?)

  func lines(of source: some LineSource) -> Lines {
    var lines: [(Int, [UInt8])] = []
    do {
      try source.forEachLine { line throws(DecodeError) in
        let bytes = Array(line.buffer[line.start..<line.end])
        #expect(line.kindEnd == (bytes.firstIndex(of: 9).map { line.start + $0 } ?? line.end))
        lines.append((line.number, bytes))
      }
      return (lines, nil)
    } catch {
      return (lines, error)
    }
  }

  func same(_ a: Lines, _ b: Lines) -> Bool {
    a.lines.count == b.lines.count && zip(a.lines, b.lines).allSatisfy { $0 == $1 }
      && a.error?.line == b.error?.line && a.error?.reason == b.error?.reason
  }

  /// Whether `head` is what a reader's head must be: the file's first bytes, at least 512 of
  /// them where there are (a block may have grown to hold a long line).
  func isHead(_ head: UnsafeBufferPointer<UInt8>, of bytes: [UInt8]) -> Bool {
    head.count >= min(bytes.count, BlockReader.headSize) && bytes.starts(with: head)
  }

  @Test func anyFileReadsAsItDoesWhole() throws {
    let directory = TemporaryDirectory()
    var rng = SeededGenerator(seed: 25)
    let pieces: [[UInt8]] = [
      Array("task\tid=1\ttitle=Laundry".utf8), Array("day".utf8), [10], [10, 10], [9], [0xC3, 0xA9],
      Array(repeating: UInt8(ascii: "x"), count: 300), Array("\tnote=a".utf8),
    ]
    var crossed = 0
    for trial in 0..<400 {
      var bytes: [UInt8] = []
      for _ in 0..<rng.below(60) { bytes += pieces[rng.below(pieces.count)] }
      if rng.below(4) > 0 { bytes.append(10) }  // mostly whole, sometimes a last line cut short
      try directory.write("file.txt", bytes)
      let whole = bytes.withUnsafeBufferPointer { lines(of: $0) }
      let blockSize = BlockReader.headSize + rng.below(700)
      if bytes.count > blockSize { crossed += 1 }
      let reader = try #require(try BlockReader(path: directory.file("file.txt"), blockSize: blockSize))
      #expect(reader.byteCount == bytes.count)
      #expect(isHead(reader.head, of: bytes), "trial \(trial)")
      #expect(same(lines(of: reader), whole), "trial \(trial), blocks of \(blockSize)")
      // Read again, from the start: the head, then the lines, as the first time.
      #expect(isHead(reader.head, of: bytes), "trial \(trial), read again")
      #expect(same(lines(of: reader), whole), "trial \(trial), read again")
      #expect(reader.failure == nil)
    }
    #expect(crossed > 100)  // most files took several blocks
  }

  @Test func aLineLongerThanABlockIsReadWhole() throws {
    let directory = TemporaryDirectory()
    let long = Array(repeating: UInt8(ascii: "n"), count: 10_000)
    try directory.write("file.txt", Array("format\n".utf8) + long + [10] + Array("end\n".utf8))
    let reader = try #require(try BlockReader(path: directory.file("file.txt"), blockSize: 512))
    let read = lines(of: reader)
    #expect(read.error == nil)
    #expect(read.lines.map(\.1) == [Array("format".utf8), long, Array("end".utf8)])
  }

  @Test func aFileCutShortWhileReadIsReadAsFarAsItGoes() throws {
    let directory = TemporaryDirectory()
    let text = (1...500).map { "line \($0)\n" }.joined()
    try directory.write("file.txt", text)
    let reader = try #require(try BlockReader(path: directory.file("file.txt"), blockSize: 512))
    // Cut short in place after it was opened, as an editor saving over it might: lines 1 to
    // 9 of 7 bytes, 10 to 99 of 8, 100 to 159 of 9, and 4 bytes of line 160.
    try directory.write("file.txt", Array(text.utf8.prefix(9 * 7 + 90 * 8 + 60 * 9 + 4)))
    let read = lines(of: reader)
    #expect(read.lines.map(\.1) == (1...159).map { Array("line \($0)".utf8) })
    #expect(read.error?.reason == "the last line is cut short (no line end)")
    #expect(reader.failure == nil)
  }

  @Test func noFileIsNilAndADirectoryIsRefused() throws {
    let directory = TemporaryDirectory()
    #expect(try BlockReader(path: directory.file("none.txt")) == nil)
    #expect(throws: StoreError.self) { try BlockReader(path: directory.path) }
  }

  @Test func anEmptyFileHasNoLines() throws {
    let directory = TemporaryDirectory()
    try directory.write("file.txt", [])
    let reader = try #require(try BlockReader(path: directory.file("file.txt")))
    #expect(reader.head.isEmpty)
    let read = lines(of: reader)
    #expect(read.lines.isEmpty && read.error == nil)
  }

  /// The planner read through blocks of every size from a few bytes up equals the planner read
  /// whole, with changes after its checkpoint laid over it.
  @Test func aPlannerWithChangesAfterItsCheckpointReadsTheSameInBlocks() throws {
    let directory = TemporaryDirectory()
    let (store, _, _) = try savedRichPlanner(in: directory)
    for title in ["Laundry", "Call the GP", "Post"] {
      try store.update(at: morning) { p, _ in try p.add(title, spoons: 2, at: morning) }
    }
    // And tasks in the middle of the file taken out: lines the changes expect after others.
    try store.update(at: morning) { p, _ in
      let waiting = p.allTasks.filter { $0.placement == .category }
      _ = try p.delete([waiting[waiting.count / 2].id, waiting[1].id])
    }
    let snapshot = try store.readSnapshot()
    #expect(snapshot.tail.changes == 4)
    let bytes = try #require(directory.bytes("data/planner.txt"))
    #expect(bytes.count > 2 * 700)  // several blocks of the smaller sizes below
    let head = try #require(bytes.withUnsafeBufferPointer { PlannerFile.peek($0) })
    let journalFile = store.journalPath(try #require(head.journal))
    let tail = try JournalTail.read(journalFile, journal: head.journal!) { ChangeJournal.Stacks() }
    let overlay = try PlannerLines.Overlay(tail.steps, file: journalFile)
    for blockSize in [512, 700, 1000, 1 << 18] {
      let reader = try #require(try BlockReader(path: directory.file("data/planner.txt"), blockSize: blockSize))
      let read = try PlannerFile.decode(reader, over: overlay)
      #expect(read.planner == snapshot.planner, "blocks of \(blockSize)")
    }
  }
}
