/// What `edit` changes on one task; nil fields stay as they are.
public struct TaskEdit: Hashable, Sendable {
  public var title: Title?
  public var spoons: SpoonCost?
  /// New note text; empty clears it. Validated again when applied.
  public var note: String?
  /// New place; empty clears it.
  public var location: String?
  public var due: DueChange?
  /// Tags and contexts to add and take away.
  public var tags = TagChange()

  public enum DueChange: Hashable, Sendable {
    case set(DueDateSpec)
    case clear
  }

  public init(
    title: Title? = nil, spoons: SpoonCost? = nil, note: String? = nil, location: String? = nil,
    due: DueChange? = nil, tags: TagChange = TagChange()
  ) {
    self.tags = tags
    self.title = title
    self.spoons = spoons
    self.note = note
    self.location = location
    self.due = due
  }

  /// `edit ID` with no options: show the task instead of changing it.
  public var isEmpty: Bool {
    title == nil && spoons == nil && note == nil && location == nil && due == nil
      && tags.isEmpty
  }
}
