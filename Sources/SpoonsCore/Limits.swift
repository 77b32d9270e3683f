/// Every limit Spoons puts on what it is given, once, each with its reason.
///
/// Core refuses past them with a `PlannerError` that says whether the words were wrong
/// (`isUsageMistake`); the front reads these constants to parse and to explain, and never
/// checks a limit of its own.
public enum Limits {
  /// A day's budget and the reserve: two digits, more than any day has.
  public static let spoonsPerDay = 0...99

  /// What a task may be noted to have taken (`done ID --took N`): nothing at all, up to a
  /// whole day's most. A task can take far more than it was planned at; a guess past a day's
  /// budget is a typo.
  public static let spoonsTaken = 0...99

  /// The most spoons a finished day's record may hold in any of its numbers (planned, spent,
  /// rested): far above any day (each of thousands of tasks may have taken 99), and low enough
  /// that sums over ten years of days cannot overflow.
  public static let recordedSpoons = 0...100_000_000

  /// How a person felt at the check-in: 1 (very low) to 5 (very good).
  public static let mood = 1...5

  /// How far back `completed`, `history`, `stats`, `chart` and `report` look: ten years.
  public static let lookBackDays = 1...3_660

  /// How many tags and contexts one task may carry: enough to sort by, few enough to show
  /// beside its title.
  public static let tagsPerTask = 16

  /// How many changes the undo history keeps, and so the most one `undo` or `redo` takes.
  public static let undoChanges = 100
}
