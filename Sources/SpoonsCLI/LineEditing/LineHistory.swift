/// The lines entered before, oldest first, for Up/Down. Bounded; a line equal to the one
/// before it is not added again. Saving is the owner's business (`onAdd`).
public final class LineHistory {
  public let limit: Int
  public private(set) var entries: [String]
  private let onAdd: ((String) -> Void)?

  public init(_ entries: [String] = [], limit: Int = 1_000, onAdd: ((String) -> Void)? = nil) {
    self.limit = limit
    self.entries = Array(entries.suffix(limit))
    self.onAdd = onAdd
  }

  public func add(_ line: String) {
    let trimmed = line.trimmingSpaces
    guard !trimmed.isEmpty, entries.last != line else { return }
    entries.append(line)
    if entries.count > limit { entries.removeFirst(entries.count - limit) }
    onAdd?(line)
  }
}
