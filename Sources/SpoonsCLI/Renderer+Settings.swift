import SpoonsCore

extension Renderer {
  /// Every setting, its value, and what it does in a few words.
  public func settings(_ p: Planner) -> String {
    let reserve = p.reserve == 0 ? "0 (none)" : Self.spoons(p.reserve)
    return "day-start  \(p.dayStart)  (before then it is still the day before)\n"
      + "reserve    \(reserve)  (kept back from planning)\n"
      + "mood       \(Self.onOff(p.asksMood))  "
      + "(whether the morning check-in asks how you feel, 1 to 5)\n"
      + "pace-hint  \(Self.onOff(p.paceHints))  "
      + "(whether the check-in may point out a run of heavy days)\n"
  }

  static func onOff(_ on: Bool) -> String { on ? "on" : "off" }

  /// After `settings mood on|off`.
  public func asksMoodSet(_ on: Bool) -> String {
    on
      ? "The morning check-in will ask how you feel, 1 to 5; Enter skips it.\n"
      : "The morning check-in will not ask how you feel.\n"
  }

  /// After `settings pace-hint on|off`.
  public func paceHintsSet(_ on: Bool) -> String {
    on
      ? "The morning check-in may point out a run of heavy days.\n"
      : "The morning check-in will not point out runs of heavy days.\n"
  }

  /// After `settings day-start`: when the day now begins, and which day it is now by it.
  public func dayStartSet(_ p: Planner, at now: Timestamp) -> String {
    let today = p.today(at: now)
    return "The day now starts at \(p.dayStart): until then it is still the day before. "
      + "Today is \(today.weekdayDayMonth).\n" + endedDayNotice(p, today: today)
  }
}
