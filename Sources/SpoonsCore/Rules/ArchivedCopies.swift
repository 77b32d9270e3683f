/// The rule for reading the archive of done tasks: the newest archived copy of a task wins.
///
/// The archive is append-only, so a task reopened with `undone` stays in it, and a task done
/// and archived again appears twice. Both are history that no longer counts: a live task is
/// the planner's, and of several archived copies only the last one is true.
public enum ArchivedCopies {
  /// `recorded` (oldest first) less every task that is live in `planner` and every copy of an
  /// id that a later copy replaces; the order is kept.
  ///
  /// The common case, nothing to drop, returns `recorded` itself: no copy of a long archive.
  public static func newest(_ recorded: [SpoonTask], live planner: Planner) -> [SpoonTask] {
    var seen = TaskIDSet()
    var dropped: [Int] = []
    for index in recorded.indices.reversed() {
      let id = recorded[index].id
      if planner.task(id) != nil || !seen.insert(id) { dropped.append(index) }
    }
    guard !dropped.isEmpty else { return recorded }
    let drop = Set(dropped)
    return recorded.indices.filter { !drop.contains($0) }.map { recorded[$0] }
  }
}
