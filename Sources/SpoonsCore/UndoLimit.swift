/// How many changes the undo history keeps, and so the most one `undo` or `redo` can take.
///
/// One number for the store that trims the history and the front that checks `undo N`, so
/// the two can never disagree.
public enum UndoLimit {
  public static let changes = 100
}
