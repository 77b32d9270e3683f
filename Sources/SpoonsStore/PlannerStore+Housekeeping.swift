import SpoonsCore

/// Housekeeping: removing files nothing refers to any more.
extension PlannerStore {
  /// After a rewrite is committed: removes older journals, and archive files that neither
  /// `snapshot` nor any change in `stacks` refers to. Best effort: leftovers are only disk
  /// space, removed next time.
  func removeUnneeded(keeping stacks: ChangeJournal.Stacks, _ snapshot: PlannerSnapshot) {
    let current = snapshot.journal.fileName
    var needed: Set<String> = [snapshot.archive.doneName, snapshot.archive.daysName]
    for entry in stacks.undo + stacks.redo {
      needed.formUnion(ChangeJournal.archiveFiles(of: entry))
    }
    FileSystem.removeFiles(in: directory) { name in
      (name.hasPrefix("undo-") && name.hasSuffix(".txt") && name != current)
        || (ArchiveFiles.isArchiveName(name) && !needed.contains(name))
    }
  }
}
