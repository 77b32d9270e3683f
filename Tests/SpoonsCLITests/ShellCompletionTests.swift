import Foundation
import SpoonsTestSupport
import Testing
@testable import SpoonsCLI

/// The shell, or nil when it is not installed.
private func shell(_ name: String) -> String? {
  for dir in ["/bin", "/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"] {
    let path = dir + "/" + name
    if FileManager.default.isExecutableFile(atPath: path) { return path }
  }
  return nil
}

/// Runs `program` with HOME in a scratch directory, so that no shell reads or writes the
/// user's files.
private func run(_ program: String, _ arguments: [String], stdin: Data = Data()) throws
  -> RunResult
{
  let scratch = TemporaryDirectory()
  return try withExtendedLifetime(scratch) {
    try run(
      program, arguments, stdin: stdin,
      environment: [
        "HOME": scratch.path, "XDG_CONFIG_HOME": scratch.file("config"),
        "XDG_DATA_HOME": scratch.file("data"), "XDG_CACHE_HOME": scratch.file("cache"),
        "PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8", "TERM": "dumb",
        "MANPAGER": "cat", "PAGER": "cat", "MANWIDTH": "80",
      ])
  }
}

/// `spoons completion SHELL`, written to a file in `dir`.
private func script(_ shell: String, in dir: TemporaryDirectory, named name: String? = nil) throws
  -> String
{
  let made = try spoons(["completion", shell])
  #expect(made.status == 0 && made.stderr.isEmpty)
  let path = dir.path + "/" + (name ?? "spoons." + shell)
  try made.stdout.write(toFile: path, atomically: true, encoding: .utf8)
  return path
}

@Suite("Shell completion and the manual")
struct ShellCompletionTests {
  /// What bash's completion function offers for `words`, completing the last one.
  func bashCompletes(_ words: [String], script: String) throws -> [String] {
    let bash = try #require(shell("bash"))
    let quoted = words.map { "'\($0)'" }.joined(separator: " ")
    let program = """
      source "$1" || exit 3
      COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
      _spoons
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let result = try run(bash, ["--norc", "--noprofile", "-c", program, "bash", script])
    #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
    return result.stdout.split(separator: "\n").map(String.init)
  }

  @Test func bashCompletesCommandsThenFlags() throws {
    let tmp = TemporaryDirectory()
    let path = try script("bash", in: tmp)
    #expect(try bashCompletes(["spoons", "pl"], script: path) == ["plan"])
    #expect(try bashCompletes(["spoons", "d"], script: path) == ["done", "d", "delete"])
    #expect(try bashCompletes(["spoons", "--data", tmp.path, "st"], script: path) == ["status", "stats"])
    #expect(try bashCompletes(["spoons", "--no"], script: path) == ["--no-color"])
    #expect(try bashCompletes(["spoons", "add", "3", "x", "--d"], script: path) == ["--due"])
    #expect(try bashCompletes(["spoons", "clear", ""], script: path) == ["--yes", "backlog", "completed"])
    #expect(try bashCompletes(["spoons", "completion", ""], script: path) == ["bash", "zsh", "fish"])
    #expect(try bashCompletes(["spoons", "add", "3", "x", "--due", ""], script: path).isEmpty)
    #expect(try bashCompletes(["spoons", "done", "4", "--t"], script: path) == ["--took"])
    #expect(try bashCompletes(["spoons", "done", "4", "--took", ""], script: path).isEmpty)
    #expect(try bashCompletes(["spoons", "new-day", "10", "--m"], script: path) == ["--mood"])
    #expect(
      try bashCompletes(["spoons", "settings", ""], script: path)
        == ["day-start", "reserve", "mood", "pace-hint"])
    #expect(try bashCompletes(["spoons", "nosuch", "--"], script: path).isEmpty)
  }

  @Test func everyCommandIsInEveryScript() throws {
    for name in ["bash", "zsh", "fish"] {
      let text = try spoons(["completion", name]).stdout
      for info in CommandRegistry.infos {
        #expect(text.contains(info.name), "\(name): \(info.name)")
      }
    }
  }

  @Test(.enabled(if: shell("zsh") != nil, "zsh is not installed"))
  func zshLoadsTheScriptSourcedAndAutoloaded() throws {
    let zsh = try #require(shell("zsh"))
    let tmp = TemporaryDirectory()
    let sourced = try script("zsh", in: tmp)
    let plain = try run(zsh, ["-f", "-c", "source \"$1\"", "zsh", sourced])
    #expect(plain.status == 0 && plain.stderr.isEmpty, "\(plain.stderr)")
    let withCompinit = try run(
      zsh, ["-f", "-c", "autoload -Uz compinit && compinit -u -D && source \"$1\" && "
        + "print -r -- $_comps[spoons]", "zsh", sourced])
    #expect(withCompinit.status == 0 && withCompinit.stderr.isEmpty, "\(withCompinit.stderr)")
    #expect(withCompinit.stdout == "_spoons\n")
    try FileManager.default.createDirectory(
      atPath: tmp.path + "/functions", withIntermediateDirectories: true)
    _ = try script("zsh", in: tmp, named: "functions/_spoons")
    let autoloaded = try run(
      zsh, ["-f", "-c", "fpath=(\"$1\" $fpath); autoload -Uz compinit && compinit -u -D && "
        + "print -r -- $_comps[spoons]", "zsh", tmp.path + "/functions"])
    #expect(autoloaded.status == 0 && autoloaded.stderr.isEmpty, "\(autoloaded.stderr)")
    #expect(autoloaded.stdout == "_spoons\n")
  }

  @Test(.enabled(if: shell("fish") != nil, "fish is not installed"))
  func fishLoadsTheScriptAndCompletes() throws {
    let fish = try #require(shell("fish"))
    let tmp = TemporaryDirectory()
    let path = try script("fish", in: tmp)
    let result = try run(
      fish, ["--no-config", "-c", "source $argv[1]; and complete -C 'spoons pl'; "
        + "and complete -C 'spoons add 3 x --d'; and complete -C 'spoons --data /tmp cle'", path])
    #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
    let offered = result.stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
    #expect(offered == ["plan", "--due", "clear"], "\(result.stdout)")
  }

  @Test func theManualHasEverySectionAndCommand() throws {
    let result = try spoons(["manual"])
    #expect(result.status == 0 && result.stderr.isEmpty)
    let roff = result.stdout
    #expect(roff.hasPrefix(".TH SPOONS 1 "))
    for section in [
      "NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "GLOBAL OPTIONS", "FILES", "EXIT STATUS",
      "ENVIRONMENT",
    ] {
      #expect(roff.contains("\n.SH \(section)\n"), "\(section)")
    }
    for info in CommandRegistry.infos {
      let name = info.name.replacingOccurrences(of: "-", with: "\\-")
      #expect(roff.contains(".TP\n\\fB\(name)\\fR"), "\(info.name)")
    }
    for status in ExitStatus.allCases { #expect(roff.contains(".TP\n\\fB\(status.rawValue)\\fR\n")) }
    for variable in ["SPOONS_HOME", "SPOONS_NOW", "NO_COLOR", "COLUMNS", "LANG"] {
      #expect(roff.contains(variable), "\(variable)")
    }
    // No text line may start with a control character unless it is a request.
    for line in roff.split(separator: "\n") where line.first == "'" { Issue.record("\(line)") }
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/man"), "no man"))
  func manRendersTheManual() throws {
    let roff = try spoons(["manual"]).stdout
    let result = try run("/usr/bin/man", ["-l", "-"], stdin: Data(roff.utf8))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("COMMANDS") && result.stdout.contains("EXIT STATUS"))
    for info in CommandRegistry.infos { #expect(result.stdout.contains(info.name), "\(info.name)") }
  }
}
