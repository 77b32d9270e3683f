#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The lines of a file, from wherever they are read: the whole file in memory (a buffer), or
/// the file itself a block at a time (`BlockReader`). Decoders take either, so the planner a
/// command reads and the one a test or the fuzzer hands over go through the same code.
protocol LineSource {
  /// The file's first bytes (at least its first 512, or all of it), to tell a file that is not ours
  /// (`FileFormat.foreign`) and to read the lines that say where the changes after a
  /// checkpoint are (`PlannerFile.peek`) before the rest. Valid until `forEachLine` runs.
  var head: UnsafeBufferPointer<UInt8> { get }

  /// The whole file's length in bytes.
  var byteCount: Int { get }

  /// Calls `body` with each non-empty line in order, numbered from 1 (empty lines count); a
  /// last line without its line end is an error. A line's bytes last only for its call.
  func forEachLine(_ body: (RecordCodec.Line) throws(DecodeError) -> Void) throws(DecodeError)
}

extension UnsafeBufferPointer: LineSource where Element == UInt8 {
  var head: UnsafeBufferPointer<UInt8> { self }
  var byteCount: Int { count }

  func forEachLine(_ body: (RecordCodec.Line) throws(DecodeError) -> Void) throws(DecodeError) {
    try RecordCodec.forEachLine(in: self, body)
  }
}

/// A file read from start to end a block at a time into one buffer that is used again and
/// again: `planner.txt`, which every command reads whole.
///
/// Read at once, the 13 MB planner of 100,000 open tasks went into fresh memory, and the
/// faults of its 3,200 new pages cost more than copying the bytes: 7.3 ms against 1.5 ms for
/// the same bytes a block of 256 KiB at a time, which stays in the processor's cache (a C
/// probe on the benchmark's machine). A mapping of the file would skip even the copy, but a
/// file cut short in place while mapped (an editor saving over it, `cp` of the backup) stops
/// the reader with SIGBUS, where a read only sees fewer bytes and says what is wrong.
final class BlockReader: LineSource {
  static let blockSize = 1 << 18
  /// The least a block holds: a file's first block is its `head`.
  static let headSize = 512

  let path: String
  let byteCount: Int
  /// The error of a read that failed part way; the lines stop there as if the file ended, so
  /// whoever reads them asks this before trusting what the end of the lines seemed to say.
  private(set) var failure: StoreError?

  private let fd: Int32
  private var buffer: UnsafeMutableBufferPointer<UInt8>
  /// How much of `buffer` holds the file's bytes.
  private var filled = 0
  /// How far into the file it has read.
  private var offset = 0
  /// Whether `buffer` holds the file's first block, as `head` gives it.
  private var holdsHead = false

  /// Opens the file at `path` and reads its first block; nil when there is no such file.
  /// (`blockSize` is for tests: lines across blocks, and longer than one; it is at least
  /// `headSize`.)
  init?(path: String, blockSize: Int = BlockReader.blockSize) throws(StoreError) {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    if fd < 0 {
      if errno == ENOENT { return nil }
      throw FileSystem.io(path, "read")
    }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      let error = FileSystem.io(path, "read")
      close(fd)
      throw error
    }
    guard (info.st_mode & S_IFMT) == S_IFREG else {
      close(fd)
      throw .io(path: path, operation: "read", reason: "not a regular file")
    }
    self.path = path
    self.fd = fd
    byteCount = Int(info.st_size)
    // A small file (every realistic planner) takes one buffer of its own size, as a whole read.
    buffer = .allocate(capacity: max(1, min(byteCount, max(blockSize, Self.headSize))))
    readFirstBlock()
    if let failure { throw failure }
  }

  deinit {
    close(fd)
    buffer.deallocate()
  }

  var head: UnsafeBufferPointer<UInt8> {
    if !holdsHead { readFirstBlock() }
    return UnsafeBufferPointer(start: buffer.baseAddress, count: filled)
  }

  func forEachLine(_ body: (RecordCodec.Line) throws(DecodeError) -> Void) throws(DecodeError) {
    if !holdsHead { readFirstBlock() }
    var number = 0
    var start = 0  // of the line being looked for
    var scanned = 0  // how far no line end was found
    while true {
      let view = UnsafeBufferPointer(start: buffer.baseAddress, count: filled)
      let end = RecordCodec.nextIndex(of: 10, in: view, from: scanned, to: filled)
      if end < filled {
        number += 1
        if end > start {
          let tab = RecordCodec.nextIndex(of: 9, in: view, from: start, to: end)
          try body(
            RecordCodec.Line(buffer: view, start: start, end: end, kindEnd: tab, number: number))
        }
        start = end + 1
        scanned = start
        continue
      }
      // No line end in what is read: keep the start of the line and read on after it.
      if start > 0 {
        let base = buffer.baseAddress!
        memmove(base, base + start, filled - start)
        filled -= start
        start = 0
      }
      scanned = filled
      if filled == buffer.count && offset < byteCount { grow() }  // a line longer than a block
      holdsHead = false
      guard readMore() else {
        if filled > start {
          throw DecodeError(line: number + 1, reason: "the last line is cut short (no line end)")
        }
        return
      }
    }
  }

  private func readFirstBlock() {
    filled = 0
    offset = 0
    failure = nil
    _ = readMore()
    holdsHead = true
  }

  /// Reads on into the rest of `buffer`; false at the end of the file (as long as it was when
  /// opened) or when a read fails (`failure`).
  private func readMore() -> Bool {
    let wanted = min(buffer.count - filled, byteCount - offset)
    guard wanted > 0 else { return false }
    while true {
      let n = pread(fd, buffer.baseAddress! + filled, wanted, off_t(offset))
      if n < 0 {
        if errno == EINTR { continue }
        failure = FileSystem.io(path, "read")
        return false
      }
      if n == 0 { return false }  // the file shrank under us: what is there is all there is
      filled += n
      offset += n
      return true
    }
  }

  private func grow() {
    let larger = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: buffer.count * 2)
    _ = larger.initialize(from: buffer[..<filled])
    buffer.deallocate()
    buffer = larger
  }
}

/// For the loader fuzz target: a planner read in blocks of `blockSize` (with the changes
/// after its checkpoint) must read as it does in one block, the whole file at once: to the
/// same snapshot, or to the same refusal.
public enum BlockProbe {
  /// nil when both reads agree; else how they differ.
  public static func disagreement(in directory: String, blockSize: Int) -> String? {
    let store = PlannerStore(directory: directory)
    let whole = Result { () throws(StoreError) in try store.readSnapshot(blockSize: Int.max / 2) }
    let blocks = Result { () throws(StoreError) in try store.readSnapshot(blockSize: blockSize) }
    switch (whole, blocks) {
    case (.success(let a), .success(let b)):
      return a == b && a.tail == b.tail ? nil : "in blocks of \(blockSize) it read another planner"
    case (.failure(let a), .failure(let b)):
      return a == b ? nil : "whole: \(a); in blocks of \(blockSize): \(b)"
    case (.success, .failure(let b)): return "in blocks of \(blockSize) it was refused: \(b)"
    case (.failure(let a), .success): return "whole it was refused (\(a)), in blocks not"
    }
  }
}
