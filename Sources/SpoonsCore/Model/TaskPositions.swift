/// Where each task id stands in a list of tasks (a table's slots, a file's order of lines).
///
/// Ids are handed out one after another, so positions are kept in pages of 1,024 ids, each made
/// when it first holds one: a planner that has given out 100,000 ids and keeps a few hundred
/// recent ones open needs a page or two, not an array over every id (800 KB, a fresh page of
/// memory every 512 ids), and a change to a copy copies only the pages it touches. An id past
/// `pagedLimit` (only a hand-edited file has one) goes in a small dictionary instead.
public struct TaskPositions: Sendable {
  public static let pagedLimit = 1 << 22
  private static let pageBits = 10
  private static let pageSize = 1 << pageBits

  /// `pages[id >> pageBits][id % pageSize]` is the position + 1, or 0 when there is none; an
  /// empty page holds no id.
  private var pages: [[Int32]] = []
  private var sparse: [TaskID: Int] = [:]

  public init() {}

  /// The position of `id`, or nil; setting nil forgets it.
  public subscript(id: TaskID) -> Int? {
    get {
      let raw = id.rawValue
      guard raw >= 0 && raw < Self.pagedLimit else { return sparse[id] }
      let page = raw >> Self.pageBits
      guard page < pages.count, !pages[page].isEmpty else { return nil }
      let entry = Int(pages[page][raw & (Self.pageSize - 1)])
      return entry == 0 ? nil : entry - 1
    }
    set {
      let raw = id.rawValue
      guard raw >= 0 && raw < Self.pagedLimit else {
        sparse[id] = newValue
        return
      }
      let page = raw >> Self.pageBits
      while page >= pages.count { pages.append([]) }
      if pages[page].isEmpty {
        guard newValue != nil else { return }
        pages[page] = Array(repeating: 0, count: Self.pageSize)
      }
      pages[page][raw & (Self.pageSize - 1)] = Int32(truncatingIfNeeded: (newValue ?? -1) + 1)
    }
  }
}
