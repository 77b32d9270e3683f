/// The planner's tasks by id, kept in one contiguous array with an index beside it.
///
/// A plain `[TaskID: SpoonTask]` spreads 136-byte tasks over a table twice the size it needs
/// (its buckets come in powers of two): 38 MB for 100,000 tasks, touched all over while a file
/// loads. Here the tasks sit side by side in the order they were added (a file's order), until
/// a removal moves the last task into the gap, and the index is by id: ids are handed out one
/// after another, so the index is pages of 1,024 ids, each there only when it holds a task.
/// A change copies the pages it touches, not an index of every id the planner ever gave out
/// (400 KB after 100,000 tasks, copied and regrown by every `add`). An id past `denseLimit`
/// (only a hand-edited file has one) goes in a small dictionary instead.
struct TaskTable: Equatable, Sendable {
  static let denseLimit = 1 << 22
  private static let pageBits = 10
  private static let pageSize = 1 << pageBits

  private var slots: [SpoonTask] = []
  /// `pages[id >> pageBits][id % pageSize]` is the task's slot + 1, or 0 when there is none;
  /// an empty page holds no task.
  private var pages: [[Int32]] = []
  private var sparse: [TaskID: Int] = [:]

  private func slot(_ id: TaskID) -> Int? {
    let raw = id.rawValue
    if raw >= 0 && raw < Self.denseLimit {
      let page = raw >> Self.pageBits
      guard page < pages.count, !pages[page].isEmpty else { return nil }
      let entry = Int(pages[page][raw & (Self.pageSize - 1)])
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
    let page = raw >> Self.pageBits
    if page >= pages.count || pages[page].isEmpty {
      guard slot != nil else { return }
      if page >= pages.count {
        pages.append(contentsOf: repeatElement([], count: page + 1 - pages.count))
      }
      pages[page] = Array(repeating: 0, count: Self.pageSize)
    }
    pages[page][raw & (Self.pageSize - 1)] = Int32(truncatingIfNeeded: (slot ?? -1) + 1)
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

  /// Equal when they hold the same tasks, in whatever order they were added. Compared where
  /// they lie: a store asks this of every change, and a change keeps the other tasks in
  /// their slots, so nearly every task is compared with the one in the same slot, not
  /// looked up and copied out.
  static func == (lhs: TaskTable, rhs: TaskTable) -> Bool {
    guard lhs.count == rhs.count else { return false }
    for index in lhs.slots.indices {
      let id = lhs.slots[index].id
      if rhs.slots[index].id == id {
        guard lhs.slots[index] == rhs.slots[index] else { return false }
      } else {
        guard let other = rhs.slot(id), lhs.slots[index] == rhs.slots[other] else { return false }
      }
    }
    return true
  }
}
