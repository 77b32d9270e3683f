#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Every way reading or saving the planner can fail. Files are never overwritten after one of
/// these: the user's data stays exactly as it was.
///
/// A message says what is wrong, that nothing was changed, and, where there is one, what to
/// type to put it right: someone meeting it may be having a bad day.
public indirect enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file is not what Spoons writes: `line` (1-based) and what is wrong with it.
  case corrupt(file: String, line: Int?, reason: String)
  /// Not a Spoons file of this `kind` at all ("planner"); `holds` says what it seems to be.
  case foreign(file: String, kind: String, holds: String?)
  /// `file` (`planner.txt`) is missing while `archive` exists: starting a new planner over
  /// someone's history is refused.
  case missing(file: String, archive: String)
  /// Written by a newer Spoons; refused so that nothing it knows is lost.
  case newerFormat(file: String, found: Int, supported: Int)
  /// The operating system would not read or write it (permissions, disk full, ...).
  case io(path: String, operation: String, reason: String)
  /// The operating system refused Spoons a file or the directory it owns: `fix` is the
  /// command that gives it back.
  case denied(path: String, operation: String, fix: String)
  /// Another process held the data directory for longer than we wait; `holder` is who, as far
  /// as can be told.
  case busy(directory: String, seconds: Int, holder: LockHolder?)
  /// The data directory belongs to someone else or anyone may write to it; `fix` is the
  /// command that puts it right, where there is one.
  case unsafeDirectory(path: String, reason: String, fix: String?)
  /// The data directory is on a read-only file system (a USB stick, a snapshot): it can be
  /// read, not changed.
  case readOnly(directory: String)
  /// The undo history, which holds the changes made since the last checkpoint, does not go on
  /// at byte `at` as `planner.txt` says: what it holds may be confirmed changes, so it is
  /// refused, never skipped or cut off.
  case damagedHistory(file: String, at: Int, reason: String)
  /// An archive file (`done.txt`, `days.txt`: the finished days) does not read as
  /// `planner.txt` counts it (cut short, replaced, edited): refused, never appended to or cut
  /// back, since its bytes may be years of history.
  case damagedArchive(file: String, line: Int?, reason: String)
  /// This device's synced state (`sync-N.txt`: what it has sent and taken in) is missing or
  /// does not read. Only `sync` needs it, and it is refused rather than guessed at: without it
  /// the changes made here cannot be told from those made elsewhere.
  case damagedSyncState(file: String, reason: String)
  /// `planner.txt` cannot be read (`problem`); `recovery` is how to get a planner back.
  case unreadablePlanner(StoreError, recovery: PlannerRecovery)

  public var description: String {
    switch self {
    case .corrupt, .foreign, .missing: return problem + "; nothing was changed"
    case .newerFormat: return problem + "; nothing was changed. Upgrade Spoons to use it"
    case .io(_, let operation, let reason):
      // A save that fails takes back what it wrote (see `PlannerStore.save`); only the flush
      // of the directory after the rename comes after the change.
      guard operation != "sync", reason == FileSystem.errorText(ENOSPC) else { return problem }
      return problem + "; nothing was changed. Free some space on the disk, then try again"
    case .readOnly: return problem + "; nothing was changed"
    case .damagedHistory(let file, _, _):
      let (directory, name) = Self.split(file)
      return problem + "; nothing was changed. If you have an undamaged copy of \(name), put "
        + "it back; else '\(PlannerRecovery.repair(directory))' keeps every change that reads, "
        + "and the file under a dated name"
    case .damagedArchive(let file, _, _):
      let (directory, name) = Self.split(file)
      return problem + "; nothing was changed. If you have an undamaged copy of \(name), put "
        + "it back; else '\(PlannerRecovery.repair(directory))' keeps every record that reads, "
        + "and the file under a dated name"
    case .damagedSyncState(let file, _):
      return problem + "; nothing was changed. Everything but sync works; to sync again, put "
        + "back \(StoreError.split(file).name) from a backup of your own"
    case .denied(_, _, let fix): return problem + "; nothing was changed. To put it right: " + fix
    case .busy(_, _, let holder):
      guard let pid = holder?.pid else {
        return problem + "; nothing was changed. Try again once it has finished"
      }
      return problem + "; nothing was changed. 'ps -p \(pid)' shows whether it is still "
        + "running: if it is, let it finish (or end it with 'kill \(pid)') and try again; if "
        + "it is not, just try again"
    case .unsafeDirectory(let path, let reason, let fix):
      return "refusing to use \(path): \(reason); nothing was changed"
        + (fix.map { ". To put it right: \($0)" } ?? "")
    case .unreadablePlanner(let problem, let recovery):
      return problem.problem + "; nothing was changed. " + recovery.description(for: problem)
    }
  }

  /// A file's directory (`.` for none) and name.
  static func split(_ file: String) -> (directory: String, name: String) {
    let parts = file.split(separator: "/", omittingEmptySubsequences: false)
    let name = parts.last.map(String.init) ?? file
    return (parts.count > 1 ? parts.dropLast().joined(separator: "/") : ".", name)
  }

  /// What went wrong, without what to do about it.
  public var problem: String {
    switch self {
    case .corrupt(let file, let line?, let reason): return "\(file), line \(line): \(reason)"
    case .corrupt(let file, nil, let reason): return "\(file): \(reason)"
    case .damagedArchive(let file, let line?, let reason): return "\(file), line \(line): \(reason)"
    case .damagedArchive(let file, nil, let reason): return "\(file): \(reason)"
    case .damagedSyncState(let file, let reason):
      return "\(file) (what this device has synced) \(reason)"
    case .missing(let file, let archive):
      let holds = archive.hasSuffix(".txt") && archive.split(separator: "/").last?.hasPrefix("undo-") == true
        ? "the latest changes" : "the finished days"
      return "\(file) is missing, but \(archive) (\(holds)) is there, so Spoons will "
        + "not start a new planner over it"
    case .foreign(let file, let kind, let holds):
      return "\(file) is not a Spoons \(kind) file" + (holds.map { " (\($0))" } ?? "")
    case .newerFormat(let file, let found, let supported):
      return "\(file) was written by a newer Spoons (format \(found); this one reads up to "
        + "\(supported))"
    case .io(let path, let operation, let reason): return "cannot \(operation) \(path): \(reason)"
    case .readOnly(let directory):
      return "cannot change \(directory): it is on a read-only file system (a USB stick or a "
        + "snapshot?), so Spoons can show what it holds but not change it"
    case .damagedHistory(let file, let at, let reason):
      return "\(file), byte \(at): \(reason)"
    case .denied(let path, let operation, _):
      return "cannot \(operation) \(path): permission denied"
    case .busy(let directory, let seconds, let holder):
      return "\(directory) is still in use after waiting \(seconds) s, by "
        + (holder?.description ?? "another program")
    case .unsafeDirectory, .unreadablePlanner: return description
    }
  }
}

/// The process holding the lock, as far as a waiter can tell.
public struct LockHolder: Hashable, Sendable, CustomStringConvertible {
  public var pid: Int32
  /// Its command line, where the system tells it cheaply (Linux).
  public var command: String?
  /// How long ago it took the lock, in seconds, when its stamp says.
  public var heldFor: Int?

  public init(pid: Int32, command: String? = nil, heldFor: Int? = nil) {
    self.pid = pid
    self.command = command
    self.heldFor = heldFor
  }

  /// "process 1234 (spoons add 1 Tea), which took it 3 s ago"
  public var description: String {
    "process \(pid)" + (command.map { " (\($0))" } ?? "")
      + (heldFor.map { ", which took it \($0) s ago" } ?? "")
  }
}

/// How to get a planner back when `planner.txt` cannot be read: `planner.txt.bak` holds the
/// checkpoint before it, and the undo history the changes made since.
public enum PlannerRecovery: Hashable, Sendable {
  /// The backup reads well: set the bad file aside (when there is one) and copy the backup
  /// over it.
  case restoreBackup(directory: String)
  /// The backup cannot help; `why` not (missing, damaged too, the same file).
  case noBackup(why: String)
  /// The file is not ours to read: the command that gives it back.
  case permissions(fix: String)

  func description(for problem: StoreError) -> String {
    switch (self, problem) {
    case (.restoreBackup(let directory), .newerFormat):
      return "Upgrade Spoons to use it, or go back to the planner from before that Spoons's "
        + "last change (keeping this one as planner.txt.newer): "
        + Self.restore(directory, keeping: "planner.txt.newer")
    case (.restoreBackup(let directory), .missing):
      return "To bring back the planner as it was before its last change: "
        + Self.restore(directory, keeping: nil)
    case (.restoreBackup(let directory), _):
      return "'\(Self.repair(directory))' puts planner.txt.bak (the checkpoint before) in its "
        + "place with every change made since, keeping this file under a dated name; or by "
        + "hand (keeping it as planner.txt.broken): "
        + Self.restore(directory, keeping: "planner.txt.broken")
    case (.noBackup(let why), .newerFormat):
      return "Upgrade Spoons to use it (planner.txt.bak cannot help: \(why))"
    case (.noBackup(let why), _):
      return "planner.txt.bak cannot help (\(why)): mend the file in a text editor, or put "
        + "back a copy from a backup of your own"
    case (.permissions(let fix), _):
      return "To make it yours to read and write again: " + fix
    }
  }

  /// The command that makes the safe repairs in `directory`.
  static func repair(_ directory: String) -> String {
    "spoons --data \(Shell.quoted(directory)) check --repair"
  }

  /// The commands that put `planner.txt.bak` in the place of `planner.txt`, first copying
  /// the current file to `keeping` when there is one.
  static func restore(_ directory: String, keeping: String?) -> String {
    "cd \(Shell.quoted(directory)) && "
      + (keeping.map { "cp planner.txt \($0) && " } ?? "") + "cp planner.txt.bak planner.txt"
  }
}

/// Text for the user to paste into a shell.
public enum Shell {
  /// `text` as one shell word: as it is when it needs no quoting, else in single quotes.
  public static func quoted(_ text: String) -> String {
    let plain = !text.isEmpty && text.utf8.allSatisfy { byte in
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"):
        return true
      default: return "/._-+,:@%".utf8.contains(byte)
      }
    }
    if plain { return text }
    return "'" + text.split(separator: "'", omittingEmptySubsequences: false)
      .joined(separator: #"'\''"#) + "'"
  }
}
