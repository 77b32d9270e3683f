/// A task as a command names it: a number the person typed (`done 4`), or a task the command
/// itself holds (the suggestion `suggest` just showed).
///
/// Every rule that acts on a task the person chose takes a `TaskRef`, never a `TaskID`, and
/// turns it into a task in one place, `Planner.resolve(_:)`, which refuses a typed number
/// that a sync gave to another task since this device last showed it (`Renumbering`). The
/// parser makes only `TaskRef`s, and no rule takes a bare number, so a command added later
/// cannot skip that check by calling the rules. (Reading a task by `TaskID` stays public for
/// the views, which take ids from the planner itself, and for `show` after it resolved one.)
public struct TaskRef: Hashable, Sendable, CustomStringConvertible {
  /// The number named; read only through `Planner.resolve(_:)`.
  let id: TaskID
  /// Whether the person typed it (then a number a sync moved is refused) or the command
  /// holds the task itself (then it names that task, whatever its number meant before).
  let isTyped: Bool

  /// The number the person typed: `#12` and `12` alike.
  public init(typed number: Int) {
    id = TaskID(number)
    isTyped = true
  }

  /// A task this command holds and shows: it is the task meant, not a number remembered.
  public init(_ task: borrowing SpoonTask) {
    id = task.id
    isTyped = false
  }

  /// The number as typed, for what a command prints before it resolves (`#12`).
  public var description: String { id.description }
}

/// A routine as a person names it (`routine pause r2`): resolved, like `TaskRef`, only by
/// `Planner.resolve(_:)`.
public struct RoutineRef: Hashable, Sendable, CustomStringConvertible {
  let id: RoutineID
  let isTyped: Bool

  /// The number the person typed: `r2` and `2` alike.
  public init(typed number: Int) {
    id = RoutineID(number)
    isTyped = true
  }

  /// A routine this command holds (the one it just added).
  public init(_ routine: Routine) {
    id = routine.id
    isTyped = false
  }

  public var description: String { id.description }
}
