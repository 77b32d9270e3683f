import SpoonsCore

/// `pace`, the cost lines of `stats` and the morning hint: what happened, in plain words and
/// with each number's reason, never a judgement.
extension Renderer {
  /// What `pace` shows: the facts, one a line, then the suggestion and why.
  public func pace(_ p: Pace, lookingBack days: Int, today: CivilDate) -> String {
    var out = Self.window(p.from, through: p.through, days: days, today: today)
    guard p.moreDaysNeeded == 0 else {
      return out + "  Pace needs \(Self.count(Pace.minimumDays, "finished day")) to suggest a "
        + "budget; \(p.days == 0 ? "there are none" : "there \(p.days == 1 ? "is" : "are") \(p.days)")"
        + " yet. \(Self.count(p.moreDaysNeeded, "more day")) to go.\n"
    }
    var rows: [(label: String, value: String)] = []
    rows.append(("Days", "\(Self.count(p.days, "finished day")) (today counts once it has ended)"))
    if let usual = p.usualBudget {
      rows.append(("Usual budget", "\(Self.spoons(usual)): the middle of the budgets you asked for"))
    }
    if let kept = p.keptLevel {
      rows.append(
        ("Kept level",
         "\(Self.spoons(kept)): \(p.daysWithinKeptLevel) of \(p.days) days spent \(kept) or "
          + "less, without borrowing"))
    } else {
      rows.append(
        ("Kept level",
         "none: you borrowed on \(p.borrowingDays) of \(p.days) days, more than one in three"))
    }
    if let average = p.averageSpentTenths {
      rows.append(("Average", "\(Self.decimal(average)) spoons spent a day"))
    }
    rows.append(
      ("Heavy days",
       p.heavyDays == 0
        ? "none went past its own spoons"
        : "\(p.heavyDays) of \(p.days) went past their own spoons (\(p.borrowingDays) by "
          + "borrowing)"))
    let after = p.afterHeavy
    if after.followed > 0 {
      rows.append(
        ("The day after",
         "of \(after.followed): started lower \(after.startedLower), borrowed "
          + "\(after.borrowed), most of the plan undone \(after.mostUndone)"))
      let runs =
        "\(after.busts) of \(after.runs) \(after.runs == 1 ? "run" : "runs") of heavy days "
        + "ended in a low day"
      if after.runs > 0 { rows.append(("Pattern", p.boomAndBust ? "boom and bust: " + runs : runs)) }
    }
    if let mood = p.mood { rows.append(("Mornings", Self.mornings(mood))) }
    out += labelled(rows)
    out += "\n" + Text.wrapped(suggestion(p)) + "\n"
    out += "Pace reads only what you recorded in Spoons; it is not medical advice.\n"
    return out
  }

  /// The suggestion and the rule that made it.
  func suggestion(_ p: Pace) -> String {
    let usual = p.usualBudget ?? 0
    switch p.reason {
    case .tooFewDays: return ""
    case .nothingSpent:
      return "No suggestion: nothing was spent on these days (only rests, or nothing checked off)."
    case .budgetKept:
      let s = Self.spoons(p.suggested ?? usual)
      if let kept = p.keptLevel, kept > usual {
        return "Suggested budget: \(style.bold(s)) a day, your usual budget: on two days in "
          + "three you spent up to \(kept), more than it, and pace never suggests more than you "
          + "usually ask for."
      }
      return "Suggested budget: \(style.bold(s)) a day, your usual budget: two days in three "
        + "stayed within it."
    case .keptLevel:
      let s = p.suggested ?? 0
      return "Suggested budget: \(style.bold(Self.spoons(s))) a day: your usual budget is "
        + "\(usual), and two days in three spent \(s) or less, so \(s) is a budget you keep. "
        + "'new-day \(s)' starts a day with it."
    case .evenOut:
      let s = p.suggested ?? 0
      let why =
        p.boomAndBust
        ? "what your heavy days and the low days after them average out to"
        : "you borrowed on \(p.borrowingDays) of \(p.days) days, and what you spent averages "
          + "out to about \(s)"
      return "Suggested budget: \(style.bold(Self.spoons(s))) a day: \(why). Planning to it "
        + "evens out the highs and lows. 'new-day \(s)' starts a day with it."
    }
  }


  static func mornings(_ m: Pace.MoodAfter) -> String {
    func side(_ tenths: Int?) -> String { tenths.map(decimal) ?? "-" }
    let facts =
      "\(side(m.afterHeavyTenths)) after \(count(m.afterHeavy, "heavy day")), "
      + "\(side(m.afterOtherTenths)) after \(m.afterOther) \(m.afterOther == 1 ? "other" : "others")"
    guard let tendency = m.tendency else { return facts + ": too few to say" }
    if tendency < 0 { return facts + ": worse after heavy" }
    if tendency > 0 { return facts + ": better after heavy" }
    return facts + ": about the same"
  }

  // MARK: - Costs, in stats

  /// The lines `stats` adds when some task noted what it took: per category, overall, and
  /// what keeps being off, each with the command that puts it right.
  public func costs(_ a: CostAccuracy) -> String {
    guard a.hasNotes else { return "" }
    var out = "How the costs were guessed (\(Self.count(a.noted, "task")) noted with --took):\n"
    for c in a.categories {
      out += "  Your \(c.cost.value)-spoon tasks took \(Self.decimal(c.averageTenths)) on average "
        + "(\(c.checkedOff) checked off, \(c.noted) noted)\n"
    }
    out += "  Overall: \(Self.count(a.checkedOff, "task")) planned at \(Self.spoons(a.planned)) "
      + "took \(a.took)\n"
    for d in a.drifts {
      let way =
        d.tookMore > 0
        ? "took more than planned \(d.tookMore)"
        : "took less than planned \(d.tookLess)"
      let fix = Self.fixCommand(d).map { "'\($0)'" }
        ?? "none waiting: add it at \(d.suggested.value) next time"
      out += "  \(d.title) (\(d.planned.value)) \(way) of \(d.times), "
        + "\(Self.decimal(d.averageTenths)) on average:\n    \(fix)\n"
    }
    return out
  }

  /// The command that sets a drifting cost to what it took; nil when nothing of it waits.
  static func fixCommand(_ d: CostAccuracy.Drift) -> String? {
    switch d.fix {
    case .task(let id): return "edit \(id.rawValue) --spoons \(d.suggested.value)"
    case .routine(let id): return "routine edit \(id) --spoons \(d.suggested.value)"
    case .nextTime: return nil
    }
  }

  // MARK: - The morning hint

  /// One quiet line after the check-in when the last days went boom and bust.
  public func paceHint(_ p: Pace) -> String {
    let what =
      p.suggested.map { "'pace' suggests \(Self.spoons($0)) a day" }
      ?? "'pace' looks at the budget you can keep"
    return "Three heavy days, then a low one: \(what) ('settings pace-hint off' hides this).\n"
  }
}
