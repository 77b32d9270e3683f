import SpoonsCore

/// What `spoons check` finds, and the repairs it makes with `--repair`: the safe ones only,
/// each keeping the damaged file under a dated name.
public struct CheckReport: Hashable, Sendable {
  /// Each problem in a line: what is wrong, what it costs, and the command that puts it right.
  public var problems: [String] = []
  /// Each thing worth knowing that is not wrong (a last change cut short, never confirmed).
  public var notes: [String] = []
  /// What `--repair` did, a line each.
  public var repairs: [String] = []
}

extension PlannerStore {
  /// Reads every file the planner is made of (the checkpoint and the changes after it, the
  /// archive, the undo history, the synced state, the prompt history) and says what is wrong.
  /// Writes nothing.
  public func check() -> CheckReport {
    var report = CheckReport()
    do {
      let snapshot = try shared(or: PlannerSnapshot(planner: Planner())) {
        () throws(StoreError) in
        let snapshot = try readSnapshot()
        _ = try readRecordedArchive(snapshot)
        _ = try syncBase(of: snapshot.journal)
        return snapshot
      }
      if !snapshot.tail.torn.isEmpty {
        let name = snapshot.tail.tornFile
        report.notes.append(
          "\(name) ends with \(snapshot.tail.torn.count) bytes of a change cut short (a crash "
            + "or a power cut while it was saved; it was never confirmed): the next change "
            + "keeps them as \(name).torn-DATE")
      }
      do { _ = try changes() } catch { report.problems.append("\(error)") }
    } catch {
      report.problems.append("\(error)")
    }
    report.notes += checkSideFiles()
    return report
  }

  /// The prompt history, which Spoons does not read unless it is its own, and the files
  /// Spoons set aside: worth knowing, never wrong.
  private func checkSideFiles() -> [String] {
    var notes: [String] = []
    let history = directory + "/" + HistoryFile.name
    if let bytes = try? FileSystem.read(history, limit: 64), !bytes.isEmpty,
      !bytes.starts(with: "format\tname=spoons-history\t".utf8)
    {
      notes.append(
        "\(HistoryFile.name) is not a Spoons prompt history, so Up and Down do not offer its "
          + "lines; nothing else depends on it")
    }
    let kept = (FileSystem.names(in: directory) ?? []).filter { name in
      [".damaged-", ".torn-", ".broken-"].contains { name.contains($0) }
    }
    for name in kept.sorted() {
      notes.append("\(name) was set aside by Spoons and is kept for you to look at; Spoons does "
        + "not need it")
    }
    return notes
  }

  /// Makes the safe repairs `check` can: changes after the checkpoint that do not read are set
  /// aside (the file kept whole under a dated name, the changes that read kept in a new
  /// checkpoint), and a `planner.txt` that does not read is replaced by `planner.txt.bak`
  /// with the changes since laid over it, when that reads (the damaged file kept under a
  /// dated name). Then checks again.
  public func repair() throws -> CheckReport {
    var repairs: [String] = []
    if let done = try repairPlanner() { repairs.append(done) }
    if let done = try repairHistory() { repairs += done }
    var report = check()
    report.repairs = repairs
    return report
  }

  /// `planner.txt.bak` in the place of a `planner.txt` that does not read (damaged, or from
  /// a newer Spoons), when the backup with the changes after it does.
  private func repairPlanner() throws -> String? {
    try exclusively { lock throws -> String? in
      do {
        _ = try readSnapshot()
        return nil
      } catch let error as StoreError {
        // Anything else is for `check` to report, or `repairHistory` to repair.
        guard case .unreadablePlanner(let problem, let recovery) = error,
          case .restoreBackup = recovery, problem.isSetAsideByRepair,
          let backup = try? BlockReader(path: backupPath),
          (try? snapshot(from: backup, lenient: false, explain: false)) != nil
        else { return nil }
        guard let lock else { throw WouldWrite() }
        let broken = try FileSystem.read(plannerPath) ?? []
        var newer = false
        if case .newerFormat = problem { newer = true }
        let kept = try keepAside(broken, of: PlannerFile.name, as: newer ? "newer" : "broken")
        let restored = try FileSystem.read(backupPath) ?? []
        try FileSystem.replace(plannerPath, with: restored, in: directory, backup: nil)
        try countMarks(broken: broken, restored: restored, lock: lock)
        return "put \(PlannerFile.name).bak in the place of \(PlannerFile.name) "
          + "(\(problem.problem)), keeping that file as \(kept)"
      }
    }
  }

  /// An undo or redo the set-aside `planner.txt` committed (it counts its marks in the
  /// history, whose head still reads), made part of the restored planner by a new checkpoint:
  /// without it, marks with no change after them read as an undo killed before its rename.
  private func countMarks(broken: [UInt8], restored: [UInt8], lock: FileLock) throws {
    guard let counted = broken.withUnsafeBufferPointer({ PlannerFile.peek($0) })?.journal,
      let backup = restored.withUnsafeBufferPointer({ PlannerFile.peek($0) })?.journal,
      counted.generation == backup.generation, counted.bytes > backup.bytes
    else { return }
    guard let plain = try? readSnapshot(), var marked = try? readSnapshot(marksUpTo: counted.bytes),
      marked.journal.bytes > plain.journal.bytes
    else { return }
    try save(&marked, after: [], lock: lock)
  }

  /// A new checkpoint holding every change after the last one that reads, and a new undo
  /// history, when the changes after the checkpoint do not read; the damaged file is kept.
  private func repairHistory() throws -> [String]? {
    try exclusively { lock throws -> [String]? in
      var snapshot = try readSnapshot(lenient: true)
      guard let damage = snapshot.tail.damage else { return nil }
      guard let lock else { throw WouldWrite() }
      let name = snapshot.journal.fileName
      let path = journalPath(snapshot.journal)
      var done: [String] = []
      if let bytes = try FileSystem.read(path) {
        let kept = try keepAside(bytes, of: name, as: "damaged")
        done.append("set \(name) aside as \(kept) (\(damage.reason), at byte \(damage.at))")
      } else {
        done.append("started a new undo history (\(name): \(damage.reason))")
      }
      let lost = JournalTail.startedChanges(damage.rest[...])
      let seq = max(snapshot.journal.lastSeq, lost.compactMap(\.seq).max() ?? 0)
      var journal = JournalState(
        generation: snapshot.journal.generation + 1, lastSeq: seq,
        syncFile: snapshot.journal.syncFile, syncRecords: snapshot.journal.syncRecords)
      var header: [UInt8] = []
      ChangeJournal.format.encodeHeader(to: &header)
      let write = appendToJournal(header, in: &journal)
      snapshot.journal = journal
      snapshot.tail.torn = []
      let kept = snapshot.tail.changes
      try save(&snapshot, after: [write], lock: lock)
      done.append(
        "wrote a new checkpoint with the \(kept == 1 ? "1 change" : "\(kept) changes") after the "
          + "last one that read; undo starts again from here")
      for change in lost { done.append("not kept (in the damaged bytes): \(change.words)") }
      return done
    }
  }
}

extension StoreError {
  /// Whether `check --repair` may put `planner.txt.bak` in the place of a `planner.txt` that
  /// failed this way (keeping it): a file that does not read, or one a newer Spoons wrote.
  /// Not one Spoons may not read (permissions), nor a missing one (the commands say how).
  var isSetAsideByRepair: Bool {
    switch self {
    case .corrupt, .foreign, .newerFormat: return true
    default: return false
    }
  }
}
