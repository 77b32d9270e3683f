/// Reading a checkpoint with the changes after it: the touched lines laid over the file's
/// lines as they stream past, so a planner with a few changes since its checkpoint reads at
/// the cost of the checkpoint alone (no second copy of the file, no key for every line).
extension PlannerLines {
  /// What a run of changes did to the lines, net: for each key it touched, the line it must
  /// find in the checkpoint and the line it left.
  struct Overlay {
    /// The lines as the changes left them; nil: removed.
    private(set) var final: [String: State?] = [:]
    /// The lines as the checkpoint must hold them; nil: absent.
    private(set) var expected: [String: State?] = [:]
    /// Key of a line -> the touched line now after it.
    private(set) var following: [String: String] = [:]
    /// Hashes of every key above, sorted, so that untouched lines pass without building their
    /// keys. An array searched by halves: a `Set` costs a one-shot command a runtime lookup.
    private(set) var hashes: [UInt64] = []
    /// Where a refusal says the changes came from.
    var file = ""

    var isEmpty: Bool { final.isEmpty }

    /// At most how many lines the changes add to the checkpoint's.
    var lineCount: Int { final.count }

    /// The net effect of `changes`, oldest first; each must start from where the ones before
    /// left the lines it touches.
    init(_ changes: [[Touched]], file: String = "") throws(Mismatch) {
      self.file = file
      let touchedCount = changes.reduce(0) { $0 + $1.count }  // room for each key once
      final.reserveCapacity(touchedCount)
      expected.reserveCapacity(touchedCount)
      following.reserveCapacity(touchedCount)
      for touched in changes {
        for change in touched {
          if let now = final[change.key] {
            guard now == change.old else { throw Mismatch(key: change.key) }
          } else {
            expected[change.key] = .some(change.old)
          }
          final[change.key] = .some(change.new)
        }
      }
      for (key, state) in final {
        guard let state else { continue }
        guard following.updateValue(key, forKey: state.after) == nil else {
          throw Mismatch(key: key)
        }
      }
      hashes = (final.keys.map { PlannerLines.hash($0.utf8) }
        + following.keys.map { PlannerLines.hash($0.utf8) }).sorted()
    }

    /// Whether a touched key (or one a touched line follows) may hash to `hash`.
    func mayTouch(_ hash: UInt64) -> Bool {
      var (low, high) = (0, hashes.count)
      while low < high {
        let middle = (low + high) / 2
        if hashes[middle] < hash { low = middle + 1 } else { high = middle }
      }
      return low < hashes.count && hashes[low] == hash
    }
  }

  static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 { FNV1a.hash(bytes) }

  /// Calls `body` with each line of `checkpoint` (a whole planner file) as `overlay` leaves
  /// it: the checkpoint's format and journal lines first as they are, then the keyed lines in
  /// the order `apply` would give. Lines the overlay added come with line number 0.
  ///
  /// Stricter than `apply`: every line the overlay did not touch must follow the same line as
  /// in the checkpoint, as it does in any change Spoons records (a line whose neighbour moved
  /// is itself touched). Anything else is a `DecodeError` naming the key.
  static func forEachLine(
    in checkpoint: any LineSource, over overlay: Overlay?,
    _ body: (RecordCodec.Line) throws(DecodeError) -> Void
  ) throws(DecodeError) {
    guard let overlay, !overlay.isEmpty else {
      try checkpoint.forEachLine(body)
      return
    }
    func mismatch(_ key: String, line: Int) -> DecodeError {
      DecodeError(
        line: line,
        reason: "the changes after the checkpoint in \(overlay.file) do not fit it "
          + "(\(PlannerStore.describe(key: key)))")
    }
    let emptyHash = hash("".utf8)
    var started = false
    var lastEmitted = emptyHash  // the line the output ends with
    var previous = emptyHash  // the keyed line before this one in the checkpoint
    var previousKey = ""  // its key, once known to be needed
    // Its key's bytes: a line's bytes last only for its call (the file is read a block at a
    // time), and the key is needed only when the next line is one the changes touched.
    var previousKeyBytes: [UInt8] = []
    var emitted = 0
    var found = 0
    var chained = Set<String>()

    func emitChain(after key: String, line number: Int) throws(DecodeError) {
      var key = key
      while let next = overlay.following[key] {
        guard let state = overlay.final[next] ?? nil, chained.insert(next).inserted else {
          throw mismatch(next, line: number)
        }
        let text = state.text + [10]
        try text.withUnsafeBufferPointer { (buffer) throws(DecodeError) in
          let kindEnd = RecordCodec.nextIndex(of: 9, in: buffer, from: 0, to: text.count - 1)
          try body(
            RecordCodec.Line(
              buffer: buffer, start: 0, end: text.count - 1, kindEnd: kindEnd, number: 0))
        }
        emitted += 1
        lastEmitted = hash(next.utf8)
        key = next
      }
    }

    try checkpoint.forEachLine { line throws(DecodeError) in
      if line.number == 1 || line.isKind("journal") {
        try body(line)
        return
      }
      if !started {
        started = true
        try emitChain(after: "", line: line.number)
      }
      var keyEnd = line.kindEnd
      if line.isKind("task") || line.isKind("routine") {
        keyEnd = RecordCodec.nextIndex(
          of: 9, in: line.buffer, from: min(line.kindEnd + 1, line.end), to: line.end)
      }
      let range = line.start..<keyEnd
      let lineHash = hash(UnsafeBufferPointer(rebasing: line.buffer[range]))
      var key: String?
      if overlay.mayTouch(lineHash) {
        let name = String(decoding: UnsafeBufferPointer(rebasing: line.buffer[range]), as: UTF8.self)
        key = name
        if let expected = overlay.expected[name] {
          if previous != emptyHash && previousKey.isEmpty {
            previousKey = String(decoding: previousKeyBytes, as: UTF8.self)
          }
          guard let expected, expected.after == previousKey,
            expected.text.elementsEqual(UnsafeBufferPointer(rebasing: line.buffer[line.start..<line.end]))
          else { throw mismatch(name, line: line.number) }
          found += 1
          (previous, previousKey) = (lineHash, name)
          return
        }
        guard overlay.final[name] == nil else { throw mismatch(name, line: line.number) }
      }
      guard lastEmitted == previous else {
        throw mismatch(
          key ?? String(decoding: UnsafeBufferPointer(rebasing: line.buffer[range]), as: UTF8.self),
          line: line.number)
      }
      try body(line)
      lastEmitted = lineHash
      (previous, previousKey) = (lineHash, key ?? "")
      if key == nil {
        previousKeyBytes.removeAll(keepingCapacity: true)
        previousKeyBytes.append(contentsOf: UnsafeBufferPointer(rebasing: line.buffer[range]))
      }
      if let key { try emitChain(after: key, line: line.number) }
    }
    if !started { try emitChain(after: "", line: 0) }
    let added = overlay.final.values.filter { $0 != nil }.count
    let kept = overlay.expected.values.filter { $0 != nil }.count
    guard emitted == added, found == kept else {
      let lost = overlay.final.keys.filter { !chained.contains($0) && overlay.final[$0]! != nil }
      throw mismatch(lost.min() ?? "", line: 0)
    }
  }
}
