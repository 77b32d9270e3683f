/// A line that is not a command Spoons understands. Always a usage error (exit status 64).
public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What was wrong, and how to do it right.
  public let message: String

  public init(_ message: String) { self.message = message }

  public var description: String { message }
}
