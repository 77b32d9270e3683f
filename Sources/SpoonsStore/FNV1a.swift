/// FNV-1a, 64 bits: the one checksum Spoons's files carry (change files, acks, the records of
/// the undo history) and the hash that picks touched lines out of a checkpoint as it streams
/// past. Enough to tell a whole record from a cut or mixed one; not a defence against anyone.
enum FNV1a {
  static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01b3
    }
    return hash
  }

  /// As 16 hex digits, the way the files write it.
  static func hex(_ bytes: some Sequence<UInt8>) -> String {
    let hex = String(hash(bytes), radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}
