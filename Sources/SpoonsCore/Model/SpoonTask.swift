/// A thing to do and what it costs.
///
/// Named `SpoonTask` rather than `Task` so it never collides with Swift concurrency's `Task` in
/// code that imports both.
public struct SpoonTask: Hashable, Sendable, Identifiable {
  public let id: TaskID
  public internal(set) var title: Title
  public internal(set) var spoons: SpoonCost
  public internal(set) var placement: Placement
  public let created: Timestamp
  public internal(set) var updated: Timestamp
  /// A longer description, if the user gave one.
  public internal(set) var note: String?
  /// Where it happens ("High St"), if the user gave it.
  public internal(set) var location: String?
  /// When it is due, if ever.
  public internal(set) var due: CivilDate?

  public init(
    id: TaskID, title: Title, spoons: SpoonCost, placement: Placement, created: Timestamp,
    updated: Timestamp, note: String? = nil, location: String? = nil, due: CivilDate? = nil
  ) {
    self.id = id
    self.title = title
    self.spoons = spoons
    self.placement = placement
    self.created = created
    self.updated = updated
    self.note = note
    self.location = location
    self.due = due
  }

  public var isDone: Bool { !placement.isOpen }

  /// When it was checked off, if it was.
  public var completed: Timestamp? {
    if case .done(_, let at) = placement { return at }
    return nil
  }
}
