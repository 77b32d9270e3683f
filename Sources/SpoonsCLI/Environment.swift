#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import SpoonsCore
import SpoonsStore

/// Everything the front needs from the outside world, in one place: the clock, the
/// environment variables, standard input, the two output streams, the terminal's width and
/// the files the user asks for. `live()` is the real
/// process; tests build one with a fixed clock, fixed variables and captured streams.
public struct Environment {
  public var now: () -> Timestamp
  /// The time zone: the UTC offset, in seconds, it had at an instant (seconds since 1970),
  /// for dates another program kept in UTC (`import --from taskwarrior`). Nil: always the
  /// offset `now` has (a fixed clock, `SPOONS_NOW`, fixes the zone with it).
  public var zone: (@Sendable (Int64) -> Int)?
  public var variables: Variables
  public var input: LineSource
  public var output: TextSink
  public var errors: TextSink
  public var inputIsTerminal: Bool
  public var outputIsTerminal: Bool
  /// The terminal's width in columns, when standard output is one (nil otherwise). Read
  /// through `columnsRule`, which also honours `COLUMNS`.
  public var terminalColumns: @Sendable () -> Int?
  /// Writes a file the user named (`report --html FILE`); `OutputFile.write` for real, kept
  /// inside a scratch directory by the fuzzer, which would otherwise write wherever its
  /// random input says.
  public var writeFile: (_ bytes: [UInt8], _ path: String) throws(StoreError) -> Void
  /// Ends the process after a one-shot command, for the live process only (`exit`); nil where
  /// the caller (a test, the fuzzer) goes on after `SpoonsApp.main` returns.
  public var exitProcess: ((Int32) -> Never)?

  public init(
    now: @escaping () -> Timestamp, variables: [String: String], input: LineSource,
    output: TextSink, errors: TextSink, inputIsTerminal: Bool, outputIsTerminal: Bool,
    terminalColumns: @escaping @Sendable () -> Int? = { nil },
    writeFile: @escaping (_ bytes: [UInt8], _ path: String) throws(StoreError) -> Void =
      OutputFile.write,
    exitProcess: ((Int32) -> Never)? = nil, zone: (@Sendable (Int64) -> Int)? = nil
  ) {
    self.now = now
    self.zone = zone
    self.variables = Variables(variables)
    self.input = input
    self.output = output
    self.errors = errors
    self.inputIsTerminal = inputIsTerminal
    self.outputIsTerminal = outputIsTerminal
    self.terminalColumns = terminalColumns
    self.writeFile = writeFile
    self.exitProcess = exitProcess
  }

  /// The running process: real clock in the local time zone, fds 0, 1 and 2.
  public static func live() -> Environment {
    let output = FileSink(fd: 1)
    var live = Environment(
      now: Self.systemNow, variables: [:],
      input: FileLineSource(fd: 0, echo: output), output: output, errors: FileSink(fd: 2),
      inputIsTerminal: isatty(0) == 1, outputIsTerminal: isatty(1) == 1,
      terminalColumns: Self.terminalWidth, exitProcess: { exit($0) }, zone: Self.localOffset)
    live.variables = .process
    return live
  }

  /// How wide output may be, the one rule every view and the line editor use: `COLUMNS`
  /// when it is a positive whole number (the user's say wins, as with `ls`), else the
  /// terminal's width, else 80. A function the renderer and the line editor keep, asked
  /// each time: a terminal can be resized while the REPL is open.
  public var columnsRule: @Sendable () -> Int {
    let (variables, terminal) = (variables, terminalColumns)
    return { Self.columns(variables: variables, terminal: terminal) }
  }

  static func columns(variables: Variables, terminal: () -> Int?) -> Int {
    if let text = variables["COLUMNS"], text.count <= 6, let n = Int(text), n > 0 { return n }
    return terminal() ?? 80
  }

  @Sendable static func terminalWidth() -> Int? {
    var size = winsize()
    guard isatty(1) == 1, ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else {
      return nil
    }
    return Int(size.ws_col)
  }

  /// The UTC offset at `instant` where the person is (`zone`), summer time and all.
  public func utcOffset(at instant: Int64) -> Int {
    zone?(instant) ?? now().utcOffset
  }

  /// The local time zone's offset at an instant, as the C library knows it (`TZ`, else the
  /// system's zone).
  @Sendable static func localOffset(at instant: Int64) -> Int {
    var seconds = time_t(instant)
    var local = tm()
    guard localtime_r(&seconds, &local) != nil else { return 0 }
    return Int(local.tm_gmtoff)
  }

  /// The real clock in the local time zone: the one place Spoons reads the time of day;
  /// Core and the store are given it, so every test can fix it.
  static func systemNow() -> Timestamp {
    var spec = timespec()
    clock_gettime(CLOCK_REALTIME, &spec)
    var seconds = time_t(spec.tv_sec)
    var local = tm()
    localtime_r(&seconds, &local)
    return Timestamp(seconds: Int64(spec.tv_sec), utcOffset: Int(local.tm_gmtoff))
  }
}

extension Environment {
  /// The environment variables, each read when asked: `process` reads this process's own
  /// through `getenv`, a dictionary is a fixed set (tests). Never a dictionary of the whole
  /// environment up front: building one cost `--version` more than the rest of its run.
  public struct Variables: Sendable, ExpressibleByDictionaryLiteral {
    /// The fixed set; nil for the process's own.
    private var fixed: [String: String]?

    /// This process's variables, read one at a time.
    public static var process: Variables { Variables(fixed: nil) }

    private init(fixed: [String: String]?) { self.fixed = fixed }

    public init(_ fixed: [String: String]) { self.fixed = fixed }

    public init(dictionaryLiteral elements: (String, String)...) {
      self.fixed = Dictionary(uniqueKeysWithValues: elements)
    }

    /// The variable's value, nil when it is not set. Setting one (tests) fixes the set.
    public subscript(name: String) -> String? {
      get {
        if let fixed { return fixed[name] }
        return getenv(name).map { String(cString: $0) }
      }
      set {
        var all = self.all
        all[name] = newValue
        fixed = all
      }
    }

    /// Every variable, for a program started in this environment (git).
    public var all: [String: String] { fixed ?? Self.processVariables() }

    static func processVariables() -> [String: String] {
      var result: [String: String] = [:]
      #if canImport(Darwin)
        var pointer: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = _NSGetEnviron().pointee
      #else
        var pointer: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
      #endif
      while let entry = pointer?.pointee {
        let text = String(cString: entry)
        if let eq = text.firstIndex(of: "=") {
          result[String(text[..<eq])] = String(text[text.index(after: eq)...])
        }
        pointer = pointer.map { $0 + 1 }
      }
      return result
    }
  }
}
