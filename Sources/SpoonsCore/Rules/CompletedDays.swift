/// The tasks checked off on one day.
public struct CompletedDay: Hashable, Sendable {
  public let date: CivilDate
  /// In the order they were checked off.
  public let tasks: [SpoonTask]
}

extension Planner {
  /// What was checked off in the last `days` days (today counts as one), newest day first:
  /// today's list plus `archived`, the done tasks of earlier days.
  public func completed(days: Int, archived: [SpoonTask], today: CivilDate) -> [CompletedDay] {
    let first = today.startOfWindow(lookingBack: days)
    var byDay: [CivilDate: [SpoonTask]] = [:]
    for task in archived + todo {
      guard let at = task.completed, at.date >= first, at.date <= today else { continue }
      byDay[at.date, default: []].append(task)
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
