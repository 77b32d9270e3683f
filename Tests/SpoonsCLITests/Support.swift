import Foundation
import SpoonsCore
import SpoonsStore
import SpoonsTestSupport
@testable import SpoonsCLI

extension TemporaryDirectory {
  /// The data directory the binary is pointed at (made by its first change).
  var data: String { file("data") }

  /// The bytes of `name` in the data directory, or nil when it is not there.
  func dataBytes(_ name: String) -> [UInt8]? { bytes("data/" + name) }
}

/// Every file of a data directory by name, byte for byte (not times: nothing promises them),
/// the lock file included; nil when the directory does not exist. A refused command must
/// leave all of it as it was.
func everyFile(in directory: String) -> [String: [UInt8]]? {
  guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
    return nil
  }
  var files: [String: [UInt8]] = [:]
  for name in names {
    files[name] = FileManager.default.contents(atPath: directory + "/" + name).map { Array($0) }
      ?? [0xDE, 0xAD]  // unreadable: still listed by name
  }
  return files
}

/// What differs between two `everyFile` snapshots, for a failure's message.
func differences(_ a: [String: [UInt8]]?, _ b: [String: [UInt8]]?) -> String {
  guard let a, let b else { return a == nil ? "the directory appeared" : "the directory vanished" }
  return Set(a.keys).union(b.keys).sorted().compactMap { name -> String? in
    switch (a[name], b[name]) {
    case (nil, _): return "\(name) appeared"
    case (_, nil): return "\(name) vanished"
    case let (x?, y?) where x != y: return "\(name) changed (\(x.count) -> \(y.count) bytes)"
    default: return nil
    }
  }.joined(separator: ", ")
}

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()

/// The `spoons` binary `swift test` built next to the test bundle.
let spoonsBinary: String = {
  if let override = ProcessInfo.processInfo.environment["SPOONS_BINARY"] { return override }
  var candidates: [URL] = []
  candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
  candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
  for bundle in Bundle.allBundles { candidates.append(bundle.bundleURL.deletingLastPathComponent()) }
  candidates.append(packageRoot.appendingPathComponent(".build/debug"))
  for dir in candidates {
    let path = dir.appendingPathComponent("spoons").path
    if FileManager.default.isExecutableFile(atPath: path) { return path }
  }
  return packageRoot.appendingPathComponent(".build/debug/spoons").path
}()

struct RunResult {
  let status: Int32
  let stdout: String
  let stderr: String
}

/// Runs the real binary with `arguments`, `stdin` bytes and extra environment, in `data`.
@discardableResult
func spoons(
  _ arguments: [String], stdin: Data = Data(), data: String? = nil,
  environment extra: [String: String] = [:]
) throws -> RunResult {
  var env = ProcessInfo.processInfo.environment
  env["SPOONS_NOW"] = morning.description
  env["NO_COLOR"] = nil
  env["SPOONS_HOME"] = data ?? "/nonexistent/spoons-test-must-pass-data"
  for (k, v) in extra { env[k] = v }
  return try run(
    spoonsBinary, (data.map { ["--data", $0] } ?? []) + arguments, stdin: stdin,
    environment: env)
}

/// Runs `program` to its end with `stdin` bytes, capturing what it writes (through files, so
/// that no pipe can fill up and stall it).
func run(
  _ program: String, _ arguments: [String], stdin: Data = Data(), environment: [String: String]
) throws -> RunResult {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: program)
  process.arguments = arguments
  process.environment = environment
  let scratch = TemporaryDirectory()
  let inPath = scratch.file("in"), outPath = scratch.file("out"), errPath = scratch.file("err")
  FileManager.default.createFile(atPath: inPath, contents: stdin)
  FileManager.default.createFile(atPath: outPath, contents: nil)
  FileManager.default.createFile(atPath: errPath, contents: nil)
  process.standardInput = FileHandle(forReadingAtPath: inPath)
  process.standardOutput = FileHandle(forWritingAtPath: outPath)
  process.standardError = FileHandle(forWritingAtPath: errPath)
  try process.run()
  process.waitUntilExit()
  return RunResult(
    status: process.terminationStatus,
    stdout: String(decoding: FileManager.default.contents(atPath: outPath) ?? Data(), as: UTF8.self),
    stderr: String(decoding: FileManager.default.contents(atPath: errPath) ?? Data(), as: UTF8.self))
}

func script(_ lines: String...) -> Data { Data((lines.joined(separator: "\n") + "\n").utf8) }
