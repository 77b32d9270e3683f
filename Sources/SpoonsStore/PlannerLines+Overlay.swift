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
    // One value for the whole walk, changed by its own methods: every command that follows
    // a change reads the checkpoint this way, line by line.
    var weave = Weave(overlay)
    try checkpoint.forEachLine { line throws(DecodeError) in try weave.take(line, body) }
    if !weave.started { try weave.emitChain(after: "", line: 0, body) }
    try weave.finish()
  }

  /// Laying an overlay over a checkpoint's lines as they stream past.
  private struct Weave {
    let overlay: Overlay
    var started = false
    /// The hash of the key of the line the output ends with.
    var lastEmitted: UInt64
    /// The hash of the key of the keyed line before this one in the checkpoint...
    var previous: UInt64
    /// ...and the key, once known to be needed ("" until then: see `previousKeyBytes`).
    var previousKey = ""
    /// Its bytes: a line's bytes last only for its call (the file is read a block at a time),
    /// and the key is needed only when the next line is one the changes touched.
    var previousKeyBytes = KeyBytes()
    var emitted = 0
    var found = 0
    /// By `net` index: whether the line the changes left has come out.
    var chained: [Bool]

    static let emptyHash = hash("".utf8)

    init(_ overlay: Overlay) {
      self.overlay = overlay
      lastEmitted = Self.emptyHash
      previous = Self.emptyHash
      chained = [Bool](repeating: false, count: overlay.touched.count)
    }

    func mismatch(_ key: String, line: Int) -> DecodeError {
      DecodeError(
        line: line,
        reason: "the changes after the checkpoint in \(overlay.file) do not fit it "
          + "(\(PlannerStore.describe(key: key)))")
    }

    /// Gives `body` the lines the changes put after the line keyed `key`, in order.
    mutating func emitChain(
      after key: String, line number: Int, _ body: (RecordCodec.Line) throws(DecodeError) -> Void
    ) throws(DecodeError) {
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

    /// One line of the checkpoint: passed on, or (touched) checked against what the changes
    /// expected of it and held back, followed by whatever the changes put after it.
    mutating func take(
      _ line: RecordCodec.Line, _ body: (RecordCodec.Line) throws(DecodeError) -> Void
    ) throws(DecodeError) {
      if line.number == 1 || line.isKind("journal") {
        try body(line)
        return
      }
      if !started {
        started = true
        try emitChain(after: "", line: line.number, body)
      }
      var keyEnd = line.kindEnd
      if line.isKind("task") || line.isKind("routine") {
        keyEnd = RecordCodec.nextIndex(
          of: 9, in: line.buffer, from: min(line.kindEnd + 1, line.end), to: line.end)
      }
      let keyBytes = UnsafeBufferPointer(rebasing: line.buffer[line.start..<keyEnd])
      let lineHash = hash(keyBytes)
      var key: String?
      if overlay.mayTouch(lineHash) {
        let name = String(decoding: keyBytes, as: UTF8.self)
        key = name
        if let index = overlay.net(name) {
          let expected = overlay.touched[index].expected
          if previous != Self.emptyHash && previousKey.isEmpty {
            previousKey = previousKeyBytes.string
          }
          let text = UnsafeBufferPointer(rebasing: line.buffer[line.start..<line.end])
          guard let expected, expected.after == previousKey, expected.text.elementsEqual(text)
          else { throw mismatch(name, line: line.number) }
          found += 1
          (previous, previousKey) = (lineHash, name)
          return
        }
      }
      guard lastEmitted == previous else {
        throw mismatch(key ?? String(decoding: keyBytes, as: UTF8.self), line: line.number)
      }
      try body(line)
      lastEmitted = lineHash
      (previous, previousKey) = (lineHash, key ?? "")
      if let key {
        try emitChain(after: key, line: line.number, body)
      } else {
        previousKeyBytes.set(keyBytes)
      }
    }

    /// Every line the changes left came out, and every line they expected was there.
    func finish() throws(DecodeError) {
      let added = overlay.touched.filter { $0.final != nil }.count
      let kept = overlay.touched.filter { $0.expected != nil }.count
      guard emitted == added, found == kept else {
        // The first key (they are sorted) of a line the changes left that never came out.
        let lost = overlay.touched.indices.first {
          !chained[$0] && overlay.touched[$0].final != nil
        }
        throw mismatch(lost.map { overlay.touched[$0].key } ?? "", line: 0)
      }
    }
  }

  /// A line's key, kept past the call that lent its bytes: in place when short (a task's key,
  /// `task\tid=12`, is), so that the lines the changes left alone cost no allocation.
  struct KeyBytes {
    private var inline: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private var count = 0
    private var long: [UInt8] = []

    mutating func set(_ bytes: UnsafeBufferPointer<UInt8>) {
      count = bytes.count
      if count <= MemoryLayout.size(ofValue: inline) {
        withUnsafeMutableBytes(of: &inline) { $0.copyMemory(from: UnsafeRawBufferPointer(bytes)) }
      } else {
        long = Array(bytes)
      }
    }

    var string: String {
      if count > MemoryLayout.size(ofValue: inline) {
        return String(decoding: long, as: UTF8.self)
      }
      return withUnsafeBytes(of: inline) { String(decoding: $0.prefix(count), as: UTF8.self) }
    }
  }
}
