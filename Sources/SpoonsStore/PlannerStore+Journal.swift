import SpoonsCore

/// The undo history (`undo-N.txt`): appending each change, reading it back, and rotating it
/// to a new generation once it has grown to twice what undo keeps.
extension PlannerStore {
  func journalPath(_ journal: JournalState) -> String { directory + "/" + journal.fileName }

  /// Appends `change`, from `oldBytes` to `newBody`, to the journal and advances `journal` to
  /// match. Once the journal has grown to twice the limit it is rewritten with the newest
  /// changes instead, and the stacks it now holds are returned so the caller can remove what
  /// they no longer need once the change is committed.
  func record(
    _ change: RecordedChange, oldBytes: [UInt8]?, newBody: [UInt8],
    appends: [ChangeJournal.Append], in journal: inout JournalState
  ) throws(StoreError) -> ChangeJournal.Stacks? {
    let touched = PlannerLines.diff(
      old: PlannerLines.lines(oldBytes ?? []), new: PlannerLines.lines(newBody))
    let entry = ChangeJournal.Entry(change: change, touched: touched, appends: appends)
    journal.lastSeq = change.seq
    if journal.records + 1 >= 2 * ChangeJournal.limit {
      var stacks = ChangeJournal.Stacks()
      switch readJournalOrDamage(journal) {
      case .success(let read): stacks = read
      case .failure(.corrupt): break  // damaged: start afresh with this change
      case .failure: return try appendEntry(entry, in: &journal)  // unreadable now: later
      }
      stacks.undo = Array(stacks.undo.suffix(ChangeJournal.limit - 1)) + [entry]
      stacks.redo = []
      try rewriteJournal(stacks, in: &journal)
      return stacks
    }
    return try appendEntry(entry, in: &journal)
  }

  func appendEntry(_ entry: ChangeJournal.Entry, in journal: inout JournalState)
    throws(StoreError) -> ChangeJournal.Stacks?
  {
    var out: [UInt8] = []
    if FileSystem.size(journalPath(journal)) ?? 0 < journal.bytes {
      // Shorter than committed (a power cut): the history is lost; start a new one rather
      // than fill the gap with zeros.
      journal = JournalState(generation: journal.generation + 1, lastSeq: journal.lastSeq)
    }
    if journal.bytes == 0 { ChangeJournal.format.encodeHeader(to: &out) }
    ChangeJournal.encode(entry, to: &out)
    try appendToJournal(out, in: &journal)
    journal.records += 1
    return nil
  }

  /// Appends to the journal after its committed bytes. Not fsynced, so undo costs a save no
  /// extra disk flush: a power cut can lose the history (never the planner), and then `undo`
  /// finds it damaged and starts it afresh.
  func appendToJournal(_ bytes: [UInt8], in journal: inout JournalState)
    throws(StoreError)
  {
    try FileSystem.append(bytes, to: journalPath(journal), truncatingTo: journal.bytes, sync: false)
    journal.bytes += bytes.count
  }

  func readJournalOrDamage(_ journal: JournalState) -> Result<ChangeJournal.Stacks, StoreError> {
    do { return .success(try readJournal(journal)) } catch { return .failure(error) }
  }

  /// The committed journal's stacks.
  func readJournal(_ journal: JournalState) throws(StoreError) -> ChangeJournal.Stacks {
    guard journal.bytes > 0 else { return ChangeJournal.Stacks() }
    let bytes = try committed(journal.fileName, journal.bytes)
    return try ChangeJournal.decode(bytes, file: journalPath(journal))
  }

  /// Writes `stacks` as the next generation's file (committed by the caller's planner save).
  func rewriteJournal(_ stacks: ChangeJournal.Stacks, in journal: inout JournalState)
    throws(StoreError)
  {
    let (bytes, records) = ChangeJournal.file(stacks)
    journal.generation += 1
    try FileSystem.replace(journalPath(journal), with: bytes, in: directory, backup: nil)
    journal.bytes = bytes.count
    journal.records = records
  }
}
