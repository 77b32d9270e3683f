#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What reading one line of input gave.
public enum LineResult: Equatable, Sendable {
  case line(String)
  /// End of input (Ctrl-D on an empty line, or the end of a script).
  case end
  /// The line could not be used (too long, not UTF-8); the reason says why. Reading goes on.
  case rejected(String)
  /// Ctrl-C: the line was abandoned.
  case interrupted
}

/// A source of lines: standard input, a line editor on a terminal, or a test's list.
public protocol LineSource: AnyObject {
  /// Shows `prompt` (when there is someone to see it) and reads one line.
  func readLine(prompt: String) -> LineResult
  /// Reads the answer to a question (the morning check-in, a y/n): never kept in the
  /// command history.
  func readAnswer(prompt: String) -> LineResult
}

extension LineSource {
  public func readAnswer(prompt: String) -> LineResult { readLine(prompt: prompt) }
}

/// Lines from a file descriptor, read in blocks. Bounded: a line longer than `maxLineBytes` is
/// skipped to its end and reported, so a 64 MB line cannot exhaust memory.
public final class FileLineSource: LineSource {
  public static let maxLineBytes = 64 * 1024

  let fd: Int32
  private let echo: TextSink?
  /// On a terminal, Ctrl-D after a half-typed line sends it without a newline: that line was
  /// abandoned, not entered, so it is dropped. A script's last line without a newline still runs.
  private let dropsUnfinishedLine: Bool
  private var buffer: [UInt8] = []
  private var start = 0
  private var atEnd = false
  /// Whether no line has been read yet: a script's first line may start with the UTF-8 byte
  /// order mark Windows editors write, which is not part of the command.
  private var firstLine = true
  /// At the prompt on a terminal without line editing (`TERM=dumb`), Ctrl-C drops the line
  /// typed so far, as a shell's prompt does, instead of ending the program; while a command
  /// runs it still stops it.
  public var ctrlCDropsTheLine = false

  /// `echo` receives the prompt (flushed) before each read.
  public init(fd: Int32, echo: TextSink?) {
    self.fd = fd
    self.echo = echo
    self.dropsUnfinishedLine = isatty(fd) == 1
  }

  public func readLine(prompt: String) -> LineResult {
    // Caught from before the prompt shows to the end of the line: a Ctrl-C typed as soon as
    // the prompt appears is not lost. The handler before (by default, ending the program) is
    // put back after.
    let before = ctrlCDropsTheLine ? Interrupt.catchWhileReading() : nil
    let catching = before != nil
    defer { if let before { Interrupt.restore(before) } }
    if !prompt.isEmpty, let echo {
      echo.write(prompt)
      echo.flush()
    }
    var line: [UInt8] = []
    var tooLong = false
    while true {
      if start < buffer.count {
        let slice = buffer[start...]
        if let newline = slice.firstIndex(of: 10) {
          if !tooLong { line += buffer[start..<newline] }
          start = newline + 1
          return finish(line, tooLong: tooLong)
        }
        if !tooLong { line += slice }
        start = buffer.count
        if line.count > Self.maxLineBytes {
          tooLong = true
          line = []
        }
      }
      if atEnd {
        if (line.isEmpty && !tooLong) || dropsUnfinishedLine { return .end }
        return finish(line, tooLong: tooLong)
      }
      if !fill(catching: catching) {
        // The terminal showed ^C where the cursor was: the next prompt starts a line.
        echo?.write("\n")
        echo?.flush()
        return .interrupted
      }
    }
  }

  private func finish(_ line: [UInt8], tooLong: Bool) -> LineResult {
    if tooLong || line.count > Self.maxLineBytes {
      return .rejected("the line is longer than \(Self.maxLineBytes) bytes; it was skipped")
    }
    var bytes = line
    if firstLine {
      firstLine = false
      if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    }
    if bytes.last == 13 { bytes.removeLast() }  // tolerate CRLF scripts
    guard let text = String(validating: bytes, as: UTF8.self) else {
      return .rejected("the line is not valid UTF-8 text; it was skipped")
    }
    return .line(text)
  }

  /// Reads the next block; false when, `catching`, a Ctrl-C came since the line began or
  /// stopped the read (nothing was read).
  private func fill(catching: Bool = false) -> Bool {
    buffer.removeAll(keepingCapacity: true)
    start = 0
    buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      if catching, Interrupt.take() {
        buffer.removeAll()
        return false
      }
      let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
      if n < 0 && errno == EINTR { continue }
      if n <= 0 {
        atEnd = true
        buffer.removeAll()
      } else {
        buffer.removeLast(buffer.count - n)
      }
      return true
    }
  }
}

/// Lines from a list, for tests.
public final class ScriptedLines: LineSource {
  private var lines: [LineResult]

  public init(_ lines: [String]) { self.lines = lines.map(LineResult.line) }
  public init(results: [LineResult]) { self.lines = results }

  public func readLine(prompt: String) -> LineResult {
    lines.isEmpty ? .end : lines.removeFirst()
  }
}

/// Ctrl-C while a line is read without line editing: caught, so that the read stops and the
/// line is dropped, and only then (the terminal has already thrown away what was typed).
///
/// Two windows of a few instructions stay open, as in most line readers: a Ctrl-C between the
/// last look at `seen` and the read waits for the read to end (the next Enter runs the line),
/// and one after a whole line was read is let go.
private enum Interrupt {
  /// Set by the handler; read and cleared by the reader.
  nonisolated(unsafe) static var seen: sig_atomic_t = 0

  /// What was there before: the action, and the signal mask.
  typealias Before = (action: sigaction, mask: sigset_t)

  /// Catches SIGINT with a handler that stops a read under way (no `SA_RESTART`), unblocked:
  /// a parent may have started us with it blocked (as a test runner's threads do), and a
  /// person at the prompt expects Ctrl-C to work. Not when it is ignored (started in the
  /// background by a shell without job control): it stays so, as shells leave it.
  static func catchWhileReading() -> Before? {
    seen = 0
    var action = sigaction()
    #if canImport(Glibc)
      action.__sigaction_handler.sa_handler = { _ in Interrupt.seen = 1 }
    #elseif canImport(Darwin)
      action.__sigaction_u.__sa_handler = { _ in Interrupt.seen = 1 }
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    var before = sigaction()
    guard sigaction(SIGINT, &action, &before) == 0 else { return nil }
    guard !isIgnored(before) else {
      sigaction(SIGINT, &before, nil)
      return nil
    }
    var interrupt = sigset_t()
    sigemptyset(&interrupt)
    sigaddset(&interrupt, SIGINT)
    var mask = sigset_t()
    sigprocmask(SIG_UNBLOCK, &interrupt, &mask)
    return (before, mask)
  }

  static func restore(_ before: Before) {
    var (action, mask) = before
    sigaction(SIGINT, &action, nil)
    sigprocmask(SIG_SETMASK, &mask, nil)
  }

  /// Whether `action` ignores the signal (`SIG_IGN`, the handler 1).
  private static func isIgnored(_ action: sigaction) -> Bool {
    guard action.sa_flags & Int32(SA_SIGINFO) == 0 else { return false }
    #if canImport(Glibc)
      let handler = action.__sigaction_handler.sa_handler
    #elseif canImport(Darwin)
      let handler = action.__sigaction_u.__sa_handler
    #endif
    return unsafeBitCast(handler, to: Int.self) == 1
  }

  /// Whether Ctrl-C came since it was last asked.
  static func take() -> Bool {
    defer { seen = 0 }
    return seen != 0
  }
}
