import SpoonsCore

/// The name of one thing the synced document holds: its kind, then its stable id, written as
/// devices exchange it: `task:k3v9q2.41.1764000000`, `routine:k3v9q2.3.1764000000`,
/// `day:2026-11-23`, `settings`, `next:k3v9q2`.
///
/// The kind is read from the name once, here, so no other code looks at a name's text. A name
/// of no kind Spoons knows (`unknown`, from a newer version or a forged file) is kept and
/// merged like any other, and never read into a planner.
public struct SyncEntity: Hashable, Comparable, Sendable, CustomStringConvertible {
  public enum Kind: Hashable, Sendable {
    case task, routine, day, settings, next, unknown
  }

  /// The name as devices exchange it.
  public let name: String
  public let kind: Kind

  public init(_ name: String) {
    self.name = name
    kind =
      if name.hasPrefix(Self.taskPrefix) { .task }
      else if name.hasPrefix(Self.routinePrefix) { .routine }
      else if name.hasPrefix(Self.dayPrefix) { .day }
      else if name == Self.settingsName { .settings }
      else if name.hasPrefix(Self.nextPrefix) { .next }
      else { .unknown }
  }

  private init(name: String, kind: Kind) {
    self.name = name
    self.kind = kind
  }

  private static let taskPrefix = "task:"
  private static let routinePrefix = "routine:"
  private static let dayPrefix = "day:"
  private static let settingsName = "settings"
  private static let nextPrefix = "next:"

  /// A task by its stable id.
  public static func task(_ uid: some StringProtocol) -> SyncEntity {
    SyncEntity(name: taskPrefix + uid, kind: .task)
  }

  /// A routine by its stable id.
  public static func routine(_ uid: some StringProtocol) -> SyncEntity {
    SyncEntity(name: routinePrefix + uid, kind: .routine)
  }

  /// A day by its date.
  public static func day(_ date: CivilDate) -> SyncEntity {
    SyncEntity(name: dayPrefix + date.description, kind: .day)
  }

  /// The settings every device shares.
  public static let settings = SyncEntity(name: settingsName, kind: .settings)

  /// The next numbers one device hands out.
  public static func next(_ device: DeviceID) -> SyncEntity {
    SyncEntity(name: nextPrefix + device.text, kind: .next)
  }

  /// What follows the kind: a task's or routine's stable id, a day's date, a device's id;
  /// the whole name for `settings` and an unknown kind.
  public var id: Substring {
    switch kind {
    case .task: name.dropFirst(Self.taskPrefix.utf8.count)
    case .routine: name.dropFirst(Self.routinePrefix.utf8.count)
    case .day: name.dropFirst(Self.dayPrefix.utf8.count)
    case .next: name.dropFirst(Self.nextPrefix.utf8.count)
    case .settings, .unknown: name[...]
    }
  }

  /// The date a day is for; nil for other kinds, and for a day whose name holds no date.
  public var date: CivilDate? { kind == .day ? CivilDate(iso: id) : nil }

  public var description: String { name }

  // The kind follows from the name: the name alone is hashed and compared.
  public func hash(into hasher: inout Hasher) { hasher.combine(name) }
  public static func == (a: SyncEntity, b: SyncEntity) -> Bool { a.name == b.name }
  public static func < (a: SyncEntity, b: SyncEntity) -> Bool { a.name < b.name }
}
