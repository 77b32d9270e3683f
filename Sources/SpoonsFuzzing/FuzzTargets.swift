#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import SpoonsCLI
import SpoonsCore
import SpoonsSync
import SpoonsStore

/// What the fuzzers exercise, one function per target, shared by the libFuzzer executables
/// (`Tests/Scripts/fuzz.sh`) and by `swift test`, which replays every kept input through them.
///
/// Each target takes arbitrary bytes and must return; a crash, a trap or a hang is the bug.
/// Where there is a property stronger than "does not crash", the target checks it and traps
/// (`FuzzFailure`) when it does not hold, so libFuzzer keeps the input.
public enum FuzzTargets {
  public static let names = ["parser", "repl", "loader", "changes"]

  /// One REPL line through the tokenizer and the command parser: a command or a
  /// `ParseError`, nothing else.
  public static func parser(_ bytes: [UInt8]) {
    movingIn(bytes)
    guard let line = String(validating: bytes, as: UTF8.self) else { return }
    do {
      _ = try CommandParser.parse(line: line)
    } catch {
      _ = error.description  // the message must render, too
    }
  }

  /// The same bytes as another program's file (`import --from taskwarrior|todotxt`): read
  /// whole or refused, never a crash; and what a todo.txt import brings, written back as
  /// `export --format todotxt` writes it, reads back as the same tasks, and imported again
  /// brings none of them twice.
  static func movingIn(_ bytes: [UInt8]) {
    let now = Timestamp(seconds: 1_795_158_000, utcOffset: 3600)
    let offset: (Int64) -> Int = { _ in 3600 }
    do {
      _ = try MovingInFile.taskwarrior(bytes, file: "tw.json", utcOffset: offset)
    } catch {
      _ = error.description
    }
    let batch: MovingIn
    do {
      batch = try MovingInFile.todoTxt(bytes, file: "todo.txt", now: now, utcOffset: offset)
    } catch {
      _ = error.description
      return
    }
    var planner = Planner()
    let (done, _, _) = planner.moveIn(batch, spoons: MovingIn.defaultSpoons, at: now)
    let written = ExportFormat.todoTxt(PlannerExport(planner: planner, archive: Archive(doneTasks: done)))
    let again: MovingIn
    do {
      again = try MovingInFile.todoTxt(written, file: "again.txt", now: now, utcOffset: offset)
    } catch {
      fail("a todo.txt export of an import does not read back: \(error)")
    }
    guard again.tasks.count == batch.tasks.count else {
      fail("a todo.txt export of \(batch.tasks.count) tasks read back as \(again.tasks.count)")
    }
    // Imported again, the file itself and Spoons' own export of it each find every task they
    // brought: nothing comes twice.
    for (name, file) in [("the file", batch), ("its export", again)] {
      var copy = planner
      let second = copy.moveIn(file, spoons: MovingIn.defaultSpoons, at: now, archived: done)
      guard second.alreadyHere == file.tasks.count else {
        fail("\(name) imported again brought \(file.tasks.count - second.alreadyHere) tasks twice")
      }
    }
  }

  /// The whole program in script mode on a scratch data directory: the bytes are standard
  /// input, any sequence of commands. Afterwards the data must still load.
  public static func repl(_ bytes: [UInt8], scratch: String) {
    reset(scratch)
    let data = scratch + "/data"
    let inputPath = scratch + "/stdin"
    writeFile(inputPath, bytes)
    let fd = open(inputPath, O_RDONLY)
    guard fd >= 0 else { fail("cannot open \(inputPath)") }
    defer { close(fd) }
    let env = Environment(
      now: { Timestamp(seconds: 1_795_158_000, utcOffset: 3600) }, variables: [:],
      input: FileLineSource(fd: fd, echo: nil), output: StringSink(), errors: StringSink(),
      inputIsTerminal: false, outputIsTerminal: false,
      // `report --html FILE` with a random FILE: write into the scratch directory, never
      // where the input says.
      writeFile: { bytes, _ throws(StoreError) in
        try OutputFile.write(bytes, to: scratch + "/output")
      })
    let arguments = ["--data", data, "--keep-going"].map { Array($0.utf8) }
    let status = SpoonsApp.main(arguments: arguments, environment: env)
    guard [0, 1, 64].contains(status) else { fail("exit status \(status)") }
    do {
      _ = try PlannerStore(directory: data).load()
      _ = try PlannerStore(directory: data).loadArchive()
    } catch {
      fail("the REPL left data that does not load: \(error)")
    }
  }

  /// The bytes as the data files, then a load. The input holds `planner.txt`, optionally
  /// followed by a line `=== done.txt` and that file, `=== days.txt` and that one,
  /// `=== undo-1.txt` and the undo history (the checkpoint and the changes after it), and
  /// `=== planner.txt.bak` and the checkpoint before. In the history, `sum=fuzz` on an `end`
  /// line stands for the right checksum of its change, so the fuzzer reaches the changes laid
  /// over the checkpoint, not only the checksum that guards them. The properties: loading and
  /// `check` change no byte, whether the load succeeds or is refused; what loads takes in
  /// every change after the checkpoint, saves and loads back equal, and searches the same
  /// when it reads only what may match; after a refusal, `check --repair` keeps every byte of
  /// each file named as damaged (in the file, or in a copy it set aside).
  public static func loader(_ bytes: [UInt8], scratch: String) {
    reset(scratch)
    let data = scratch + "/data"
    mkdir(data, 0o700)
    let files = split(bytes).map { name, content in
      (name, name == "undo-1.txt" ? JournalProbe.sealed(content) : content)
    }
    for (name, content) in files { writeFile(data + "/" + name, content) }

    // Read a block at a time, from the least block up, it must read as it does whole.
    let blockSize = 512 + (bytes.first.map(Int.init) ?? 0) * 3
    if let disagreement = BlockProbe.disagreement(in: data, blockSize: blockSize) {
      fail(disagreement)
    }
    let store = PlannerStore(directory: data)
    let planner: Planner
    let whole: PlannerExport
    do {
      planner = try store.load()
      whole = try store.loadWhole()
    } catch {
      _ = "\(error)"  // the message must render, too
      // A refusal changes no byte, and neither does `check`; `check --repair` keeps every
      // byte it could not read, in the file or in one it set aside.
      unchanged(files, in: data, by: "a refused load")
      let problems = store.check().problems + ["\(error)"]
      unchanged(files, in: data, by: "check")
      _ = try? store.repair(at: Timestamp(seconds: 0))
      // A file that read may be rewritten by a repair (an older format's history carried
      // into the new one); one named as damaged must keep its bytes.
      kept(files.filter { named($0.0, in: problems, data: data) }, in: data)
      return
    }
    // Search reads only the archived lines that may match: it must find what the whole
    // archive gives, for a few letters and for the input's last bytes.
    for query in ["a", "E", String(decoding: bytes.suffix(3), as: UTF8.self)] {
      let today = whole.planner.today(at: Timestamp(seconds: 1_795_750_000))
      let expected = whole.planner.search(
        query, today: today, completed: whole.archive.doneTasks.reversed())
      do {
        let (found, done) = try store.loadForSearch(SearchText.fold(query))
        guard found.search(query, today: today, completed: done.reversed()) == expected else {
          fail("searching for \(query) found other tasks than in the whole archive")
        }
      } catch {
        fail("searching for \(query) was refused, the whole archive not: \(error)")
      }
    }
    unchanged(files, in: data, by: "loading")
    _ = store.check()
    unchanged(files, in: data, by: "check")
    // Whatever loads took in every change after the checkpoint: none skipped.
    if let unread = TailProbe.unread(in: data) { fail(unread) }
    let copy = PlannerStore(directory: scratch + "/copy")
    do {
      // A fixed time for the recorded change: a run must not depend on the clock.
      try copy.update(at: Timestamp(seconds: 0)) { current, _ in current = planner }
      guard try copy.load() == planner else { fail("what loaded did not save and load back equal") }
    } catch {
      fail("what loaded could not be saved again: \(error)")
    }
    // A planner that loads may still have a damaged file beside it (`planner.txt.bak`):
    // `check --repair` keeps its bytes too.
    let problems = store.check().problems
    if !problems.isEmpty {
      _ = try? store.repair(at: Timestamp(seconds: 0))
      kept(files.filter { named($0.0, in: problems, data: data) }, in: data)
    }
  }

  /// The bytes as a change file from another device, taken in by a device with nothing yet.
  /// A whole file must read back the same once written again; its changes must make a
  /// planner or be refused with a `SyncProblem`; and a second sync with nothing new must
  /// send nothing and change nothing (the first one settled everything it decided). The same
  /// bytes, and the changes read, as the registers of a synced state: read in part, it reads
  /// as it does whole (`SyncStateProbe`); and as a history file, which reads back the same
  /// once written (`SyncHistoryProbe`).
  public static func changes(_ bytes: [UInt8]) {
    // The same bytes as a device's acks file: whole, it must read back the same.
    if let (acks, again) = ChangeFileProbe.readAcks(bytes),
      ChangeFileProbe.readAcks(again)?.acks != acks
    {
      fail("an acks file did not read back the same once written again")
    }
    // The same bytes as the registers of a synced state: read in part, as whole.
    if let disagreement = SyncStateProbe.disagreement(body: bytes) { fail(disagreement) }
    // And as a history file's records, in either version.
    if let disagreement = SyncHistoryProbe.disagreement(body: bytes) { fail(disagreement) }
    guard let (changes, again) = ChangeFileProbe.read(bytes) else { return }
    guard ChangeFileProbe.read(again)?.changes == changes else {
      fail("a change file did not read back the same once written again")
    }
    if let disagreement = SyncStateProbe.disagreement(registers: changes) { fail(disagreement) }
    if let disagreement = SyncHistoryProbe.disagreement(registers: changes) { fail(disagreement) }
    let now = Timestamp(seconds: 1_795_340_000)
    let clock = HybridClock(device: DeviceID("fuzz")!)
    let first: SyncRound
    do {
      first = try SyncRound(
        base: SyncDocument(), local: SyncedState(planner: Planner()), incoming: changes,
        clock: clock, now: now)
    } catch {
      _ = error.description
      return
    }
    do {
      let second = try SyncRound(
        base: first.document, local: first.state, incoming: [], clock: first.clock, now: now)
      guard second.outgoing.isEmpty, second.state == first.state else {
        fail("a second sync with nothing new changed something")
      }
    } catch {
      fail("a planner made by one sync could not sync again: \(error)")
    }
    livePartAgrees(after: first, at: now)
    dayEndedAgrees(after: first, at: now)
    livePartTakesIn(changes, at: now)
  }

  /// Two days ended here after `first` (a task done, then `new-day` the morning after), each
  /// synced with nothing come in: where the round over the live part and what the archive
  /// gained answers, it must be the round over the whole document and the whole archive; the
  /// second goes over the parts the first left (its history part's next file joined).
  static func dayEndedAgrees(after first: SyncRound, at now: Timestamp) {
    var parts = first.document.parts(
      for: first.state.planner, identities: first.identities,
      clock: first.state.planner.today(at: now))
    var (document, planner, clock, synced) = (first.document, first.state.planner, first.clock, now)
    var archive = (done: first.state.done, days: first.state.days)
    for day in 1...2 {
      let handedOut = SyncNumbers(
        task: planner.nextID.rawValue, routine: planner.nextRoutineID.rawValue)
      let later = Timestamp(seconds: synced.seconds + 60)
      let morning = Timestamp(seconds: now.seconds + Int64(day) * 86_400)
      if let waiting = planner.allTasks.first(where: { !$0.isDone }) {
        let ref = TaskRef(typed: waiting.id.rawValue)
        if (try? planner.plan([ref], at: later)) != nil { _ = try? planner.markDone([ref], at: later) }
      }
      guard let finished = try? planner.startNewDay(budget: 12, at: morning).finished else { return }
      let gained = (done: finished.doneTasks, days: [finished.record])
      guard
        let live = try? SyncRound.overLivePart(
          parts.live, limits: parts.limits, planner: planner, clock: clock, now: morning,
          lastSynced: synced, handedOut: handedOut, archived: gained)
      else { return }
      archive = (archive.done + gained.done, archive.days + gained.days)
      guard
        let whole = try? SyncRound(
          base: document, local: SyncedState(planner: planner, done: archive.done, days: archive.days),
          incoming: [], clock: clock, now: morning, lastSynced: synced)
      else { fail("the whole document refused the day the live part took") }
      guard live.isTheWholeRound(whole, history: parts.history, archive: archive) else {
        fail("the round after a day ended was not the round over the whole document")
      }
      // As the store keeps them: what the live part no longer names joins the history part.
      let saved = live.stateToSave.planner
      parts = parts.afterDayEnded(live, saving: saved, now: morning)
      (document, planner, clock, synced) = (whole.document, saved, live.clock, morning)
    }
  }

  /// A device that has synced a planner of its own: two finished days (in the history part of
  /// its synced state) and open tasks, one of them on today's list, one done.
  static let syncedDevice: (round: SyncRound, parts: SyncParts, handedOut: SyncNumbers)? = {
    let day: Int64 = 86_400
    let start = Timestamp(seconds: 1_795_340_000 - 3 * day)
    var planner = Planner()
    var done: [SpoonTask] = []
    var days: [DayRecord] = []
    for n in 0..<3 {
      let at = Timestamp(seconds: start.seconds + Int64(n) * day)
      guard let outcome = try? planner.startNewDay(budget: 10, at: at) else { return nil }
      if let finished = outcome.finished {
        done += finished.doneTasks
        days.append(finished.record)
      }
      _ = try? planner.add("Walk \(n)", spoons: 2, at: at)
      _ = try? planner.add("Call \(n)", spoons: 3, at: at)
      let id = planner.category(SpoonCost.all[1]).last?.id.rawValue ?? 0
      _ = try? planner.plan([TaskRef(typed: id)], at: at)
      _ = try? planner.markDone([TaskRef(typed: id)], at: at)
    }
    let now = Timestamp(seconds: 1_795_340_000)
    let clock = HybridClock(device: DeviceID("home")!)
    guard
      let round = try? SyncRound(
        base: SyncDocument(), local: SyncedState(planner: planner, done: done, days: days),
        incoming: [], clock: clock, now: now)
    else { return nil }
    let saved = round.stateToSave.planner
    return (
      round,
      round.document.parts(for: saved, identities: round.identities, clock: saved.today(at: now)),
      SyncNumbers(task: saved.nextID.rawValue, routine: saved.nextRoutineID.rawValue)
    )
  }()

  /// The bytes' changes taken in by `syncedDevice`: where the round over the live part of its
  /// synced state answers, it must be the round over the whole document (which must not
  /// refuse what the live part takes in), and the round over what changed (the lists the
  /// changes touch), where it answers, the live round; and where it answers for changes that
  /// end the day open there (`overLivePartEndingDay`), the whole must archive what it
  /// archived.
  static func livePartTakesIn(_ changes: [SyncChange], at now: Timestamp) {
    guard let device = syncedDevice else { fail("the synced device could not be made") }
    let later = Timestamp(seconds: now.seconds + 60)
    let planner = device.round.stateToSave.planner
    let overChanged = try? SyncRound.overChanged(
      device.parts.live, limits: device.parts.limits, planner: planner, changed: [],
      incoming: changes, clock: device.round.clock, now: later, lastSynced: now,
      handedOut: device.handedOut)
    guard
      let live = try? SyncRound.overLivePart(
        device.parts.live, limits: device.parts.limits, planner: planner, incoming: changes,
        clock: device.round.clock, now: later, lastSynced: now, handedOut: device.handedOut)
    else {
      if overChanged != nil {
        fail("the round over what changed took in what the live part did not")
      }
      dayTakenInAgrees(changes, device: device, at: later, lastSynced: now)
      return
    }
    if let overChanged, !overChanged.agrees(with: live, joinedTo: device.parts.live) {
      fail("the round over what changed took changes in otherwise than the live part")
    }
    guard
      let whole = try? SyncRound(
        base: device.round.document,
        local: SyncedState(
          planner: planner, done: device.round.state.done, days: device.round.state.days),
        incoming: changes, clock: device.round.clock, now: later, lastSynced: now)
    else { fail("the live part took in changes the whole document refuses") }
    guard live.outgoing == whole.outgoing,
      live.stateToSave.planner == whole.stateToSave.planner,
      live.document.joined(with: device.parts.history) == whole.document,
      live.notes == whole.notes,
      // The live round leaves the archive as it was (a routine's done tasks name it by number).
      whole.state.done == device.round.state.done, whole.state.days == device.round.state.days
    else { fail("the live part took changes in otherwise than the whole document") }
  }

  /// The bytes' changes taken in by `device` over its live part, when they end the day open
  /// there: the round must be the round over the whole, which archives the same.
  static func dayTakenInAgrees(
    _ changes: [SyncChange], device: (round: SyncRound, parts: SyncParts, handedOut: SyncNumbers),
    at later: Timestamp, lastSynced: Timestamp
  ) {
    let planner = device.round.stateToSave.planner
    guard
      let live = try? SyncRound.overLivePartEndingDay(
        device.parts.live, limits: device.parts.limits, planner: planner, incoming: changes,
        clock: device.round.clock, now: later, lastSynced: lastSynced, handedOut: device.handedOut)
    else { return }
    let archive = device.round.state
    guard
      let whole = try? SyncRound(
        base: device.round.document,
        local: SyncedState(planner: planner, done: archive.done, days: archive.days),
        incoming: changes, clock: device.round.clock, now: later, lastSynced: lastSynced)
    else { fail("the live part took in a day ended elsewhere that the whole document refuses") }
    guard
      live.isTheWholeRound(
        whole, history: device.parts.history,
        archive: (archive.done + live.state.done, archive.days + live.state.days))
    else { fail("the live part took in a day ended elsewhere otherwise than the whole document") }
  }

  /// A change made here after `first` (a task added, one planned), synced with nothing come
  /// in: where the round over the live part of the document answers alone, it must be the
  /// round over the whole document (`SyncRound.overLivePart`).
  static func livePartAgrees(after first: SyncRound, at now: Timestamp) {
    let later = Timestamp(seconds: now.seconds + 60)
    var planner = first.state.planner
    var changed = Set<TaskID>()
    if let added = try? planner.add("Fuzz", spoons: 2, at: later) { changed.insert(added.id) }
    if let waiting = planner.allTasks.first(where: { $0.placement == .category && $0.title.text != "Fuzz" }) {
      if (try? planner.plan([TaskRef(typed: waiting.id.rawValue)], at: later)) != nil {
        changed.insert(waiting.id)
      }
    }
    let parts = first.document.parts(
      for: first.state.planner, identities: first.identities,
      clock: first.state.planner.today(at: now))
    let handedOut = SyncNumbers(
      task: first.state.planner.nextID.rawValue, routine: first.state.planner.nextRoutineID.rawValue)
    let fast = try? SyncRound.overChanged(
      parts.live, limits: parts.limits, planner: planner, changed: changed, clock: first.clock,
      now: later, lastSynced: now, handedOut: handedOut)
    guard
      let whole = try? SyncRound(
        base: first.document,
        local: SyncedState(planner: planner, done: first.state.done, days: first.state.days),
        incoming: [], clock: first.clock, now: later, lastSynced: now),
      let live = try? SyncRound.overLivePart(
        parts.live, limits: parts.limits, planner: planner, clock: first.clock, now: later,
        lastSynced: now, handedOut: handedOut)
    else {
      if fast != nil { fail("the round over what changed answered where the live part did not") }
      return
    }
    guard live.outgoing == whole.outgoing,
      live.stateToSave.planner == whole.stateToSave.planner,
      live.document.joined(with: parts.history) == whole.document, live.notes == whole.notes
    else { fail("the round over the live part alone was not the round over the whole document") }
    // The round over what changed alone, where it answers, is the round over the live part.
    if let fast, !fast.agrees(with: live, joinedTo: parts.live) {
      fail("the round over what changed was not the round over the live part")
    }
  }

  /// Whether a problem `check` or a refusal reported starts with the file `name`.
  static func named(_ name: String, in problems: [String], data: String) -> Bool {
    problems.contains { problem in
      [",", ":", " "].contains { problem.hasPrefix(data + "/" + name + $0) }
    }
  }

  static func unchanged(_ files: [(String, [UInt8])], in data: String, by what: String) {
    for (name, content) in files where readFile(data + "/" + name) != content {
      fail("\(what) changed \(name)")
    }
  }

  /// Every file's bytes are still in the data directory after `check --repair`: the file as
  /// it was, or a copy set aside; the undo history also as what is left of it followed by
  /// the record cut short that was set aside.
  static func kept(_ files: [(String, [UInt8])], in data: String) {
    let now = names(in: data).map { ($0, readFile(data + "/" + $0) ?? []) }
    for (name, content) in files where !content.isEmpty {
      let whole = now.contains { $0.1 == content }
      let torn = now.contains { file in
        file.0.hasPrefix(name) && content.starts(with: file.1)
          && now.contains { $0.0.hasPrefix(name + ".torn-") && content == file.1 + $0.1 }
      }
      guard whole || torn else { fail("check --repair lost bytes of \(name)") }
    }
  }

  /// Splits the loader's input into its files.
  public static func split(_ bytes: [UInt8]) -> [(String, [UInt8])] {
    var files: [(String, [UInt8])] = []
    var name = "planner.txt"
    var current: [UInt8] = []
    var lineStart = 0
    var index = 0
    /// A marker starts its file once; after that it is an ordinary line of the current file.
    func marker(_ line: ArraySlice<UInt8>) -> String? {
      for candidate in ["done.txt", "days.txt", "undo-1.txt", "planner.txt.bak"]
      where name != candidate && !files.contains(where: { $0.0 == candidate })
        && line.elementsEqual("=== \(candidate)".utf8)
      {
        return candidate
      }
      return nil
    }
    while index <= bytes.count {
      if index == bytes.count || bytes[index] == 10 {
        let line = bytes[lineStart..<index]
        if let next = marker(line) {
          files.append((name, current))
          name = next
          current = []
        } else {
          current += line
          if index < bytes.count { current.append(10) }
        }
        lineStart = index + 1
      }
      index += 1
    }
    files.append((name, current))
    return files
  }

  /// A fresh scratch directory for one fuzzing process, in memory where the system has
  /// `/dev/shm` (the REPL target saves on every change).
  public static func makeScratch() -> String {
    var base = "/dev/shm"
    if access(base, W_OK) != 0 { base = "/tmp" }
    var template = Array((base + "/spoons-fuzz-XXXXXX").utf8CString)
    return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
  }

  // MARK: - Scratch files (plain POSIX: this is test tooling, not the store)

  static func reset(_ scratch: String) {
    mkdir(scratch, 0o700)
    for dir in [scratch + "/data", scratch + "/copy"] {
      if let entries = opendir(dir) {
        var names: [String] = []
        while let entry = readdir(entries) {
          let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
          }
          if name != "." && name != ".." { names.append(name) }
        }
        closedir(entries)
        for name in names { unlink(dir + "/" + name) }
        rmdir(dir)
      }
    }
  }

  static func writeFile(_ path: String, _ bytes: [UInt8]) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard fd >= 0 else { fail("cannot write \(path)") }
    defer { close(fd) }
    guard FileDescriptor.writeAll(fd, bytes) == 0 else { fail("cannot write \(path)") }
  }

  static func readFile(_ path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
      if n <= 0 { return result }
      result += buffer[0..<n]
    }
  }

  static func fail(_ message: String) -> Never {
    fatalError("fuzz property failed: \(message)")
  }
}
