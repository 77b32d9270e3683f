/// Every file Spoons keeps in the data directory, once: the README's list, the man page's
/// FILES and `FileFormat.md`'s table are made from this table (a test checks each), so they
/// cannot drift apart or leave a file out.
public enum DataFiles {
  public struct Entry: Hashable, Sendable {
    /// The file's name, or its pattern (`undo-N.txt`).
    public let name: String
    /// What it holds, in the user's words, and what the user should know about it.
    public let holds: String
    /// How Spoons writes it, for the format document.
    public let written: String
  }

  public static let all: [Entry] = [
    Entry(
      name: "undo-N.txt",
      holds: "every change, as it is made: each is one record added and flushed to disk before "
        + "Spoons says it is saved, so a crash or a power cut never loses a change it confirmed, "
        + "and a change cut short is no change at all; `undo`, `redo` and `history --changes` "
        + "read it. Never remove it by hand: it holds the changes `planner.txt` does not have yet",
      written: "one record appended per change and flushed (`fdatasync`): that flush is the moment "
        + "the change is saved; rewritten as `undo-(N+1).txt` with the newest 100 at a "
        + "checkpoint, every 100 or so changes (see [Undo](#undo) and [The commit](#the-commit))"),
    Entry(
      name: "planner.txt",
      holds: "the categories, the backlog and today as of a checkpoint, rewritten whole every "
        + "16 changes; the changes since are read from `undo-N.txt`",
      written: "replaced whole at each checkpoint (temporary file, fsync, rename, fsync of the "
        + "directory)"),
    Entry(
      name: "planner.txt.bak",
      holds: "the checkpoint before: the way back from a damaged `planner.txt` rests on it",
      written: "a hard link made just before each checkpoint"),
    Entry(
      name: "done.txt, done-N.txt",
      holds: "the archive: the done tasks of finished days (`done-N.txt` as change N rewrote it: "
        + "`clear completed`, `import --replace`, and `delete` or `undone` of a task done on "
        + "an earlier day)",
      written: "appended at the checkpoint after a `new-day` (until then the records are in "
        + "`undo-N.txt`), or by the sync that takes in a day ended on another device, and "
        + "fsynced, never past a file that does not hold what `planner.txt` "
        + "counts; a `-N` file is written whole before its change commits, and an older one "
        + "removed once no change in the last 100 names it"),
    Entry(
      name: "days.txt, days-N.txt",
      holds: "one record per finished day, for `history`, `stats` and the chart",
      written: "the same as `done.txt`"),
    Entry(
      name: "sync.txt",
      holds: "where this planner syncs, and this device's name and id",
      written: "replaced whole when sync is set up or the device renamed (see [Sync](#sync))"),
    Entry(
      name: "sync-N.txt, sync-history-N.txt",
      holds: "what this device had sent and taken in at its last sync (the live part, and the "
        + "files of the history part it names); only `sync` needs them",
      written: "a checkpoint written whole before the sync that made it commits, named only by "
        + "the new `planner.txt`; an everyday sync appends its round to it, and the new "
        + "`planner.txt` names the length that counts; a sync that needs only the live part "
        + "keeps the history part's files, and one after a day ended (here or on another device) "
        + "adds one"),
    Entry(
      name: "history.txt",
      holds: "the lines typed at the prompt, for Up and Down",
      written: "a `format` line, then one line each, appended as you type; not fsynced (a lost "
        + "line loses no plans); trimmed to the last 1,000; never read or written when it is "
        + "not Spoons's own"),
    Entry(
      name: "spoons.lock",
      holds: "held around every read and change, so several windows can share one planner (a "
        + "command kept waiting 30 s by another gives up, changing nothing, and says which)",
      written: "locked (`flock`) across every read-modify-write; holds the pid and time of the "
        + "last writer to take it; one that ends up writing nothing puts the previous stamp back"),
    Entry(
      name: "NAME.damaged-DATE, .torn-DATE, .broken-DATE, .newer-DATE, .uncounted-DATE",
      holds: "a file Spoons set aside (`check --repair`, a change cut short by a crash, bytes an "
        + "archive file held past what `planner.txt` counted), kept for you to look at; Spoons "
        + "never needs it and never removes it",
      written: "a new file, never written again"),
  ]

  /// The README's list: a line each, the name and what it holds.
  public static func readmeList() -> String {
    all.map { "- " + names($0) + ": " + $0.holds + ".\n" }.joined()
  }

  /// `FileFormat.md`'s table: the name, what it holds and how it is written.
  public static func formatTable() -> String {
    "| file | what it holds | how it is written |\n|---|---|---|\n"
      + all.map { "| \(names($0)) | \($0.holds) | \($0.written) |\n" }.joined()
  }

  /// For the man page: what a file holds as plain text, without Markdown's code quotes.
  public static func plain(_ text: String) -> String { text.filter { $0 != "`" } }

  /// Each name in code quotes: "`done.txt`, `done-N.txt`".
  static func names(_ entry: Entry) -> String {
    entry.name.split(separator: ", ").map { "`\($0)`" }.joined(separator: ", ")
  }
}
