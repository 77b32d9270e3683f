/// The planner's tasks by id, kept in chunks of 64 with an index beside it.
///
/// A plain `[TaskID: SpoonTask]` spreads 136-byte tasks over a table twice the size it needs
/// (its buckets come in powers of two): 38 MB for 100,000 tasks, touched all over while a file
/// loads. Here the tasks sit side by side in the order they were added (a file's order), until
/// a removal moves the last task into the gap, and each id's slot is in `TaskPositions`.
///
/// Every change is made to a copy (the store keeps the planner as it was, to write down what
/// changed), so the tasks are in chunks, and a change copies the chunks and index pages it
/// touches: a `done` copies 64 tasks, not all 100,000 (13 MB), and comparing the copy with the
/// original skips every chunk they still share.
struct TaskTable: Equatable, Sendable {
  static let denseLimit = TaskPositions.pagedLimit
  private static let chunkBits = 6
  private static let chunkSize = 1 << chunkBits

  /// Slot `s` is `chunks[place(s).chunk][place(s).offset]`; every chunk but the last is full.
  private var chunks: [[SpoonTask]] = []
  /// Each id's slot.
  private var slots = TaskPositions()

  /// Where slot `slot` lies in `chunks`.
  private static func place(_ slot: Int) -> (chunk: Int, offset: Int) {
    (slot >> chunkBits, slot & (chunkSize - 1))
  }

  var count: Int {
    chunks.isEmpty ? 0 : (chunks.count - 1) << Self.chunkBits + chunks[chunks.count - 1].count
  }

  /// Every id held, in no particular order.
  var keys: [TaskID] {
    var ids: [TaskID] = []
    ids.reserveCapacity(count)
    for chunk in chunks { for task in chunk { ids.append(task.id) } }
    return ids
  }

  mutating func reserveCapacity(_ count: Int) {
    chunks.reserveCapacity((count + Self.chunkSize - 1) >> Self.chunkBits)
  }

  private func task(at slot: Int) -> SpoonTask {
    let (chunk, offset) = Self.place(slot)
    return chunks[chunk][offset]
  }

  /// Whether both tables hold chunk `index` in the same storage: then its tasks are the same.
  private func sharesChunk(_ index: Int, with other: TaskTable) -> Bool {
    chunks[index].withUnsafeBufferPointer { mine in
      other.chunks[index].withUnsafeBufferPointer { theirs in
        mine.baseAddress == theirs.baseAddress && mine.count == theirs.count
      }
    }
  }

  /// The task with `id`; setting nil removes it.
  subscript(id: TaskID) -> SpoonTask? {
    get { slots[id].map { task(at: $0) } }
    set {
      if let newValue { updateValue(newValue, forKey: id) } else { removeValue(forKey: id) }
    }
  }

  /// Calls `body` with each task of `ids` that is held, in that order, without copying it.
  func forEach(_ ids: [TaskID], _ body: (borrowing SpoonTask) -> Void) {
    for id in ids {
      guard let slot = slots[id] else { continue }
      let (chunk, offset) = Self.place(slot)
      // Through a pointer the task is lent where it lies; `chunks[chunk][offset]`, or a
      // buffer's subscript, copies it (retaining its strings) for every call.
      chunks[chunk].withUnsafeBufferPointer { body(($0.baseAddress! + offset).pointee) }
    }
  }

  /// `forEach`, lending each task's place rather than the task: a caller that reads a field or
  /// two of most tasks (a filter's tags) copies only those, where a task lent to a closure is
  /// copied whole (every string retained and released) before the closure sees it.
  func forEachPlace(_ ids: [TaskID], _ body: (UnsafePointer<SpoonTask>) -> Void) {
    for id in ids {
      guard let slot = slots[id] else { continue }
      let (chunk, offset) = Self.place(slot)
      chunks[chunk].withUnsafeBufferPointer { body($0.baseAddress! + offset) }
    }
  }

  /// Whether both tables hold the same task under `id`, compared where they lie rather than
  /// copied out: a store compares every task of a planner this way after each change.
  func holdsSame(_ id: TaskID, as other: TaskTable) -> Bool {
    guard let mine = slots[id], let theirs = other.slots[id] else { return false }
    let (a, b) = (Self.place(mine), Self.place(theirs))
    if mine == theirs, sharesChunk(a.chunk, with: other) { return true }
    return chunks[a.chunk][a.offset] == other.chunks[b.chunk][b.offset]
  }

  /// The ids of every task that may differ from `other`'s: those in the chunks the two
  /// tables do not share. A change copies only the chunks it touches, so a task in a chunk
  /// both still share is the same in both, and a diff need look at no other.
  func idsInChunksNotShared(with other: TaskTable) -> [TaskID] {
    var ids: [TaskID] = []
    for c in chunks.indices where c >= other.chunks.count || !sharesChunk(c, with: other) {
      for task in chunks[c] { ids.append(task.id) }
    }
    return ids
  }

  /// Removes and returns the task with `id`; the last task takes its slot.
  @discardableResult
  mutating func removeValue(forKey id: TaskID) -> SpoonTask? {
    guard let removed = slots[id] else { return nil }
    slots[id] = nil
    var task = chunks[chunks.count - 1].removeLast()
    if chunks[chunks.count - 1].isEmpty { chunks.removeLast() }
    guard removed < count else { return task }  // it was the last
    let (chunk, offset) = Self.place(removed)
    swap(&task, &chunks[chunk][offset])
    slots[chunks[chunk][offset].id] = removed
    return task
  }

  /// Stores `task` under `id` (its own id), returning the task it replaced.
  @discardableResult
  mutating func updateValue(_ task: consuming SpoonTask, forKey id: TaskID) -> SpoonTask? {
    if let slot = slots[id] {
      let (chunk, offset) = Self.place(slot)
      let old = chunks[chunk][offset]
      chunks[chunk][offset] = task
      return old
    }
    slots[id] = count
    if chunks.isEmpty || chunks[chunks.count - 1].count == Self.chunkSize {
      var chunk: [SpoonTask] = []
      chunk.reserveCapacity(Self.chunkSize)
      chunks.append(chunk)
    }
    chunks[chunks.count - 1].append(task)
    return nil
  }

  /// Equal when they hold the same tasks, in whatever order they were added. Compared where
  /// they lie: a store asks this of every change, and a change keeps the other tasks in
  /// their slots (and mostly in chunks both tables share), so nearly every task is skipped
  /// with its chunk or compared with the one in the same slot, not looked up and copied out.
  static func == (lhs: TaskTable, rhs: TaskTable) -> Bool {
    guard lhs.count == rhs.count else { return false }
    for c in lhs.chunks.indices where !lhs.sharesChunk(c, with: rhs) {
      // The same count, so the same chunks: every one full but the last.
      for offset in lhs.chunks[c].indices {
        let id = lhs.chunks[c][offset].id
        if rhs.chunks[c][offset].id == id {
          guard lhs.chunks[c][offset] == rhs.chunks[c][offset] else { return false }
        } else {
          guard let slot = rhs.slots[id], case let (chunk, at) = place(slot),
            lhs.chunks[c][offset] == rhs.chunks[chunk][at]
          else { return false }
        }
      }
    }
    return true
  }
}
