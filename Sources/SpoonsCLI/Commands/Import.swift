import SpoonsCore
import SpoonsStore

/// What `import` reads.
public enum ImportSource: String, Hashable, Sendable, CaseIterable {
  /// Spoons' own export (`export`): merged by id, or put in the planner's place.
  case json
  /// What Taskwarrior's `task export` writes.
  case taskwarrior
  /// A todo.txt file (todotxt.org), such as `export --format todotxt` writes.
  case todotxt

  /// How a message names the format.
  var name: String {
    switch self {
    case .json: "JSON"
    case .taskwarrior: "Taskwarrior"
    case .todotxt: "todo.txt"
    }
  }
}

extension Commands {
  /// `import FILE`: merge an export in by id; `--replace` puts it in the planner's place.
  /// `--from taskwarrior|todotxt`: bring another program's tasks in, as new tasks.
  public struct Import: SpoonsCommand {
    /// `json|taskwarrior|todotxt`, made from the enum as `export`'s formats are: the usage,
    /// help, the manual and Tab after `--from` (which reads the usage) follow it.
    static var sources: String { ImportSource.allCases.map(\.rawValue).joined(separator: "|") }

    public static let info = CommandInfo(
      name: "import", aliases: [],
      usage: "import FILE [--from \(sources)] [--spoons N] [--replace]",
      summary: "bring in an export, Taskwarrior or todo.txt",
      example: "import spoons-backup.json")

    public var file: String
    public var replace: Bool
    public var source: ImportSource
    /// What a task that arrives without a cost costs; nil: `MovingIn.defaultSpoons`.
    public var spoons: SpoonCost?

    public init(
      _ file: String, replace: Bool = false, from source: ImportSource = .json,
      spoons: SpoonCost? = nil
    ) {
      self.file = file
      self.replace = replace
      self.source = source
      self.spoons = spoons
    }

    public init(parsing args: inout Arguments) throws(ParseError) {
      replace = args.takeFlag("--replace")
      let from = try args.option("--from")
      let cost = NumberArgument.cost("import --from todotxt todo.txt --spoons 3")
      spoons = try args.number(option: "--spoons", cost).map { n throws(ParseError) in
        try Arguments.cost(n, cost)
      }
      guard let file = args.next(), !file.isEmpty else {
        throw ParseError("import needs the file to read, e.g. \(args.example)")
      }
      try args.finish()
      self.file = file
      let names = Arguments.list(ImportSource.allCases.map(\.rawValue), or: true)
      guard let source = ImportSource(rawValue: from?.lowercased() ?? "json") else {
        throw ParseError(
          "--from is \(names), not '\(Text.echoed(from ?? ""))', "
            + "e.g. import --from taskwarrior tasks.json")
      }
      self.source = source
      if replace && source != .json {
        throw ParseError(
          "--replace is for Spoons' own JSON export; tasks from \(source.name) are added, "
            + "e.g. import --from \(source.rawValue) \(Text.echoed(file))")
      }
      if spoons != nil && source == .json {
        throw ParseError(
          "--spoons is for tasks that arrive without a cost, from Taskwarrior or todo.txt, "
            + "e.g. import --from todotxt todo.txt --spoons 3")
      }
    }

    /// Whether the first byte that is no blank opens a JSON array or object.
    static func looksLikeJSON(_ bytes: [UInt8]) -> Bool {
      let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
      return first == UInt8(ascii: "[") || first == UInt8(ascii: "{")
    }

    /// Whether `needle` is somewhere in `bytes` (the first 64 KiB: a hint, not a parse).
    static func holds(_ needle: String, _ bytes: [UInt8]) -> Bool {
      let wanted = Array(needle.utf8)
      let window = bytes.prefix(65_536)
      guard window.count >= wanted.count else { return false }
      return window.indices.dropLast(wanted.count - 1).contains {
        window[$0..<($0 + wanted.count)].elementsEqual(wanted)
      }
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      let env = session.environment
      let now = env.now()
      let r = session.renderer
      let (path, replace) = (file, replace)
      let bytes = try ImportFile.read(path)
      let batch: MovingIn
      switch source {
      case .json:
        let incoming: PlannerExport
        do {
          incoming = try ExportFormat.decode(json: bytes, file: path)
        } catch {
          // The likeliest slip of someone moving in: Taskwarrior's export without --from.
          guard Self.looksLikeJSON(bytes), Self.holds(#""uuid""#, bytes),
            Self.holds(#""description""#, bytes)
          else { throw error }
          throw ParseError(
            "\(Text.visible(path)) looks like a Taskwarrior export, not a Spoons one; nothing was "
              + "imported. Bring it in with: spoons import --from taskwarrior \(Text.visible(path))")
        }
        let summary = try session.store.importPlanner(
          incoming, file: path, replace: replace, at: now,
          describe: { r.importName(path, $0, replace: replace) })
        return Session.Result(output: r.imported(path, summary, replace: replace))
      case .taskwarrior:
        batch = try MovingInFile.taskwarrior(bytes, file: path, utcOffset: env.utcOffset(at:))
      case .todotxt:
        // JSON is no todo.txt: read as lines, it would come in as tasks titled `[` and `{…`.
        guard !Self.looksLikeJSON(bytes) else {
          throw ParseError(
            "\(Text.visible(path)) holds JSON, not todo.txt lines; nothing was imported. A "
              + "Taskwarrior export is --from taskwarrior, a Spoons export needs no --from")
        }
        batch = try MovingInFile.todoTxt(bytes, file: path, now: now, utcOffset: env.utcOffset(at:))
      }
      let cost = spoons ?? MovingIn.defaultSpoons
      let from = source
      let summary = try session.store.moveIn(
        batch, spoons: cost, at: now,
        describe: { "import --from \(from.rawValue) \(path) (\(Renderer.tasks($0.open + $0.done)))" })
      return Session.Result(output: r.movedIn(path, from: source.name, batch, summary, spoons: cost))
    }
  }
}
