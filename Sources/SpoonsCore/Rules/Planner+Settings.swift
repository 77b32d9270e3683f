extension Planner {
  /// `settings mood on|off`: whether the check-in asks how the person feels. Off, nothing
  /// is asked and nothing is missed: `pace` simply has no mornings to compare.
  public mutating func setAsksMood(_ on: Bool) { asksMood = on }

  /// `settings pace-hint on|off`: whether the check-in may mention a boom-and-bust run.
  public mutating func setPaceHints(_ on: Bool) { paceHints = on }
}
