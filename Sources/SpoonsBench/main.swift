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

// The Spoons benchmark: whole processes of the release binary on generated planners
// (method, targets and results: Benchmark.md, beside this file).
// Usage: swift build -c release --static-swift-stdlib -Xswiftc -static-executable
//        .build/release/SpoonsBench
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

var binary = ".build/release/spoons"
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
// `--generate DIR`: write the planners (DIR/realistic-N, DIR/stress-N) and stop, for profiling
// one command by hand:
//   valgrind --tool=callgrind .build/release/spoons --data DIR/stress-10000 list
if let directory = generateOnly {
  mkdir(directory, 0o700)
  for n in sizes {
    try PlannerGenerator.realistic(total: n, into: directory + "/realistic-\(n)")
    try PlannerGenerator.stress(total: n, into: directory + "/stress-\(n)")
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

@MainActor func copyTree(_ from: String, _ to: String) {
  _ = ProcessTimer.run(["/bin/rm", "-rf", to], environment: [])
  _ = ProcessTimer.run(["/bin/cp", "-a", from, to], environment: [])
  // Flush the copy now, or the timed command's fsync would pay for writing it.
  _ = ProcessTimer.run(["/bin/sync"], environment: [])
}

struct Row {
  let variant: String
  let size: Int
  let command: String
  let medianMs: Double
  let peakMiB: Double
  let targetMs: Double?
  let targetMiB: Double?
  var met: Bool {
    (targetMs.map { medianMs <= $0 } ?? true) && (targetMiB.map { peakMiB <= $0 } ?? true)
  }
}
var rows: [Row] = []

let selfPath: String = {
  var buffer = [UInt8](repeating: 0, count: 4096)
  let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
  return n > 0 ? String(decoding: buffer.prefix(n), as: UTF8.self) : CommandLine.arguments[0]
}()

/// The command's own peak RSS, measured from a fresh `--measure` process (see the top).
@MainActor func peakKiB(_ command: [String], environment: [String]) -> Int {
  let out = work + "/measure.txt"
  _ = ProcessTimer.run([selfPath, "--measure", out] + command, environment: environment)
  guard let file = fopen(out, "r") else { return 0 }
  defer { fclose(file) }
  var kib = 0
  var status: Int32 = 0
  _ = withUnsafeMutablePointer(to: &kib) { k in
    withUnsafeMutablePointer(to: &status) { s in
      withVaList([k, s]) { vfscanf(file, "%ld %d", $0) }
    }
  }
  return kib
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

/// The time and memory targets (Benchmark.md), in ms and MiB, by variant, size and command.
func target(_ variant: String, _ n: Int, _ command: String) -> (Double?, Double?) {
  switch (variant, n, command) {
  case ("realistic", 10_000, "--version"): return (3, nil)
  case ("realistic", 10_000, "status"), ("realistic", 10_000, "todo"): return (5, nil)
  case ("realistic", 10_000, "add"), ("realistic", 10_000, "plan"), ("realistic", 10_000, "done"):
    return (5, nil)
  case ("realistic", 10_000, "new-day"): return (10, nil)
  case ("stress", 10_000, "list"): return (15, 20)
  case ("realistic", 100_000, "status"), ("realistic", 100_000, "todo"),
    ("realistic", 100_000, "add"), ("realistic", 100_000, "done"):
    return (10, nil)
  case ("stress", 100_000, "list"): return (60, 64)
  case ("realistic", 100_000, "search"), ("realistic", 100_000, "history"): return (100, nil)
  case ("realistic", 10_000, "repl status"): return (0.5, nil)
  default: return (nil, nil)
  }
}

@MainActor func measure(
  _ variant: String, _ n: Int, _ name: String, data: String, _ command: [String],
  before: (() -> Void)? = nil, after: (() -> Void)? = nil, against task: TaskCommand? = nil,
  environment extra: [String] = []
) {
  let env = ["SPOONS_HOME=\(data)", "NO_COLOR=1", "HOME=\(work)", "PATH=/usr/bin:/bin"] + extra
  var times: [Double] = []
  _ = ProcessTimer.run([binary] + command, environment: env)  // warm the page cache
  after?()
  for _ in 0..<runs {
    before?()
    let sample = ProcessTimer.run([binary] + command, environment: env)
    if sample.status != 0 {
      print("  \(name) exited \(sample.status) on \(variant) \(n)")
    }
    times.append(sample.seconds * 1000)
    after?()
  }
  before?()
  let peak = peakKiB([binary] + command, environment: env)
  after?()
  let (t, m) = target(variant, n, name)
  let row = Row(
    variant: variant, size: n, command: name, medianMs: median(times),
    peakMiB: Double(peak) / 1024, targetMs: t, targetMiB: m)
  rows.append(row)
  print(format(row))
  if let task, let taskBinary = taskwarrior {
    compare(variant, n, name, data: data, command, before: before, after: after, task, taskBinary)
  }
}

/// A Taskwarrior command comparable to one of Spoons's, on the Taskwarrior data of the same
/// planner; `pristine` is copied over `data` before each run of a command that changes it.
struct TaskCommand {
  let arguments: [String]
  let data: String
  var pristine: String? = nil
}

struct Pair {
  let variant: String
  let size: Int
  let command: String
  let task: String
  let spoonsMs: Double
  let taskMs: Double
  let ratio: Double
  /// The 5x target applies from 10,000 tasks on; smaller rows are shown, not judged.
  static let judgedFrom = 10_000
  var judged: Bool { size >= Pair.judgedFrom }
  /// At least 5 times faster, where the target applies.
  var met: Bool { !judged || ratio >= 5 }
}
var pairs: [Pair] = []
var floorPairs: [Pair] = []

/// Spoons and Taskwarrior alternately, run after run (A, B, A, B...), so both see the same
/// machine; the ratio is taken per pair and its median reported.
@MainActor func compare(
  _ variant: String, _ n: Int, _ name: String, data: String, _ command: [String],
  before: (() -> Void)?, after: (() -> Void)?, _ task: TaskCommand, _ taskBinary: String
) {
  let env = ["SPOONS_HOME=\(data)", "NO_COLOR=1", "HOME=\(work)", "PATH=/usr/bin:/bin"]
  _ = timeTask(task, taskBinary)  // warm the page cache
  let pair = alternate(
    variant, n, name, task.arguments,
    spoons: {
      before?()
      defer { after?() }
      return ProcessTimer.run([binary] + command, environment: env).seconds * 1000
    }, task: { timeTask(task, taskBinary) })
  pairs.append(pair)
  print(line("  vs task", pair, !pair.judged ? "" : pair.met ? "met" : "MISSED"))
}

/// One timed run of a Taskwarrior command, in ms, on fresh data if it changes its data.
@MainActor func timeTask(_ task: TaskCommand, _ taskBinary: String) -> Double {
  if let pristine = task.pristine { copyTree(pristine, task.data) }
  let env = Taskwarrior.environment(task.data, home: work)
  let ms = ProcessTimer.run([taskBinary] + task.arguments, environment: env).seconds * 1000
  // Taskwarrior does not fsync; flush what it wrote now, or Spoons's next fsync pays for it.
  if task.pristine != nil { _ = ProcessTimer.run(["/bin/sync"], environment: []) }
  return ms
}

/// `runs` pairs of one run each (A, B, A, B...): the medians, and the median of the ratios.
@MainActor func alternate(
  _ variant: String, _ n: Int, _ name: String, _ taskArguments: [String],
  spoons: () -> Double, task: () -> Double
) -> Pair {
  var spoonsTimes: [Double] = []
  var taskTimes: [Double] = []
  var ratios: [Double] = []
  for _ in 0..<runs {
    let a = spoons()
    let b = task()
    spoonsTimes.append(a)
    taskTimes.append(b)
    ratios.append(b / a)
  }
  return Pair(
    variant: variant, size: n, command: name, task: taskArguments.joined(separator: " "),
    spoonsMs: median(spoonsTimes), taskMs: median(taskTimes), ratio: median(ratios))
}

/// A table row for a pair: Spoons's (or a probe's) median, Taskwarrior's, and the ratio.
func line(_ label: String, _ pair: Pair, _ verdict: String, ratioSuffix: String = "") -> String {
  "| \(pad(label, 9, right: true)) | \(pad(String(pair.size), 7, right: true)) | "
    + "\(pad(pair.command, 11)) | \(pad(fixed(pair.spoonsMs, 2), 8, right: true)) | "
    + "task \(pair.task): \(fixed(pair.taskMs, 1)) ms, \(fixed(pair.ratio, 1))×\(ratioSuffix) | "
    + "\(verdict) |"
}

/// The floor probes (`Floor`) against the Taskwarrior commands they stand for: how much
/// faster than Taskwarrior any Swift program could be here at best. Not targets.
@MainActor func floorRows(_ n: Int, taskBinary: String, task: TaskCommand, add: TaskCommand) {
  guard let probes = Floor.build(in: work) else { return }
  for (probe, arguments, against) in [
    ("start", [String](), task), ("save", [work + "/floor-journal.txt"], add),
  ] {
    let command = [probes[probe]!] + arguments
    guard ProcessTimer.run(command, environment: []).status == 0 else {  // warms the cache
      print("floor: the \(probe) probe failed, so no \(probe) row")
      continue
    }
    _ = timeTask(against, taskBinary)
    let pair = alternate(
      "floor", n, probe, against.arguments,
      spoons: { ProcessTimer.run(command, environment: []).seconds * 1000 },
      task: { timeTask(against, taskBinary) })
    floorPairs.append(pair)
    print(line("floor", pair, "", ratioSuffix: " at best"))
  }
}

func fixed(_ value: Double, _ digits: Int) -> String {
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

func format(_ row: Row) -> String {
  let target =
    [row.targetMs.map { "≤ \(fixed($0, 1)) ms" }, row.targetMiB.map { "≤ \(Int($0)) MiB" }]
    .compactMap { $0 }.joined(separator: ", ")
  return "| \(pad(row.variant, 9)) | \(pad(String(row.size), 7, right: true)) | "
    + "\(pad(row.command, 11)) | \(pad(fixed(row.medianMs, 2), 8, right: true)) | "
    + "\(pad(fixed(row.peakMiB, 1), 6, right: true)) | \(pad(target.isEmpty ? "" : target, 20)) | "
    + "\(target.isEmpty ? "" : row.met ? "met" : "MISSED") |"
}

print("Spoons benchmark: \(binary), \(runs) runs per command, medians; memory is peak RSS.")
print("| variant   |       N | command     |   median ms |  MiB | target               |        |")
print("|---|---:|---|---:|---:|---|---|")

for n in sizes {
  // Realistic: years of history in the archive, a few hundred open tasks.
  let real = work + "/real-\(n)"
  try PlannerGenerator.realistic(total: n, into: real)
  let planner = try PlannerStore(directory: real).load()
  let waiting = planner.allTasks.first { $0.placement == .category }!.id.rawValue
  let open = planner.todo.first { !$0.isDone }!.id.rawValue
  let scratch = work + "/scratch"
  // The same shape for Taskwarrior: as many tasks, as many of them open.
  let taskReal = work + "/task-real-\(n)"
  let taskPristine = work + "/task-real-\(n)-pristine"
  if taskwarrior != nil {
    Taskwarrior.write(total: n, open: planner.taskCount, into: taskPristine)
    copyTree(taskPristine, taskReal)
  }
  func task(_ arguments: String, changes: Bool = false) -> TaskCommand {
    TaskCommand(
      arguments: arguments.split(separator: " ").map(String.init), data: taskReal,
      pristine: changes ? taskPristine : nil)
  }
  if n == sizes.first! || n == 10_000 {
    measure("realistic", n, "--version", data: real, ["--version"], against: task("--version"))
  }
  measure("realistic", n, "status", data: real, ["status"], against: task("next"))
  measure("realistic", n, "todo", data: real, ["todo"], against: task("next"))
  measure("realistic", n, "list", data: real, ["list"], against: task("list"))
  measure("realistic", n, "categories", data: real, ["categories"])
  // Each add is taken back, so every run adds to the same planner (a second identical add
  // would be refused as a duplicate).
  measure(
    "realistic", n, "add", data: real, ["add", "3", "Benchmark task"],
    after: { _ = ProcessTimer.run([binary, "--data", real, "undo"], environment: []) },
    against: task("add Benchmark task", changes: true))
  measure(
    "realistic", n, "plan", data: real, ["plan", "\(waiting)"],
    after: {
      _ = ProcessTimer.run([binary, "--data", real, "unplan", "\(waiting)"], environment: [])
    },
    against: task("1 modify +today", changes: true))
  measure(
    "realistic", n, "done", data: real, ["done", "\(open)"],
    after: { _ = ProcessTimer.run([binary, "--data", real, "undone", "\(open)"], environment: []) },
    against: task("2 done", changes: true))
  // The morning after the planner's day: a generated planner's history ends years from now,
  // and a new day is never started before the open one.
  let morningAfter = (planner.day?.date.adding(days: 1)).map { "\($0)T08:00:00+01:00" } ?? ""
  measure(
    "realistic", n, "new-day", data: scratch, ["new-day", "12"],
    before: { copyTree(real, scratch) }, environment: ["SPOONS_NOW=\(morningAfter)"])
  // Over all of it: every task ever done, and ten years of days (the most `history` shows).
  measure(
    "realistic", n, "search", data: real, ["search", "Laundry"], against: task("all /Laundry/"))
  measure("realistic", n, "history", data: real, ["history", "3660"], against: task("history"))
  if n == 10_000, let taskBinary = taskwarrior {
    floorRows(
      n, taskBinary: taskBinary, task: task("--version"),
      add: task("add Benchmark task", changes: true))
  }

  // One REPL command in-process: the parser, the store read and the renderer, no process start.
  let sink = StringSink()
  let session = Session(
    store: PlannerStore(directory: real),
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
    peakMiB: 0, targetMs: t, targetMiB: nil)
  rows.append(replRow)
  print(format(replRow))

  // Stress: every task open.
  if n >= 10_000 {
    let stress = work + "/stress-\(n)"
    try PlannerGenerator.stress(total: n, into: stress)
    let taskStress = work + "/task-stress-\(n)"
    let taskStressPristine = taskStress + "-pristine"
    if taskwarrior != nil {
      Taskwarrior.write(total: n, open: n, into: taskStressPristine)
      copyTree(taskStressPristine, taskStress)
    }
    measure(
      "stress", n, "list", data: stress, ["list"],
      against: TaskCommand(arguments: ["list"], data: taskStress))
    measure(
      "stress", n, "status", data: stress, ["status"],
      against: TaskCommand(arguments: ["next"], data: taskStress))
    measure(
      "stress", n, "add", data: stress, ["add", "3", "Benchmark task"],
      after: { _ = ProcessTimer.run([binary, "--data", stress, "undo"], environment: []) },
      against: TaskCommand(
        arguments: ["add", "Benchmark", "task"], data: taskStress, pristine: taskStressPristine))
  }
}

// Machine-readable results, so two runs can be compared.
var json = "{\"binary\":\(JSON.quoted(binary)),\"runs\":\(runs),\"results\":[\n"
json += rows.map { row in
  "{\"variant\":\(JSON.quoted(row.variant)),\"n\":\(row.size),"
    + "\"command\":\(JSON.quoted(row.command)),"
    + "\"median_ms\":\(fixed(row.medianMs, 3)),\"peak_mib\":\(fixed(row.peakMiB, 2)),"
    + "\"target_ms\":\(row.targetMs.map { fixed($0, 1) } ?? "null"),"
    + "\"target_mib\":\(row.targetMiB.map { fixed($0, 0) } ?? "null"),\"met\":\(row.met)}"
}.joined(separator: ",\n")
json += "\n],\"taskwarrior\":[\n"
json += pairs.map { pair in
  "{\"variant\":\(JSON.quoted(pair.variant)),\"n\":\(pair.size),"
    + "\"command\":\(JSON.quoted(pair.command)),"
    + "\"task\":\(JSON.quoted(pair.task)),\"spoons_ms\":\(fixed(pair.spoonsMs, 3)),"
    + "\"task_ms\":\(fixed(pair.taskMs, 3)),\"ratio\":\(fixed(pair.ratio, 2)),\"met\":\(pair.met)}"
}.joined(separator: ",\n")
json += "\n],\"floor\":[\n"
json += floorPairs.map { pair in
  "{\"probe\":\(JSON.quoted(pair.command)),\"n\":\(pair.size),"
    + "\"task\":\(JSON.quoted(pair.task)),"
    + "\"probe_ms\":\(fixed(pair.spoonsMs, 3)),\"task_ms\":\(fixed(pair.taskMs, 3)),"
    + "\"best_ratio\":\(fixed(pair.ratio, 2))}"
}.joined(separator: ",\n")
json += "\n]}\n"
// Every missing folder on the way, as `mkdir -p` would.
var folder = outPath.hasPrefix("/") ? "/" : ""
for part in outPath.split(separator: "/").dropLast() {
  folder += part + "/"
  mkdir(folder, 0o755)
}
print(ProcessTimer.writeFile(outPath, json) ? "\nwrote \(outPath)" : "\ncannot write \(outPath)")
// The time and memory targets, and the 5x-Taskwarrior rows, counted apart: they are
// judged apart (see Benchmark.md).
let missedTargets = rows.filter { !$0.met }.count
let missedRatios = pairs.filter { !$0.met }.count
print(
  missedTargets == 0 ? "every time and memory target met" : "\(missedTargets) target(s) missed")
if pairs.contains(where: \.judged) {
  print(
    missedRatios == 0
      ? "5x Taskwarrior in every judged row" : "\(missedRatios) row(s) under 5x Taskwarrior")
} else if !pairs.isEmpty {
  print("no row judged against Taskwarrior (that starts at \(Pair.judgedFrom) tasks)")
}
#else
print("SpoonsBench runs on Linux only.")
#endif
