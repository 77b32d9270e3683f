import SpoonsCore

/// `planner.txt` seen as keyed lines, so that a change is stored as the few lines it touched
/// and can be taken back exactly, whatever the command was.
///
/// A line's key is its kind, plus its `id` for tasks and routines (`task<TAB>id=4`); each key
/// appears once per file. A line's place is the key of the line before it. The format and
/// `journal` lines are left out: they describe the file, not the planner.
///
/// Undo does not need to know what a command meant: the lines a change touched (changed,
/// added, removed or moved) are recorded as they were and as they became. Every other line
/// kept both its text and its place, so the old file is the current one with the touched
/// lines put back, and a touched line that no longer reads as recorded means someone else
/// changed the planner: the undo is refused instead of clobbering their change.
enum PlannerLines {
  struct Line: Equatable {
    var key: String
    var text: ArraySlice<UInt8>
  }

  /// What one line was, or became: its text and the key of the line before it ("" first).
  struct State: Equatable {
    var after: String
    var text: [UInt8]
  }

  /// One touched line: nil `old` when the change added it, nil `new` when it removed it.
  struct Touched: Equatable {
    var key: String
    var old: State?
    var new: State?
  }

  /// The keyed lines of a planner file, without its format and journal lines.
  static func lines(_ bytes: [UInt8]) -> [Line] {
    var result: [Line] = []
    var start = 0
    let count = bytes.count
    while start < count {
      let end = RecordCodec.nextIndex(of: UInt8(ascii: "\n"), in: bytes, from: start, to: count)
      if end > start {
        let key = key(of: bytes, from: start, to: end)
        if key != "format" && key != "journal" {
          result.append(Line(key: key, text: bytes[start..<end]))
        }
      }
      start = end + 1
    }
    return result
  }

  /// `kind`, or `kind<TAB>id=N` for tasks and routines (whose first field is the id).
  static func key(of bytes: [UInt8], from start: Int, to end: Int) -> String {
    let tab = RecordCodec.nextIndex(of: 9, in: bytes, from: start, to: end)
    let kind = bytes[start..<tab]
    guard RecordCodec.equal(kind, "task") || RecordCodec.equal(kind, "routine") else {
      return String(decoding: kind, as: UTF8.self)
    }
    let keyEnd = RecordCodec.nextIndex(of: 9, in: bytes, from: min(tab + 1, end), to: end)
    return String(decoding: bytes[start..<keyEnd], as: UTF8.self)
  }

  /// The task a line's key names (`task<TAB>id=4`), if it names one.
  static func taskID(ofKey key: String) -> TaskID? {
    guard key.hasPrefix("task\tid="), let n = Int(key.dropFirst(8)), n > 0 else { return nil }
    return TaskID(n)
  }

  /// The lines `new` touched relative to `old`, in a stable order.
  ///
  /// Lines equal at the start and at the end of both files are skipped first (most changes
  /// touch a few lines in the middle); only the middle is compared by key.
  static func diff(old: [Line], new: [Line]) -> [Touched] {
    var prefix = 0
    while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix,
      old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
    {
      suffix += 1
    }
    // The first line of the common end may follow a different line now: compare it too.
    suffix = max(0, suffix - 1)
    func states(_ lines: [Line]) -> (order: [String], states: [String: State]) {
      var order: [String] = []
      var states: [String: State] = [:]
      for index in prefix..<(lines.count - suffix) {
        let line = lines[index]
        let after = index == 0 ? "" : lines[index - 1].key
        order.append(line.key)
        states[line.key] = State(after: after, text: Array(line.text))
      }
      return (order, states)
    }
    let (oldOrder, oldStates) = states(old)
    let (newOrder, newStates) = states(new)
    var touched: [Touched] = []
    for key in oldOrder where oldStates[key] != newStates[key] {
      touched.append(Touched(key: key, old: oldStates[key], new: newStates[key]))
    }
    for key in newOrder where oldStates[key] == nil {
      touched.append(Touched(key: key, old: nil, new: newStates[key]))
    }
    return touched
  }

  /// Where a change cannot be applied: the line that is not as the change left it.
  struct Mismatch: Error, Equatable {
    var key: String
  }

  /// `current` with `touched` taken back (`undo`) or done again (`!undo`).
  ///
  /// Every touched line must read now as the change left it (or be absent, if it removed
  /// it); otherwise, or if the result would not be one list of lines, the mismatch names it.
  static func apply(_ touched: [Touched], to current: [Line], undo: Bool) throws(Mismatch)
    -> [Line]
  {
    var now: [String: (index: Int, after: String)] = [:]
    now.reserveCapacity(current.count)
    for (index, line) in current.enumerated() {
      now[line.key] = (index, index == 0 ? "" : current[index - 1].key)
    }
    var touchedKeys = Set<String>()
    var next: [String: String] = [:]  // key of a line -> key of the line after it
    var texts: [String: ArraySlice<UInt8>] = [:]
    for change in touched {
      let (expected, wanted) = undo ? (change.new, change.old) : (change.old, change.new)
      if let expected {
        guard let found = now[change.key], found.after == expected.after,
          current[found.index].text.elementsEqual(expected.text)
        else { throw Mismatch(key: change.key) }
      } else if now[change.key] != nil {
        throw Mismatch(key: change.key)
      }
      touchedKeys.insert(change.key)
      if let wanted {
        guard next.updateValue(change.key, forKey: wanted.after) == nil else {
          throw Mismatch(key: change.key)
        }
        texts[change.key] = wanted.text[...]
      }
    }
    for (index, line) in current.enumerated() where !touchedKeys.contains(line.key) {
      let after = index == 0 ? "" : current[index - 1].key
      guard next.updateValue(line.key, forKey: after) == nil else {
        throw Mismatch(key: line.key)
      }
      texts[line.key] = line.text
    }
    var result: [Line] = []
    result.reserveCapacity(texts.count)
    var key = ""
    while let following = next[key] {
      guard let text = texts.removeValue(forKey: following) else {
        throw Mismatch(key: following)  // a loop
      }
      result.append(Line(key: following, text: text))
      key = following
    }
    guard texts.isEmpty else { throw Mismatch(key: texts.keys.min()!) }
    return result
  }

  static func bytes(_ lines: [Line]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(lines.reduce(0) { $0 + $1.text.count + 1 })
    for line in lines {
      out.append(contentsOf: line.text)
      out.append(UInt8(ascii: "\n"))
    }
    return out
  }
}
