import SpoonsCore

/// The day boundary, as the front keeps it: nothing changes a day that is over behind the
/// person's back.
extension Session {
  /// Runs a change to today's list (`plan`, `done`, `rest`...). While the open day began on
  /// an earlier date, it is refused before it runs, whatever it would have done
  /// (`Planner.checkOpenDayIsToday`), so the refusal speaks of starting today rather than of
  /// the old day's numbers; every other change is refused only if it touched that day
  /// (`change`). A one-shot command or a script is refused with the `new-day` that starts
  /// today (`PlannerError.openDayHasEnded`); the REPL asks whether to start today first, and
  /// a "no" is remembered for the rest of the session.
  func changeToday(
    at now: Timestamp, ask: Ask?,
    _ body: (inout Planner, inout [FinishedDay]) throws -> (output: String, name: String)
  ) throws -> Result {
    try change(at: now, ask: ask) { p, finished in
      try p.checkOpenDayIsToday(at: now, keeping: keptOpenDay)
      return try body(&p, &finished)
    }
  }

  /// Runs `attempt`, and when it is refused because the open day has ended, asks (the REPL)
  /// whether to start today, then runs it again. Asked only once the change is refused: the
  /// everyday change reads the planner once.
  func offeringNewDay(ask: Ask?, _ attempt: () throws -> Result) throws -> Result {
    do {
      return try attempt()
    } catch PlannerError.openDayHasEnded(let open, let today, let budget) where ask != nil {
      try offerNewDay(open: open, today: today, usualBudget: budget, ask: ask!)
      return try attempt()
    }
  }

  /// Asks whether to start today before a change to a day that is over (Enter: yes, with the
  /// usual budget; a number: with that many spoons; n: carry on with the open day). A new
  /// day's report is printed at once, so it stays on screen even if the command after it is
  /// refused.
  private func offerNewDay(open: CivilDate, today: CivilDate, usualBudget: Int, ask: Ask) throws {
    let question =
      "\(open.weekdayDayMonth) is still open, but today is \(today.weekdayDayMonth). "
      + "Start today with \(usualBudget) spoons first? [Y/n/number] "
    guard let answer = ask(question) else {
      throw ParseError("cancelled: nothing was changed")
    }
    let typed = answer.trimmingSpaces.lowercased()
    if ["n", "no"].contains(typed) {
      keptOpenDay = open
      environment.output.write("Carrying on with \(open.long).\n")
      return
    }
    let budget: Int
    if ["", "y", "yes"].contains(typed) {
      budget = usualBudget
    } else if let n = try? Commands.NewDay.budget(answer: typed) {
      budget = n
    } else {
      throw ParseError(
        "nothing was changed: answer y (start today), n (carry on with "
          + "\(open.weekdayDayMonth)) or today's spoons, e.g. \(usualBudget)")
    }
    environment.output.write(try execute(Commands.NewDay(budget: budget)).output)
    environment.output.flush()
  }
}
