/// A task of this device that a sync gave a new number, because another device's task had
/// its number first.
///
/// Until the next new day, commands naming the old number are refused: a number typed from
/// memory must never check off, plan or delete the other device's task instead.
public struct Renumbering: Hashable, Sendable {
  /// The number the person knew it by, now another task's.
  public let old: TaskID
  /// Its number now.
  public let new: TaskID
  public let title: String

  public init(old: TaskID, new: TaskID, title: String) {
    self.old = old
    self.new = new
    self.title = title
  }
}

extension Planner {
  /// Remembers that `renumbering` happened (the store calls this after a sync).
  public mutating func noteRenumbered(_ renumbering: Renumbering) {
    renumbered.removeAll { $0.old == renumbering.old }
    renumbered.append(renumbering)
  }

  /// Refuses a number a sync has just given to another task.
  func checkNotRenumbered(_ id: TaskID) throws(PlannerError) {
    if let moved = renumbered.first(where: { $0.old == id }) {
      throw .renumberedBySync(
        moved.old, movedTo: moved.new, title: moved.title, other: tasks[id]?.title.text)
    }
  }
}
