import SpoonsCore
import SpoonsStore

extension Commands {
  /// `import FILE`: merge an export in by id; `--replace` puts it in the planner's place.
  public struct Import: SpoonsCommand {
    public static let info = CommandInfo(
      name: "import", aliases: [], usage: "import FILE [--replace]",
      summary: "merge a JSON export back in, by id",
      example: "import spoons-backup.json")

    public var file: String
    public var replace: Bool

    public init(_ file: String, replace: Bool = false) {
      self.file = file
      self.replace = replace
    }

    public init(parsing args: inout Arguments) throws(ParseError) {
      replace = args.takeFlag("--replace")
      guard let file = args.next(), !file.isEmpty else {
        throw ParseError("import needs the file to read, e.g. \(args.example)")
      }
      try args.finish()
      self.file = file
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      let now = session.environment.now()
      let r = session.renderer
      let (path, replace) = (file, replace)
      let incoming = try ExportFormat.decode(json: try ImportFile.read(path), file: path)
      let summary = try session.store.importPlanner(
        incoming, file: path, replace: replace, at: now,
        describe: { r.importName(path, $0, replace: replace) })
      return Session.Result(output: r.imported(path, summary, replace: replace))
    }
  }
}
