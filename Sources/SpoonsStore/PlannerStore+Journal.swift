import SpoonsCore

/// The undo history (`undo-N.txt`): appending each change (the commit), reading it back, and
/// rotating it to a new generation, at a checkpoint, once it has grown to twice what undo
/// keeps.
extension PlannerStore {
  func journalPath(_ journal: JournalState) -> String { directory + "/" + journal.fileName }

  /// Records `entry` in `journal`, and returns the write that puts it in the journal's file
  /// (made by the caller's save, with the rest of the change). Once the journal has grown to
  /// twice the limit it is rewritten with the newest changes instead, as the next generation,
  /// and the stacks it now holds are returned too so the caller can remove what they no
  /// longer need once the change is committed. A history that no longer reads (edited by
  /// hand) is rewritten too, starting afresh with this change; `damaged` then names the old
  /// file, which the caller keeps under a dated name.
  func record(_ entry: ChangeJournal.Entry, in journal: inout JournalState)
    -> (write: PendingWrite, rewritten: ChangeJournal.Stacks?, damaged: String?)
  {
    let name = journal.fileName
    journal.lastSeq = entry.change.seq
    // Read at every checkpoint, so a history damaged by hand is replaced here at the latest:
    // the checkpoint holds every change it had since the last one.
    // (A file shorter than committed is `appendEntry`'s to start afresh.)
    let size = FileSystem.size(journalPath(journal)) ?? 0
    let read = journal.bytes > 0 && size >= journal.bytes
      ? readJournalOrDamage(journal) : .success(ChangeJournal.Stacks())
    var damaged = false
    if case .failure(.corrupt) = read { damaged = true }
    if damaged || journal.rotatesWithNextRecord {
      var stacks = ChangeJournal.Stacks()
      switch read {
      case .success(let found): stacks = found
      case .failure(.corrupt), .failure(.foreign): break  // damaged: start afresh with this change
      case .failure:  // unreadable now: later
        return (appendEntry(entry, in: &journal, size: size), nil, nil)
      }
      stacks.undo = Array(stacks.undo.suffix(ChangeJournal.limit - 1)) + [entry]
      stacks.redo = []
      return (rewriteJournal(stacks, in: &journal), stacks, damaged ? name : nil)
    }
    return (appendEntry(entry, in: &journal, size: size), nil, nil)
  }

  /// `entry` appended to the history, whose file is `size` bytes long now.
  func appendEntry(_ entry: ChangeJournal.Entry, in journal: inout JournalState, size: Int)
    -> PendingWrite
  {
    var out: [UInt8] = []
    if size < journal.bytes {
      // Shorter than committed (a power cut): the history is lost; start a new one rather
      // than fill the gap with zeros.
      journal = JournalState(
        generation: journal.generation + 1, lastSeq: journal.lastSeq, syncFile: journal.syncFile,
        syncRecords: journal.syncRecords, syncState: journal.syncState)
    }
    if journal.bytes == 0 { ChangeJournal.format.encodeHeader(to: &out) }
    ChangeJournal.encode(entry, to: &out)
    journal.records += 1
    return appendToJournal(out, in: &journal)
  }

  /// An append to the journal after its committed bytes, flushed before the checkpoint that
  /// counts it: the history is the commit, so no checkpoint may count bytes the disk lacks.
  func appendToJournal(_ bytes: [UInt8], in journal: inout JournalState) -> PendingWrite {
    let write = PendingWrite(path: journalPath(journal), bytes: bytes, at: journal.bytes)
    journal.bytes += bytes.count
    return write
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

  /// `stacks` as the next generation's file (committed by the caller's planner save, which
  /// alone names it).
  func rewriteJournal(_ stacks: ChangeJournal.Stacks, in journal: inout JournalState)
    -> PendingWrite
  {
    let (bytes, records) = ChangeJournal.file(stacks)
    journal.generation += 1
    journal.bytes = bytes.count
    journal.records = records
    return PendingWrite(path: journalPath(journal), bytes: bytes, at: 0)
  }
}
