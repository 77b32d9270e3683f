import SpoonsCore

extension Session {
  /// The morning hint, once the check-in has started the day (`started`: the planner it
  /// left): one line when the last finished days went boom and bust
  /// (`Pace.boomAndBustJustHappened`); nil otherwise. Reads the day records only when the
  /// hint is on, and never fails the check-in: a file it cannot read simply means no hint.
  func paceHint(after started: Planner) -> String? {
    guard started.paceHints, let records = try? store.loadDays().days,
      Pace.boomAndBustJustHappened(records)
    else { return nil }
    let today = started.today(at: environment.now())
    return renderer.paceHint(
      started.pace(days: Commands.Pace().days, records: records, today: today))
  }
}
