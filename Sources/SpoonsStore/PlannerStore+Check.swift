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
  /// Reads every file the planner is made of (the checkpoint and the changes after it, its
  /// backup, the archive, the undo history, the sync settings and synced state, the prompt
  /// history) and says what is wrong. Writes nothing.
  public func check() -> CheckReport {
    var report = CheckReport()
    do {
      let snapshot = try shared(or: PlannerSnapshot(planner: Planner())) {
        () throws(StoreError) in
        let snapshot = try readSnapshot()
        do {
          _ = try readRecordedArchive(snapshot)
        } catch {
          report.problems.append("\(error)")
        }
        do {
          if try syncSetup() != nil || snapshot.journal.syncFile > 0 {
            var base = try requiredSyncBase(of: snapshot.journal)
            try loadHistory(into: &base)
          }
        } catch {
          report.problems.append("\(error)")
        }
        if let problem = checkBackup() { report.problems.append(problem) }
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

  /// `planner.txt.bak`, the checkpoint before (what the way back from a damaged `planner.txt`
  /// rests on), when there is one and it does not read: nil when it reads or is not there.
  private func checkBackup() -> String? {
    guard let bytes = try? FileSystem.read(backupPath) else {
      return FileSystem.size(backupPath) == nil
        ? nil : "\(backupPath) cannot be read; nothing was changed"
    }
    do {
      _ = try PlannerFile.decode(bytes, file: backupPath)
      return nil
    } catch {
      return "\(error.problem): it is the copy to go back to should \(PlannerFile.name) be "
        + "damaged; nothing was changed. '\(PlannerRecovery.repair(directory))' makes a new "
        + "one from \(PlannerFile.name), keeping this one under a dated name"
    }
  }

  /// The prompt history, which Spoons neither reads nor writes unless it is its own (past its
  /// format line it is just the lines once typed, so its first line is all there is to
  /// check), and the files Spoons set aside: worth knowing, never wrong.
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
      [".damaged-", ".torn-", ".broken-", ".newer-", ".uncounted-"].contains { name.contains($0) }
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
  /// dated name). Then checks again. `now` is when the repair happens, for the undo history.
  public func repair(at now: Timestamp) throws -> CheckReport {
    var repairs: [String] = []
    // First, so that no checkpoint a repair below writes replaces it unkept.
    if let done = try repairBackup() { repairs.append(done) }
    if let done = try repairPlanner() { repairs.append(done) }
    if let done = try repairHistory() { repairs += done }
    repairs += try repairArchive(at: now)
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
        lock.keepStamp()  // it wrote: another process's planner kept for its sync is not this one
        lastCommit.forget()
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
        syncFile: snapshot.journal.syncFile, syncRecords: snapshot.journal.syncRecords,
        syncState: snapshot.journal.syncState)
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

extension PlannerStore {
  /// An archive file (`done.txt`, `days.txt`) that does not read: kept whole under a dated
  /// name, and replaced by a file of every record that reads: every line of the file on disk
  /// (past what the checkpoint counts too: a hand edit may have moved it), then the records the
  /// changes since the checkpoint added (`undo-N.txt`), less those a checkpoint killed before
  /// its rename had already written past the count. Each line not kept is named, with where it
  /// is. Nothing is dropped: the damaged file holds every byte it held. Like a sync, the
  /// repair is a checkpoint of its own, not a change `undo` could take back to the damaged file.
  func repairArchive(at now: Timestamp) throws -> [String] {
    try exclusively { lock throws -> [String] in
      var snapshot = try readSnapshot()
      var done: [String] = []
      var writes: [PendingWrite] = []
      let number = snapshot.journal.lastSeq + 1
      for isDone in [true, false] {
        let name = isDone ? snapshot.archive.doneName : snapshot.archive.daysName
        do throws(StoreError) {
          if isDone { _ = try readDone(snapshot) } else { _ = try readDays(snapshot) }
          continue
        } catch {
          guard case .damagedArchive(_, _, let reason) = error else { throw error }
          guard lock != nil else { throw WouldWrite() }
          let path = directory + "/" + name
          let length = isDone ? snapshot.archive.done : snapshot.archive.days
          let added = snapshot.tail.appends.filter { $0.file == name }
          let counted = added.first?.at ?? length
          let onDisk = try FileSystem.read(path)
          if let onDisk {
            let kept = try keepAside(onDisk, of: name, as: "damaged")
            done.append("set \(name) aside as \(kept) (\(reason))")
          } else {
            done.append("\(name) is missing (\(reason))")
          }
          let salvage = ArchiveSalvage(
            isDone: isDone, name: name, onDisk: onDisk ?? [], counted: counted,
            added: added.map(\.bytes), journal: snapshot.journal.fileName)
          done += salvage.notKept
          done.append(
            "kept \(salvage.kept == 1 ? "1 record" : "\(salvage.kept) records") that read in a "
              + "new " + (isDone ? "done" : "days") + " file")
          snapshot.tail.appends.removeAll { $0.file == name }
          let bytes = salvage.file
          let file = ArchiveFiles.name(isDone ? ArchiveFiles.doneName : ArchiveFiles.daysName, number: number)
          writes.append(PendingWrite(path: directory + "/" + file, bytes: bytes, at: 0))
          if isDone {
            (snapshot.archive.doneFile, snapshot.archive.done) = (number, bytes.count)
          } else {
            (snapshot.archive.daysFile, snapshot.archive.days) = (number, bytes.count)
          }
        }
      }
      guard let lock, !writes.isEmpty else { return done }
      snapshot.journal.lastSeq = number
      try save(&snapshot, after: writes, lock: lock)
      return done
    }
  }

  /// `planner.txt.bak` that does not read: kept under a dated name, and a new one made by a
  /// fresh checkpoint (which keeps the current `planner.txt` as the backup). Run before the
  /// other repairs, each of which may write a checkpoint, which replaces the backup.
  func repairBackup() throws -> String? {
    try exclusively { lock throws -> String? in
      guard checkBackup() != nil, let bytes = try? FileSystem.read(backupPath) else { return nil }
      guard let lock else { throw WouldWrite() }
      let name = PlannerFile.name + ".bak"
      let kept = try keepAside(bytes, of: name, as: "damaged")
      // A new one, when the planner reads and a checkpoint can be written now; else the next
      // checkpoint makes it (the repairs below may write one).
      guard var snapshot = try? readSnapshot(), (try? save(&snapshot, after: [], lock: lock)) != nil
      else { return "kept \(name), which did not read, as \(kept)" }
      return "made a new \(name) from \(PlannerFile.name), keeping the one that did not read as "
        + kept
    }
  }
}

/// What of a damaged archive file `check --repair` carries into the new one: every line of the
/// file on disk that reads on its own as a record (past what the checkpoint counts too: a hand
/// edit may have moved it), then the records the changes since the checkpoint added, less
/// those a checkpoint killed before its rename had already written past the count.
struct ArchiveSalvage {
  /// The new file: its format line and the records, or nothing when none read.
  var file: [UInt8] = []
  /// How many records it holds.
  var kept = 0
  /// A line for each one not carried over: where it is, and its start.
  var notKept: [String] = []

  init(
    isDone: Bool, name: String, onDisk: [UInt8], counted: Int, added: [[UInt8]], journal: String
  ) {
    var header: [UInt8] = []
    (isDone ? ArchiveFiles.doneFormat : ArchiveFiles.daysFormat).encodeHeader(to: &header)
    var records: [UInt8] = []
    func take(_ line: ArraySlice<UInt8>, from place: @autoclosure () -> String) {
      let one = header + line + [10]
      let reads =
        isDone
        ? (try? ArchiveFiles.decodeDone(one)).map { !$0.isEmpty } ?? false
        : (try? ArchiveFiles.decodeDays(one)).map { !$0.isEmpty } ?? false
      if reads {
        records += line + [10]
        kept += 1
      } else {
        notKept.append("not kept (\(place())): " + String(decoding: line.prefix(60), as: UTF8.self))
      }
    }
    // The file's lines, numbered as an editor numbers them; those wholly past the count.
    var pastCount: Set<ArraySlice<UInt8>> = []
    var start = 0
    for (index, line) in onDisk.split(separator: 10, omittingEmptySubsequences: false).enumerated() {
      defer { start += line.count + 1 }
      guard !line.isEmpty, !(index == 0 && line.starts(with: "format\t".utf8)) else { continue }
      if start >= counted { pastCount.insert(line) }
      take(line, from: "\(name), line \(index + 1)")
    }
    for line in added.flatMap({ $0.split(separator: 10) })
    where !line.starts(with: "format\t".utf8) && !pastCount.contains(line) {
      take(line, from: "added since the checkpoint, in \(journal)")
    }
    file = records.isEmpty ? [] : header + records
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
