import SpoonsCore
import SpoonsSync

/// Files taken in whole or not at all: one that cannot be (a stamp too far ahead, a value no
/// Spoons writes) is set aside with what is wrong, and the sync goes on with every other file
/// and device. It is never removed (it is not this device's) and is read again next time.
extension SyncIncoming {
  /// The sync round over every file that can be taken in. Throws only when what this device
  /// holds itself cannot make a planner, whatever is set aside.
  mutating func round(
    base: SyncDocument, local: SyncedState, clock: HybridClock, now: Timestamp,
    copiedFrom: DeviceID?, lastSynced: Timestamp?
  ) throws(SyncError) -> SyncRound {
    setAsideStampsAhead(of: now)
    while true {
      let problem: SyncProblem
      do {
        return try SyncRound(
          base: base, local: local, incoming: files.flatMap(\.file.changes), clock: clock,
          now: now, copiedFrom: copiedFrom, lastSynced: lastSynced)
      } catch { problem = error }
      func makes(_ changes: [SyncChange]) -> Bool {
        (try? SyncRound(
          base: base, local: local, incoming: changes, clock: clock, now: now,
          copiedFrom: copiedFrom, lastSynced: lastSynced)) != nil
      }
      var culprits = files.indices.filter { index in
        files[index].file.changes.contains {
          $0.entity.name == problem.entity && $0.field == problem.field && $0.value == problem.value
        }
      }
      // A value wrong only beside others': each file alone over what is here, when what is
      // here makes a planner by itself (else no file is to blame).
      if culprits.isEmpty && makes([]) {
        culprits = files.indices.filter { !makes(files[$0].file.changes) }
      }
      guard !culprits.isEmpty else {
        throw .unreadable(device: "another device", problem: problem.description)
      }
      for index in culprits.reversed() {
        let (file, sum) = files.remove(at: index)
        setAside(place(of: file, sum), problem.description + "; nothing in it was taken in")
      }
    }
  }

  /// Sets aside each file holding a stamp further ahead of `now` than `HybridClock` accepts.
  mutating func setAsideStampsAhead(of now: Timestamp) {
    var kept: [(file: ChangeFile, sum: String)] = []
    for (file, sum) in files {
      guard let furthest = file.changes.map(\.stamp).max(),
        !HybridClock.accepts(furthest, now: now)
      else {
        kept.append((file, sum))
        continue
      }
      let days = (furthest.seconds - now.seconds) / 86_400
      setAside(
        place(of: file, sum),
        "its changes are stamped \(days) days ahead of this device's clock, more than the "
          + "\(HybridClock.furthestAccepted / 86_400) a change may be (is a clock wrong?); "
          + "nothing in it was taken in, and it is read again at each sync")
    }
    files = kept
  }

  /// Where a file taken in was found, or its device and name when it came from elsewhere.
  private func place(of file: ChangeFile, _ sum: String) -> String {
    paths[SyncBase.key(file, sum)] ?? "\(file.name)'s \(file.storedName)"
  }
}
