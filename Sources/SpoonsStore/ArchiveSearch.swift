#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import SpoonsCore

/// Searching the archive without decoding all of it. `search` reads years of done tasks, of
/// which a handful match: a line whose bytes cannot hold the text searched for is not decoded,
/// only its id is read (a later copy of an id replaces an earlier one). What is decoded is a
/// superset of what matches, so `Planner.search` over it finds what it finds over the whole
/// archive (tests and the loader fuzz target compare the two).
extension PlannerStore {
  /// The planner and the newest archived copies of the done tasks whose lines may hold
  /// `needle` (search text folded by `SearchText.fold`), oldest first: every done task that
  /// `Planner.search` would find in the archive, and maybe a few more.
  public func loadForSearch(_ needle: [UInt8]) throws(StoreError)
    -> (planner: Planner, doneTasks: [SpoonTask])
  {
    try shared(or: (Planner(), [])) { () throws(StoreError) in
      let snapshot = try readSnapshot()
      let name = snapshot.archive.doneName
      let (ids, kept) = try ArchiveFiles.decodeDone(
        archiveBytes(name, snapshot.archive.done, of: snapshot), file: directory + "/" + name,
        mayHold: needle)
      return (snapshot.planner, ArchiveFiles.newest(kept, ids: ids, live: snapshot.planner))
    }
  }
}

extension ArchiveFiles {
  /// The id of every line of `done.txt` in order, and the tasks of the lines that may hold
  /// `needle` with their places in `ids`. Those lines are decoded and checked as
  /// `decodeDone(_:file:)` checks every line; the others only as far as their id.
  static func decodeDone(_ bytes: [UInt8], file: String = doneName, mayHold needle: [UInt8])
    throws(StoreError) -> (ids: [TaskID], kept: [(at: Int, task: SpoonTask)])
  {
    var ids: [TaskID] = []
    ids.reserveCapacity(RecordCodec.lineCount(bytes))
    var kept: [(at: Int, task: SpoonTask)] = []
    let filter = ArchiveLineFilter(needle)
    try doneFormat.decodeLines(bytes, file: file) { line throws(DecodeError) in
      let text = UnsafeBufferPointer(rebasing: line.buffer[line.start..<line.end])
      if !filter.mayHold(text), let id = ArchiveLineFilter.id(text) {
        ids.append(id)
        return
      }
      guard line.isKind("task") else {
        throw DecodeError(line: line.number, reason: "unknown record '\(try line.record().kind)'")
      }
      let task = try TaskRecord.decode(line)
      guard task.isDone else {
        throw DecodeError(line: line.number, reason: "an archived task must be done")
      }
      kept.append((ids.count, task))
      ids.append(task.id)
    }
    return (ids, kept)
  }

  /// `kept` less every task live in `planner` and every copy that a later line of the same
  /// id replaces, in order: `ArchivedCopies.newest` when only some lines were decoded.
  static func newest(_ kept: [(at: Int, task: SpoonTask)], ids: [TaskID], live planner: Planner)
    -> [SpoonTask]
  {
    var seen = TaskIDSet()
    var result: [SpoonTask] = []
    var next = kept.count - 1  // the kept task nearest the end not yet passed
    for at in ids.indices.reversed() {
      let newest = seen.insert(ids[at])
      guard next >= 0, kept[next].at == at else { continue }
      if newest && planner.task(ids[at]) == nil { result.append(kept[next].task) }
      next -= 1
    }
    return result.reversed()
  }
}

/// Whether a line of the archive, as written (escaped), may hold some folded search text.
///
/// A title, note or place is its field's bytes with the escapes undone. For ASCII text whose
/// folded form has no backslash and no control character, an occurrence in the unescaped text
/// is one in the line as written (`\t`, `\n`, `\r` and `\\` stand for a control character or
/// a backslash, which the text lacks), and ASCII text folds by lowercasing alone. Anything
/// else may hold it: a line with a byte beyond ASCII (accents fold to letters) or a `\x`
/// escape (which may spell any byte), and every line when the text is not of that kind.
struct ArchiveLineFilter {
  private let needle: [UInt8]
  /// The needle's first byte in upper case (the needle is folded: in lower case).
  private let upperFirst: UInt8
  /// False when no line can be ruled out.
  private let filters: Bool

  init(_ needle: [UInt8]) {
    self.needle = needle
    filters = !needle.isEmpty && needle.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != 92 }
    let first = needle.first ?? 0
    upperFirst = first &- 0x61 < 26 ? first & ~0x20 : first
  }

  /// Whether `line` may hold the text: false only when it cannot. Each of the archive's lines
  /// is looked at (17 MB for 100,000 tasks), so the bytes are scanned with `memchr` and
  /// eight at a time rather than one by one.
  func mayHold(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    guard filters else { return true }
    guard let base = line.baseAddress, !line.isEmpty else { return false }
    let n = line.count
    if !Self.isASCII(base, count: n) { return true }
    // A `\x` escape may spell any byte; the other escapes a control character or `\`.
    var i = 0
    while i < n, let found = memchr(base + i, 92, n - i) {
      let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      if at + 1 < n && base[at + 1] == UInt8(ascii: "x") { return true }
      i = at + 2
    }
    return occurs(needle[0], base, n) || (upperFirst != needle[0] && occurs(upperFirst, base, n))
  }

  /// Whether the needle occurs in the line, ignoring case, starting with the byte `first`.
  private func occurs(_ first: UInt8, _ base: UnsafePointer<UInt8>, _ n: Int) -> Bool {
    let m = needle.count
    var i = 0
    while i + m <= n, let found = memchr(base + i, Int32(first), n - m + 1 - i) {
      let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      var j = 1
      while j < m && Self.lower(base[at + j]) == needle[j] { j += 1 }
      if j == m { return true }
      i = at + 1
    }
    return false
  }

  private static func isASCII(_ base: UnsafePointer<UInt8>, count n: Int) -> Bool {
    let raw = UnsafeRawPointer(base)
    var seen: UInt64 = 0
    var i = 0
    while i + 8 <= n {
      seen |= raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      i += 8
    }
    while i < n {
      seen |= UInt64(base[i])
      i += 1
    }
    return seen & 0x8080_8080_8080_8080 == 0
  }

  private static func lower(_ byte: UInt8) -> UInt8 {
    byte &- 0x41 < 26 ? byte | 0x20 : byte
  }

  /// The id of a task line as Spoons writes it (`task`, then `id=`); nil for any other line,
  /// which is then decoded in full (and refused if it is wrong).
  static func id(_ line: UnsafeBufferPointer<UInt8>) -> TaskID? {
    let start = 8  // "task\tid="
    guard line.count > start,
      RecordCodec.equal(UnsafeBufferPointer(rebasing: line[0..<start]), "task\tid=")
    else { return nil }
    let end = RecordCodec.nextIndex(of: 9, in: line, from: start, to: line.count)
    guard let id = RecordCodec.parseInt(UnsafeBufferPointer(rebasing: line[start..<end])), id >= 1
    else { return nil }
    return TaskID(id)
  }
}
