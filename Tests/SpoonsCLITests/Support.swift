import Foundation
import SpoonsCore
import SpoonsStore
@testable import SpoonsCLI

/// A fresh directory under the system's temporary folder, removed when the test ends.
final class TemporaryDirectory {
  let path: String
  init() {
    var template = Array((NSTemporaryDirectory() + "/spoons-cli-test-XXXXXX").utf8CString)
    path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
  }
  deinit { try? FileManager.default.removeItem(atPath: path) }

  var data: String { path + "/data" }
  func bytes(_ name: String) -> Data? { FileManager.default.contents(atPath: data + "/" + name) }
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
  let process = Process()
  process.executableURL = URL(fileURLWithPath: spoonsBinary)
  process.arguments = (data.map { ["--data", $0] } ?? []) + arguments
  var env = ProcessInfo.processInfo.environment
  env["SPOONS_NOW"] = "2026-11-21T08:00:00+01:00"
  env["NO_COLOR"] = nil
  env["SPOONS_HOME"] = data ?? "/nonexistent/spoons-test-must-pass-data"
  for (k, v) in extra { env[k] = v }
  process.environment = env
  let scratch = TemporaryDirectory()
  let inPath = scratch.path + "/in", outPath = scratch.path + "/out", errPath = scratch.path + "/err"
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
