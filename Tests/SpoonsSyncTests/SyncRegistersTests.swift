@testable import SpoonsSync
import SpoonsCore
import Testing

/// An entity's registers: found by name, read in the order of their names, equal whatever
/// order they came in, and as cheap in a forged file of a million fields as a hash table.
@Suite struct SyncRegistersTests {
  let device = DeviceID("k3v9q2")!
  func register(_ value: String, _ seconds: Int64 = 1_764_000_000) -> SyncRegister {
    SyncRegister(value: value, stamp: SyncStamp(seconds: seconds, counter: 0, device: device))
  }

  /// The same registers set in any order, past the number kept in order or not, read back
  /// the same, in the order of their names, and are equal with the same hash.
  @Test(arguments: [3, SyncRegisters.mostKeptInOrder - 3, SyncRegisters.mostKeptInOrder - 2, 500])
  func registersReadBackInTheOrderOfTheirNames(count: Int) {
    // `count` tags and three fields besides: the most kept in order, and one more.
    let names = (0..<count).map { "tag:+t\($0)" } + ["title", "place", "gone"]
    var forward = SyncRegisters()
    for name in names { forward[name] = register(name) }
    var backward = SyncRegisters()
    for name in names.reversed() { backward[name] = register(name) }
    #expect(forward.count == names.count)
    #expect(forward.keys == names.sorted())
    #expect(forward.map(\.key) == names.sorted())
    #expect(forward.values.map(\.value) == names.sorted())
    for name in names { #expect(forward[name] == register(name) && backward[name] == register(name)) }
    #expect(forward["tag:+missing"] == nil)
    #expect(forward == backward)
    #expect(forward.hashValue == backward.hashValue)
    var other = backward
    other["title"] = register("Another")
    #expect(other != forward)
    #expect(SyncRegisters(Dictionary(uniqueKeysWithValues: names.map { ($0, register($0)) })) == forward)
  }

  /// A name is one name however its accents are written, as a hash table by name held it: a
  /// field set precomposed is found, replaced and counted once written decomposed.
  @Test func aNameIsFoundHoweverItsAccentsAreWritten() {
    for count in [0, SyncRegisters.mostKeptInOrder + 5] {
      var registers = SyncRegisters()
      for n in 0..<count { registers["f\(n)"] = register("\(n)") }
      registers["tag:+caf\u{E9}"] = register("1")
      #expect(registers["tag:+cafe\u{301}"] == register("1"))
      registers["tag:+cafe\u{301}"] = register("")
      #expect(registers.count == count + 1 && registers["tag:+caf\u{E9}"] == register(""))
    }
  }

  /// Registers taken away: gone from the reading, and once as few are left as are kept in
  /// order, equal to the same few set afresh (one kept in a table, the other in order).
  @Test func registersTakenAwayAreGone() {
    var many = SyncRegisters()
    for n in 0..<100 { many["f\(n)"] = register("\(n)") }
    for n in 10..<100 { #expect(many.removeValue(forKey: "f\(n)") == register("\(n)")) }
    #expect(many.removeValue(forKey: "f50") == nil)
    many["f3"] = nil
    var few = SyncRegisters()
    for n in 0..<10 where n != 3 { few["f\(n)"] = register("\(n)") }
    #expect(many.count == 9 && many == few && many.hashValue == few.hashValue)
    #expect(many.keys == few.keys)
    few["f3"] = nil
    #expect(few.count == 9)
  }

  /// A forged file's hundreds of thousands of fields for one entity, each sorted before the
  /// last (the worst order for an array kept sorted), merge as a table would: in under a
  /// second here, where an array kept sorted moved 10^10 registers (the limit only stops a
  /// hang).
  @Test(.timeLimit(.minutes(1))) func aForgedEntityOfManyFieldsMergesWhole() {
    var document = SyncDocument()
    let entity = SyncEntity.task("k3v9q2.41.1764000000")
    let count = 200_000
    for n in stride(from: count, to: 0, by: -1) {
      document.apply(
        SyncChange(
          entity: entity, field: "tag:+t\(n)", value: "1",
          stamp: SyncStamp(seconds: 1_764_000_000, counter: n, device: device)))
    }
    #expect(document.entities[entity]?.count == count)
    #expect(document.entities[entity]?["tag:+t1"]?.value == "1")
  }
}
