import SpoonsCore
import SpoonsSync

/// What this device had seen at its last sync: a `sync-N.txt` in the data directory, named by
/// `planner.txt` (its `journal` line's `sync=N`, or `syncfile=N syncbytes=L`), so the planner
/// and the state it was synced from are committed together by one rename.
///
/// It holds the live part of the synced document (`SyncParts`) and names the files holding
/// the history part, `sync-history-M.txt`: the one written by the last sync that needed the
/// whole document, then one for each day ended here since (what the live part no longer
/// names after it, `PlannerStore.dayEndedRound`), oldest first, each written once:
///
/// ```
/// format    name=spoons-sync-base  version=5
/// clock     last=1795340000.3.k3v9q2m8ta
/// sent      seq=12
/// seen      device=d8fh3k2m9q  seq=7  sum=9f2c0a1b33e4d5f6
/// history   file=sync-history-40.txt  registers=120433  bytes=7643914  sum=...
/// history   file=sync-history-52.txt  registers=61  bytes=4210  sum=...
/// parts     decides=1  clock=2026-11-23  waiting=  newest=1795340000  task=9990  routine=4
///           itask=9990  iroutine=4
/// handed    task=10001  routine=5
/// archive   done=1660969  days=68407  donefile=0  daysfile=0  undo=1  at=1882903
/// hidden    ids=7,12
/// set       entity=task:...  field=created  stamp=...  value=...
/// set       field=n  value=...
/// end       registers=2
/// ```
///
/// That is the checkpoint. Its registers come entity by entity, each one's fields in order, and
/// a `set` record right after another of the same entity leaves out `entity=`, and `stamp=`
/// when that record's is the same (`ChangeRecords.carriesOver`): each entity's first line
/// names both, so it reads alone. A round over the live part alone (the everyday sync) does not
/// write it again: it appends what changed, as the undo history does, and the new planner
/// names the length that counts (`SyncedStateMark`):
///
/// ```
/// clock     last=1795340100.0.k3v9q2m8ta
/// sent      seq=13  at=...
/// seen      device=d8fh3k2m9q  seq=8  sum=...     (files taken in this round)
/// archive   ...
/// set       ...                                   (every change the round kept)
/// end       registers=4
/// ```
/// Bytes past the length the planner counts are a round a sync was killed before committing:
/// they are not read, and the next round is written over them (it sends the same changes
/// again). A `name` or `covered` line in a round replaces the one before it. Registers merge as
/// changes do (the larger stamp wins), so the checkpoint and its rounds read as the document
/// the last round left. Once the rounds hold more records than the checkpoint (and more than
/// `appendedAtLeast`), the next sync writes a new checkpoint, so the file stays within about
/// twice the records it holds (at most about three times the checkpoint's bytes: a round
/// names the entity and the stamp on every line).
///
/// A round names the entity and the stamp on every `set` line. Version 1 held the whole
/// document and none of `history`, `parts`, `handed` and `archive`: it is read as a whole
/// document, and the next sync writes version 5. Version 2 had no rounds after its checkpoint.
/// Version 3 names one history file, version 4 more than one (written only then, so a Spoons
/// that reads one alone refused it as newer rather than read a part). Versions 1 to 4 name
/// the entity and the stamp on every line; rounds appended to them still do.
struct SyncBase: Equatable {
  static let format = FileFormat(name: "spoons-sync-base", version: 5)
  /// The first version whose checkpoint carries entities and stamps over.
  static let carriesOverFrom = 5
  /// How many history files a state names before the next day ended here is synced by the
  /// round over the whole document, which writes one in their place.
  static let historyFilesAtMost = 32

  var clock: SyncStamp?
  /// The number of this device's newest change file.
  var sent = 0
  /// Other devices' files already taken in, as `device seq sum`.
  var seen: Set<String> = []
  var document = SyncDocument()
  /// What each device is called, from its change files.
  var names: [String: String] = [:]
  /// When this device last synced.
  var syncedAt: Timestamp?
  /// For each other device, the number up to which a snapshot read here covered its files.
  var covered: [String: Int] = [:]
  /// The files holding the history part of the document, oldest first, when `document` is
  /// the live part alone; empty when `document` is whole.
  var history: [SyncHistoryFile.Reference] = []
  /// When the live part decides a round alone.
  var limits = SyncPartLimits()
  /// The planner's next task and routine numbers when the history part was written: anything
  /// named anew at or after them cannot be named in it.
  var handedOut = SyncNumbers()
  /// The archive's committed lengths at the last sync, and where the undo history stood
  /// then (`undo-N.txt`, and its length): a round over the live part alone is for an archive
  /// as it was, which the changes recorded since say (`PlannerStore.tasksChangedSinceSync`).
  var archive: ArchiveLengths?
  var journal: (generation: Int, bytes: Int)?
  /// The tasks the archive holds a copy of that the planner holds too (an older copy, hidden
  /// by the live one: `ArchivedCopies`), at the last sync that read the archive: one no
  /// longer in the planner shows its archived copy again, which only the whole document
  /// takes in.
  var hidden: [Int] = []
  /// Records in the checkpoint, and in the rounds appended after it (as read): when the
  /// rounds outgrow the checkpoint, the next sync writes a new one.
  var checkpointRecords = 0
  var appendedRecords = 0
  /// The live part's registers not read yet, when it was read in part (`decode(_:file:inPart:)`,
  /// for the round over what changed): the state this base stands for is those registers
  /// joined with `document`'s (the ones read since, and the round's). Nil once read whole
  /// (`readWhole`), which anything that needs the whole does first: another round, a new
  /// checkpoint, the snapshot another device needs. A round appended needs only the headers.
  var unread: SyncStateIndex?
  /// However small the checkpoint, rounds of this many records are appended before it is
  /// written again: a new planner's state is not rewritten every other sync.
  static let appendedAtLeast = 512

  static func == (a: SyncBase, b: SyncBase) -> Bool {
    a.clock == b.clock && a.sent == b.sent && a.seen == b.seen && a.document == b.document
      && a.names == b.names && a.syncedAt == b.syncedAt && a.covered == b.covered
      && a.history == b.history && a.limits == b.limits && a.handedOut == b.handedOut
      && a.archive == b.archive && a.journal?.generation == b.journal?.generation
      && a.journal?.bytes == b.journal?.bytes && a.hidden == b.hidden
      && a.unread?.bytes == b.unread?.bytes
  }

  static func fileName(_ number: Int) -> String { "sync-\(number).txt" }

  static func isFileName(_ name: String) -> Bool {
    name.hasPrefix("sync-") && name.hasSuffix(".txt") && Int(name.dropFirst(5).dropLast(4)) != nil
  }

  static func key(_ device: DeviceID, _ seq: Int, _ sum: String) -> String {
    "\(device) \(seq) \(sum)"
  }

  /// A file's key in `seen`: a snapshot's number is marked, so it never counts as that
  /// change file.
  static func key(_ file: ChangeFile, _ sum: String) -> String {
    file.snapshot ? "\(file.device) s\(file.seq) \(sum)" : key(file.device, file.seq, sum)
  }

  /// Up to which number every change file of `device` has been read: what a snapshot read
  /// covered, then each next file read.
  func readUpTo(_ device: String) -> Int {
    var seqs = Set<Int>()
    for key in seen {
      let parts = key.split(separator: " ")
      if parts.count == 3, parts[0] == device, let seq = Int(parts[1]) { seqs.insert(seq) }
    }
    var upto = covered[device] ?? 0
    while seqs.contains(upto + 1) { upto += 1 }
    return upto
  }

  func encode() -> [UInt8] {
    precondition(unread == nil, "a synced state is written whole once it is read whole")
    var out: [UInt8] = []
    Self.format.encodeHeader(to: &out)
    encodeClock(to: &out)
    for (device, name) in names.sorted(by: { $0.key < $1.key }) {
      encodeName(device, name, to: &out)
    }
    for key in seen.sorted() { Self.encodeSeen(key, to: &out) }
    for (device, upto) in covered.sorted(by: { $0.key < $1.key }) {
      encodeCovered(device, upto, to: &out)
    }
    if !history.isEmpty { encodeParts(history, to: &out) }
    let registers = document.changes
    ChangeFile.encode(carryingOver: registers, to: &out)
    out.append(contentsOf: "end".utf8)
    RecordCodec.field("registers", String(registers.count), to: &out)
    out.append(10)
    return out
  }

  private func encodeClock(to out: inout [UInt8]) {
    out.append(contentsOf: "clock".utf8)
    RecordCodec.field("last", clock?.description ?? "", to: &out)
    out.append(10)
    out.append(contentsOf: "sent".utf8)
    RecordCodec.field("seq", String(sent), to: &out)
    if let syncedAt { RecordCodec.field("at", syncedAt.description, to: &out) }
    out.append(10)
  }

  private func encodeName(_ device: String, _ name: String, to out: inout [UInt8]) {
    out.append(contentsOf: "name".utf8)
    RecordCodec.field("device", device, to: &out)
    RecordCodec.field("name", name, to: &out, escape: true)
    out.append(10)
  }

  private static func encodeSeen(_ key: String, to out: inout [UInt8]) {
    let parts = key.split(separator: " ")
    out.append(contentsOf: "seen".utf8)
    RecordCodec.field("device", String(parts[0]), to: &out)
    if parts[1].hasPrefix("s") {
      RecordCodec.field("snapshot", String(parts[1].dropFirst()), to: &out)
    } else {
      RecordCodec.field("seq", String(parts[1]), to: &out)
    }
    RecordCodec.field("sum", String(parts[2]), to: &out)
    out.append(10)
  }

  private func encodeCovered(_ device: String, _ upto: Int, to out: inout [UInt8]) {
    out.append(contentsOf: "covered".utf8)
    RecordCodec.field("device", device, to: &out)
    RecordCodec.field("upto", String(upto), to: &out)
    out.append(10)
  }

  /// `inPart`: the live part's task registers are not read, only indexed (`unread`).
  static func decode(_ bytes: [UInt8], file: String, inPart: Bool = false) throws(StoreError)
    -> SyncBase
  {
    var base = SyncBase()
    var index = inPart ? SyncStateIndex(bytes: bytes, file: file) : nil
    // A line the index cannot take: the file is read again, whole.
    var readWhole = false
    // Registers since the last `end` line, and whether the records read are all in the
    // checkpoint yet.
    var count = 0
    var ended = false
    var inCheckpoint = true
    var records = ChangeRecords()
    var loader = DocumentLoader()
    // The format line, a file that is something else, a newer version: checked as for every
    // data file. Its version says whether the checkpoint carries entities over.
    // (Closures passed as they are, not kept in a constant: what they share stays unboxed.)
    let version = try format.decodeLines(
      bytes, file: file,
      header: { version in
        records.carriesOver = version >= Self.carriesOverFrom
        index?.carriesOver = records.carriesOver
      }
    ) { line throws(DecodeError) in
      if inCheckpoint { base.checkpointRecords += 1 } else { base.appendedRecords += 1 }
      ended = false
      // Nearly every record is a register: known by its bytes, before a String of the kind
      // is made and compared with every other kind.
      if line.isKind("set") {
        count += 1
        if index != nil {
          if try index!.add(line) { return }
          index = nil
          readWhole = true
        }
        if !readWhole { loader.add(try records.change(line.record())) }
        return
      }
      // Only a `set` record right after another may carry its entity over.
      records.interrupt()
      index?.interrupt()
      let record = try line.record()
      switch record.kind {
      case "end":
        guard try record.int("registers") == count else {
          throw DecodeError(
            line: record.line, reason: "the registers counted are not the ones read")
        }
        count = 0
        ended = true
        inCheckpoint = false
      case "history", "parts", "handed", "hidden":
        guard inCheckpoint else {
          throw DecodeError(line: record.line, reason: "a '\(record.kind)' line in a round")
        }
        try base.decodePart(record)
      default: try base.decodeHeader(record)
      }
    }
    guard ended else {
      throw .corrupt(file: file, line: nil, reason: "the file is cut short")
    }
    // A Spoons that reads one history file would take the last for the whole history part.
    guard base.history.count <= 1 || version >= 4 else {
      throw .corrupt(
        file: file, line: nil, reason: "names more history files than its version holds")
    }
    if readWhole { return try decode(bytes, file: file) }
    // The numbers the history part holds (`parts`), with the registers read.
    let elsewhere = base.document.elsewhere
    if var index {
      index.finish()
      index.elsewhere = elsewhere
      base.unread = index
    } else {
      base.document = loader.finish()
    }
    base.document.elsewhere = elsewhere
    return base
  }

  /// Reads the registers left unread (`unread`), and joins to them those read since: the
  /// state whole, as every round but the one over what changed needs it.
  mutating func readWhole() throws(StoreError) {
    guard let unread else { return }
    var whole: SyncDocument
    do {
      whole = try unread.document()
    } catch {
      throw PlannerStore.syncStateDamage(
        error.inFile(unread.file, supported: Self.format.version), path: unread.file)
    }
    whole.apply(document.changes)
    whole.elsewhere = document.elsewhere
    document = whole
    self.unread = nil
  }

  /// A record of the checkpoint or of a round that is not a register: each sets what it
  /// names, a later one over an earlier one.
  private mutating func decodeHeader(_ record: RecordCodec.Record) throws(DecodeError) {
    switch record.kind {
    case "clock":
      let text = try record.string("last")
      if !text.isEmpty {
        guard let stamp = SyncStamp(text) else {
          throw DecodeError(line: record.line, reason: "a bad stamp")
        }
        clock = stamp
      }
    case "sent":
      sent = try record.int("seq", in: 0...99_999_999)
      if record.raw("at") != nil { syncedAt = try record.timestamp("at") }
    case "name":
      names[try record.string("device")] = try record.string("name")
    case "seen":
      guard let device = DeviceID(try record.string("device")) else {
        throw DecodeError(line: record.line, reason: "a bad device id")
      }
      if record.raw("snapshot") != nil {
        seen.insert("\(device) s\(try record.int("snapshot")) \(try record.string("sum"))")
      } else {
        seen.insert(Self.key(device, try record.int("seq"), try record.string("sum")))
      }
    case "covered":
      covered[try record.string("device")] = try record.int("upto", in: 0...99_999_999)
    case "history", "parts", "handed", "archive", "hidden": try decodePart(record)
    default: throw DecodeError(line: record.line, reason: "unknown record '\(record.kind)'")
    }
  }

  // MARK: - A round appended

  /// What to append to the file `old` was read from so that it reads as this base: the
  /// round's `registers` (the changes it kept: those merge as changes do) and whatever else
  /// changed. Nil when that cannot be said by appending (a part split anew, a file read no
  /// longer counted as read): the sync then writes a new checkpoint.
  func round(after old: SyncBase, registers: [SyncChange]) -> [UInt8]? {
    guard history == old.history, limits == old.limits, handedOut == old.handedOut,
      hidden == old.hidden, document.elsewhere == old.document.elsewhere,
      old.seen.isSubset(of: seen), old.names.keys.allSatisfy({ names[$0] != nil }),
      old.covered.keys.allSatisfy({ covered[$0] != nil }), clock != nil,
      syncedAt != nil || old.syncedAt == nil, archiveLine == old.archiveLine || archiveLine != nil
    else { return nil }
    var out: [UInt8] = []
    encodeClock(to: &out)
    for (device, name) in names.sorted(by: { $0.key < $1.key }) where old.names[device] != name {
      encodeName(device, name, to: &out)
    }
    for key in seen.subtracting(old.seen).sorted() { Self.encodeSeen(key, to: &out) }
    for (device, upto) in covered.sorted(by: { $0.key < $1.key })
    where old.covered[device] != upto {
      encodeCovered(device, upto, to: &out)
    }
    encodeArchive(to: &out)
    for change in registers { ChangeFile.encode(change, to: &out) }
    out.append(contentsOf: "end".utf8)
    RecordCodec.field("registers", String(registers.count), to: &out)
    out.append(10)
    return out
  }

  // MARK: - The two parts

  private func encodeParts(_ history: [SyncHistoryFile.Reference], to out: inout [UInt8]) {
    for file in history {
      out.append(contentsOf: "history".utf8)
      RecordCodec.field("file", file.name, to: &out)
      RecordCodec.field("registers", String(file.registers), to: &out)
      RecordCodec.field("bytes", String(file.bytes), to: &out)
      RecordCodec.field("sum", file.sum, to: &out)
      out.append(10)
    }
    out.append(contentsOf: "parts".utf8)
    RecordCodec.field("decides", limits.livePartDecides ? "1" : "0", to: &out)
    RecordCodec.field("clock", limits.clock.map { "\($0)" } ?? "", to: &out)
    RecordCodec.field("waiting", limits.waitingFrom.map { "\($0)" } ?? "", to: &out)
    RecordCodec.field("newest", limits.newestInHistory.map { String($0) } ?? "", to: &out)
    let elsewhere = document.elsewhere
    RecordCodec.field("task", String(elsewhere.counted.task), to: &out)
    RecordCodec.field("routine", String(elsewhere.counted.routine), to: &out)
    RecordCodec.field("itask", String(elsewhere.indexed.task), to: &out)
    RecordCodec.field("iroutine", String(elsewhere.indexed.routine), to: &out)
    out.append(10)
    out.append(contentsOf: "handed".utf8)
    RecordCodec.field("task", String(handedOut.task), to: &out)
    RecordCodec.field("routine", String(handedOut.routine), to: &out)
    out.append(10)
    encodeArchive(to: &out)
    if !hidden.isEmpty {
      out.append(contentsOf: "hidden".utf8)
      RecordCodec.field("ids", hidden.map(String.init).joined(separator: ","), to: &out)
      out.append(10)
    }
  }

  /// What the `archive` line says: written only with both.
  private var archiveLine: [Int]? {
    guard let archive, let journal else { return nil }
    return [
      archive.done, archive.days, archive.doneFile, archive.daysFile, journal.generation,
      journal.bytes,
    ]
  }

  private func encodeArchive(to out: inout [UInt8]) {
    if let archive, let journal {
      out.append(contentsOf: "archive".utf8)
      RecordCodec.field("done", String(archive.done), to: &out)
      RecordCodec.field("days", String(archive.days), to: &out)
      RecordCodec.field("donefile", String(archive.doneFile), to: &out)
      RecordCodec.field("daysfile", String(archive.daysFile), to: &out)
      RecordCodec.field("undo", String(journal.generation), to: &out)
      RecordCodec.field("at", String(journal.bytes), to: &out)
      out.append(10)
    }
  }

  private mutating func decodePart(_ record: RecordCodec.Record) throws(DecodeError) {
    // Far past any planner, and far from overflowing when numbers are handed out after it.
    let numbers = 0...Int.max / 4
    func date(_ key: StaticString) throws(DecodeError) -> CivilDate? {
      let text = try record.string(key)
      if text.isEmpty { return nil }
      guard let date = CivilDate(iso: text) else {
        throw DecodeError(line: record.line, reason: "a bad date")
      }
      return date
    }
    switch record.kind {
    case "history":
      let name = try record.string("file")
      guard SyncHistoryFile.isFileName(name) else {
        throw DecodeError(line: record.line, reason: "a history file Spoons does not name")
      }
      guard !history.contains(where: { $0.name == name }) else {
        throw DecodeError(line: record.line, reason: "a history file named twice")
      }
      // Far more than Spoons names (`historyFilesAtMost`): a state edited or forged.
      guard history.count < 1024 else {
        throw DecodeError(line: record.line, reason: "more history files than Spoons names")
      }
      // A size not given is one no file has: a sync then reads the file whole, checking it.
      history.append(SyncHistoryFile.Reference(
        name: name, registers: try record.int("registers", in: 0...Int.max / 2),
        bytes: try record.optionalInt("bytes", absent: -1, in: -1...Int.max / 2),
        sum: try record.string("sum")))
    case "parts":
      // Written by every Spoons that writes `parts`, but for a few commits before it; without
      // it the live part does not decide.
      let newest = try record.optionalString("newest")
      guard newest.map({ $0.isEmpty || Int64($0) != nil }) ?? true else {
        throw DecodeError(line: record.line, reason: "a bad creation time")
      }
      limits = SyncPartLimits(
        livePartDecides: try record.flag("decides") && newest != nil, clock: try date("clock"),
        waitingFrom: try date("waiting"), newestInHistory: newest.flatMap { Int64($0) })
      document.elsewhere = SyncNumbersElsewhere(
        counted: SyncNumbers(
          task: try record.int("task", in: numbers), routine: try record.int("routine", in: numbers)),
        indexed: SyncNumbers(
          task: try record.int("itask", in: numbers), routine: try record.int("iroutine", in: numbers)))
    case "handed":
      handedOut = SyncNumbers(
        task: try record.int("task", in: numbers), routine: try record.int("routine", in: numbers))
    case "hidden":
      var ids: [Int] = []
      for part in try record.string("ids").split(separator: ",") {
        guard let id = Int(part), id > 0 else {
          throw DecodeError(line: record.line, reason: "a bad task number")
        }
        ids.append(id)
      }
      hidden = ids
    default:
      let lengths = 0...Int.max / 2
      archive = ArchiveLengths(
        done: try record.int("done", in: lengths), days: try record.int("days", in: lengths),
        doneFile: try record.int("donefile", in: lengths),
        daysFile: try record.int("daysfile", in: lengths))
      // Without where the undo history stood, the archive cannot be told unchanged: the next
      // sync reads it whole.
      let undo = try record.optionalInt("undo", in: lengths)
      if undo > 0, record.raw("at") != nil { journal = (undo, try record.int("at", in: lengths)) }
    }
  }
}

/// Where this planner syncs and which device it is: `sync.txt` in the data directory.
///
/// The device is its id, made once by `sync --init` and kept here, whatever the machine is
/// called; `name` is only what people see. A data directory that is a copy of another must
/// not go on as the same device (two writers of one device's files would give one change
/// number two contents), and a copy is told without the host name:
/// - `directory`, the data directory's resolved path when the device was made: a directory
///   found elsewhere was copied or moved;
/// - through a shared folder, `instances`: each sync that writes there leaves a new random
///   token in this device's `device.txt`, recorded here first. A token there that this
///   directory never wrote means another copy of it has synced as this device since (a copy
///   on another machine at the same path, or this one put back from a backup);
/// - through git, this device's branch: one this directory did not write stops the sync
///   (`SyncError.otherWriter`).
/// The copy found becomes a new device; the other goes on as the old one.
public struct SyncSetup: Equatable, Sendable {
  /// Version 1 also held `machine=`, the host name, which made a renamed machine a new
  /// device: it is read and ignored.
  static let format = FileFormat(name: "spoons-sync", version: 2)
  static let fileName = "sync.txt"
  /// How many of its newest tokens a directory keeps: a tool that puts an older `device.txt`
  /// back (a sync conflict, the shared folder restored) is not taken for another copy.
  static let instancesKept = 16

  /// The shared folder, as an absolute path, or the git remote.
  public var target: String
  public var kind: SyncTargetKind = .folder
  public var device: DeviceID
  /// What people call this device: the host name it joined on, unless a device it knew of
  /// then had that name, until `sync --name`.
  public var name: String
  /// The data directory the device was made in, its links resolved.
  var directory: String
  /// The tokens this directory wrote to `device.txt` in the shared folder, the newest last.
  var instances: [String] = []
  /// Every changing command syncs afterwards (`sync --auto on`).
  public var auto = false
  /// Devices gone for good (`sync --forget`): compaction no longer waits for them.
  public var forget: Set<String> = []

  /// A token this directory has written, to add to `instances` before it is written, keeping
  /// `found` (the one in the shared folder now) among those kept.
  mutating func addInstance(keeping found: String?) -> String {
    var random = SystemRandomNumberGenerator()
    let token = DeviceID.random(using: &random).text
    var kept = instances.filter { $0 != found }.suffix(Self.instancesKept - 2)
    if let found, instances.contains(found) { kept.append(found) }
    instances = Array(kept) + [token]
    return token
  }

  func encode() -> [UInt8] {
    var out: [UInt8] = []
    Self.format.encodeHeader(to: &out)
    out.append(contentsOf: "target".utf8)
    RecordCodec.field("path", target, to: &out, escape: true)
    if kind != .folder { RecordCodec.field("kind", kind.rawValue, to: &out) }
    out.append(10)
    out.append(contentsOf: "device".utf8)
    RecordCodec.field("id", device.text, to: &out)
    RecordCodec.field("name", name, to: &out, escape: true)
    RecordCodec.field("dir", directory, to: &out, escape: true)
    out.append(10)
    for token in instances {
      out.append(contentsOf: "instance".utf8)
      RecordCodec.field("token", token, to: &out)
      out.append(10)
    }
    if auto {
      out.append(contentsOf: "auto".utf8)
      RecordCodec.field("on", "1", to: &out)
      out.append(10)
    }
    for device in forget.sorted() {
      out.append(contentsOf: "forget".utf8)
      RecordCodec.field("device", device, to: &out)
      out.append(10)
    }
    return out
  }

  static func decode(_ bytes: [UInt8], file: String) throws(StoreError) -> SyncSetup {
    var target: String?
    var kind = SyncTargetKind.folder
    var device: (DeviceID, String, String)?
    var instances: [String] = []
    var auto = false
    var forget: Set<String> = []
    // The format line, a file that is something else, a newer version: checked as for every
    // data file.
    try format.decodeRecords(bytes, file: file) { record throws(DecodeError) in
      switch record.kind {
      case "target":
        target = try record.string("path")
        if let text = try record.optionalString("kind") {
          guard let known = SyncTargetKind(rawValue: text) else {
            throw DecodeError(line: record.line, reason: "an unknown kind of target '\(text)'")
          }
          kind = known
        }
      case "device":
        guard let id = DeviceID(try record.string("id")) else {
          throw DecodeError(line: record.line, reason: "a bad device id")
        }
        device = (id, try record.string("name"), try record.string("dir"))
      case "instance":
        let token = try record.string("token")
        guard DeviceID(token) != nil else {
          throw DecodeError(line: record.line, reason: "a bad instance token")
        }
        instances.append(token)
      case "auto": auto = try record.flag("on")
      case "forget": forget.insert(try record.string("device"))
      default: throw DecodeError(line: record.line, reason: "unknown record '\(record.kind)'")
      }
    }
    guard let target, let device else {
      throw .corrupt(file: file, line: nil, reason: "the target or device line is missing")
    }
    return SyncSetup(
      target: target, kind: kind, device: device.0, name: device.1, directory: device.2,
      instances: instances, auto: auto, forget: forget)
  }
}

/// What a planner syncs through. A `sync.txt` without a kind names a shared folder, and one
/// naming a git remote reads, to a Spoons that knows only folders, as a folder it cannot
/// reach: it refuses to sync and changes nothing.
public enum SyncTargetKind: String, Equatable, Sendable {
  case folder
  case git
}
