/// Reading a checkpoint with the changes after it: the touched lines laid over the file's
/// lines as they stream past, so a planner with a few changes since its checkpoint reads at
/// the cost of the checkpoint alone (no second copy of the file, no key for every line).
extension PlannerLines {
  /// What a run of changes did to the lines, net: for each key it touched, the line it must
  /// find in the checkpoint and the line it left.
  struct Overlay {
    /// One key the changes touched: the line the checkpoint must hold (nil: absent) and the
    /// line the changes left (nil: removed).
    struct Net {
      let key: String
      let expected: State?
      var final: State?
    }

    /// A touched line and the line it now follows.
    struct Link {
      let after: String
      let key: String
    }

    /// Every touched key, sorted by key. Arrays searched by halves rather than dictionaries:
    /// the few dozen keys of a tail cost less to look up than a one-shot command pays the
    /// runtime to set up each dictionary type (about 170k instructions, callgrind).
    private(set) var touched: [Net] = []
    /// The touched lines the changes left, by the key they follow, sorted by that key.
    private(set) var links: [Link] = []
    /// Hashes of every key above, sorted, so that untouched lines pass without building their
    /// keys.
    private(set) var hashes: [UInt64] = []
    /// Where a refusal says the changes came from.
    var file = ""

    var isEmpty: Bool { touched.isEmpty }

    /// At most how many lines the changes add to the checkpoint's.
    var lineCount: Int { touched.count }

    /// The net effect of `changes`, oldest first; each must start from where the ones before
    /// left the lines it touches.
    init(_ changes: [[Touched]], file: String = "") throws(Mismatch) {
      self.file = file
      touched.reserveCapacity(changes.reduce(0) { $0 + $1.count })  // room for each key once
      for change in changes.joined() {
        let at = Self.index(of: change.key, in: touched)
        if at < touched.count && touched[at].key == change.key {
          guard touched[at].final == change.old else { throw Mismatch(key: change.key) }
          touched[at].final = change.new
        } else {
          touched.insert(Net(key: change.key, expected: change.old, final: change.new), at: at)
        }
      }
      links.reserveCapacity(touched.count)
      for net in touched { if let state = net.final { links.append(Link(after: state.after, key: net.key)) } }
      links.sort { $0.after < $1.after || ($0.after == $1.after && $0.key < $1.key) }
      for k in links.indices.dropFirst() where links[k].after == links[k - 1].after {
        throw Mismatch(key: links[k - 1].key)  // two lines after one
      }
      hashes.reserveCapacity(touched.count + links.count)
      for net in touched { hashes.append(PlannerLines.hash(net.key.utf8)) }
      for link in links { hashes.append(PlannerLines.hash(link.after.utf8)) }
      hashes.sort()
    }

    /// Where `key` is, or would go, in `touched`.
    private static func index(of key: String, in touched: [Net]) -> Int {
      var (low, high) = (0, touched.count)
      while low < high {
        let middle = (low + high) / 2
        if touched[middle].key < key { low = middle + 1 } else { high = middle }
      }
      return low
    }

    /// Where in `touched` the changes left `key`; nil when they did not touch it.
    func net(_ key: String) -> Int? {
      let at = Self.index(of: key, in: touched)
      return at < touched.count && touched[at].key == key ? at : nil
    }

    /// The touched line that now follows the line keyed `key`, if any.
    func following(_ key: String) -> String? {
      var (low, high) = (0, links.count)
      while low < high {
        let middle = (low + high) / 2
        if links[middle].after < key { low = middle + 1 } else { high = middle }
      }
      return low < links.count && links[low].after == key ? links[low].key : nil
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
    var chained = [Bool](repeating: false, count: overlay.touched.count)  // by `net` index

    func emitChain(after key: String, line number: Int) throws(DecodeError) {
      var key = key
      while let next = overlay.following(key) {
        guard let index = overlay.net(next), let state = overlay.touched[index].final,
          !chained[index]
        else { throw mismatch(next, line: number) }
        chained[index] = true
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
        if let index = overlay.net(name) {
          let expected = overlay.touched[index].expected
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
    let added = overlay.touched.filter { $0.final != nil }.count
    let kept = overlay.touched.filter { $0.expected != nil }.count
    guard emitted == added, found == kept else {
      // The first key (they are sorted) of a line the changes left that never came out.
      let lost = overlay.touched.indices.first { !chained[$0] && overlay.touched[$0].final != nil }
      throw mismatch(lost.map { overlay.touched[$0].key } ?? "", line: 0)
    }
  }
}
