import SpoonsCore
import SpoonsStore

/// What `export` writes.
public enum ExportKind: String, Hashable, Sendable, CaseIterable {
  /// Everything, losslessly; what `import` reads.
  case json
  /// Tasks and finished days in one table, for spreadsheets.
  case csv
  /// One todo.txt line a task, for todo.txt apps; what `import --from todotxt` reads.
  case todotxt
}

extension Commands {
  /// `export`: the whole planner to standard output, or to a file.
  public struct Export: SpoonsCommand {
    public static let info = CommandInfo(
      name: "export", aliases: [], usage: "export [--format \(formats)] [--output FILE] [FILTER...]",
      summary: "the whole planner as JSON, CSV or todo.txt",
      example: "export --output spoons-backup.json")

    /// `json|csv`: every kind, made from the enum, so the usage, help, the manual and Tab
    /// after `--format` (which reads the usage) list a new kind the day it is added.
    static var formats: String { ExportKind.allCases.map(\.rawValue).joined(separator: "|") }

    public var kind: ExportKind
    /// nil: standard output.
    public var output: String?
    /// The tasks a table holds (`export --format csv +health`); a JSON export is the whole
    /// planner, what `import` puts back, and takes none.
    public var filter: TaskFilter

    public init(_ kind: ExportKind = .json, output: String? = nil, filter: TaskFilter = TaskFilter()) {
      self.kind = kind
      self.output = output
      self.filter = filter
    }

    public init(parsing args: inout Arguments) throws(ParseError) {
      let format = try args.option("--format")
      let output = try args.option("--output")
      let filter = try args.filter()
      guard let kind = ExportKind(rawValue: format?.lowercased() ?? "json") else {
        let kinds = ExportKind.allCases.map(\.rawValue)
        let listed = kinds.dropLast().joined(separator: ", ") + " or " + (kinds.last ?? "")
        throw ParseError(
          "--format is \(listed), not '\(Text.echoed(format ?? ""))', e.g. export --format csv")
      }
      if let output, output.isEmpty {
        throw ParseError("--output needs a file name, e.g. \(args.example)")
      }
      if kind == .json, !filter.isEmpty {
        throw ParseError(
          "a JSON export is the whole planner, for import to put back; to export only some "
            + "tasks, use --format csv or todotxt, e.g. export --format todotxt \(filter)")
      }
      self.kind = kind
      self.output = output
      self.filter = filter
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      let export = try session.store.loadWhole()
      let today = export.planner.today(at: session.environment.now())
      let bytes =
        switch kind {
        case .json: ExportFormat.json(export)
        case .csv: ExportFormat.csv(export, matching: filter, today: today)
        case .todotxt: ExportFormat.todoTxt(export, matching: filter, today: today)
        }
      // Counted over the open tasks and the archive in turn, not over a copy of both.
      let chosen =
        filter.isEmpty
        ? nil
        : export.planner.allTasks.count { filter.matches($0, today: today) }
          + export.archive.doneTasks.count { filter.matches($0, today: today) }
      guard let output else {
        var result = Session.Result(
          output: String(decoding: bytes, as: UTF8.self), planner: export.planner)
        // The output stays what a script reads (a CSV's header, or nothing); the person is
        // told why there are no tasks in it.
        if chosen == 0 { result.notice = session.renderer.noneMatched(filter) }
        return result
      }
      try session.environment.writeFile(bytes, output)
      return Session.Result(
        output: session.renderer.exported(export, kind: kind, to: output, chosen: chosen),
        planner: export.planner)  // the prompt needs no second read
    }
  }
}
