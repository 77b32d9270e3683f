import SpoonsCore

/// When a change was made, as every device can order it: a hybrid logical clock stamp.
///
/// Wall clocks disagree between devices, so a stamp is never behind anything its device has
/// seen (`HybridClock`): an edit made after seeing another always carries the larger stamp,
/// whatever the clocks say. Ties between devices break by device id, so every device orders
/// any two stamps the same way.
public struct SyncStamp: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Seconds since 1970 (UTC), or more when the clock has seen a stamp from the future.
  public let seconds: Int64
  /// Orders stamps made within one second.
  public let counter: Int
  public let device: DeviceID

  public init(seconds: Int64, counter: Int, device: DeviceID) {
    self.seconds = seconds
    self.counter = counter
    self.device = device
  }

  public static func < (lhs: SyncStamp, rhs: SyncStamp) -> Bool {
    (lhs.seconds, lhs.counter, lhs.device.text) < (rhs.seconds, rhs.counter, rhs.device.text)
  }

  /// Far past any clock (the year 33658), and the most stamps one second may hold.
  static let largestSeconds: Int64 = 1 << 40
  static let largestCounter = 1 << 40

  /// The least stamp of `device` later than this one, for a change that replaces a value
  /// this device has seen: it must win over that value, even one stamped further ahead than
  /// the clock follows (`HybridClock.furthestJump`). Nil past the largest stamp a change file
  /// may hold, which nothing can replace.
  public func succeeded(by device: DeviceID) -> SyncStamp? {
    if counter < Self.largestCounter {
      return SyncStamp(seconds: seconds, counter: counter + 1, device: device)
    }
    if seconds < Self.largestSeconds {
      return SyncStamp(seconds: seconds + 1, counter: 0, device: device)
    }
    return nil
  }

  /// `1795340000.3.k3v9q2`: what the change files hold.
  public var description: String { "\(seconds).\(counter).\(device)" }

  /// Reads what `description` writes. Every stamp of a synced state is read, so the text is
  /// scanned once, byte by byte; each number is read as `Int64(_:)` reads it (a sign, then
  /// digits), so the stamps accepted are the ones they always were.
  public init?(_ text: some StringProtocol) { self.init(parsing: text.utf8) }

  // Concrete entry points: the generic one, called from another module, is not specialized,
  // and paid about 10,000 instructions a stamp as a synced state loaded.
  public init?(_ text: String) { self.init(parsing: text.utf8) }
  public init?(_ text: Substring) { self.init(parsing: text.utf8) }
  /// From a file's bytes, as `init(_:)` reads their text, without making the text first.
  public init?(utf8 bytes: ArraySlice<UInt8>) { self.init(parsing: bytes) }
  public init?(utf8 bytes: UnsafeBufferPointer<UInt8>) { self.init(parsing: bytes) }

  @inline(__always)
  private init?<Bytes: Collection<UInt8>>(parsing bytes: Bytes) {
    var index = bytes.startIndex
    // A number up to the next dot, bounded so that no clock arithmetic on a stamp from a file
    // can overflow.
    func number(upTo largest: Int64) -> Int64? {
      var negative = false
      if index < bytes.endIndex, bytes[index] == 43 || bytes[index] == 45 {
        negative = bytes[index] == 45
        index = bytes.index(after: index)
      }
      var value: Int64 = 0
      var digits = 0
      while index < bytes.endIndex, bytes[index] != 46 {
        let digit = Int64(bytes[index]) - 48
        guard (0...9).contains(digit) else { return nil }
        let (times, overflow) = value.multipliedReportingOverflow(by: 10)
        guard !overflow, times <= Int64.max - digit else { return nil }
        value = times + digit
        digits += 1
        index = bytes.index(after: index)
      }
      guard digits > 0, index < bytes.endIndex, negative ? value == 0 : value <= largest else {
        return nil
      }
      index = bytes.index(after: index)  // the dot
      return value
    }
    guard let seconds = number(upTo: Self.largestSeconds),
      let counter = number(upTo: Int64(Self.largestCounter)),
      let device = DeviceID(checking: bytes[index...])
    else { return nil }
    self.init(seconds: seconds, counter: Int(counter), device: device)
  }
}

/// A device's hybrid logical clock: stamps that follow the wall clock, never go backwards, and
/// are never behind a stamp the device has seen.
public struct HybridClock: Hashable, Sendable {
  public let device: DeviceID
  /// The largest stamp made or seen; nil for a device that has done neither.
  public private(set) var last: SyncStamp?

  /// A stamp from another device further ahead than this is not followed all the way, so one
  /// device with a wrong clock cannot drag every other device's clock forward by years.
  public static let furthestJump: Int64 = 24 * 3600

  /// How far ahead of this device's clock a received stamp may be. A stamp is never changed
  /// once made (every device must end with the same planner, so none may read it otherwise),
  /// so a change file holding one further ahead is refused whole, and read again at each sync
  /// until the clock is within reach of it. The bound keeps every field far below the largest
  /// stamp (`SyncStamp.succeeded`), so an edit can always follow any value, and 30 days lets a
  /// clock set a wrong day or month sync on, saying so (`SyncRound.noticeableSkew`).
  public static let furthestAccepted: Int64 = 30 * 24 * 3600

  /// Whether a stamp received from another device is within `furthestAccepted` of `now`.
  public static func accepts(_ stamp: SyncStamp, now: Timestamp) -> Bool {
    stamp.seconds <= now.seconds + furthestAccepted
  }

  public init(device: DeviceID, last: SyncStamp? = nil) {
    self.device = device
    self.last = last
  }

  /// A new stamp, later than every stamp made or seen so far, but for one case: a `last`
  /// further ahead than any device accepts (`furthestAccepted`) can only be this device's own,
  /// made while its clock ran that far ahead (a stamp seen from another is followed a day at
  /// most), so once the clock is put right it starts again from now. Else every change made
  /// here would be refused by the others until the real time caught up, and fixing the clock
  /// would not be enough. A field set in those days is still followed by its next change
  /// (`SyncStamp.succeeded(by:)`), so such a field travels only once the time is near it.
  public mutating func tick(now: Timestamp) -> SyncStamp {
    let stamp: SyncStamp
    if let last, last.seconds >= now.seconds, Self.accepts(last, now: now) {
      stamp = SyncStamp(seconds: last.seconds, counter: last.counter + 1, device: device)
    } else {
      stamp = SyncStamp(seconds: now.seconds, counter: 0, device: device)
    }
    last = stamp
    return stamp
  }

  /// Takes in a stamp from another device, so the next `tick` is later than it; a stamp
  /// more than `furthestJump` ahead of `now` moves the clock only that far.
  public mutating func observe(_ stamp: SyncStamp, now: Timestamp) {
    let cap = now.seconds + Self.furthestJump
    let seen =
      stamp.seconds > cap ? SyncStamp(seconds: cap, counter: 0, device: stamp.device) : stamp
    if last.map({ $0 < seen }) ?? true {
      last = SyncStamp(seconds: seen.seconds, counter: seen.counter, device: device)
    }
  }
}
