import SpoonsCore
import SpoonsStore

/// The process's exit status, as documented in the README and used by scripts.
public enum ExitStatus: Int32, Sendable, CaseIterable {
  case success = 0
  /// Refused by a rule (over budget, unknown id...) or a data problem (a corrupt file, busy).
  case failure = 1
  /// Not a command Spoons understands: unknown command, wrong arguments (sysexits' EX_USAGE).
  case usage = 64

  /// What the status means, as the manual says it.
  public var meaning: String {
    switch self {
    case .success: return "success"
    case .failure:
      return "refused by a rule (over budget, unknown id, ...) or a data problem (a bad file, "
        + "another process holding the lock too long)"
    case .usage:
      return "usage error: unknown command, wrong or missing arguments, invalid input"
    }
  }

  /// The status an error leads to: a usage mistake (words Spoons cannot take, whether the
  /// parser or a rule found it) or a refusal.
  public init(for error: Error) {
    switch error {
    case is ParseError: self = .usage
    case let error as PlannerError: self = error.isUsageMistake ? .usage : .failure
    default: self = .failure
    }
  }
}

/// The one-line message for any error the front can meet.
func message(for error: Error) -> String {
  switch error {
  case let error as ParseError: return error.message
  case let error as PlannerError: return error.description
  // These quote change names, file names and commands, which could hold anything: shown
  // escaped.
  case let error as StoreError: return Text.visible(error.description)
  case let error as UndoError: return Text.visible(error.description)
  case let error as ImportError: return Text.visible(error.description)
  case let error as SyncError: return Text.visible(error.description)
  default: return "\(error)"
  }
}
