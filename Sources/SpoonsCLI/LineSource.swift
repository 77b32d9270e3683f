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

  /// `echo` receives the prompt (flushed) before each read.
  public init(fd: Int32, echo: TextSink?) {
    self.fd = fd
    self.echo = echo
    self.dropsUnfinishedLine = isatty(fd) == 1
  }

  public func readLine(prompt: String) -> LineResult {
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
      fill()
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

  private func fill() {
    buffer.removeAll(keepingCapacity: true)
    start = 0
    buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
      if n < 0 && errno == EINTR { continue }
      if n <= 0 {
        atEnd = true
        buffer.removeAll()
      } else {
        buffer.removeLast(buffer.count - n)
      }
      return
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
