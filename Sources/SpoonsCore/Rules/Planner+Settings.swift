extension Planner {
  /// `settings mood on|off`: whether the check-in asks how the person feels. Off, nothing
  /// is asked and nothing is missed: `pace` simply has no mornings to compare.
  public mutating func setAsksMood(_ on: Bool) { asksMood = on }

  /// `settings pace-hint on|off`: whether the check-in may mention a boom-and-bust run.
  public mutating func setPaceHints(_ on: Bool) { paceHints = on }
}

extension Planner {
  /// How the person feels this morning (`Limits.mood`), kept with the open day; nil forgets
  /// it. The check-in asks it once, after the day has started, so it is its own change that
  /// `undo` takes back alone.
  public mutating func setMood(_ mood: Int?) throws(PlannerError) {
    if let mood, !Limits.mood.contains(mood) { throw .invalidMood(mood) }
    guard day != nil else { throw .noDayStarted }
    day?.mood = mood
  }
}
