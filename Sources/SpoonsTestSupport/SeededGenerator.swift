/// SplitMix64: a small seeded generator that gives the same numbers on every platform, so a
/// randomized test or a generated benchmark planner is the same on every run.
///
/// For the tests and the benchmark only; nothing the `spoons` binary runs uses it.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
  public var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number from 0 to `n - 1` (0 when `n` is under 1), by remainder: the form the generated
  /// planners and the older tests were made with.
  public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(n, 1))) }
}
