import SpoonsCore

/// Rests in words, in one place: every view that names a rest (`add`, `rest`, `plan`, `done`,
/// `edit`, `show`, `todo`, `status`, `list`, `backlog`, `search`, `agenda`, `completed`,
/// routines, `new-day`, the report and `history --changes`) says it with `restWords`:
///
/// - not checked off yet: `rest, up to 2 spoons back`: it costs nothing to plan, and may give
///   that much back;
/// - checked off: `rest, 2 spoons back`, or `rest, 1 of 2 spoons back` when less had been
///   spent by then (`SpoonLedger.giveBack`): the amount the day's `rested` counts.
extension Renderer {
  /// `rest, up to 2 spoons back` while `gave` is nil (not checked off, or archived before the
  /// amount was kept, when it is not known); `rest, 2 spoons back` or `rest, 1 of 2 spoons
  /// back` once it gave; `rests, ...` for several together.
  static func restWords(upTo spoons: Int, gave: Int?, count: Int = 1) -> String {
    let noun = count == 1 ? "rest" : "rests"
    guard let gave else { return "\(noun), up to \(Self.spoons(spoons)) back" }
    return gave >= spoons
      ? "\(noun), \(Self.spoons(spoons)) back" : "\(noun), \(gave) of \(Self.spoons(spoons)) back"
  }

  /// One rest in its words, as it stands.
  static func restWords(_ rest: SpoonTask) -> String {
    restWords(upTo: rest.spoons.value, gave: rest.isDone ? rest.gaveBack : nil)
  }

  /// What one task comes to: `3 spoons`, or a rest's words.
  static func costWords(_ task: SpoonTask) -> String {
    task.isRest ? restWords(task) : task.spoons.description
  }

  /// What tasks come to together, for outcomes and change names: `5 spoons`, `rest, 3 spoons
  /// back`, or both (`1 spoon; rest, up to 2 spoons back`): a rest is never counted as
  /// spoons it costs.
  static func costWords(_ tasks: [SpoonTask]) -> String {
    let work = tasks.filter { !$0.isRest }
    let rests = tasks.filter(\.isRest)
    var parts: [String] = []
    if !work.isEmpty || rests.isEmpty { parts.append(spoons(work.reduce(0) { $0 + $1.cost })) }
    if rests.count == 1 {
      parts.append(restWords(rests[0]))
    } else if !rests.isEmpty {
      let known = rests.allSatisfy { $0.isDone && $0.gaveBack != nil }
      parts.append(
        restWords(
          upTo: rests.reduce(0) { $0 + $1.spoons.value },
          gave: known ? rests.reduce(0) { $0 + $1.rested } : nil, count: rests.count))
    }
    return parts.joined(separator: "; ")
  }

  /// `rest N`: the rest on today's list.
  public func restAdded(_ rest: SpoonTask) -> String {
    "Added \(Self.titled(rest)) (\(Self.restWords(rest))) to today's list.\n"
  }

  /// What `done` says of the rests it checked off: what each gave back, why less when it
  /// did, and where the day stands with what they gave.
  func restsDone(_ rests: [SpoonTask], _ ledger: SpoonLedger) -> String {
    let each = rests.map { "\($0.id) \($0.title.text) (\(Self.restWords($0)))" }
    let back = rests.reduce(0) { $0 + $1.rested }
    var why = ""
    if back < rests.reduce(0, { $0 + $1.spoons.value }) {
      why = back == 0
        ? ": nothing was spent yet for \(rests.count == 1 ? "it" : "them") to give back"
        : ": a rest gives back at most what was spent and not yet given back"
    }
    return "Done: \(Text.joined(each, separator: ", "))\(why). \(plannedOf(ledger)).\n"
  }

  /// After `undone` or `delete` took back check-offs a rest gave back for: what the rests
  /// give back now, so today's total never shrinks without a word.
  func restsTakenBack(_ spoons: Int, _ p: Planner) -> String {
    guard spoons > 0, let ledger = p.ledger else { return "" }
    return "Rests give back \(Self.spoons(spoons)) less now: a rest gives back only what was "
      + "spent. \(plannedOf(ledger)).\n"
  }
}
