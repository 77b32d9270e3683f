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
    // A command typed at the check-in's last question, run as if typed at the prompt.
    var pending: String?
    if interactive {
      env.output.write("Spoons: plan your day in spoons. 'help' lists the commands.\n")
      if morningCheckIn {
        switch checkIn() {
        case .quit: return status
        case .command(let line): pending = line
        case .done: break
        }
      }
    }
    var lastSeen: Planner?  // the state the last command left, for the prompt
    while true {
      let prompt = interactive ? session.prompt(for: lastSeen) : ""
      lastSeen = nil
      let result = pending.map { LineResult.line($0) } ?? env.input.readLine(prompt: prompt)
      pending = nil
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
            if case .line(let answer) = env.input.readAnswer(prompt: question) { return answer }
            return nil
          } : nil
        let outcome = try session.execute(command, ask: ask)
        lastSeen = outcome.planner
        outcome.deliver(to: env.output, errors: env.errors)
        if outcome.quit { return status }
      } catch {
        let failed = report(error, line: lineNumber)
        if status == .success { status = failed }
        if case .script(false) = mode { return status }
      }
    }
  }

  /// How the check-in ended.
  enum CheckInEnd: Equatable {
    case done
    case quit
    /// A command typed where the mood was asked: the question is skipped for the day and the
    /// command runs.
    case command(String)
  }

  /// The morning check-in: when the open day began on an earlier date, or none has begun,
  /// asks for today's spoons. `12`, `12 spoons` or Enter (the budget asked for last time)
  /// starts the day; `n` keeps the open day; a command (`status`, `help`) is answered and the
  /// question asked again. The answers never go into the command history.

  private func checkIn() -> CheckInEnd {
    let env = session.environment
    let planner: Planner
    do { planner = try session.store.load() } catch {
      _ = report(error, line: 0)  // said now, with what to do, rather than at the first command
      return .done
    }
    let now = env.now()
    if let day = planner.day, day.date >= planner.today(at: now) { return .done }
    let usual = planner.usualBudget
    let open = planner.day.map(\.date.weekdayDayMonth)
    let question =
      "Good morning. How many spoons today?" + (usual.map { " [\($0)]" } ?? "") + " "
    func carryOn() {
      if let day = planner.day { session.keptOpenDay = day.date }
      let words = planner.day.map { "Carrying on with \(Renderer.long($0.date))." }
        ?? "No day started; 'new-day \(usual ?? 10)' starts one with that many spoons."
      env.output.write(words + "\n")
    }
    while true {
      guard case .line(let answer) = env.input.readAnswer(prompt: question) else {
        env.output.write("\n")
        carryOn()
        return .done
      }
      let typed = answer.trimmingSpaces.lowercased()
      if ["n", "no", "skip", "later"].contains(typed) || (typed.isEmpty && usual == nil) {
        carryOn()
        return .done
      }
      var command: (any SpoonsCommand)?
      if let budget = typed.isEmpty ? usual : try? Commands.NewDay.budget(answer: typed) {
        command = Commands.NewDay(budget: budget)
      } else {
        command = try? CommandParser.parse(line: answer)
      }
      guard let command else {
        env.errors.write(
          "Type today's spoons, e.g. \(usual ?? 12)"
            + (usual.map { ", or Enter for \($0)" } ?? "")
            + (open.map { ", or n to carry on with \($0)" } ?? ", or n to skip") + ".\n")
        env.errors.flush()
        continue
      }
      do {
        let outcome = try session.execute(command)
        outcome.write(to: env.output)
        env.output.flush()
        if outcome.quit {
          outcome.deliverNotes(to: env.errors)
          return .quit
        }
        if let newDay = command as? Commands.NewDay {
          var typed: String?
          if newDay.mood == nil, outcome.planner?.asksMood ?? false { typed = askMood() }
          // The morning's own lines together; what the sync then changed after them.
          if let planner = outcome.planner, let hint = session.paceHint(after: planner) {
            env.output.write(hint)
            env.output.flush()
          }
          outcome.deliverNotes(to: env.errors)
          return typed.map { .command($0) } ?? .done
        }
        outcome.deliverNotes(to: env.errors)
      } catch {
        _ = report(error, line: 0)
      }
    }
  }

  /// The check-in's one question after the day has started (`settings mood`): how the
  /// person feels, 1 to 5. Asked once and never again that morning: Enter, the end of the
  /// input or a number outside 1 to 5 skips it without a word; other words get one short
  /// line saying what it takes, and are skipped too; a command (`status`, `plan 4`) skips it
  /// and is returned, to run as if typed at the prompt. Kept as its own change, so `undo`
  /// takes it back alone.
  private func askMood() -> String? {
    let env = session.environment
    let answer: String
    switch env.input.readAnswer(prompt: Self.moodQuestion) {
    case .line(let line): answer = line.trimmingSpaces
    default:
      env.output.write("\n")
      return nil
    }
    guard !answer.isEmpty else { return nil }
    guard let mood = NumberArgument.whole(answer) else {
      if (try? CommandParser.parse(line: answer)) != nil { return answer }
      env.errors.write(
        "Not noted: how you feel is a number from \(Limits.mood.lowerBound) to "
          + "\(Limits.mood.upperBound).\n")
      env.errors.flush()
      return nil
    }
    guard Limits.mood.contains(mood) else { return nil }
    do {
      let r = session.renderer
      let outcome = try session.syncingAfter {
        try session.change(at: env.now()) { p, _ in
          try p.setMood(mood)
          return (r.moodNoted(mood), "mood \(mood)")
        }
      }
      outcome.deliver(to: env.output, errors: env.errors)
    } catch {
      _ = report(error, line: 0)
    }
    return nil
  }

  static let moodQuestion =
    "How do you feel this morning, \(Limits.mood.lowerBound) (very low) to "
    + "\(Limits.mood.upperBound) (very good)? Enter skips: "

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
