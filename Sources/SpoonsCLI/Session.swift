import SpoonsCore
import SpoonsStore

/// Applies commands to the stored planner and says what happened.
///
/// Every command reads the current state from the store (and a change writes it back under the
/// lock), so a session left open all day never works on a stale copy.
public final class Session {
  public let store: PlannerStore
  public var environment: Environment
  public var renderer: Renderer
  /// An open day the person chose to carry on with after its date passed (the REPL asked):
  /// changes to its list go ahead without asking again.
  public var keptOpenDay: CivilDate?

  public init(store: PlannerStore, environment: Environment, renderer: Renderer) {
    self.store = store
    self.environment = environment
    self.renderer = renderer
  }

  /// What a command printed, whether it asked to leave, and the planner as the command left
  /// it (nil for commands that do not read it), so the REPL's prompt needs no second read.
  public struct Result: Equatable {
    /// What the command prints.
    public var output: String {
      get { utf8.isEmpty ? text : text + String(decoding: utf8, as: UTF8.self) }
      set { (text, utf8) = (newValue, []) }
    }
    public var quit = false
    public var planner: Planner?
    /// What `sync --auto on` said after the change, for standard error: written after the
    /// output (`deliver`), so what the change said comes first and what the sync then
    /// changed (a number moved, a budget another device chose) reads as what followed it.
    public var synced = ""
    /// A word for the person that is not part of the output (which a script may read whole):
    /// for standard error, before what the sync said.
    public var notice = ""
    private var text: String
    /// Output kept as the UTF-8 it was written in: `list` of 100,000 tasks is 3 MB, and a
    /// `String` of it checks every byte again (about 5% of that command).
    private var utf8: [UInt8] = []

    public init(output: String, quit: Bool = false, planner: Planner? = nil) {
      text = output
      self.quit = quit
      self.planner = planner
    }

    /// Output made as UTF-8 bytes (valid: they come from strings), written as they are.
    public init(utf8: [UInt8], planner: Planner? = nil) {
      text = ""
      self.utf8 = utf8
      self.planner = planner
    }

    /// Writes the output to `sink`.
    public func write(to sink: any TextSink) {
      if !text.isEmpty { sink.write(text) }
      if !utf8.isEmpty { sink.write(utf8: utf8) }
    }

    /// Writes the output, then the notice and what the sync after it said, each flushed in
    /// turn.
    public func deliver(to output: any TextSink, errors: any TextSink) {
      write(to: output)
      output.flush()
      deliverNotes(to: errors)
    }

    /// Writes the notice and what the sync after the change said (`synced`), when there is
    /// any.
    public func deliverNotes(to errors: any TextSink) {
      guard !notice.isEmpty || !synced.isEmpty else { return }
      errors.write(notice + synced)
      errors.flush()
    }

    public static func == (a: Result, b: Result) -> Bool {
      a.output == b.output && a.quit == b.quit && a.planner == b.planner
    }
  }

  /// Asks the user for a missing value and returns the answer; nil when there is none.
  public typealias Ask = (String) -> String?

  /// Runs one command. Throws `ParseError`, `PlannerError`, `StoreError`, `UndoError` or
  /// `ImportError`; on a throw nothing was changed.
  ///
  /// - Parameter ask: asks the user for a missing value (the REPL); nil where nobody can answer.
  ///
  /// An id that no command found but that was checked off on an earlier day is refused as
  /// such (`doneEarlier`), saying what still reaches it, rather than as no task at all.
  public func execute(_ command: any SpoonsCommand, ask: Ask? = nil) throws -> Result {
    do {
      if command is Commands.Sync { return try command.run(in: self, ask: ask) }
      return try syncingAfter { try command.run(in: self, ask: ask) }
    } catch PlannerError.unknownTask(let id) {
      // Read only now that an id is missing: everyday commands never read the archive.
      guard let whole = try? store.loadWhole(),
        let at = whole.archive.doneTasks.last(where: { $0.id == id })?.completed
      else { throw PlannerError.unknownTask(id) }
      let p = whole.planner
      throw PlannerError.doneEarlier(
        id, on: p.today(at: at), today: p.today(at: environment.now()))
    }
  }

  /// Runs `body` and, with `sync --auto on`, syncs when it changed something: every change,
  /// a command's or the check-in's answer, is sent as soon as it is made.
  func syncingAfter(_ body: () throws -> Result) throws -> Result {
    let mark = store.autoSyncMark()
    var result = try body()
    // What `sync --auto on` says goes to standard error, after the output (`Result.synced`):
    // the command's own output stays what scripts read (JSON, CSV), whatever happens to the
    // sync.
    if let mark, store.autoSyncMark() != mark, store.syncsEveryChange() {
      result.synced = autoSync()
    }
    return result
  }

  /// The task with `id` as checked off on an earlier day, from the archive; nil when it is
  /// not there.
  func archived(_ id: TaskID) throws -> SpoonTask? {
    try store.loadArchive().doneTasks.last { $0.id == id }
  }

  /// Runs a changing command: `body` returns what to print and how the undo history names
  /// the change. Every change goes through here (or `changeReachingArchive`), and so through
  /// `settled`: none changes a day that is over (`ask`: the REPL offers to start today).
  func change(
    at now: Timestamp, ask: Ask? = nil,
    _ body: (inout Planner, inout [FinishedDay]) throws -> (output: String, name: String)
  ) throws -> Result {
    try offeringNewDay(ask: ask) {
      var after: Planner?
      let said = try store.update(at: now, describe: { $0.name }) { p, finished in
        defer { after = p }
        let before = p
        return try settled(try body(&p, &finished), before: before, after: p, at: now)
      }
      return Result(output: said.output, planner: after)
    }
  }

  /// `change` for a command that also reaches into the archive
  /// (`PlannerStore.updateReachingArchive`): `body` gets the tasks checked off on earlier
  /// days too.
  func changeReachingArchive(
    at now: Timestamp, ask: Ask? = nil,
    _ body: (inout Planner, inout [SpoonTask]) throws -> (output: String, name: String)
  ) throws -> Result {
    try offeringNewDay(ask: ask) {
      var after: Planner?
      let said = try store.updateReachingArchive(at: now, describe: { $0.name }) { p, archived in
        defer { after = p }
        let before = p
        return try settled(try body(&p, &archived), before: before, after: p, at: now)
      }
      return Result(output: said.output, planner: after)
    }
  }

  /// What every change is held to once made, whatever command made it: it may not touch a
  /// day that is over (`Planner.checkEndedDayUntouched`), and what it gave back of today's
  /// borrowing is said (`unplan`, `delete`, `edit`, `budget`, `borrow 0`), so tomorrow's
  /// budget never changes without a word.
  private func settled(
    _ said: (output: String, name: String), before: Planner, after: Planner, at now: Timestamp
  ) throws -> (output: String, name: String) {
    try after.checkEndedDayUntouched(since: before, at: now, keeping: keptOpenDay)
    guard let was = before.day, let day = after.day, was.date == day.date,
      day.borrowed < was.borrowed
    else { return said }
    return (said.output + renderer.gaveBack(was.borrowed - day.borrowed, after), said.name)
  }

  /// The REPL prompt for `planner` (read now when not given): `spoons 7/12> `,
  /// `spoons (no day)> `, or `spoons Sun 22 Nov 7/12> ` while an earlier day is still open.
  public func prompt(for planner: Planner? = nil) -> String {
    guard let p = planner ?? (try? store.load()) else { return "spoons> " }
    guard let ledger = p.ledger else { return "spoons (no day)> " }
    let ended = p.endedDay(at: environment.now()).map { $0.date.weekdayDayMonth + " " } ?? ""
    return "spoons \(ended)\(ledger.planned)/\(ledger.total)> "
  }
}

extension String {
  var trimmingSpaces: String {
    var s = Substring(self)
    while s.first == " " || s.first == "\t" { s.removeFirst() }
    while s.last == " " || s.last == "\t" { s.removeLast() }
    return String(s)
  }
}

extension Session {
  /// The store as a sync uses it: git starts in this environment's variables (PATH, HOME,
  /// SSH_AUTH_SOCK), gathered only here because gathering them all costs every command's start;
  /// `SPOONS_TEST_HOSTNAME` stands for the host name a new device is named after.
  var syncStore: PlannerStore {
    var store = store
    store.git.environment = environment.variables.all
    if let host = environment.variables["SPOONS_TEST_HOSTNAME"], !host.isEmpty {
      store.hostName = host
    }
    return store
  }

  /// How long the sync after a change may wait for git or for the planner's lock.
  static let autoSyncSeconds: Double = 10

  /// `sync --auto on`: the sync after a change (or after it is set: `afterChange` false). Its
  /// failure is one line, never the change's: the change is saved here whatever happens to
  /// the sync.
  func autoSync(afterChange: Bool = true) -> String {
    let now = environment.now()
    let home = environment.variables["HOME"]
    // Short waits: a change must not hang on a slow remote or a busy planner; what is not
    // sent now goes with the next change or sync.
    var quick = syncStore
    quick.git.timeout = min(quick.git.timeout, Self.autoSyncSeconds)
    quick.lockTimeout = min(quick.lockTimeout, Self.autoSyncSeconds)
    do {
      return renderer.autoSynced(try quick.sync(at: now), home: home, at: now)
    } catch SyncError.unreachable(let path) {
      return renderer.autoSyncFailed(
        "could not reach \(Text.visible(path))", afterChange: afterChange)
    } catch {
      return renderer.autoSyncFailed(message(for: error), afterChange: afterChange)
    }
  }
}
