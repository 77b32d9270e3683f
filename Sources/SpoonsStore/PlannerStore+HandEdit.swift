#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import SpoonsCore

/// Editing the planner by hand (`edit-planner`), the way `crontab -e` does it: a private copy
/// of the planner as `planner.txt` text is written, the user edits it, and the edit is
/// checked and committed as one change through the one write path, so `undo` takes it back.
/// `planner.txt` itself is never opened for writing here. The copy is made from the
/// checkpoint with every change after it laid over, which is what a fresh checkpoint would
/// hold, so none is written first: a copy closed unchanged writes nothing at all.
extension PlannerStore {
  /// A copy of the planner out for editing: where it is and the text it started with.
  public struct HandEdit: Sendable {
    public let path: String
    public let original: [UInt8]
  }

  /// What a hand edit changed: the planner before and after.
  public struct HandEditResult: Sendable {
    public let before: Planner
    public let after: Planner
  }

  /// Thrown when the planner changed (another command, a sync) while its copy was out.
  public struct ChangedWhileEditing: Error, Sendable {}

  /// The planner as the text of `planner.txt` without its `journal` line (the undo history's
  /// place, which is the store's and not the user's): the format line, then the planner.
  static func handText(_ snapshot: PlannerSnapshot) -> [UInt8] {
    var out: [UInt8] = []
    PlannerFile.format.encodeHeader(to: &out)
    return out + PlannerFile.body(snapshot)
  }

  /// Writes the current planner to a new private file (mode 0600, a name no one else holds)
  /// in `temporaryDirectory`. Taken under the exclusive lock, as a change would be, so
  /// read-only media are refused before anyone edits a copy that could not be saved.
  public func beginHandEdit(in temporaryDirectory: String) throws -> HandEdit {
    let original = try exclusively { lock throws -> [UInt8] in
      let text = Self.handText(try readSnapshot())
      // A planner never written has no lock file yet: it is one change away, so ask for the
      // real lock (which proves the place writable) before handing out a copy.
      guard lock != nil else { throw WouldWrite() }
      return text
    }
    var template = Array((temporaryDirectory + "/spoons-planner-XXXXXX.txt").utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { $0.baseAddress.map { mkstemps($0, 4) } }
      ?? -1
    let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard fd >= 0 else { throw FileSystem.io(path, "create") }
    defer { close(fd) }
    do {
      fchmod(fd, 0o600)
      try FileSystem.writeAll(fd, original, path: path)
    } catch {
      unlink(path)
      throw error
    }
    return HandEdit(path: path, original: original)
  }

  /// The copy's text as the editor left it.
  public func readHandEdit(_ edit: HandEdit) throws(StoreError) -> [UInt8] {
    guard let bytes = try FileSystem.read(edit.path) else {
      throw .io(path: edit.path, operation: "read", reason: FileSystem.errorText(ENOENT))
    }
    return bytes
  }

  /// Checks `text` as a planner, throwing `StoreError.corrupt` naming the copy and the line.
  public func checkHandEdit(_ text: [UInt8], of edit: HandEdit) throws(StoreError) {
    _ = try decodeHandEdit(text, of: edit)
  }

  /// Commits the edited `text` as one change named `what`, when the planner is still the one
  /// the copy was made from (else `ChangedWhileEditing`); nil when it changes nothing.
  public func applyHandEdit(_ text: [UInt8], of edit: HandEdit, at time: Timestamp, what: String)
    throws -> HandEditResult?
  {
    let edited = try decodeHandEdit(text, of: edit)
    return try exclusively { lock throws -> HandEditResult? in
      var snapshot = try readSnapshot()
      // The copy's archive line is checked against the original's, so this is the same too.
      guard Self.handText(snapshot) == edit.original else { throw ChangedWhileEditing() }
      let before = snapshot
      snapshot.planner = edited.planner
      guard snapshot.planner != before.planner else { return nil }
      try commit(
        &snapshot, from: before, archive: .append(done: [], days: []), at: time, what: what,
        lock: lock)
      return HandEditResult(before: before.planner, after: snapshot.planner)
    }
  }

  /// Removes the copy once it is applied or left unchanged.
  public func endHandEdit(_ edit: HandEdit) { unlink(edit.path) }

  private func decodeHandEdit(_ text: [UInt8], of edit: HandEdit) throws(StoreError)
    -> PlannerSnapshot
  {
    let snapshot = try PlannerFile.decode(text, file: edit.path)
    // The undo history's place is the store's: a journal line typed in is refused.
    guard snapshot.journal == JournalState() else {
      throw .corrupt(
        file: edit.path, line: Self.line(of: "journal", in: text),
        reason: "the journal line is Spoons's own; take it out")
    }
    // Where the archive files end is the store's too: the lengths must stay as they were.
    let original = try? PlannerFile.decode(edit.original, file: edit.path)
    guard snapshot.archive == original?.archive else {
      throw .corrupt(
        file: edit.path, line: Self.line(of: "archive", in: text),
        reason: "the archive line is Spoons's own (where the archive files end); put it back "
          + "as it was")
    }
    return snapshot
  }

  /// The number of the first line of `kind` in `text`, for a message that points at it.
  private static func line(of kind: String, in text: [UInt8]) -> Int? {
    let lines = text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    let prefix = Array(kind.utf8)
    return lines.firstIndex { $0.starts(with: prefix) }.map { $0 + 1 }
  }
}
