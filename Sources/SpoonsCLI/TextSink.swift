#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import SpoonsStore

/// Where text goes: a file descriptor in the real program, a string in tests.
public protocol TextSink: AnyObject {
  func write(_ text: String)
  func flush()
}

/// Buffered output to a file descriptor; flushed after every command so a script's reader
/// sees each result as soon as it is durable.
public final class FileSink: TextSink {
  private let fd: Int32
  private var buffer: [UInt8] = []

  public init(fd: Int32) {
    self.fd = fd
    buffer.reserveCapacity(1 << 16)
  }

  deinit { flush() }

  public func write(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= 1 << 16 { flush() }
  }

  public func flush() {
    // A failure is a closed pipe or a full disk: nothing more can be said, so it is dropped.
    FileDescriptor.writeAll(fd, buffer)
    buffer.removeAll(keepingCapacity: true)
  }
}

/// Captures everything written, for tests and the benchmark.
public final class StringSink: TextSink {
  public private(set) var text = ""
  public init() {}
  public func write(_ text: String) { self.text += text }
  public func flush() {}
  public func take() -> String {
    defer { text = "" }
    return text
  }
}
