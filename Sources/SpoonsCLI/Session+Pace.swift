import SpoonsCore

extension Session {
  /// The morning hint, once the check-in has started the day: one line when the last finished
  /// days went boom and bust (`Pace.boomAndBustJustHappened`) and the hint is on; nil
  /// otherwise. Reads the day records only on a morning the hint is on, and never fails the
  /// check-in: a file it cannot read simply means no hint.
  func paceHint() -> String? {
    guard let (planner, records) = try? store.loadDays(), planner.paceHints,
      Pace.boomAndBustJustHappened(records)
    else { return nil }
    let today = planner.today(at: environment.now())
    return renderer.paceHint(planner.pace(days: 28, records: records, today: today))
  }
}
