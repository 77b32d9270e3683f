/// The tasks checked off on one day.
public struct CompletedDay: Hashable, Sendable {
  public let date: CivilDate
  /// In the order they were checked off.
  public let tasks: [SpoonTask]

  /// What the tasks took, counted as the day's ledger counts `spent` (`SpoonTask.spent`):
  /// the number `history` and `status` call spent for the same day. Rests are not taken off.
  public var spent: Int { tasks.reduce(0) { $0 + $1.spent } }

  /// The same tasks at what they were planned at: the ledger's `checked`.
  public var checked: Int { tasks.reduce(0) { $0 + $1.cost } }

  /// What the rests among them gave back: the ledger's `rested`.
  public var rested: Int { tasks.reduce(0) { $0 + $1.rested } }
}

extension Planner {
  /// What was checked off in the last `days` days (today counts as one), newest day first:
  /// today's list plus `archived`, the done tasks of earlier days; those that pass `filter`.
  public func completed(
    days: Int, archived: [SpoonTask], today: CivilDate, matching filter: TaskFilter = TaskFilter()
  ) -> [CompletedDay] {
    let first = today.startOfWindow(lookingBack: days)
    var byDay: [CivilDate: [SpoonTask]] = [:]
    for task in archived + todo {
      // The day lived, by the day start: a check-off at 1 a.m. belongs to the evening before.
      guard let at = task.completed.map(dayStart.today(at:)), at >= first, at <= today,
        filter.isEmpty || filter.matches(task, today: today)
      else { continue }
      byDay[at, default: []].append(task)
    }
    return byDay.keys.sorted(by: >).map { date in
      CompletedDay(
        date: date,
        tasks: byDay[date]!.enumerated().sorted { a, b in
          let x = a.element.completed!.seconds, y = b.element.completed!.seconds
          return x != y ? x < y : a.offset < b.offset
        }.map(\.element))
    }
  }
}
