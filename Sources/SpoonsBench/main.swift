#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import SpoonsCLI
import SpoonsCore
import SpoonsStore

// The example planners (`sample-data`, `history-example`) run anywhere; see Examples.swift.
if let status = Examples.run(Array(CommandLine.arguments.dropFirst())) { exit(status) }

// The benchmark measures Linux processes (/proc, wait4 accounting); elsewhere it only says so.
#if os(Linux)

// The Spoons benchmark: whole processes of the release binary on generated planners, judged
// against the floor probes of the same run and, with --taskwarrior, against Taskwarrior
// (method, targets and judging rule: Benchmark.md, beside this file).
// Usage: swift build -c release --static-swift-stdlib -Xswiftc -static-executable
//        .build/release/SpoonsBench     (times the `spoons` beside it)
//        [--binary PATH] [--sizes 1000,10000,100000] [--runs 9] [--out FILE] [--taskwarrior]
//        [--generate DIR]

// Peak memory is measured through a fresh, small process: a child's ru_maxrss starts from the
// high-water mark of whatever spawned it (CLONE_VM, then exec), so spawning from this
// benchmark, which holds whole generated planners, would report our size, not the command's.
// `--measure OUT CMD...` is that small process: it runs CMD and writes "KiB status" to OUT.
if CommandLine.arguments.count > 3 && CommandLine.arguments[1] == "--measure" {
  let sample = ProcessTimer.run(
    Array(CommandLine.arguments.dropFirst(3)), environment: ProcessTimer.currentEnvironment())
  _ = ProcessTimer.writeFile(CommandLine.arguments[2], "\(sample.peakKiB) \(sample.status)\n")
  exit(0)
}

/// This executable, for the `--measure` processes, and beside it the `spoons` of the same build.
let selfPath: String = {
  var buffer = [UInt8](repeating: 0, count: 4096)
  let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
  return n > 0 ? String(decoding: buffer.prefix(n), as: UTF8.self) : CommandLine.arguments[0]
}()

// The `spoons` built with this benchmark, so a stale binary from another build directory is
// never timed by mistake (`--binary` times any other).
var binary = String(selfPath[..<(selfPath.lastIndex(of: "/") ?? selfPath.startIndex)]) + "/spoons"
var sizes = [1_000, 10_000, 100_000]
var runs = 9
// Results go under .build (ignored by git), never into the repository's own files.
var outPath = ".build/bench-results/latest.json"
var generateOnly: String?
var taskwarrior: String?
var args = Array(CommandLine.arguments.dropFirst())
while !args.isEmpty {
  let flag = args.removeFirst()
  if flag == "--taskwarrior" {
    guard let found = ProcessTimer.find("task") else {
      print("--taskwarrior: no 'task' on the PATH (Debian: apt-get install taskwarrior)")
      exit(1)
    }
    taskwarrior = found
    continue
  }
  guard let value = args.first else { break }
  args.removeFirst()
  switch flag {
  case "--binary": binary = value
  case "--sizes": sizes = value.split(separator: ",").compactMap { Int($0) }
  case "--runs": runs = max(1, Int(value) ?? runs)
  case "--out": outPath = value
  case "--generate": generateOnly = value
  default:
    print("unknown option \(flag)\n\(Examples.usage)")
    exit(64)
  }
}
// `--generate DIR`: write the planners (DIR/realistic-N, DIR/stress-N) and the Taskwarrior
// exports (DIR/taskwarrior-N.json) and stop, for profiling one command by hand:
//   valgrind --tool=callgrind .build/release/spoons --data DIR/stress-10000 list
if let directory = generateOnly {
  mkdir(directory, 0o700)
  for n in sizes {
    try PlannerGenerator.realistic(total: n, into: directory + "/realistic-\(n)")
    try PlannerGenerator.stress(total: n, into: directory + "/stress-\(n)")
    Taskwarrior.writeExport(total: n, to: directory + "/taskwarrior-\(n).json")
  }
  let counts = sizes.map(String.init).joined(separator: ", ")
  print("wrote the planners of \(counts) tasks to \(directory)")
  exit(0)
}
guard access(binary, X_OK) == 0 else {
  print("no binary at \(binary); build it first:")
  print("swift build -c release --static-swift-stdlib -Xswiftc -static-executable")
  exit(1)
}

var template = Array("/tmp/spoons-bench-XXXXXX".utf8CString)
let work = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
defer { _ = ProcessTimer.run(["/bin/rm", "-rf", work], environment: []) }

/// Progress and warnings, on standard error: the table itself is printed once at the end, when
/// the floor has been measured again.
func note(_ text: String) {
  _ = FileDescriptor.writeAll(2, Array((text + "\n").utf8))
}

@MainActor func copyTree(_ from: String, _ to: String) {
  _ = ProcessTimer.run(["/bin/rm", "-rf", to], environment: [])
  _ = ProcessTimer.run(["/bin/cp", "-a", from, to], environment: [])
  // Flush the copy now, or the timed command's fsync would pay for writing it.
  sync()
}

// MARK: - Rows and how they are judged

/// How a row is judged, beside its absolute time and memory targets (`target(...)`).
enum Judge {
  /// A read: at least `Pair.readRatio` times faster than Taskwarrior's comparable command,
  /// from `Pair.judgedFrom` tasks on (only with `--taskwarrior`).
  case read
  /// A durable write or start-up: at most `limit` times the floor probe `probe` (`Floor`),
  /// run alternately with the row's own runs (A, B, A, B...) and judged by the median of the
  /// per-pair ratios, so a machine that slows down during the row slows both sides alike.
  /// Its Taskwarrior pair, if any, is shown, not judged.
  case floor(probe: String, limit: Double)
  /// An everyday read (`status`, `todo`, `list` of the realistic planners): judged as `read`
  /// against Taskwarrior, and at most `limit` times the `start` probe as `floor` judges
  /// (start-up is most of what a read of a few hundred open tasks costs). Its Taskwarrior
  /// pair is timed after its own runs, as a floor row's is, and judged by the ratio of the
  /// medians.
  case everydayRead(limit: Double)
  /// A write on a stress planner: at most `stressLimit` times the same planner's `status`, in
  /// time and in peak memory. Its Taskwarrior pair, if any, is shown, not judged.
  case status(ms: Double, mib: Double)
  /// A read of a planner that syncs: at most `limit` times the same read of the same planner
  /// without sync (`ms`), measured in the same run.
  case unsynced(ms: Double, limit: Double)
  /// A read at most `limit` times another row of the same run (`list +errand` against
  /// `list`): what a filter costs.
  case relative(to: String, ms: Double, limit: Double)
}

/// A stress write against the same planner's `status`, in time and in peak memory.
let stressLimit = 1.25

extension Judge {
  /// The floor probe the row is judged against, and how many times it may take.
  var floor: (probe: String, limit: Double)? {
    switch self {
    case .floor(let probe, let limit): (probe, limit)
    case .everydayRead(let limit): ("start", limit)
    case .read, .status, .unsynced, .relative: nil
    }
  }

  /// The floor probe the row's runs take turns with: the one it is judged against, or for a
  /// read judged against another read (`unsynced`, `relative`), `start`, as that read's runs
  /// do (an everyday read's), so that both sides are timed the same way.
  var pairedProbe: String? {
    switch self {
    case .floor, .everydayRead: floor?.probe
    case .unsynced, .relative: "start"
    case .read, .status: nil
    }
  }

  /// Whether its Taskwarrior pair is judged (from `Pair.judgedFrom` tasks on).
  var isRead: Bool {
    switch self {
    case .read, .everydayRead: true
    case .floor, .status, .unsynced, .relative: false
    }
  }
}

struct Row {
  let variant: String
  let size: Int
  let command: String
  let medianMs: Double
  let peakMiB: Double
  let targetMs: Double?
  let targetMiB: Double?
  let judge: Judge
  /// Runs that exited non-zero: the timed ones, the warm-up, the memory run, and the `spoons`
  /// runs that put the planner back. Any counts as a missed target.
  let failedRuns: Int
  /// Taskwarrior's comparable command, timed alternately with this row's own runs (the row's
  /// median is the pair's Spoons median: one set of samples).
  let pair: Pair?
  /// For a row judged against the floor: the median of its probe's runs, each right after
  /// one of the row's, and the median of the per-pair ratios (row over probe); nil when there
  /// was no probe to run.
  var floorMs: Double? = nil
  var floorRatio: Double? = nil
  /// The absolute time and memory targets (none: met).
  var met: Bool {
    (targetMs.map { medianMs <= $0 } ?? true) && (targetMiB.map { peakMiB <= $0 } ?? true)
  }
}
var rows: [Row] = []

/// Spoons and Taskwarrior on the same command, alternately (A, B, A, B...).
struct Pair {
  let variant: String
  let size: Int
  let command: String
  let task: String
  let spoonsMs: Double
  let taskMs: Double
  /// Taskwarrior's time over Spoons's: the median of the per-pair ratios, or for a row judged
  /// against the floor (whose `task` runs come after its own) the ratio of the medians.
  let ratio: Double
  /// A read from `judgedFrom` tasks on; writes and start-up are judged against the floor.
  let judged: Bool
  /// Reads are judged from 10,000 tasks on; smaller rows are shown, not judged.
  static let judgedFrom = 10_000
  static let readRatio = 5.0
  /// At least 5 times faster, where the rule applies.
  var met: Bool { !judged || ratio >= Pair.readRatio }
}

/// One judgement of a row, as the table's target cell shows it; `passed` is nil when it cannot
/// be judged (no floor: no `swiftc` to build the probes, or a probe failed).
struct Check {
  let text: String
  let passed: Bool?
}

/// A limit as written in the table: 2, 1.3, 1.25.
func limitText(_ value: Double) -> String {
  var text = fixed(value, 2)
  while text.hasSuffix("0") { text.removeLast() }
  if text.hasSuffix(".") { text.removeLast() }
  return text
}

@MainActor func checks(_ row: Row) -> [Check] {
  var result: [Check] = []
  let absolute = [
    row.targetMs.map { "≤ \(fixed($0, 1)) ms" }, row.targetMiB.map { "≤ \(Int($0)) MiB" },
  ].compactMap { $0 }
  if !absolute.isEmpty {
    result.append(Check(text: absolute.joined(separator: ", "), passed: row.met))
  }
  switch row.judge {
  case .read: break
  case .floor, .everydayRead:
    let (probe, limit) = row.judge.floor!
    if let ratio = row.floorRatio, let floor = row.floorMs {
      result.append(
        Check(
          text: "\(fixed(ratio, 2))× \(probe) of \(fixed(floor, 2)) ms (≤ \(limitText(limit))×)",
          passed: ratio <= limit))
    } else {
      result.append(Check(text: "≤ \(limitText(limit))× \(probe): no floor", passed: nil))
    }
  case .status(let ms, let mib):
    let (time, memory) = statusRatios(row, ms: ms, mib: mib)
    result.append(
      Check(
        text: "\(fixed(time, 2))× status, \(fixed(memory, 2))× its MiB "
          + "(≤ \(limitText(stressLimit))×)",
        passed: time <= stressLimit && memory <= stressLimit))
  case .unsynced(let ms, let limit):
    let ratio = row.medianMs / max(ms, 1e-9)
    result.append(
      Check(
        text: "\(fixed(ratio, 2))× without sync (≤ \(limitText(limit))×)", passed: ratio <= limit))
  case .relative(let other, let ms, let limit):
    let ratio = row.medianMs / max(ms, 1e-9)
    result.append(
      Check(
        text: "\(fixed(ratio, 2))× \(other) (≤ \(limitText(limit))×)", passed: ratio <= limit))
  }
  if row.failedRuns > 0 {
    result.append(Check(text: "\(row.failedRuns) run(s) exited non-zero", passed: false))
  }
  return result
}

func statusRatios(_ row: Row, ms: Double, mib: Double) -> (time: Double, memory: Double) {
  (row.medianMs / max(ms, 1e-9), row.peakMiB / max(mib, 1e-9))
}

/// MISSED if any judgement failed, unjudged if one could not be made, met if all passed.
func verdict(_ checks: [Check]) -> String {
  if checks.contains(where: { $0.passed == false }) { return "MISSED" }
  if checks.contains(where: { $0.passed == nil }) { return "unjudged" }
  return checks.isEmpty ? "" : "met"
}

/// The command's own peak RSS and exit status, measured from a fresh `--measure` process (see
/// the top).
@MainActor func peak(_ command: [String], environment: [String]) -> (kib: Int, status: Int32) {
  let out = work + "/measure.txt"
  _ = ProcessTimer.run([selfPath, "--measure", out] + command, environment: environment)
  guard let file = fopen(out, "r") else { return (0, -1) }
  defer { fclose(file) }
  var kib = 0
  var status: Int32 = -1
  _ = withUnsafeMutablePointer(to: &kib) { k in
    withUnsafeMutablePointer(to: &status) { s in
      withVaList([k, s]) { vfscanf(file, "%ld %d", $0) }
    }
  }
  return (kib, status)
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

/// The absolute time and memory targets (Benchmark.md), in ms and MiB, by variant, size and
/// command. They hold beside the floor and Taskwarrior rules.
func target(_ variant: String, _ n: Int, _ command: String) -> (Double?, Double?) {
  switch (variant, n, command) {
  case ("realistic", 10_000, "--version"): return (3, nil)
  case ("realistic", 10_000, "status"), ("realistic", 10_000, "todo"): return (5, nil)
  case ("realistic", 10_000, "add"), ("realistic", 10_000, "plan"), ("realistic", 10_000, "done"):
    return (5, nil)
  case ("realistic", 10_000, "new-day"): return (10, nil)
  case ("realistic", 10_000, "import --from taskwarrior"): return (1000, nil)
  case ("stress", 10_000, "list"): return (15, 20)
  case ("realistic", 100_000, "status"), ("realistic", 100_000, "todo"),
    ("realistic", 100_000, "add"), ("realistic", 100_000, "done"):
    return (10, nil)
  case ("stress", 100_000, "list"): return (60, 64)
  case ("realistic", 100_000, "search"), ("realistic", 100_000, "history"): return (100, nil)
  case ("realistic", 10_000, "repl status"): return (0.5, nil)
  case ("synced real", 100_000, "sync --init"): return (2000, 64)
  // What a day changed, not the years behind it: the same at every size.
  case ("synced real", _, "new-day"), ("synced real", _, "sync (a day in)"): return (50, 16)
  default: return (nil, nil)
  }
}

// MARK: - The floor

/// A floor probe's samples: `runs` (at least 9) at the start of the run and as many at the end;
/// the rows are judged against the median of all of them, so a machine that drifts during the
/// run moves the floor with it.
struct FloorSamples {
  var start: [Double] = []
  var end: [Double] = []
  var peakMiB = 0.0
  var failedRuns = 0
  var all: [Double] { start + end }
}
/// The probes' binaries by name; nil when they could not be built (no `swiftc`).
var floorBinaries: [String: String]? = nil
var floors: [String: FloorSamples] = [:]
let floorRuns = max(runs, 9)

/// The floor over the whole run, for the table's floor rows (each row judged against the floor
/// is judged against its own paired probe runs); nil when the probe could not be run.
@MainActor func floorMedian(_ probe: String) -> Double? {
  guard let samples = floors[probe], !samples.all.isEmpty, samples.failedRuns == 0 else {
    return nil
  }
  return median(samples.all)
}

@MainActor func floorCommand(_ probe: String) -> [String]? {
  guard let binary = floorBinaries?[probe] else { return nil }
  return [binary] + (probe == "save" ? [work + "/floor-journal.txt"] : [])
}

/// One run of a floor probe in ms, and its exit status; `save` starts from a flushed disk, as
/// the timed Spoons writes do. Nil when the probe could not be built.
@MainActor func runProbe(_ probe: String) -> (ms: Double, status: Int32)? {
  guard let command = floorCommand(probe) else { return nil }
  if probe == "save" { sync() }
  let sample = ProcessTimer.run(command, environment: [])
  return (sample.seconds * 1000, sample.status)
}

/// Times both probes `floorRuns` times, after one run to warm the page cache.
@MainActor func measureFloors(atEnd: Bool) {
  for probe in Floor.probes.map(\.name) {
    guard let command = floorCommand(probe) else { continue }
    var samples = floors[probe] ?? FloorSamples()
    func once() -> Double {
      guard let sample = runProbe(probe) else { return 0 }
      if sample.status != 0 {
        samples.failedRuns += 1
        note("floor: the \(probe) probe exited \(sample.status)")
      }
      return sample.ms
    }
    _ = once()
    let times = (0..<floorRuns).map { _ in once() }
    if atEnd {
      samples.end = times
    } else {
      samples.start = times
      let (kib, status) = peak(command, environment: [])
      if status != 0 { samples.failedRuns += 1 }
      samples.peakMiB = Double(kib) / 1024
    }
    floors[probe] = samples
    note("floor \(probe) (\(atEnd ? "end" : "start")): \(fixed(median(times), 2)) ms")
  }
}

// MARK: - Taskwarrior

/// A Taskwarrior command comparable to one of Spoons's, on the Taskwarrior data of the same
/// planner; `pristine` is copied over `data` before each run of a command that changes it.
struct TaskCommand {
  let arguments: [String]
  let data: String
  var pristine: String? = nil
}

/// Taskwarrior data of one planner's shape (`Taskwarrior.write`): `data` is what `task` runs
/// on, `pristine` the copy put back before each run of a command that changes it. Written only
/// with `--taskwarrior`.
struct TaskData {
  let data: String
  var pristine: String { data + "-pristine" }

  @MainActor init(_ name: String, total: Int, open: Int) {
    data = work + "/task-" + name
    if taskwarrior != nil {
      Taskwarrior.write(total: total, open: open, into: pristine)
      copyTree(pristine, data)
    }
  }

  /// `task ARGUMENTS` on this data; `changes`: on fresh data every run.
  func command(_ arguments: String, changes: Bool = false) -> TaskCommand {
    TaskCommand(
      arguments: arguments.split(separator: " ").map(String.init), data: data,
      pristine: changes ? pristine : nil)
  }
}

/// One timed run of a Taskwarrior command, in ms, on fresh data if it changes its data.
@MainActor func timeTask(_ task: TaskCommand, _ taskBinary: String) -> Double {
  if let pristine = task.pristine { copyTree(pristine, task.data) }
  let env = Taskwarrior.environment(task.data, home: work)
  let sample = ProcessTimer.run([taskBinary] + task.arguments, environment: env)
  if sample.status != 0 {
    note("  task \(task.arguments.joined(separator: " ")) exited \(sample.status)")
  }
  // Taskwarrior does not fsync; flush what it wrote now, or Spoons's next fsync pays for it.
  if task.pristine != nil { sync() }
  return sample.seconds * 1000
}

// MARK: - Measuring

/// A generated planner and the time its commands run at (`SPOONS_NOW`): late in its open
/// day, so that changes to today's list are accepted (a change to a day that has ended is
/// refused) and every run sees the same day whatever the machine's clock says.
struct Subject {
  let data: String
  let now: String

  /// The last minute of the planner's open day: the day starts at 04:00 (the default
  /// `daystart`, which the generated planners keep), and the generated planners' times are
  /// at +01:00, after every time they hold.
  init(_ data: String, planner: Planner) {
    self.data = data
    now = (planner.day?.date.adding(days: 1)).map { "\($0)T03:59:00+01:00" } ?? ""
  }

  init(_ data: String, now: String) {
    self.data = data
    self.now = now
  }

  @MainActor var environment: [String] {
    [
      "SPOONS_HOME=\(data)", "SPOONS_NOW=\(now)", "NO_COLOR=1", "HOME=\(work)",
      "PATH=/usr/bin:/bin",
    ]
  }
}

/// Failures of the `spoons` runs that put the planner back, counted against the row measured.
var restoreFailures = 0

/// Runs `spoons ARGUMENTS` on `subject` to put the planner back after a timed change.
@MainActor func spoons(_ subject: Subject, _ arguments: String...) {
  let status = ProcessTimer.run([binary] + arguments, environment: subject.environment).status
  if status != 0 {
    restoreFailures += 1
    note(
      "  spoons \(arguments.joined(separator: " ")) exited \(status) "
        + "(putting \(subject.data) back)")
  }
}

/// Times `command` `runs` times (after one run to warm the page cache) and measures its peak
/// memory once. `before` and `after` run around each run, untimed: a command that changes the
/// planner is taken back by `after`, so every run sees the same planner, and starts from a
/// flushed disk, so its fsync pays only for itself. With a Taskwarrior command and
/// `--taskwarrior`, each run is followed by one of `task` (A, B, A, B...): the row's median and
/// the pair's Spoons median are the same samples. A row judged against the floor runs its
/// probe beside each run, after it, or (with `task` between runs) before it every other run.
@MainActor @discardableResult func measure(
  _ variant: String, _ n: Int, _ name: String, on subject: Subject, _ command: [String],
  before: (() -> Void)? = nil, after: (() -> Void)? = nil, against task: TaskCommand? = nil,
  judge: Judge = .read, count: Int? = nil
) -> Row {
  let env = subject.environment
  let changes = before != nil || after != nil
  restoreFailures = 0
  var failed = 0
  func failure(_ status: Int32) {
    failed += 1
    note("  \(name) exited \(status) on \(variant) \(n)")
  }
  func once() -> Double {
    before?()
    if changes { sync() }
    let sample = ProcessTimer.run([binary] + command, environment: env)
    after?()
    if sample.status != 0 { failure(sample.status) }
    return sample.seconds * 1000
  }
  let taskBinary = task == nil ? nil : taskwarrior
  var probe: String? = nil
  if let name = judge.pairedProbe, floorCommand(name) != nil { probe = name }
  var probeFailed = 0
  // A row judged against the floor times its Taskwarrior pair after its own runs, not between
  // them: a `task` run slowed the process after it, even with what it wrote flushed (at every
  // size; the cause is not pinned down), and that must fall on neither the write nor its probe.
  let interleaved = probe == nil ? task : nil
  _ = once()  // warm the page cache
  if let interleaved, let taskBinary { _ = timeTask(interleaved, taskBinary) }
  var times: [Double] = []
  var taskTimes: [Double] = []
  var ratios: [Double] = []
  var probeTimes: [Double] = []
  var probeRatios: [Double] = []
  for _ in 0..<(count ?? runs) {
    let a = once()
    times.append(a)
    if let probe, let floor = runProbe(probe) {
      if floor.status != 0 { probeFailed += 1 }
      probeTimes.append(floor.ms)
      probeRatios.append(a / floor.ms)
    }
    if let interleaved, let taskBinary {
      let b = timeTask(interleaved, taskBinary)
      taskTimes.append(b)
      ratios.append(b / a)
    }
  }
  if interleaved == nil, let task, let taskBinary {
    _ = timeTask(task, taskBinary)
    for _ in 0..<runs { taskTimes.append(timeTask(task, taskBinary)) }
  }
  before?()
  let (kib, status) = peak([binary] + command, environment: env)
  after?()
  if status != 0 { failure(status) }
  let pair = taskBinary == nil ? nil : task.map { task in
    taskPair(
      variant, n, name, task, judge: judge, times: times, taskTimes: taskTimes,
      ratios: interleaved == nil ? nil : ratios)
  }
  let (t, m) = target(variant, n, name)
  var row = Row(
    variant: variant, size: n, command: name, medianMs: median(times),
    peakMiB: Double(kib) / 1024, targetMs: t, targetMiB: m, judge: judge,
    failedRuns: failed + restoreFailures, pair: pair)
  if probe != nil && probeFailed == 0 {
    (row.floorMs, row.floorRatio) = (median(probeTimes), median(probeRatios))
  } else if probeFailed > 0 {
    note("  the floor probe exited non-zero \(probeFailed) time(s) beside \(name)")
  }
  rows.append(row)
  var progress =
    "\(variant) \(n) \(name): \(fixed(row.medianMs, 2)) ms, \(fixed(row.peakMiB, 1)) MiB"
  if let pair { progress += "; task \(pair.task): \(fixed(pair.taskMs, 1)) ms" }
  note(progress)
  return row
}

/// A row's Taskwarrior pair: the ratio of the medians, or with `ratios` (runs taken in
/// turns) the median of the ratios.
func taskPair(
  _ variant: String, _ n: Int, _ name: String, _ task: TaskCommand, judge: Judge,
  times: [Double], taskTimes: [Double], ratios: [Double]?
) -> Pair {
  Pair(
    variant: variant, size: n, command: name, task: task.arguments.joined(separator: " "),
    spoonsMs: median(times), taskMs: median(taskTimes),
    ratio: ratios.map(median) ?? median(taskTimes) / median(times),
    judged: judge.isRead && n >= Pair.judgedFrom)
}

// MARK: - The table

func fixed(_ value: Double, _ digits: Int) -> String {
  guard value.isFinite else { return String(value) }
  var scale = 1.0
  for _ in 0..<digits { scale *= 10 }
  let rounded = (value * scale).rounded() / scale
  var text = String(rounded)
  if let dot = text.firstIndex(of: ".") {
    let decimals = text.distance(from: dot, to: text.endIndex) - 1
    if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
  } else if digits > 0 {
    text += "." + String(repeating: "0", count: digits)
  }
  return text
}

func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
  let fill = String(repeating: " ", count: max(0, width - text.count))
  return right ? fill + text : text + fill
}

/// Every line of the table has the header's seven cells: variant, N, command, median ms, MiB,
/// target (with what the row is judged by), verdict.
func tableLine(
  _ variant: String, _ size: String, _ command: String, _ ms: String, _ mib: String,
  _ target: String, _ verdict: String
) -> String {
  let cells = [
    pad(variant, 9), pad(size, 7, right: true), pad(command, 11), pad(ms, 9, right: true),
    pad(mib, 6, right: true), pad(target, 44), pad(verdict, 8),
  ]
  return "| " + cells.joined(separator: " | ") + " |"
}

@MainActor func tableLines(_ row: Row) -> [String] {
  let judged = checks(row)
  var lines = [
    tableLine(
      row.variant, String(row.size), row.command, fixed(row.medianMs, 2), fixed(row.peakMiB, 1),
      judged.map(\.text).joined(separator: ", "), verdict(judged))
  ]
  if let pair = row.pair {
    let rule = pair.judged ? " (≥ \(limitText(Pair.readRatio))×)" : ""
    lines.append(
      tableLine(
        "  vs task", String(pair.size), pair.command, fixed(pair.spoonsMs, 2), "",
        "task \(pair.task): \(fixed(pair.taskMs, 1)) ms, \(fixed(pair.ratio, 2))×\(rule)",
        !pair.judged ? "" : pair.met ? "met" : "MISSED"))
  }
  return lines
}

// MARK: - Synced planners

/// The same planner syncing through a folder on the same disk, every change synced as it is
/// made (`sync --auto on`): `sync --init` itself, the reads against the same reads without
/// sync (`unsynced`, in order `status`, `todo`, `list`), the writes against the floor (the
/// change, plus its change file flushed: 3 times `save`), and a `sync` that takes in one change
/// another device made.
/// What a filter costs: `list +errand` (a fifth of the tasks carry it) and `suggest @bed`
/// against `list` of the same planner in the same run, at most as long.
@MainActor func measureFiltered(_ variant: String, _ n: Int, on subject: Subject, list: Row) {
  let judge = Judge.relative(to: "list", ms: list.medianMs, limit: 1.0)
  measure(variant, n, "list +errand", on: subject, ["list", "+errand"], judge: judge)
  measure(variant, n, "suggest @bed", on: subject, ["suggest", "@bed"], judge: judge)
}

/// The synced state on disk (every `sync-N.txt` and `sync-history-N.txt` file there) against
/// the data files it mirrors, as `planner.txt` counts them (itself, the undo history's counted
/// bytes, and the archive's: older files kept for `undo` are not what the state mirrors), in
/// bytes, as the synced rows leave them: at most twice as large (Benchmark.md).
var stateSizes: [(what: String, state: Int, mirrored: Int)] = []
let stateLimit = 2.0

@MainActor func recordStateSize(_ what: String, in directory: String) {
  guard let folder = opendir(directory) else { return }
  defer { closedir(folder) }
  var state = 0
  while let entry = readdir(folder) {
    let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
      String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
    }
    var info = stat()
    guard stat(directory + "/" + name, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
      continue
    }
    if name.hasPrefix("sync-") { state += Int(info.st_size) }
  }
  let mirrored = (try? PlannerStore(directory: directory).countedBytes()) ?? 0
  stateSizes.append((what, state, mirrored))
}

@MainActor func measureSynced(
  _ variant: String, _ n: Int, copying subject: Subject, unsynced: [Row], waiting: Int, open: Int,
  writes: [String], morningAfter: String? = nil
) {
  let data = work + "/synced-\(variant)-\(n)"
  let folder = work + "/shared-\(variant)-\(n)"
  let synced = Subject(data, now: subject.now)
  let name = "synced \(variant == "stress" ? "stress" : "real")"
  // Seconds at 100,000 tasks: timed three times.
  measure(
    name, n, "sync --init", on: synced, ["sync", "--init", folder],
    before: {
      copyTree(subject.data, data)
      _ = ProcessTimer.run(["/bin/rm", "-rf", folder], environment: [])
    }, count: 3)
  recordStateSize("\(name) \(n), after `sync --init`", in: data)
  spoons(synced, "sync", "--auto", "on")
  for (read, without) in zip(["status", "todo", "list"], unsynced) {
    measure(name, n, read, on: synced, [read], judge: .unsynced(ms: without.medianMs, limit: 1.1))
  }
  let write = Judge.floor(probe: "save", limit: 3)
  let many = n >= 100_000 && variant == "stress" ? 3 : nil
  for command in writes {
    switch command {
    case "add":
      measure(
        name, n, "add", on: synced, ["add", "3", "Benchmark task"],
        after: { spoons(synced, "undo") }, judge: write, count: many)
      // The same add taken back by `undo`, synced over the live part (the document holds the
      // task's delete, so the planner made hands out the next number): shown, not judged.
      measure(
        name, n, "undo", on: synced, ["undo"],
        before: { spoons(synced, "add", "3", "Benchmark task") }, count: many)
    case "plan":
      measure(
        name, n, "plan", on: synced, ["plan", "\(waiting)"],
        after: { spoons(synced, "unplan", "\(waiting)") }, judge: write, count: many)
    default:
      measure(
        name, n, "done", on: synced, ["done", "\(open)"],
        after: { spoons(synced, "undone", "\(open)") }, judge: write, count: many)
    }
  }
  // Another device on the same folder adds a task before each run, untimed, half a minute
  // later than this one's clock: every command here runs at the same second, and a task
  // made that second elsewhere could share a creation time with one added and undone here
  // (then the history part may hold its name, and the whole document decides).
  let phone = Subject(
    work + "/phone-\(variant)-\(n)",
    now: subject.now.hasSuffix("00+01:00") ? subject.now.dropLast(8) + "30+01:00" : subject.now)
  _ = ProcessTimer.run(["/bin/rm", "-rf", phone.data], environment: [])
  spoons(phone, "sync", "--init", folder)
  spoons(synced, "sync")
  var made = 0
  measure(
    name, n, "sync (1 in)", on: synced, ["sync"],
    before: {
      made += 1
      spoons(phone, "add", "1", "From the phone \(made)")
      spoons(phone, "sync")
    }, judge: write, count: many)
  recordStateSize("\(name) \(n), after the synced writes and `sync (1 in)`", in: data)
  // A new day started here the morning after, with `--auto on`: its sync goes over the live
  // part and what the archive gained. The synced planner and its folder are put back before
  // each run, at their own paths (a data directory found elsewhere is a copy, a new device).
  guard let morningAfter else { return }
  let kept = (data: work + "/kept-\(variant)-\(n)", folder: work + "/kept-shared-\(variant)-\(n)")
  copyTree(data, kept.data)
  copyTree(folder, kept.folder)
  measure(
    name, n, "new-day", on: Subject(data, now: morningAfter), ["new-day", "12"],
    before: {
      copyTree(kept.data, data)
      copyTree(kept.folder, folder)
    })
  // The same morning, the new day started on the other device instead, and taken in here a
  // minute later by a `sync`: over the live part too, the archive appended to. Both devices
  // and the folder are put back before each run, and the phone starts the day and syncs,
  // untimed.
  let keptPhone = work + "/kept-phone-\(variant)-\(n)"
  copyTree(phone.data, keptPhone)
  let phoneMorning = Subject(phone.data, now: morningAfter)
  measure(
    name, n, "sync (a day in)",
    on: Subject(data, now: morningAfter.dropLast(14) + "08:01:00+01:00"), ["sync"],
    before: {
      copyTree(kept.data, data)
      copyTree(kept.folder, folder)
      copyTree(keptPhone, phone.data)
      spoons(phoneMorning, "new-day", "12")
      spoons(phoneMorning, "sync")
    })
  recordStateSize("\(name) \(n), after `sync (a day in)`", in: data)
}

// MARK: - The run

print("Spoons benchmark: \(binary), \(runs) runs per command, medians; memory is peak RSS.")

// The floor first (and again at the end): what writes and start-up are judged against.
// Without it (`Floor.build` says why) those rows are unjudged.
floorBinaries = Floor.build(in: work)
measureFloors(atEnd: false)

for n in sizes {
  // Realistic: years of history in the archive, a few hundred open tasks.
  let realData = work + "/real-\(n)"
  try PlannerGenerator.realistic(total: n, into: realData)
  let planner = try PlannerStore(directory: realData).load()
  let real = Subject(realData, planner: planner)
  let waiting = planner.allTasks.first { $0.placement == .category }!.id.rawValue
  let open = planner.todo.first { !$0.isDone }!.id.rawValue
  let doneToday = planner.todo.first { $0.isDone }!.id.rawValue
  // The morning after the planner's day, for new-day: a generated planner's history ends
  // years from now, and a new day is never started before the open one.
  let morningAfter = (planner.day?.date.adding(days: 1)).map { "\($0)T08:00:00+01:00" } ?? ""
  let scratch = Subject(work + "/scratch", now: morningAfter)
  // The same shape for Taskwarrior: as many tasks, as many of them open (today's done tasks
  // are in the planner but done: completed for Taskwarrior).
  let taskReal = TaskData(
    "real-\(n)", total: n, open: planner.allTasks.filter { !$0.isDone }.count)
  let write = Judge.floor(probe: "save", limit: 2)

  measure(
    "realistic", n, "--version", on: real, ["--version"], against: taskReal.command("--version"),
    judge: .floor(probe: "start", limit: 1.3))
  let everyday = Judge.everydayRead(limit: 2)
  let unsyncedReads = [
    measure(
      "realistic", n, "status", on: real, ["status"], against: taskReal.command("next"),
      judge: everyday),
    measure(
      "realistic", n, "todo", on: real, ["todo"], against: taskReal.command("next"),
      judge: everyday),
    measure(
      "realistic", n, "list", on: real, ["list"], against: taskReal.command("list"),
      judge: everyday),
  ]
  measure("realistic", n, "categories", on: real, ["categories"])
  measureFiltered("realistic", n, on: real, list: unsyncedReads[2])
  // Each change is taken back, so every run sees the same planner (a second identical add
  // would be refused as a duplicate).
  measure(
    "realistic", n, "add", on: real, ["add", "3", "Benchmark task"],
    after: { spoons(real, "undo") },
    against: taskReal.command("add Benchmark task", changes: true), judge: write)
  measure(
    "realistic", n, "plan", on: real, ["plan", "\(waiting)"],
    after: { spoons(real, "unplan", "\(waiting)") },
    against: taskReal.command("1 modify +today", changes: true), judge: write)
  measure(
    "realistic", n, "done", on: real, ["done", "\(open)"],
    after: { spoons(real, "undone", "\(open)") },
    against: taskReal.command("2 done", changes: true), judge: write)
  measure(
    "realistic", n, "undone", on: real, ["undone", "\(doneToday)"],
    after: { spoons(real, "done", "\(doneToday)") }, judge: write)
  measure(
    "realistic", n, "unplan", on: real, ["unplan", "\(open)"],
    after: { spoons(real, "plan", "\(open)") }, judge: write)
  measure(
    "realistic", n, "edit", on: real, ["edit", "\(waiting)", "--title", "Benchmark title"],
    after: { spoons(real, "undo") },
    against: taskReal.command("1 modify Benchmark title", changes: true), judge: write)
  measure(
    "realistic", n, "delete", on: real, ["delete", "\(waiting)"],
    after: { spoons(real, "undo") }, against: taskReal.command("1 delete", changes: true),
    judge: write)
  measure(
    "realistic", n, "new-day", on: scratch, ["new-day", "12"],
    before: { copyTree(real.data, scratch.data) }, judge: .floor(probe: "save", limit: 3))
  // Over all of it: every task ever done, and ten years of days (the most `history` shows).
  measure(
    "realistic", n, "search", on: real, ["search", "Laundry"],
    against: taskReal.command("all /Laundry/"))
  measure(
    "realistic", n, "history", on: real, ["history", "3660"],
    against: taskReal.command("history"))
  // Moving in: a Taskwarrior export as large as the planner, imported and taken back.
  let export = work + "/taskwarrior-export-\(n).json"
  Taskwarrior.writeExport(total: n, to: export)
  measure(
    "realistic", n, "import --from taskwarrior", on: real,
    ["import", "--from", "taskwarrior", export], after: { spoons(real, "undo") })

  // One REPL command in-process: the parser, the store read and the renderer, no process start.
  let sink = StringSink()
  let session = Session(
    store: PlannerStore(directory: real.data),
    environment: Environment(
      now: { Timestamp(seconds: 1_800_000_000) }, variables: [:], input: ScriptedLines([]),
      output: sink, errors: sink, inputIsTerminal: false, outputIsTerminal: false),
    renderer: Renderer(style: Style(color: false)))
  var replTimes: [Double] = []
  for _ in 0..<max(50, runs * 10) {
    let start = ProcessTimer.now()
    if let command = try CommandParser.parse(line: "status") {
      sink.write(try session.execute(command).output)
    }
    replTimes.append((ProcessTimer.now() - start) * 1000)
    _ = sink.take()
  }
  let (t, _) = target("realistic", n, "repl status")
  let replRow = Row(
    variant: "realistic", size: n, command: "repl status", medianMs: median(replTimes),
    peakMiB: 0, targetMs: t, targetMiB: nil, judge: .read, failedRuns: 0, pair: nil)
  rows.append(replRow)
  note("realistic \(n) repl status: \(fixed(replRow.medianMs, 2)) ms")

  // Stress: every task open; its writes are judged against its own `status`.
  if n >= 10_000 {
    let stressData = work + "/stress-\(n)"
    try PlannerGenerator.stress(total: n, into: stressData)
    let stressPlanner = try PlannerStore(directory: stressData).load()
    let stress = Subject(stressData, planner: stressPlanner)
    let stressWaiting = stressPlanner.allTasks.first { $0.placement == .category }!.id.rawValue
    let stressOpen = stressPlanner.todo.first { !$0.isDone }!.id.rawValue
    let taskStress = TaskData("stress-\(n)", total: n, open: n)
    let status = measure(
      "stress", n, "status", on: stress, ["status"], against: taskStress.command("next"))
    let write = Judge.status(ms: status.medianMs, mib: status.peakMiB)
    let list = measure(
      "stress", n, "list", on: stress, ["list"], against: taskStress.command("list"))
    measureFiltered("stress", n, on: stress, list: list)
    measure(
      "stress", n, "add", on: stress, ["add", "3", "Benchmark task"],
      after: { spoons(stress, "undo") },
      against: taskStress.command("add Benchmark task", changes: true), judge: write)
    measure(
      "stress", n, "done", on: stress, ["done", "\(stressOpen)"],
      after: { spoons(stress, "undone", "\(stressOpen)") },
      against: taskStress.command("2 done", changes: true), judge: write)
    measure(
      "stress", n, "plan", on: stress, ["plan", "\(stressWaiting)"],
      after: { spoons(stress, "unplan", "\(stressWaiting)") },
      against: taskStress.command("1 modify +today", changes: true), judge: write)
    measureSynced("stress", n, copying: stress, unsynced: [status], waiting: stressWaiting,
      open: stressOpen, writes: ["add"])
  }
  if n >= 10_000 {
    measureSynced("realistic", n, copying: real, unsynced: unsyncedReads, waiting: waiting,
      open: open, writes: ["add", "plan", "done"], morningAfter: morningAfter)
  }
}

measureFloors(atEnd: true)

// The table, once the floor is known.
print(tableLine("variant", "N", "command", "median ms", "MiB", "target", "verdict"))
print("|---|---:|---|---:|---:|---|---|")
for probe in Floor.probes.map(\.name) {
  if let samples = floors[probe], let floor = floorMedian(probe) {
    print(
      tableLine(
        "floor", "", probe, fixed(floor, 2), fixed(samples.peakMiB, 1),
        "\(samples.start.count) runs at the start: \(fixed(median(samples.start), 2)) ms, "
          + "\(samples.end.count) at the end: \(fixed(median(samples.end), 2)) ms", ""))
  } else {
    print(tableLine("floor", "", probe, "", "", "not measured: rows against it unjudged", ""))
  }
}
for row in rows {
  for line in tableLines(row) { print(line) }
}

// Machine-readable results, so two runs can be compared.
func number(_ value: Double?, _ digits: Int) -> String {
  value.flatMap { $0.isFinite ? fixed($0, digits) : nil } ?? "null"
}
var json = "{\"binary\":\(JSON.quoted(binary)),\"runs\":\(runs),\"results\":[\n"
json += rows.map { row in
  var judged = "\"judge\":\"read\""
  switch row.judge {
  case .read: break
  case .floor, .everydayRead:
    let (probe, limit) = row.judge.floor!
    let kind = row.judge.isRead ? "everyday_read" : "floor"
    judged =
      "\"judge\":\"\(kind)\",\"floor_probe\":\(JSON.quoted(probe)),"
      + "\"floor_limit\":\(limitText(limit)),"
      + "\"floor_ms\":\(number(row.floorMs, 3)),\"floor_ratio\":\(number(row.floorRatio, 3))"
  case .status(let ms, let mib):
    let (time, memory) = statusRatios(row, ms: ms, mib: mib)
    judged =
      "\"judge\":\"status\",\"status_limit\":\(limitText(stressLimit)),"
      + "\"status_time_ratio\":\(number(time, 3)),\"status_mib_ratio\":\(number(memory, 3))"
  case .unsynced(let ms, let limit):
    judged =
      "\"judge\":\"unsynced\",\"unsynced_limit\":\(limitText(limit)),"
      + "\"unsynced_ratio\":\(number(row.medianMs / max(ms, 1e-9), 3))"
  case .relative(let other, let ms, let limit):
    judged =
      "\"judge\":\"relative\",\"relative_to\":\(JSON.quoted(other)),"
      + "\"relative_limit\":\(limitText(limit)),"
      + "\"relative_ratio\":\(number(row.medianMs / max(ms, 1e-9), 3))"
  }
  return "{\"variant\":\(JSON.quoted(row.variant)),\"n\":\(row.size),"
    + "\"command\":\(JSON.quoted(row.command)),"
    + "\"median_ms\":\(fixed(row.medianMs, 3)),\"peak_mib\":\(fixed(row.peakMiB, 2)),"
    + "\"target_ms\":\(row.targetMs.map { fixed($0, 1) } ?? "null"),"
    + "\"target_mib\":\(row.targetMiB.map { fixed($0, 0) } ?? "null"),\"met\":\(row.met),"
    + "\(judged),\"failed_runs\":\(row.failedRuns),"
    + "\"verdict\":\(JSON.quoted(verdict(checks(row))))}"
}.joined(separator: ",\n")
let pairs = rows.compactMap(\.pair)
json += "\n],\"taskwarrior\":[\n"
json += pairs.map { pair in
  "{\"variant\":\(JSON.quoted(pair.variant)),\"n\":\(pair.size),"
    + "\"command\":\(JSON.quoted(pair.command)),"
    + "\"task\":\(JSON.quoted(pair.task)),\"spoons_ms\":\(fixed(pair.spoonsMs, 3)),"
    + "\"task_ms\":\(fixed(pair.taskMs, 3)),\"ratio\":\(fixed(pair.ratio, 2)),"
    + "\"judged\":\(pair.judged),\"met\":\(pair.met)}"
}.joined(separator: ",\n")
json += "\n],\"floor\":[\n"
var floorEntries: [String] = []
for probe in Floor.probes.map(\.name) {
  guard let samples = floors[probe] else { continue }
  let medians =
    "\"median_ms\":\(number(floorMedian(probe), 3)),"
    + "\"start_median_ms\":\(fixed(median(samples.start), 3)),"
    + "\"end_median_ms\":\(fixed(median(samples.end), 3))"
  floorEntries.append(
    "{\"probe\":\(JSON.quoted(probe)),\(medians),\"samples\":\(samples.all.count),"
      + "\"peak_mib\":\(fixed(samples.peakMiB, 2)),\"failed_runs\":\(samples.failedRuns)}")
}
json += floorEntries.joined(separator: ",\n")
json += "\n]}\n"
// Every missing folder on the way, as `mkdir -p` would.
var folder = outPath.hasPrefix("/") ? "/" : ""
for part in outPath.split(separator: "/").dropLast() {
  folder += part + "/"
  mkdir(folder, 0o755)
}
print(ProcessTimer.writeFile(outPath, json) ? "\nwrote \(outPath)" : "\ncannot write \(outPath)")

// The missed targets, counted by rule: each fails for different reasons (see Benchmark.md).
var missed = 0
let withTargets = rows.filter { $0.targetMs != nil || $0.targetMiB != nil }
let missedTargets = withTargets.filter { !$0.met }.count
missed += missedTargets
print("time and memory: \(missedTargets) of \(withTargets.count) targets missed")

var floorCounts: [String] = []
var unjudged = 0
for (probe, limit, what) in [
  ("save", 2.0, "write rows"), ("save", 3.0, "new-day and synced rows"),
  ("start", 1.3, "--version rows"), ("start", 2.0, "everyday reads"),
] {
  let judged = rows.filter { $0.judge.floor.map { $0 == (probe, limit) } ?? false }
  guard !judged.isEmpty else { continue }
  let ratios = judged.compactMap(\.floorRatio)
  unjudged += judged.count - ratios.count
  guard !ratios.isEmpty else {
    floorCounts.append("\(judged.count) \(what) against \(limitText(limit))× \(probe) unjudged")
    continue
  }
  let over = ratios.filter { $0 > limit }.count
  missed += over
  floorCounts.append("\(over) of \(ratios.count) \(what) over \(limitText(limit))× \(probe)")
}
print(
  "floor: " + floorCounts.joined(separator: ", ")
    + (unjudged > 0 ? " (no floor measured: no swiftc, or a probe failed)" : ""))

let stressRows = rows.filter {
  if case .status = $0.judge { return true }
  return false
}
if !stressRows.isEmpty {
  let over = stressRows.filter { row in
    guard case .status(let ms, let mib) = row.judge else { return false }
    let (time, memory) = statusRatios(row, ms: ms, mib: mib)
    return time > stressLimit || memory > stressLimit
  }.count
  missed += over
  print(
    "stress: \(over) of \(stressRows.count) writes over \(limitText(stressLimit))× status "
      + "(time or memory)")
}

let syncedReads = rows.filter {
  if case .unsynced = $0.judge { return true }
  return false
}
if !syncedReads.isEmpty {
  let over = syncedReads.filter { row in
    guard case .unsynced(let ms, let limit) = row.judge else { return false }
    return row.medianMs / max(ms, 1e-9) > limit
  }.count
  missed += over
  print("synced reads: \(over) of \(syncedReads.count) over their limit × without sync")
}

let filtered = rows.filter {
  if case .relative = $0.judge { return true }
  return false
}
if !filtered.isEmpty {
  let over = filtered.filter { row in
    guard case .relative(_, let ms, let limit) = row.judge else { return false }
    return row.medianMs / max(ms, 1e-9) > limit
  }.count
  missed += over
  print("filtered reads: \(over) of \(filtered.count) over their limit × the same read unfiltered")
}

if taskwarrior == nil {
  print("reads: not compared with Taskwarrior (run with --taskwarrior to judge them at 5×)")
} else {
  let judgedPairs = pairs.filter(\.judged)
  let under = judgedPairs.filter { !$0.met }.count
  missed += under
  print(
    "reads: \(under) of \(judgedPairs.count) judged rows under \(limitText(Pair.readRatio))× "
      + "Taskwarrior" + (judgedPairs.isEmpty ? " (judged from \(Pair.judgedFrom) tasks)" : ""))
}

if !stateSizes.isEmpty {
  var over = 0
  for size in stateSizes {
    let ratio = Double(size.state) / Double(max(size.mirrored, 1))
    if ratio > stateLimit { over += 1 }
    let mb = { (bytes: Int) in fixed(Double(bytes) / 1_000_000, 2) }
    print(
      "synced state on disk, \(size.what): \(mb(size.state)) MB for \(mb(size.mirrored)) MB of "
        + "data files (\(fixed(ratio, 2))×, ≤ \(limitText(stateLimit))×)")
  }
  missed += over
  print(
    "synced state: \(over) of \(stateSizes.count) over \(limitText(stateLimit))× the data files")
}

let failing = rows.filter { $0.failedRuns > 0 }.count
missed += failing
print("exits: \(failing) of \(rows.count) rows with a run that exited non-zero")
print(
  "in all: \(missed) missed" + (unjudged > 0 ? ", \(unjudged) unjudged (no floor)" : ""))
#else
print("SpoonsBench runs on Linux only.")
#endif
