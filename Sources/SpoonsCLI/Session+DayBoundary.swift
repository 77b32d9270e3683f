import SpoonsCore

/// The day boundary, as the front keeps it: nothing changes a day that is over behind the
/// person's back.
extension Session {
  /// Runs a change to today's list (`plan`, `done`, `rest`...). While the open day began on
  /// an earlier date, a one-shot command or a script is refused with the `new-day` that starts
  /// today (`PlannerError.openDayHasEnded`); the REPL asks whether to start today first, and
  /// a "no" is remembered for the rest of the session.
  func changeToday(
    at now: Timestamp, ask: Ask?,
    _ body: (inout Planner, inout [FinishedDay]) throws -> (output: String, name: String)
  ) throws -> Result {
    if let ask { try offerNewDay(at: now, ask: ask) }
    let kept = keptOpenDay
    return try change(at: now) { p, finished in
      try p.checkOpenDayIsToday(at: now, keeping: kept)
      return try body(&p, &finished)
    }
  }

  /// When the open day is over and the person has not chosen to keep it: asks whether to
  /// start today (Enter: yes, with the usual budget; a number: with that many spoons; n: carry
  /// on with the open day). A new day's report is printed at once, so it stays on screen even
  /// if the command after it is refused.
  private func offerNewDay(at now: Timestamp, ask: Ask) throws {
    guard let p = try? store.load(), let ended = p.endedDay(at: now),
      ended.date != keptOpenDay
    else { return }
    let question =
      "\(ended.date.weekdayDayMonth) is still open, but today is "
      + "\(p.today(at: now).weekdayDayMonth). Start today with \(ended.budget) spoons first? "
      + "[Y/n/number] "
    guard let answer = ask(question) else {
      throw ParseError("cancelled: nothing was changed")
    }
    let typed = answer.trimmingSpaces.lowercased()
    if ["n", "no"].contains(typed) {
      keptOpenDay = ended.date
      environment.output.write("Carrying on with \(ended.date.long).\n")
      return
    }
    let budget: Int
    if ["", "y", "yes"].contains(typed) {
      budget = ended.budget
    } else if let n = CheckInAnswer(typed).budget {
      budget = n
    } else {
      throw ParseError(
        "nothing was changed: answer y (start today), n (carry on with "
          + "\(ended.date.weekdayDayMonth)) or today's spoons, e.g. \(ended.budget)")
    }
    environment.output.write(try execute(Commands.NewDay(budget: budget)).output)
    environment.output.flush()
  }
}

/// What a person typed when asked for today's spoons: `12`, `12 spoons`, ` 12 `.
struct CheckInAnswer {
  /// The spoons, when the answer was a number (with or without the word); the day checks
  /// its range.
  let budget: Int?

  init(_ typed: String) {
    var words = typed.lowercased().split(separator: " ").map(String.init)
    if words.count == 2, ["spoons", "spoon"].contains(words[1]) { words.removeLast() }
    guard words.count == 1, let word = words.first, word.allSatisfy(\.isASCII),
      word.allSatisfy(\.isNumber), word.count <= 4, let n = Int(word)
    else {
      budget = nil
      return
    }
    budget = n
  }
}
