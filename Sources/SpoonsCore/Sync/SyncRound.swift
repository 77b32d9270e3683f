/// One sync, as pure rules: what this device sends, and the planner it ends with.
///
/// The device's changes since its last sync are found by comparing its planner with the
/// document it saved then (so everyday commands never pay for sync, and hand edits or a
/// restored backup are picked up too). Those changes and the ones received are merged into
/// the document, the planner is made from it, and whatever making it decided (a number moved,
/// a delete undone by an unseen edit, a list settled onto the backlog) is itself sent as
/// changes, so the next device to hear of it ends with the same planner.
public struct SyncRound: Sendable {
  /// What to write to this device's next change file (empty when nothing changed here).
  public var outgoing: [SyncChange]
  /// The document to save as this device's last-synced state.
  public var document: SyncDocument
  /// The planner to save.
  public var state: SyncedState
  public var notes: [SyncNote]
  public var clock: HybridClock
  /// Tasks of this device the sync gave new numbers: `state` does not hold them (they are
  /// this device's alone); the store notes them in the planner it saves.
  public var renumberedHere: [Renumbering]

  /// A stamp this far ahead of the local clock is reported.
  public static let noticeableSkew: Int64 = 5 * 60

  public init(
    base: SyncDocument, local: SyncedState, incoming: [SyncChange], clock: HybridClock,
    now: Timestamp
  ) throws(SyncProblem) {
    var clock = clock
    var ahead: [DeviceID: Int64] = [:]
    for change in incoming {
      clock.observe(change.stamp, now: now)
      let skew = change.stamp.seconds - now.seconds
      if skew > Self.noticeableSkew { ahead[change.stamp.device] = max(ahead[change.stamp.device] ?? 0, skew) }
    }
    let device = clock.device
    var document = base
    var outgoing = SyncView(of: local, against: base, device: device)
      .changes(from: base, stamp: clock.tick(now: now))
    document.apply(outgoing)
    let before = document
    document.apply(incoming)
    var made = try document.planner()
    var decided = made.notes
    // What making the planner decided goes out too; twice is enough for it to settle (the
    // second pass only records the first's numbers and ranks), the third is a safety margin.
    for _ in 0..<3 {
      let settled = SyncView(
        of: made.state, against: document, device: device, known: made.identities)
        .changes(from: document, stamp: clock.tick(now: now))
      if settled.isEmpty { break }
      outgoing += settled
      document.apply(settled)
      made = try document.planner()
      decided += made.notes
    }
    // Each decision once; a delete undone by an unseen edit is said below, when it happens.
    var notes: [SyncNote] = []
    for note in decided where !notes.contains(note) {
      switch note {
      case .keptAfterDelete, .overBudget: continue
      default: notes.append(note)
      }
    }
    if let over = made.state.planner.ledger?.over, over > 0 { notes.append(.overBudget(by: over)) }
    notes += Self.keptAfterDelete(before: before, incoming: incoming, after: made.state)
    if let old = local.planner.day, let new = made.state.planner.day, old.date == new.date,
      old.budget != new.budget, let stamp = document.entities["day:\(new.date)"]?["budget"]?.stamp
    {
      notes.append(.budgetChosen(date: new.date, budget: new.budget, device: stamp.device))
    }
    for (device, seconds) in ahead.sorted(by: { $0.key < $1.key }) {
      notes.append(.clockAhead(device, seconds: seconds))
    }
    self.outgoing = outgoing
    self.document = document
    self.state = made.state
    self.notes = notes
    self.clock = clock
    var here: [Renumbering] = []
    for note in notes {
      guard case .renumbered(let old, let new, let title, _) = note,
        local.planner.task(old)?.title.text == title
          || local.done.contains(where: { $0.id == old && $0.title.text == title })
      else { continue }
      here.append(Renumbering(old: old, new: new, title: title))
    }
    renumberedHere = here
  }

  /// Tasks a received delete did not remove because of a change it had not seen.
  static func keptAfterDelete(before: SyncDocument, incoming: [SyncChange], after: SyncedState)
    -> [SyncNote]
  {
    var notes: [SyncNote] = []
    var seen = Set<String>()
    for change in incoming where change.field == "gone" && !change.value.isEmpty
      && change.entity.hasPrefix("task:") && seen.insert(change.entity).inserted
    {
      guard let n = before.value(change.entity, "n").flatMap(Int.init),
        let task = after.planner.task(TaskID(n)) ?? after.done.first(where: { $0.id.rawValue == n })
      else { continue }
      notes.append(.keptAfterDelete(task.id, title: task.title.text))
    }
    return notes
  }
}
