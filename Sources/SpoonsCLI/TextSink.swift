#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
    var done = 0
    while done < buffer.count {
      let n = buffer.withUnsafeBytes { raw in
        systemWrite(fd, raw.baseAddress! + done, buffer.count - done)
      }
      if n < 0 {
        if errno == EINTR { continue }
        break  // a closed pipe: nothing more can be said
      }
      done += n
    }
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

@inline(__always) func systemWrite(_ fd: Int32, _ buf: UnsafeRawPointer, _ n: Int) -> Int {
  write(fd, buf, n)
}
