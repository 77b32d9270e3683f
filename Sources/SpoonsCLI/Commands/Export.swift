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
      name: "export", aliases: [], usage: "export [--format json|csv|todotxt] [--output FILE]",
      summary: "the whole planner as JSON, CSV or todo.txt",
      example: "export --output spoons-backup.json")

    public var kind: ExportKind
    /// nil: standard output.
    public var output: String?

    public init(_ kind: ExportKind = .json, output: String? = nil) {
      self.kind = kind
      self.output = output
    }

    public init(parsing args: inout Arguments) throws(ParseError) {
      let format = try args.option("--format")
      let output = try args.option("--output")
      try args.finish()
      guard let kind = ExportKind(rawValue: format?.lowercased() ?? "json") else {
        throw ParseError(
          "--format is json, csv or todotxt, not '\(Text.echoed(format ?? ""))', "
            + "e.g. export --format csv")
      }
      if let output, output.isEmpty {
        throw ParseError("--output needs a file name, e.g. \(args.example)")
      }
      self.kind = kind
      self.output = output
    }

    /// `--format`'s formats.
    public static func completions(_ context: CompletionContext, in session: Session)
      -> [Completion.Candidate]?
    {
      let previous = context.argument - 1  // the word before the one at the cursor
      guard context.words.indices.contains(previous),
        context.words[previous].lowercased() == "--format"
      else { return nil }
      return ExportKind.allCases.map { Completion.Candidate(text: $0.rawValue) }
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      let export = try session.store.loadWhole()
      let bytes =
        switch kind {
        case .json: ExportFormat.json(export)
        case .csv: ExportFormat.csv(export)
        case .todotxt: ExportFormat.todoTxt(export)
        }
      guard let output else {
        return Session.Result(
          output: String(decoding: bytes, as: UTF8.self), planner: export.planner)
      }
      try session.environment.writeFile(bytes, output)
      return Session.Result(
        output: session.renderer.exported(export, kind: kind, to: output),
        planner: export.planner)  // the prompt needs no second read
    }
  }
}
