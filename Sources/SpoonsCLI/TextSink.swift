#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import SpoonsStore

/// Where text goes: a file descriptor in the real program, a string in tests.
public protocol TextSink: AnyObject {
  func write(_ text: String)
  /// Writes text already encoded as UTF-8.
  func write(utf8: [UInt8])
  func flush()
}

extension TextSink {
  public func write(utf8: [UInt8]) { write(String(decoding: utf8, as: UTF8.self)) }
}

/// Buffered output to a file descriptor; flushed after every command so a script's reader
/// sees each result as soon as it is durable.
public final class FileSink: TextSink {
  private let fd: Int32
  private var buffer: [UInt8] = []

  public init(fd: Int32) {
    self.fd = fd
    buffer.reserveCapacity(Self.bufferSize)
  }

  deinit { flush() }

  public func write(_ text: String) {
    var text = text
    // A long text (`list` of 100,000 tasks is 3 MB) goes out from where it lies, not through
    // a copy in the buffer that would touch as many fresh pages again.
    if text.utf8.count >= Self.bufferSize {
      flush()
      _ = text.withUTF8 { FileDescriptor.writeAll(fd, $0.baseAddress, count: $0.count) }
      return
    }
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= Self.bufferSize { flush() }
  }

  public func write(utf8: [UInt8]) {
    if utf8.count >= Self.bufferSize {
      flush()
      FileDescriptor.writeAll(fd, utf8)
      return
    }
    buffer.append(contentsOf: utf8)
    if buffer.count >= Self.bufferSize { flush() }
  }

  private static let bufferSize = 1 << 16

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
