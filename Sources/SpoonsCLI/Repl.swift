import SpoonsCore

/// The loop that reads lines and runs them: interactively with a prompt (the REPL), or as a
/// script from a pipe or file.
public struct Repl {
  public enum Mode: Equatable {
    /// A person at a terminal: prompts, errors reported and the loop carries on.
    case interactive
    /// Lines from a pipe or file: no prompts, `#` comments and blank lines skipped, stop at the
    /// first failure unless `keepGoing`.
    case script(keepGoing: Bool)
  }

  public let session: Session
  public let mode: Mode
  /// Offer to start the day when the REPL opens on an earlier day (or none).
  public let morningCheckIn: Bool

  public init(session: Session, mode: Mode, morningCheckIn: Bool = false) {
    self.session = session
    self.mode = mode
    self.morningCheckIn = morningCheckIn && mode == .interactive
  }

  /// Runs until the input ends, `quit`, or (in a script) the first failure.
  public func run() -> ExitStatus {
    let env = session.environment
    let interactive = mode == .interactive
    var status = ExitStatus.success
    var lineNumber = 0
    if interactive {
      env.output.write("Spoons: plan your day in spoons. 'help' lists the commands.\n")
      if morningCheckIn { checkIn() }
    }
    var lastSeen: Planner?  // the state the last command left, for the prompt
    while true {
      let prompt = interactive ? session.prompt(for: lastSeen) : ""
      lastSeen = nil
      let result = env.input.readLine(prompt: prompt)
      lineNumber += 1
      let text: String
      switch result {
      case .end:
        if interactive { env.output.write("\n") }
        env.output.flush()
        return status
      case .interrupted:
        continue
      case .rejected(let reason):
        let failed = report(ParseError(reason), line: lineNumber)
        if status == .success { status = failed }
        if case .script(false) = mode { return status }
        continue
      case .line(let line):
        text = line
      }
      let trimmed = text.trimmingSpaces
      if trimmed.isEmpty || (!interactive && trimmed.hasPrefix("#")) { continue }
      do {
        guard let command = try CommandParser.parse(line: text) else { continue }
        let ask: ((String) -> String?)? =
          interactive
          ? { question in
            if case .line(let answer) = env.input.readLine(prompt: question) { return answer }
            return nil
          } : nil
        let outcome = try session.execute(command, ask: ask)
        lastSeen = outcome.planner
        env.output.write(outcome.output)
        env.output.flush()
        if outcome.quit { return status }
      } catch {
        let failed = report(error, line: lineNumber)
        if status == .success { status = failed }
        if case .script(false) = mode { return status }
      }
    }
  }

  /// The morning check-in: when the current day began on an earlier date, or none has begun,
  /// offer to start one, the last budget as the default. Declining keeps the old day.
  private func checkIn() {
    let env = session.environment
    let planner: Planner
    do { planner = try session.store.load() } catch {
      _ = report(error, line: 0)  // said now, with what to do, rather than at the first command
      return
    }
    let today = env.now().date
    if let day = planner.day, day.date >= today { return }
    let last = planner.day?.budget
    let question =
      "Good morning. How many spoons today?" + (last.map { " [\($0)]" } ?? "") + " "
    guard case .line(let answer) = env.input.readLine(prompt: question) else { return }
    let typed = answer.trimmingSpaces.lowercased()
    let declined = ["n", "no", "skip", "later"].contains(typed) || (typed.isEmpty && last == nil)
    if declined {
      let carryOn = planner.day.map { "Carrying on with \(Renderer.long($0.date))." }
        ?? "No day started; 'new-day N' starts one."
      env.output.write(carryOn + "\n")
      return
    }
    do {
      let budget = try typed.isEmpty ? (last ?? 0) : Commands.NewDay.budget(answer: typed)
      env.output.write(try session.execute(Commands.NewDay(budget: budget)).output)
    } catch {
      _ = report(error, line: 0)
    }
    env.output.flush()
  }

  /// Prints the error; returns the status the run ends with (a person's session that carries
  /// on after an error still ends in success).
  private func report(_ error: Error, line: Int) -> ExitStatus {
    let env = session.environment
    env.output.flush()
    let place = mode == .interactive ? "" : "line \(line): "
    env.errors.write("error: \(place)\(message(for: error))\n")
    env.errors.flush()
    return mode == .interactive ? .success : ExitStatus(for: error)
  }
}
