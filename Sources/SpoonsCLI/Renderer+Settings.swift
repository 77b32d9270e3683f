import SpoonsCore

extension Renderer {
  /// Every setting, its value, and what it does in a few words.
  public func settings(_ p: Planner) -> String {
    let reserve = p.reserve == 0 ? "0 (none)" : Self.spoons(p.reserve)
    return "day-start  \(p.dayStart)  (before then it is still the day before)\n"
      + "reserve    \(reserve)  (kept back from planning)\n"
  }

  /// After `settings day-start`: when the day now begins, and which day it is now by it.
  public func dayStartSet(_ p: Planner, at now: Timestamp) -> String {
    let today = p.today(at: now)
    return "The day now starts at \(p.dayStart): until then it is still the day before. "
      + "Today is \(today.weekdayDayMonth).\n" + endedDayNotice(p, today: today)
  }
}
