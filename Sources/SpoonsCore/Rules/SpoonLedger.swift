/// The day's spoons in one place: what was asked for, repaid, borrowed, rested, kept in
/// reserve, planned and spent, and everything that follows from them.
///
/// Every number a person reads about a day (the prompt, `status`, `todo`, `history`, `stats`,
/// the report, `--json`) and every "does this fit?" question (`plan`, `edit`, routines at
/// `new-day`, `suggest`, `borrow`, loading a file) is answered here, so two views can never
/// disagree about the same day. The words are the README's:
///
/// - **budget**: what the person asked for at `new-day`.
/// - **repaid**: taken off the budget to pay back the day before's borrowing.
/// - **borrowed**: borrowed today from tomorrow.
/// - **rested**: what rests gave back (each fixed when it was checked off).
/// - **total**: `budget - repaid + borrowed + rested`, everything the day has to plan with.
/// - **reserve**: kept back from planning unless asked for.
/// - **planned**: every task on today's list, done or not; rests cost nothing to plan.
/// - **spent**: what the tasks checked off took: each one's cost, or what `done --took`
///   noted it really took (`SpoonTask.spent`). Rests are never taken off it: what they gave
///   back is `rested` (`SpoonTask.rested`). `completed` adds up the same two per task
///   (`CompletedDay`), so it says the same numbers as `history` for a day.
/// - **checked**: the same tasks at what they were planned at; `spent - checked` is how far
///   the day's guesses were off, and `checked` against `planned` says whether the plan was
///   done.
/// - **left**: `total - planned`, what is not planned yet (below 0 only after a lower
///   `budget`, an import or a hand edit left the plan past the total).
/// - **room**: `left - reserve` (never below 0), what `plan` may still take.
public struct SpoonLedger: Hashable, Sendable {
  public let budget: Int
  public let repaid: Int
  public let borrowed: Int
  public let rested: Int
  public let reserve: Int
  public let planned: Int
  public let spent: Int
  public let checked: Int

  /// - Parameter checked: nil when every task took what it was planned at: then `spent`.
  public init(
    budget: Int, repaid: Int = 0, borrowed: Int = 0, rested: Int = 0, reserve: Int = 0,
    planned: Int = 0, spent: Int = 0, checked: Int? = nil
  ) {
    self.budget = budget
    self.repaid = repaid
    self.borrowed = borrowed
    self.rested = rested
    self.reserve = reserve
    self.planned = planned
    self.spent = spent
    self.checked = checked ?? spent
  }

  // MARK: - Limits

  /// The most a day may borrow in all: half of what it started with, so nobody borrows
  /// themselves into a crash tomorrow.
  public static func borrowLimit(startingWith spoons: Int) -> Int { spoons / 2 }

  /// What a day of `budget` repays of the day before's borrowing: all of it, but never more
  /// than half the budget, so a low day keeps at least half its spoons. What is left over is
  /// written off: carrying it on would start a spiral of debt on the days that can least
  /// afford it.
  public static func repayment(of owed: Int, budget: Int) -> Int { Swift.min(owed, budget / 2) }

  // MARK: - What follows

  /// What the day started with: the budget less what it repaid.
  public var startedWith: Int { budget - repaid }

  /// Everything the day has to plan with: the prompt's second number.
  public var total: Int { startedWith + borrowed + rested }

  /// What is not planned yet.
  public var left: Int { total - planned }

  /// What `plan` may still take without touching the reserve.
  public var room: Int { Swift.max(0, left - reserve) }

  /// How far the day is over its total (0 when it is not): only a lower `budget`, a sync
  /// (plans made apart on two devices), an import or a hand edit leaves a day here, and
  /// nothing may then be planned until it is back within.
  public var over: Int { Swift.max(0, planned - total) }

  /// The most this day may borrow in all.
  public var borrowLimit: Int { Self.borrowLimit(startingWith: startedWith) }

  /// What may still be borrowed today.
  public var canStillBorrow: Int { Swift.max(0, borrowLimit - borrowed) }

  /// Planned on the day's own spoons: nothing borrowed, nothing planned past the total.
  /// Resting is how a person gets energy back, so planning what a rest returned does not
  /// count against the day; borrowing does, because tomorrow pays.
  public var isWithinBudget: Bool { borrowed == 0 && planned <= total }

  /// Everything planned was checked off, and something was planned: counted at what the
  /// tasks were planned at, so one task that took more never makes an unfinished plan look
  /// done.
  public var isFullyDone: Bool { planned > 0 && checked >= planned }

  /// The planned spoons still open on the list.
  public var open: Int { Swift.max(0, planned - checked) }

  /// The day went past its own spoons: it borrowed, or spent more than it started with
  /// (through rests, or tasks that took more than planned). What `pace` calls a heavy day.
  public var wentPastItsSpoons: Bool { borrowed > 0 || spent > startedWith }

  // MARK: - The max-spoon rule

  /// The max-spoon rule, the one place that answers "does this fit?": `selection` more
  /// spoons may be planned when they fit the room (the reserve too, when `useReserve`).
  ///
  /// Returns what must be borrowed to fit: 0 when it fits as it is; with `borrowing`, exactly
  /// what is missing, if the borrowing limit allows it. Otherwise refuses with the numbers
  /// the person needs: into the reserve, or over by how much.
  public func admit(_ selection: Int, useReserve: Bool = false, borrowing: Bool = false)
    throws(PlannerError) -> Int
  {
    let available = useReserve ? Swift.max(0, left) : room
    guard selection > available else { return 0 }
    if borrowing {
      let missing = selection - available
      guard missing <= canStillBorrow else {
        throw .borrowLimit(asked: missing, borrowed: borrowed, limit: borrowLimit)
      }
      return missing
    }
    if selection <= left {
      throw .intoReserve(reserve: reserve, left: left, selection: selection)
    }
    throw .overBudget(
      budget: total, planned: planned, selection: selection, reserve: useReserve ? 0 : reserve)
  }

  /// True when `selection` fits the room as it is: what routines and `suggest` ask.
  public func fits(_ selection: Int, useReserve: Bool = false) -> Bool {
    (try? admit(selection, useReserve: useReserve)) == 0
  }

  /// `borrow N`: refused past what may still be borrowed (`Planner.borrow` refuses less than
  /// 1 first, as a usage mistake, before it asks whether there is a day at all).
  public func checkBorrow(_ spoons: Int) throws(PlannerError) {
    guard spoons <= canStillBorrow else {
      throw .borrowLimit(asked: spoons, borrowed: borrowed, limit: borrowLimit)
    }
  }

  /// What a rest checked off now gives back: its spoons, but never more than has been spent
  /// and not already given back. Checked off before anything is spent, a rest gives nothing:
  /// it cannot lift the day above what it started with.
  public func giveBack(forRestOf spoons: Int) -> Int {
    Swift.min(spoons, Swift.max(0, spent - rested))
  }
}
