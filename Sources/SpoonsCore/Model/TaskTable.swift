/// The planner's tasks by id, kept in one contiguous array with an index beside it.
///
/// A plain `[TaskID: SpoonTask]` spreads 136-byte tasks over a table twice the size it needs
/// (its buckets come in powers of two): 38 MB for 100,000 tasks, touched all over while a file
/// loads. Here the tasks sit side by side in the order they were added (a file's order), until
/// a removal moves the last task into the gap, and the index is a plain array by id: ids are
/// handed out one after another, so even years of them (100,000 ids) take 400 KB. An id past
/// `denseLimit` (only a hand-edited file has one) goes in a small dictionary instead.
struct TaskTable: Equatable, Sendable {
  static let denseLimit = 1 << 22

  private var slots: [SpoonTask] = []
  /// `dense[id]` is the task's slot + 1, or 0 when there is none.
  private var dense: [Int32] = []
  private var sparse: [TaskID: Int] = [:]

  private func slot(_ id: TaskID) -> Int? {
    let raw = id.rawValue
    if raw >= 0 && raw < Self.denseLimit {
      guard raw < dense.count else { return nil }
      let entry = Int(dense[raw])
      return entry == 0 ? nil : entry - 1
    }
    return sparse[id]
  }

  private mutating func setSlot(_ slot: Int?, for id: TaskID) {
    let raw = id.rawValue
    guard raw >= 0 && raw < Self.denseLimit else {
      sparse[id] = slot
      return
    }
    if raw >= dense.count {
      guard slot != nil else { return }
      dense.append(contentsOf: repeatElement(0, count: max(raw + 1, dense.count * 2) - dense.count))
    }
    dense[raw] = Int32(truncatingIfNeeded: (slot ?? -1) + 1)
  }

  var count: Int { slots.count }

  /// Every id held, in no particular order.
  var keys: [TaskID] { slots.map(\.id) }

  mutating func reserveCapacity(_ count: Int) {
    slots.reserveCapacity(count)
  }

  /// The task with `id`; setting nil removes it.
  subscript(id: TaskID) -> SpoonTask? {
    get { slot(id).map { slots[$0] } }
    set {
      if let newValue { updateValue(newValue, forKey: id) } else { removeValue(forKey: id) }
    }
  }

  /// Calls `body` with each task of `ids` that is held, in that order, without copying it.
  func forEach(_ ids: [TaskID], _ body: (borrowing SpoonTask) -> Void) {
    for id in ids {
      if let index = slot(id) { body(slots[index]) }
    }
  }

  /// Whether both tables hold the same task under `id`, compared where they lie rather than
  /// copied out: a store compares every task of a planner this way after each change.
  func holdsSame(_ id: TaskID, as other: TaskTable) -> Bool {
    guard let mine = slot(id), let theirs = other.slot(id) else { return false }
    return slots[mine] == other.slots[theirs]
  }

  /// Removes and returns the task with `id`; the last task takes its slot.
  @discardableResult
  mutating func removeValue(forKey id: TaskID) -> SpoonTask? {
    guard let removed = slot(id) else { return nil }
    setSlot(nil, for: id)
    let last = slots.count - 1
    if removed != last {
      slots.swapAt(removed, last)
      setSlot(removed, for: slots[removed].id)
    }
    return slots.removeLast()
  }

  /// Stores `task` under `id` (its own id), returning the task it replaced.
  @discardableResult
  mutating func updateValue(_ task: consuming SpoonTask, forKey id: TaskID) -> SpoonTask? {
    if let slot = slot(id) {
      let old = slots[slot]
      slots[slot] = task
      return old
    }
    setSlot(slots.count, for: id)
    slots.append(task)
    return nil
  }

  /// Equal when they hold the same tasks, in whatever order they were added.
  static func == (lhs: TaskTable, rhs: TaskTable) -> Bool {
    lhs.count == rhs.count && lhs.slots.allSatisfy { rhs[$0.id] == $0 }
  }
}
