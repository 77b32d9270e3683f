import SpoonsCore

/// What people call a device that syncs: the label in sync's notes and `sync --status`, and a
/// name `sync --forget` accepts.
///
/// Only a label: the device is its `DeviceID`, kept in its data directory. A label changes
/// with `sync --name`, and two devices that joined without knowing of each other may share
/// one, so nothing that tells devices apart ever reads it.
public struct DeviceName: Hashable, Sendable, CustomStringConvertible {
  /// Room for any host name people give a machine, and still one line of `sync --status`.
  public static let maxLength = 40

  public let text: String

  /// Trimmed, 1 to `maxLength` characters, with nothing that could drive a terminal: refused
  /// otherwise rather than silently changed, as a title is.
  public init(_ raw: String) throws(Problem) {
    let trimmed = Title.trim(raw)
    guard !trimmed.isEmpty else { throw .empty }
    let length = trimmed.count
    guard length <= Self.maxLength else { throw .tooLong(length) }
    if let bad = trimmed.unicodeScalars.first(where: Title.isForbidden) {
      throw .forbiddenCharacter(bad.value)
    }
    text = trimmed
  }

  /// The name a device starts with: the host name as a valid name (what a name may not hold
  /// left out, cut to `maxLength`), or `device` when nothing is left of it.
  public init(host: String) {
    var scalars = String.UnicodeScalarView()
    scalars.append(contentsOf: host.unicodeScalars.filter { !Title.isForbidden($0) })
    let kept = String(String(scalars).prefix(Self.maxLength))
    text = (try? DeviceName(kept).text) ?? "device"
  }

  /// This name, or the first of `name-2`, `name-3`, ... that none of `taken` is (letter case
  /// aside, as `sync --forget` matches): so a device that joins, or a copy that becomes a new
  /// device, is told apart from the devices it knows of.
  public func distinct(from taken: some Sequence<String>) -> DeviceName {
    let used = Set(taken.map { $0.lowercased() })
    guard used.contains(text.lowercased()) else { return self }
    var number = 2
    while true {
      let suffix = "-\(number)"
      let candidate = String(text.prefix(Self.maxLength - suffix.count)) + suffix
      if !used.contains(candidate.lowercased()), let name = try? DeviceName(candidate) {
        return name
      }
      number += 1
    }
  }

  public var description: String { text }

  /// Why a name was refused.
  public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
    case empty
    case tooLong(Int)
    case forbiddenCharacter(UInt32)

    public var description: String {
      switch self {
      case .empty: return "a device's name cannot be empty"
      case .tooLong(let n):
        return "the device's name is \(n) characters long; at most \(DeviceName.maxLength) "
          + "are allowed"
      case .forbiddenCharacter(let v):
        let hex = String(v, radix: 16, uppercase: true)
        let code = String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        return v == 0xFFFD
          ? "the device's name is not valid UTF-8 text"
          : "the device's name contains the control character U+\(code); names are plain text"
      }
    }
  }
}
