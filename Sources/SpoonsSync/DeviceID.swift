import SpoonsCore

/// One data directory on one machine, as the devices that sync together know it.
///
/// Random, so two devices never pick the same one, and kept in the data directory: a new
/// host name changes only the device's label (`DeviceName`). A copied data directory becomes
/// a new device (the store checks), so two directories never write as one device.
public struct DeviceID: Hashable, Comparable, Sendable, CustomStringConvertible {
  public let text: String

  /// 1 to 32 lowercase letters and digits.
  public init?(_ text: some StringProtocol) { self.init(checking: text.utf8) }
  // Concrete entry points, for the stamps a synced state holds (see `SyncStamp.init`).
  public init?(_ text: String) { self.init(checking: text.utf8) }
  public init?(_ text: Substring) { self.init(checking: text.utf8) }

  @inline(__always)
  init?<Bytes: Collection<UInt8>>(checking bytes: Bytes) {
    guard (1...32).contains(bytes.count),
      bytes.allSatisfy({ (48...57).contains($0) || (97...122).contains($0) })
    else { return nil }
    self.text = String(decoding: bytes, as: UTF8.self)
  }

  /// A new random id, from the generator passed in (so tests can fix it).
  public static func random(using generator: inout some RandomNumberGenerator) -> DeviceID {
    let letters = Array("abcdefghijkmnpqrstuvwxyz23456789".utf8)
    var bytes: [UInt8] = []
    for _ in 0..<10 { bytes.append(letters[Int.random(in: 0..<letters.count, using: &generator)]) }
    return DeviceID(String(decoding: bytes, as: UTF8.self))!
  }

  public static func < (lhs: DeviceID, rhs: DeviceID) -> Bool { lhs.text < rhs.text }
  public var description: String { text }
}
