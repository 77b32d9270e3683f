#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import SpoonsCore

/// Everything the front needs from the outside world, in one place: the clock, the
/// environment variables, standard input and the two output streams. `live()` is the real
/// process; tests build one with a fixed clock and captured streams.
public struct Environment {
  public var now: () -> Timestamp
  public var variables: [String: String]
  public var input: LineSource
  public var output: TextSink
  public var errors: TextSink
  public var inputIsTerminal: Bool
  public var outputIsTerminal: Bool

  public init(
    now: @escaping () -> Timestamp, variables: [String: String], input: LineSource,
    output: TextSink, errors: TextSink, inputIsTerminal: Bool, outputIsTerminal: Bool
  ) {
    self.now = now
    self.variables = variables
    self.input = input
    self.output = output
    self.errors = errors
    self.inputIsTerminal = inputIsTerminal
    self.outputIsTerminal = outputIsTerminal
  }

  /// The running process: real clock in the local time zone, fds 0, 1 and 2.
  public static func live() -> Environment {
    let output = FileSink(fd: 1)
    return Environment(
      now: Self.systemNow, variables: Self.processVariables(),
      input: FileLineSource(fd: 0, echo: output), output: output, errors: FileSink(fd: 2),
      inputIsTerminal: isatty(0) == 1, outputIsTerminal: isatty(1) == 1)
  }

  static func systemNow() -> Timestamp {
    var spec = timespec()
    clock_gettime(CLOCK_REALTIME, &spec)
    var seconds = time_t(spec.tv_sec)
    var local = tm()
    localtime_r(&seconds, &local)
    return Timestamp(seconds: Int64(spec.tv_sec), utcOffset: Int(local.tm_gmtoff))
  }

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
