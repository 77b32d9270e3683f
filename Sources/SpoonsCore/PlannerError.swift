/// Every way a rule can refuse. A refused operation changes nothing.
///
/// Each case carries the numbers the user needs to put it right; `description` is a short
/// lowercase sentence the front can print as is.
public enum PlannerError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The title is empty, too long or holds a control character.
  case invalidTitle(TitleProblem)
  /// A cost outside 1...10.
  case invalidSpoons(Int)
  /// A day's budget outside 0...99.
  case invalidBudget(Int)
  /// A stored day that repaid more than its budget (or less than nothing).
  case invalidRepaid(Int, budget: Int)
  /// `new-day` on a date before the day already open: the clock most likely went back, or
  /// (`dayStart` given) the day start was moved later after the open day began, so the small
  /// hours belong to the evening before again.
  case dayBeforeCurrent(today: CivilDate, open: CivilDate, dayStart: DayStart? = nil)
  /// `new-day` on the date already open: one date is one day, and `budget N` changes its
  /// budget. `asked`: the budget the `new-day` asked for, for the example; `dayStart` given
  /// when the clock's date is already the next one, and only the day start keeps today open.
  case dayAlreadyBegun(CivilDate, budget: Int, asked: Int?, dayStart: DayStart? = nil)
  /// A change to today's list while the open day began on an earlier date: `new-day` first
  /// (with the budget usually asked for), so yesterday is not changed behind the person's back.
  case openDayHasEnded(open: CivilDate, today: CivilDate, usualBudget: Int)
  /// Planning or checking off needs a day: `new-day` first.
  case noDayStarted
  /// No task has this id (never had, or it was deleted).
  case unknownTask(TaskID)
  /// A number (a task's or a routine's) this device showed that a sync has since given to
  /// another task or routine, or removed; `now`: the title of what has the number now, when
  /// the planner holds it.
  case renumberedBySync(Renumbering, now: String?)
  /// The task was checked off on an earlier day (`on`), so only `show`, `undone` and
  /// `delete` reach it; `today` words the date.
  case doneEarlier(TaskID, on: CivilDate, today: CivilDate)
  /// The same id appears twice in one selection.
  case repeatedTask(TaskID)
  /// Already on today's list.
  case alreadyPlanned(TaskID)
  /// Already checked off.
  case alreadyDone(TaskID)
  /// Checking off or unplanning needs the task to be on today's list.
  case notOnTodayList(TaskID)
  /// `undone` on a task that is not checked off.
  case notDone(TaskID)
  /// The max-spoon rule: `planned + selection > budget` (less the `reserve` kept back, when
  /// it is not being used: then the message counts it, and names it).
  case overBudget(budget: Int, planned: Int, selection: Int, reserve: Int = 0)
  /// The max-spoon rule for `edit`: a planned task made dearer must still fit the day.
  case editOverBudget(TaskID, spoons: Int, budget: Int, plannedWithout: Int)
  /// The same for several tasks edited alike (`edit 3-6 --spoons 4`): `count` of them planned.
  case editsOverBudget(count: Int, spoons: Int, budget: Int, plannedWithout: Int)
  /// Only tasks waiting in a category can be moved.
  case notInCategory(TaskID)
  /// A position outside 1...count of the category.
  case invalidPosition(Int, count: Int)
  /// An operation on tasks was given none.
  case nothingSelected
  /// `add` of a title already open at the same cost (the existing task's id, title and place).
  case duplicateTask(TaskID, title: Title, spoons: SpoonCost, place: Placement)
  /// A note or place that is too long or holds a control character.
  case invalidDetail(TaskDetail, TitleProblem)
  /// A word that is a tag but for its length (`Tag.maxLength`).
  case tagTooLong(String)
  /// A filter that chose no task to change (`edit +nothing --spoons 2`).
  case noTaskMatches(String, among: String)
  /// The tasks a filter names changed while the person was asked about them.
  case selectionChanged(String)
  /// More tags on one task than `Limits.tagsPerTask`.
  case tooManyTags(Int)
  /// `edit ID -tag` for a tag the task does not carry: most likely a typo.
  case tagNotOnTask(TaskID, title: Title, tag: Tag)
  /// The selection fits the day but not above the reserve (`left` includes the reserve).
  case intoReserve(reserve: Int, left: Int, selection: Int)
  /// Borrowing `asked` more would pass the day's limit (`borrowed` already taken).
  case borrowLimit(asked: Int, borrowed: Int, limit: Int)
  /// `borrow` of less than 0.
  case invalidBorrow(Int)
  /// `borrow 0` with nothing to give back: nothing borrowed (0), or today's plan needs all
  /// that was borrowed (`borrowed`).
  case nothingToGiveBack(borrowed: Int)
  /// A reserve outside 0...99.
  case invalidReserve(Int)
  /// Undoing a check-off or deleting would leave more planned than the day has, because it
  /// takes back spoons a rest gave or that were spent before a rest.
  case wouldLeaveOverBudget(planned: Int, capacity: Int)
  /// No routine has this id (never had, or it was removed).
  case unknownRoutine(RoutineID)
  case routineAlreadyPaused(RoutineID)
  case routineNotPaused(RoutineID)
  /// `routine today` of a routine whose task is already on today's list (open or done), as
  /// `task`: once a day, as `new-day` puts it there.
  case routineAlreadyToday(RoutineID, title: Title, task: TaskID)
  /// A routine must run on at least one day of the week.
  case noRoutineDays
  /// `--days` in no form `RecurrenceSpec` reads.
  case unreadableRoutineDays(String)
  /// `--days` that reads but can never fall (every 0 days, the 32nd, a fifth Monday).
  case routineNeverFalls(String, RecurrenceProblem)
  /// `--days every N days from DATE` whose first date is more than a year ahead.
  case routineStartsTooLate(CivilDate)
  /// `done --took N` past `Limits.spoonsTaken`.
  case invalidTook(Int)
  /// `--took` on a rest: a rest gives spoons back rather than taking them.
  case tookOnRest(TaskID)
  /// `routine edit` with neither `--title` nor `--spoons`.
  case nothingToEditInRoutine(RoutineID)
  /// `--took` with more than one task: what one task took says nothing of another.
  case tookNeedsOneTask
  /// A mood outside `Limits.mood`.
  case invalidMood(Int)

  /// True when the words given were wrong (a number out of range, an empty title), rather
  /// than a sound request that the planner refuses: the exit status (64 or 1) asks this.
  public var isUsageMistake: Bool {
    switch self {
    case .invalidTitle, .invalidSpoons, .invalidBudget, .invalidBorrow, .invalidReserve,
      .invalidDetail, .tagTooLong, .tooManyTags, .tagNotOnTask, .nothingSelected, .repeatedTask, .noRoutineDays,
      .unreadableRoutineDays, .routineNeverFalls, .routineStartsTooLate, .invalidPosition,
      .invalidTook, .invalidMood, .tookNeedsOneTask, .nothingToEditInRoutine:
      return true
    default:
      return false
    }
  }

  public var description: String {
    switch self {
    case .invalidTitle(let problem):
      return Self.describe(problem, of: "title", maxLength: Title.maxLength)
    case .invalidSpoons(let n): return "spoons must be a whole number from 1 to 10, not \(n)"
    case .invalidBudget(let n):
      return "a day's budget must be a whole number from 0 to 99 spoons, not \(n)"
    case .invalidRepaid(let n, let budget):
      return "a day of \(budget) spoons cannot have repaid \(n)"
    case .dayBeforeCurrent(let today, let open, let dayStart?):
      return "no new day started: your day starts at \(dayStart), so until then today is "
        + "\(today.long), before the day already open, \(open.long); Spoons carries on with "
        + "\(open.weekdayDayMonth) ('settings day-start' moves when a day starts)"
    case .dayBeforeCurrent(let today, let open, nil):
      return "no new day started: this computer's clock says today is \(today.long), before "
        + "the day already open, \(open.long). If the clock is wrong, correct its date, time or "
        + "time zone and run new-day again; until then Spoons carries on with "
        + open.weekdayDayMonth
    case .dayAlreadyBegun(let date, let budget, let asked, let dayStart):
      let today = "today (\(date.weekdayDayMonth)"
        + (dayStart.map { ", until your day starts at \($0)" } ?? "") + ")"
      guard let asked, asked != budget else {
        // Said with a real example: the budget a couple of spoons lower (higher when small).
        let example = budget > 2 ? budget - 2 : budget + 2
        return "\(today) has already begun with \(budget) spoons; nothing was changed (to "
          + "change today's budget: spoons budget \(example))"
      }
      return "\(today) has begun with \(budget) spoons; to make it \(asked), type: "
        + "spoons budget \(asked)"
    case .openDayHasEnded(let open, let today, let budget):
      return "\(open.weekdayDayMonth) is still open, but today is \(today.weekdayDayMonth): "
        + "start today first with 'spoons new-day \(budget)' (nothing was changed)"
    case .noDayStarted: return "no day started yet: start one with today's spoons, e.g. 'new-day 10'"
    case .unknownTask(let id): return "there is no task \(id) (see 'list', 'backlog' and 'todo' for ids)"
    case .renumberedBySync(let moved, let now):
      let old = moved.old
      let kind = if case .task = old { "task" } else { "routine" }
      let holder = "another device's \(kind)" + (now.map { " ('\($0)')" } ?? "")
      guard let new = moved.new else {
        let gone = kind == "task" ? "deleted, or its day ended on another device" : "removed"
        let named = moved.title.isEmpty ? "\(old) was deleted here" : "\(old) was "
          + "'\(moved.title)' here, which is gone (\(gone))"
        return named + (now == nil ? "" : ", and a sync gave \(old) to \(holder)")
          + "; \(old) works again after the next new day; nothing was changed"
      }
      return "\(old) was renumbered by a sync: your '\(moved.title)' is now \(new), and \(old) "
        + "is \(holder)"
        + "; use \(new.typed) for '\(moved.title)' (\(old) works again after the next new "
        + "day); nothing was changed"
    case .doneEarlier(let id, let date, let today):
      return "\(id) was done on \(date.named(relativeTo: today)); 'undone \(id.rawValue)' brings "
        + "it back to its category"
    case .repeatedTask(let id): return "\(id) is selected twice"
    case .alreadyPlanned(let id): return "\(id) is already on today's list"
    case .alreadyDone(let id): return "\(id) is already done"
    case .notOnTodayList(let id): return "\(id) is not on today's list"
    case .notDone(let id): return "\(id) is not checked off"
    case .overBudget(let budget, let planned, let selection, let reserve):
      // The number is the one that makes it fit (what `--borrow` would borrow): counting the
      // reserve when it is kept back, and saying so.
      let left = budget - planned
      guard reserve > 0 else {
        return "over budget by \(planned + selection - budget): \(planned) of \(budget) planned, "
          + "selection costs \(selection), \(left) left"
      }
      return "over by \(selection - (left - reserve)): selection costs \(selection), "
        + "\(max(0, left - reserve)) left to plan (\(left) left, \(reserve) of them kept in "
        + "reserve), \(planned) of \(budget) planned"
    case .editOverBudget(let id, let spoons, let budget, let others):
      return "\(id) at \(spoons) spoons would take today over budget by "
        + "\(others + spoons - budget): \(others) of \(budget) planned without it, "
        + "\(budget - others) left"
    case .editsOverBudget(let count, let spoons, let budget, let others):
      return "the \(count) planned tasks at \(spoons) spoons each would take today over budget by "
        + "\(others + count * spoons - budget): \(others) of \(budget) planned without them, "
        + "\(budget - others) left"
    case .notInCategory(let id):
      return "\(id) is not waiting in a category; only those can be moved"
    case .invalidPosition(let p, let count):
      return "position \(p) is out of range: the category has \(count) task\(count == 1 ? "" : "s")"
    case .nothingSelected: return "no tasks given"
    case .duplicateTask(let id, let title, let spoons, let place):
      let whereItIs: String
      switch place {
      case .category: whereItIs = "in category \(spoons.value)"
      case .backlog: whereItIs = "in the backlog"
      case .todo, .done: whereItIs = "on today's list"
      }
      return "\(id) \(title) is already \(whereItIs); add --force to add another"
    case .invalidDetail(let field, let problem):
      return Self.describe(problem, of: field.rawValue, maxLength: field.maxLength)
    case .tagTooLong(let word):
      return "a tag is at most \(Tag.maxLength) letters long, not '\(word.prefix(40))'"
        + (word.count > 40 ? "…" : "")
    case .selectionChanged(let filter):
      return "the tasks \(filter) names changed while you were asked (another Spoons saved "
        + "meanwhile); nothing changed, run it again"
    case .noTaskMatches(let filter, let among):
      return "no task \(among) matches \(filter); nothing changed"
    case .tagNotOnTask(let id, let title, let tag):
      return "\(id) \(title.text) has no \(tag); nothing changed"
    case .tooManyTags(let count):
      return "a task can carry at most \(Limits.tagsPerTask) tags and contexts, not \(count)"
    case .intoReserve(let reserve, let left, let selection):
      return "that would use your reserve: selection costs \(selection), \(left) left of which "
        + "\(reserve) \(reserve == 1 ? "is" : "are") kept in reserve; add --use-reserve to use "
        + "\(reserve == 1 ? "it" : "them"), or --borrow to borrow from tomorrow"
    case .borrowLimit(let asked, let borrowed, let limit):
      let already = borrowed == 0 ? "" : ", \(borrowed) already borrowed"
      return "can't borrow \(asked) more: a day may borrow at most \(limit) "
        + "(half of what it started with)\(already)"
    case .invalidBorrow(let n):
      return "borrow needs a whole number of spoons from 1 (or 0 to give back what today does "
        + "not need), not \(n)"
    case .nothingToGiveBack(let borrowed):
      guard borrowed > 0 else {
        return "nothing is borrowed today, so there is nothing to give back"
      }
      return "today's plan needs the \(borrowed) spoon\(borrowed == 1 ? "" : "s") it borrowed; "
        + "unplan something to give \(borrowed == 1 ? "it" : "them") back"
    case .invalidReserve(let n):
      return "the reserve must be a whole number from 0 to 99 spoons, not \(n)"
    case .wouldLeaveOverBudget(let planned, let capacity):
      return "that would take back spoons a rest gave for it and leave today over budget: "
        + "\(planned) planned but only \(capacity) to plan with; unplan something first"
    case .unknownRoutine(let id): return "there is no routine \(id) (see 'routine list')"
    case .routineAlreadyPaused(let id): return "routine \(id) is already paused"
    case .routineNotPaused(let id): return "routine \(id) is not paused"
    case .routineAlreadyToday(let id, let title, let task):
      return "routine \(id) \(title.text) is already on today's list as \(task); a routine "
        + "goes on a day's list once"
    case .noRoutineDays: return "a routine needs at least one day of the week"
    case .unreadableRoutineDays(let text):
      return "'\(text)' is not a set of days; use \(RecurrenceSpec.acceptedForms)"
    case .routineNeverFalls(let text, let problem):
      let why: String
      switch problem {
      case .zeroInterval: why = "every N days needs N of 1 or more"
      case .tooLong: why = "a routine falls at least once a year (every 365 days at most)"
      case .noSuchMonthDay:
        why = "a month's days are the 1st to the 31st (the 31st falls on a shorter month's last day)"
      case .fifthWeekday(let weekday):
        let name = DueDateSpec.weekdays[weekday][0]
        why = "most months have no fifth \(name); last-\(name) is each month's last"
      }
      return "'\(text)' can never fall: \(why)"
    case .routineStartsTooLate(let first):
      return "a routine's first date is at most a year ahead, not \(first.long)"
    case .invalidTook(let n):
      return "--took needs the spoons the task really took, a whole number from 0 to 99, not \(n)"
    case .tookOnRest(let id):
      return "\(id) is a rest: it gives spoons back, so there is nothing to note with --took"
    case .nothingToEditInRoutine(let id):
      return "routine edit needs --title or --spoons, e.g. routine edit \(id) --spoons 3"
    case .tookNeedsOneTask:
      return "--took goes with one task at a time, e.g. done 12 --took 5"
    case .invalidMood(let n):
      return "how you feel is a number from 1 (very low) to 5 (very good), not \(n)"
    }
  }

  private static func describe(_ problem: TitleProblem, of field: String, maxLength: Int)
    -> String
  {
    switch problem {
    case .empty: return "a task needs a \(field)"
    case .tooLong(let n):
      return "the \(field) is \(n) characters long; at most \(maxLength) are allowed"
    case .forbiddenCharacter(let v):
      let hex = String(v, radix: 16, uppercase: true)
      let code = String(repeating: "0", count: max(0, 4 - hex.count)) + hex
      return v == 0xFFFD
        ? "the \(field) is not valid UTF-8 text"
        : "the \(field) contains the control character U+\(code); \(field)s are plain text"
    }
  }
}
