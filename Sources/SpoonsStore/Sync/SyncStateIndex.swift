#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import SpoonsCore
import SpoonsSync

/// The live part of a synced state (`sync-N.txt`) read in part, for the round over what changed
/// (`SyncRound.overChanged`): where each task's lines are, with its number and whether it holds
/// `created`, and the registers of every other kind (routines, days, settings, next numbers:
/// few, whatever the planner's size) read whole. A task's registers are read when the round
/// asks for them, so a sync that sends one change reads the tasks around it, and one that
/// takes changes in the lists they touch, not every open task. Any other round reads the state
/// whole first (`SyncBase.readWhole`).
///
/// What is not read is not checked: a damaged line of a task no round looked at is found by
/// the next sync that reads the state whole, which then refuses and says so. Nothing is lost
/// meanwhile: a round is appended after the bytes as they are, and a checkpoint is written
/// only from the state read whole.
struct SyncStateIndex: SyncLiveRegisters {
  /// A line of the file: its bytes (without the line end) and its number, for an error.
  private struct LineRef {
    let start: Int
    let end: Int
    let number: Int
  }

  private struct TaskLines {
    var lines: [LineRef] = []
    var number: SyncRegister?
    var created = false

    mutating func add(_ other: TaskLines) {
      lines += other.lines
      if let register = other.number, register.wins(over: number) { number = register }
      created = created || other.created
    }
  }

  /// The file's bytes, as far as the planner counts them.
  let bytes: [UInt8]
  let file: String
  var elsewhere = SyncNumbersElsewhere()
  private var tasks: [SyncEntity: TaskLines] = [:]
  private var others: [SyncEntity: SyncRegisters] = [:]
  /// The entity of the lines read last, its lines not yet in `tasks` (a file lists each
  /// entity's lines together), and where the stamp of the last of them that named one starts
  /// (its `\tstamp=`; -1 for none yet).
  private var pending: (entity: SyncEntity, name: Range<Int>, lines: TaskLines, stampAt: Int)?
  private var records = ChangeRecords()
  /// Whether a `set` line right after another of the same entity may leave its entity and
  /// stamp out (`ChangeRecords.carriesOver`, `SyncBase` from version 5), and whether the line
  /// before was a `set` line (`interrupt`).
  var carriesOver = false {
    didSet { records.carriesOver = carriesOver }
  }
  private var afterSet = false

  init(bytes: [UInt8], file: String) {
    self.bytes = bytes
    self.file = file
    // A task's lines take about 800 bytes: enough room that the table is never grown.
    tasks.reserveCapacity(bytes.count / 512)
  }

  /// A record that is not a `set` record came between: the next line names its entity.
  mutating func interrupt() {
    afterSet = false
    records.interrupt()
  }

  /// Takes in a `set` line of `bytes`: its bytes are looked at, not read into a change,
  /// unless it is a task's number or of another kind. False when it is not as Spoons writes it
  /// (an entity named with an escape or outside ASCII, a field named with an escape, fields in
  /// another order, a number that is not digits, an entity left out where it may not be): the
  /// state is then read whole, which says what is wrong, if anything. The offsets kept are
  /// into `bytes`: `SyncBase.decode` hands out lines of the whole file
  /// (`FileFormat.decodeLines`), never of a block of it.
  mutating func add(_ line: RecordCodec.Line) throws(DecodeError) -> Bool {
    // False until this line is taken in: only a line taken in may be carried from.
    let afterSet = self.afterSet
    self.afterSet = false
    let buffer = line.buffer
    assert(buffer.count == bytes.count, "a line of the whole file")
    guard let base = buffer.baseAddress else { return false }
    func starts(_ key: StaticString, at start: Int) -> Bool {
      start + key.utf8CodeUnitCount <= line.end
        && RecordCodec.equal(
          UnsafeBufferPointer(rebasing: buffer[start..<start + key.utf8CodeUnitCount]), key)
    }
    // The fields' values, in the order Spoons writes them: set, entity, field, stamp, value.
    func value(after key: StaticString, from start: Int) -> Range<Int>? {
      guard starts(key, at: start) else { return nil }
      let from = start + key.utf8CodeUnitCount
      return from..<RecordCodec.nextIndex(of: 9, in: buffer, from: from, to: line.end)
    }
    let field: Range<Int>
    let named = value(after: "set\tentity=", from: line.start)
    if let name = named {
      guard let found = value(after: "\tfield=", from: name.upperBound), !name.isEmpty else {
        return false
      }
      field = found
      if pending.map({
        $0.name.count == name.count
          && memcmp(base + $0.name.lowerBound, base + name.lowerBound, name.count) == 0
      }) != true {
        // Looked at once an entity: its other lines name it with the same bytes.
        guard !buffer[name].contains(where: { $0 == 92 || $0 >= 128 }) else { return false }
        flush()
        let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[name]), as: UTF8.self)
        pending = (SyncEntity(text), name, TaskLines(), -1)
      }
    } else {
      // The entity of the line before (which named its stamp, or carried one over).
      guard carriesOver, afterSet, pending != nil,
        let found = value(after: "set\tfield=", from: line.start)
      else { return false }
      field = found
    }
    // Whether it names its own stamp; where that ends is found only when needed.
    let namesStamp = starts("\tstamp=", at: field.upperBound)
    var ownStamp: Range<Int>? {
      namesStamp ? value(after: "\tstamp=", from: field.upperBound) : nil
    }
    // A carried line is its field, perhaps its stamp, and its value, nothing else (no entity
    // named later).
    if named == nil {
      guard
        let value = value(after: "\tvalue=", from: ownStamp?.upperBound ?? field.upperBound),
        value.upperBound == line.end
      else { return false }
    }
    guard !buffer[field].contains(92) else { return false }
    guard pending!.entity.kind == .task else {
      others[pending!.entity, default: [:]].merge(try records.change(line.record()))
      self.afterSet = true
      return true
    }
    if namesStamp {
      pending!.stampAt = field.upperBound
    } else if named != nil {
      return false  // one that names its entity names its stamp
    }
    let fieldBytes = UnsafeBufferPointer(rebasing: buffer[field])
    if RecordCodec.equal(fieldBytes, "n") {
      // A number is digits, and its stamp as Spoons writes it: read from the bytes (or the
      // stamp carried over from the line before).
      let own = ownStamp
      guard pending!.stampAt >= 0,
        let stamp = own ?? value(after: "\tstamp=", from: pending!.stampAt),
        let read = SyncStamp(utf8: UnsafeBufferPointer(rebasing: buffer[stamp])),
        let number = value(after: "\tvalue=", from: own?.upperBound ?? field.upperBound),
        number.upperBound == line.end,
        !number.isEmpty, buffer[number].allSatisfy({ (48...57).contains($0) })
      else { return false }
      let register = SyncRegister(
        value: String(decoding: UnsafeBufferPointer(rebasing: buffer[number]), as: UTF8.self),
        stamp: read)
      if register.wins(over: pending!.lines.number) { pending!.lines.number = register }
    } else if RecordCodec.equal(fieldBytes, "created") {
      pending!.lines.created = true
    }
    pending!.lines.lines.append(LineRef(start: line.start, end: line.end, number: line.number))
    self.afterSet = true
    return true
  }

  /// Every line read so far in `tasks`.
  mutating func finish() { flush() }

  private mutating func flush() {
    guard let pending else { return }
    self.pending = nil
    guard pending.entity.kind == .task else { return }
    // Nearly always the first lines of this task (one look-up, its lines kept as they are);
    // rounds appended name it again.
    if var earlier = tasks.updateValue(pending.lines, forKey: pending.entity) {
      earlier.add(pending.lines)
      tasks[pending.entity] = earlier
    }
  }

  func forEachTask(_ body: (SyncEntity, SyncRegister?, Bool) -> Void) {
    for (entity, lines) in tasks { body(entity, lines.number, lines.created) }
  }

  func forEachOther(_ body: (SyncEntity, SyncRegisters) -> Void) {
    for (entity, fields) in others { body(entity, fields) }
  }

  /// Every register, read: the live part whole (`SyncBase.readWhole`), each line read once.
  func document() throws(DecodeError) -> SyncDocument {
    var document = SyncDocument()
    var fields: [(key: ArraySlice<UInt8>, value: ArraySlice<UInt8>)] = []
    var records = ChangeRecords()
    records.carriesOver = carriesOver
    var changes: [SyncChange] = []
    for (entity, task) in tasks {
      // Its first line names it (`add`).
      records.interrupt()
      changes.removeAll(keepingCapacity: true)
      for line in task.lines {
        fields.removeAll(keepingCapacity: true)
        let record = try RecordCodec.parseLine(
          bytes, from: line.start, to: line.end, line: line.number, fields: &fields)
        changes.append(try records.change(record))
      }
      document.apply(changes, to: entity)
    }
    for (entity, registers) in others {
      document.apply(
        registers.map {
          SyncChange(entity: entity, field: $0.key, value: $0.value.value, stamp: $0.value.stamp)
        }, to: entity)
    }
    document.elsewhere = elsewhere
    return document
  }

  func registers(ofTask entity: SyncEntity) throws -> SyncRegisters {
    guard let task = tasks[entity] else { return [:] }
    var registers = SyncRegisters(minimumCapacity: task.lines.count)
    var fields: [(key: ArraySlice<UInt8>, value: ArraySlice<UInt8>)] = []
    var records = ChangeRecords()
    records.carriesOver = carriesOver
    for line in task.lines {
      fields.removeAll(keepingCapacity: true)
      let record = try RecordCodec.parseLine(
        bytes, from: line.start, to: line.end, line: line.number, fields: &fields)
      registers.merge(try records.change(record))
    }
    return registers
  }

  func holds(_ entity: SyncEntity) -> Bool { tasks[entity] != nil || others[entity] != nil }

  /// An entity's registers of any kind, read now for a task; nil when its lines do not read.
  func registers(of entity: SyncEntity) -> SyncRegisters? {
    entity.kind == .task ? try? registers(ofTask: entity) : others[entity] ?? [:]
  }
}

/// For the `changes` fuzz target: a synced state read in part (`SyncStateIndex`) must give the
/// part the round over what changed reads as the state read whole gives it, and once read
/// whole must be that state, or be refused where it is refused.
public enum SyncStateProbe {
  /// `body` as the lines of a `sync-N.txt` after its header, ended as Spoons ends one: in
  /// version 3 (every `set` line names its entity and stamp) and in version 5 (a line may carry
  /// them over from the one before).
  public static func disagreement(body: [UInt8]) -> String? {
    // The registers since the last `end` line, as that line counts them.
    var count = 0
    for line in body.split(separator: 10) {
      if line.starts(with: "end".utf8) { count = 0 }
      if line.starts(with: "set\t".utf8) { count += 1 }
    }
    for version in [3, SyncBase.format.version] {
      var bytes = header(version)
      bytes += body
      if bytes.last != 10 { bytes.append(10) }
      bytes += Array("end\tregisters=\(count)\n".utf8)
      if let disagreement = disagreement(bytes) { return "version \(version): " + disagreement }
    }
    return nil
  }

  /// `registers` as the checkpoint of a `sync-N.txt` holds them, in version 3 and as Spoons
  /// writes it now (each entity's fields after its first carrying it over).
  public static func disagreement(registers: [SyncChange]) -> String? {
    let end = Array("end\tregisters=\(registers.count)\n".utf8)
    var full = header(3)
    for change in registers { ChangeFile.encode(change, to: &full) }
    var carried = header(SyncBase.format.version)
    ChangeFile.encode(carryingOver: registers, to: &carried)
    for bytes in [full + end, carried + end] {
      if let disagreement = disagreement(bytes) { return disagreement }
    }
    // The two read as one state.
    let states = [full, carried].map { try? SyncBase.decode($0 + end, file: "sync-1.txt") }
    return states[0] == states[1] ? nil : "a checkpoint that carries over read as another state"
  }

  private static func header(_ version: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    FileFormat(name: SyncBase.format.name, version: version).encodeHeader(to: &bytes)
    return bytes
  }

  static func disagreement(_ bytes: [UInt8]) -> String? {
    let whole = try? SyncBase.decode(bytes, file: "sync-1.txt")
    var inPart: SyncBase
    do {
      inPart = try SyncBase.decode(bytes, file: "sync-1.txt", inPart: true)
    } catch {
      return whole == nil ? nil : "a state read whole was refused read in part: \(error)"
    }
    if let whole, let index = inPart.unread {
      var numbers: [Int] = []
      whole.document.forEachTask { _, number, _ in
        if let n = number.flatMap({ Int($0.value) }) { numbers.append(n) }
      }
      for holding in [[], numbers, Array(numbers.prefix(numbers.count / 2))] {
        let part = try? index.part(holding: Set(holding))
        guard part == (try? whole.document.part(holding: Set(holding))) else { return "a state read in part gave another part than the state read whole" }
      }
      guard index.routineTaskNumbers.sorted() == whole.document.routineTaskNumbers.sorted() else {
        return "a state read in part named other routines' tasks than the state read whole"
      }
    }
    do {
      try inPart.readWhole()
    } catch {
      return whole == nil ? nil : "a state that reads whole was refused once read in part: \(error)"
    }
    guard let whole else { return "a state refused whole was read once read in part" }
    return inPart == whole ? nil : "a state read in part, then whole, was not the state read whole"
  }
}
