#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
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
/// user's files, and the built `spoons` first on PATH, for the scripts to call back.
private func runIsolated(
  _ program: String, _ arguments: [String], stdin: Data = Data(), extra: [String: String] = [:]
) throws -> RunResult {
  let scratch = TemporaryDirectory()
  let binaries = URL(fileURLWithPath: spoonsBinary).deletingLastPathComponent().path
  var environment = [
    "HOME": scratch.path, "XDG_CONFIG_HOME": scratch.file("config"),
    "XDG_DATA_HOME": scratch.file("data"), "XDG_CACHE_HOME": scratch.file("cache"),
    "PATH": binaries + ":/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8", "TERM": "dumb",
    "MANPAGER": "cat", "PAGER": "cat", "MANWIDTH": "80", "SPOONS_NOW": morning.description,
    "SPOONS_HOME": "/nonexistent/spoons-test-must-pass-data",
  ]
  for (name, value) in extra { environment[name] = value }
  return try withExtendedLifetime(scratch) {
    try run(program, arguments, stdin: stdin, environment: environment)  // Support.swift's
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

/// A planner made by the binary in `dir`'s data directory: a day of 10 spoons, #1 `Call GP`
/// (planned, tagged), #2 `Laundry: whites` and #3, and routine r1.
private func planner(in dir: TemporaryDirectory) throws -> String {
  for line in [
    ["new-day", "10"], ["add", "2", "Call", "GP", "+health", "@phone"],
    ["add", "3", "Laundry:", "whites", "+home"], ["add", "5", "Deep", "clean"], ["plan", "1"],
    ["routine", "add", "1", "Take", "meds", "--days", "daily"],
  ] {
    let result = try spoons(line, data: dir.data)
    #expect(result.status == 0, "\(line): \(result.stderr)")
  }
  return dir.data
}

/// The words bash hands a completion function for `line`: split at blanks, and again around
/// the characters of COMP_WORDBREAKS that may be in a word (`@ph` is `@` and `ph`, `a:b` is
/// `a`, `:` and `b`), as readline splits them.
private func bashWords(_ line: String) -> [String] {
  var words: [String] = []
  for blankWord in line.split(separator: " ", omittingEmptySubsequences: true) {
    var current = "", breaking = false
    for character in blankWord {
      let isBreak = "@=:".contains(character)
      if !current.isEmpty && isBreak != breaking {
        words.append(current)
        current = ""
      }
      breaking = isBreak
      current.append(character)
    }
    words.append(current)
  }
  if line.isEmpty || line.hasSuffix(" ") { words.append("") }
  return words
}

/// Lets zsh complete `line` as at a prompt and prints each match as `M:match -- display`:
/// an interactive `zsh -f` in a pseudo-terminal (`zpty`), with `compadd` wrapped to print
/// what it adds, as zsh-capture-completion does. Arguments: the script, then the line.
private let zshCapture = #"""
  zmodload zsh/zpty || exit 3
  zpty z zsh -f -i
  zpty -w z 'PROMPT= RPROMPT=; autoload -Uz compinit; compinit -u -D'
  zpty -w z "source ${(q)1}"
  zpty -w z 'compadd () {
    if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return $?; fi
    typeset -a __hits __dscr __tmp
    if (( $@[(I)-d] )); then
      __tmp=${@[$[${@[(i)-d]}+1]]}
      if [[ $__tmp == \(* ]]; then eval "__dscr=$__tmp"; else __dscr=( "${(@P)__tmp}" ); fi
    fi
    builtin compadd -A __hits -D __dscr "$@"
    [[ -n $__hits ]] || return
    local i
    for i in {1..$#__hits}; do print -r -- "M:$__hits[$i] -- $__dscr[$i]"; done
  }'
  zpty -w z "zstyle ':completion:*' list-grouped false"
  zpty -w z "zstyle ':completion:*' insert-tab false"
  zpty -w z "bindkey '^I' complete-word"
  zpty -w z 'null-line () { echo -E - $'"'"'\0'"'"' }'
  zpty -w z 'compprefuncs=( null-line )'
  zpty -w z 'comppostfuncs=( null-line exit )'
  zpty -w z "$2"$'\t'
  zpty -r z line '*'$'\0'
  zpty -r z line '*'$'\0'
  print -r -- "${line%$'\0'}"
  zpty -d z
  """#

@Suite("Shell completion and the manual")
struct ShellCompletionTests {
  /// What bash's completion function offers at the end of `line`, with the variables bash
  /// sets (the line and the cursor, and the words as readline splits them).
  func bashCompletes(_ line: String, script: String, environment: [String: String] = [:])
    throws -> [String]
  {
    let bash = try #require(shell("bash"))
    let words = bashWords(line)
    let quoted = words.map(ShellCompletion.singleQuoted).joined(separator: " ")
    let program = """
      source "$1" || exit 3
      COMP_LINE=\(ShellCompletion.singleQuoted(line)); COMP_POINT=${#COMP_LINE}
      COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
      _spoons
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let result = try runIsolated(
      bash, ["--norc", "--noprofile", "-c", program, "bash", script], extra: environment)
    #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
    return result.stdout.split(separator: "\n").map(String.init)
  }

  /// What zsh offers at the end of `line`: each match and what zsh shows for it.
  func zshCompletes(_ line: String, script: String, environment: [String: String] = [:])
    throws -> [String]
  {
    let zsh = try #require(shell("zsh"))
    let timeout = FileManager.default.isExecutableFile(atPath: "/usr/bin/timeout")
    let arguments = ["-f", "-c", zshCapture, "zsh", script, line]
    let result = try timeout
      ? runIsolated("/usr/bin/timeout", ["60", zsh] + arguments, extra: environment)
      : runIsolated(zsh, arguments, extra: environment)
    #expect(result.status == 0, "\(result.stderr)")
    return result.stdout.replacingOccurrences(of: "\r", with: "").split(separator: "\n")
      .filter { $0.hasPrefix("M:") }.map { String($0.dropFirst(2)) }
  }

  /// What fish offers for each of `lines`, as `complete -C` prints it (a tab before the
  /// description).
  func fishCompletes(_ line: String, script: String, environment: [String: String] = [:])
    throws -> [String]
  {
    let fish = try #require(shell("fish"))
    let result = try runIsolated(
      fish, ["--no-config", "-c", "source $argv[1]; and complete -C $argv[2]", script, line],
      extra: environment)
    #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
    return result.stdout.split(separator: "\n").map(String.init)
  }

  @Test func bashCompletesCommandsThenFlags() throws {
    let tmp = TemporaryDirectory()
    let path = try script("bash", in: tmp)
    #expect(try bashCompletes("spoons pl", script: path) == ["plan"])
    #expect(try bashCompletes("spoons d", script: path) == ["done", "d", "delete"])
    #expect(try bashCompletes("spoons --data \(tmp.path) st", script: path) == ["status", "stats"])
    #expect(try bashCompletes("spoons --no", script: path) == ["--no-color"])
    #expect(try bashCompletes("spoons add 3 x --d", script: path) == ["--due"])
    #expect(try bashCompletes("spoons clear ", script: path) == ["backlog", "completed"])
    #expect(try bashCompletes("spoons clear --", script: path) == ["--yes"])
    #expect(try bashCompletes("spoons completion ", script: path) == ["bash", "zsh", "fish"])
    #expect(try bashCompletes("spoons add 3 x --due ", script: path).isEmpty)
    #expect(try bashCompletes("spoons done 4 --t", script: path) == ["--took"])
    #expect(try bashCompletes("spoons done 4 --took ", script: path).isEmpty)
    #expect(try bashCompletes("spoons new-day 10 --m", script: path) == ["--mood"])
    #expect(
      try bashCompletes("spoons settings ", script: path)
        == ["day-start", "reserve", "mood", "pace-hint"])
    #expect(try bashCompletes("spoons nosuch --", script: path).isEmpty)
    #expect(try bashCompletes("spoons export --format ", script: path) == ["json", "csv", "todotxt"])
    #expect(try bashCompletes("spoons list --sort c", script: path) == ["created"])
    #expect(try bashCompletes("spoons export --output \(tmp.path)/spoons.b", script: path)
      == ["\(tmp.path)/spoons.bash"])
  }

  /// Ids, routine ids, tags and costs come from the planner the line names; bash shows no
  /// descriptions, and inserts only the part after its own word break (`phone` after `@`).
  @Test func bashCompletesIdsAndTagsFromThePlanner() throws {
    let tmp = TemporaryDirectory()
    let path = try script("bash", in: tmp)
    let data = try planner(in: tmp)
    #expect(try bashCompletes("spoons --data \(data) done ", script: path) == ["1"])
    #expect(try bashCompletes("spoons --data \(data) show ", script: path) == ["2", "3", "1"])
    #expect(try bashCompletes("spoons --data=\(data) undone ", script: path).isEmpty)
    #expect(try bashCompletes("spoons --data \(data) routine today ", script: path) == ["r1"])
    #expect(try bashCompletes("spoons --data \(data) list +h", script: path)
      == ["+health", "+home"])
    #expect(try bashCompletes("spoons --data \(data) todo @", script: path) == ["@phone"])
    #expect(try bashCompletes("spoons --data \(data) todo @ph", script: path) == ["@phone"])
    #expect(try bashCompletes("spoons --data \(data) list -@", script: path) == ["@phone"])
    #expect(
      try bashCompletes("spoons --data \(data) list -h", script: path) == ["-health", "-home"])
    #expect(try bashCompletes("spoons add 1", script: path) == ["1", "10"])
    #expect(
      try bashCompletes("spoons done ", script: path, environment: ["SPOONS_HOME": data])
        == ["1"], "the environment's planner")
  }

  #if canImport(Glibc)
    /// bash at a real prompt, where readline decides what a candidate replaces (its word
    /// breaks, and an @ that it replaces along with the word after it): each line, Tab, then
    /// Enter runs a stand-in `spoons` function that prints the words it got.
    @Test func bashAtAPromptInsertsWholeWords() throws {
      let tmp = TemporaryDirectory()
      let path = try script("bash", in: tmp)
      let data = try planner(in: tmp)
      let binaries = URL(fileURLWithPath: spoonsBinary).deletingLastPathComponent().path
      let terminal = try TerminalSession(
        program: try #require(shell("bash")), arguments: ["--norc", "--noprofile", "-i"],
        environment: [
          "HOME": tmp.path, "INPUTRC": "/dev/null", "PS1": "$ ", "TERM": "dumb",
          "PATH": binaries + ":/usr/local/bin:/usr/bin:/bin", "SPOONS_HOME": data,
        ])
      terminal.type("source \(ShellCompletion.singleQuoted(path)); "
        + "spoons() { printf '<%s>' \"$@\"; echo '<end>'; }\n")
      for (line, words) in [
        ("spoons todo @ph", "<todo><@phone><end>"), ("spoons list -@p", "<list><-@phone><end>"),
        ("spoons list +he", "<list><+health><end>"), ("spoons done ", "<done><1><end>"),
        ("spoons routine ed", "<routine><edit><end>"),
        ("spoons export --format j", "<export><--format><json><end>"),
        ("spoons --data=\(data) edit 1 --sp", "<--data=\(data)><edit><1><--spoons><end>"),
      ] {
        terminal.type(line + "\t")
        Thread.sleep(forTimeInterval: 0.3)  // Tab's work is done before the Enter is read
        terminal.type("\n")
        #expect(terminal.waitFor(words), "\(line): \(terminal.screen.suffix(300))")
      }
      terminal.type("exit\n")
      #expect(terminal.waitForExit() == 0)
    }
  #endif

  @Test func everyCommandIsInEveryScript() throws {
    for name in ["bash", "zsh", "fish"] {
      let text = try spoons(["completion", name]).stdout
      for info in CommandRegistry.infos {
        #expect(text.contains(info.name), "\(name): \(info.name)")
      }
      #expect(text.contains("command spoons \(ShellCompletion.hiddenCommand) "), "\(name)")
    }
  }

  @Test(.enabled(if: shell("zsh") != nil, "zsh is not installed"))
  func zshLoadsTheScriptSourcedAndAutoloaded() throws {
    let zsh = try #require(shell("zsh"))
    let tmp = TemporaryDirectory()
    let sourced = try script("zsh", in: tmp)
    let plain = try runIsolated(zsh, ["-f", "-c", "source \"$1\"", "zsh", sourced])
    #expect(plain.status == 0 && plain.stderr.isEmpty, "\(plain.stderr)")
    let withCompinit = try runIsolated(
      zsh, ["-f", "-c", "autoload -Uz compinit && compinit -u -D && source \"$1\" && "
        + "print -r -- $_comps[spoons]", "zsh", sourced])
    #expect(withCompinit.status == 0 && withCompinit.stderr.isEmpty, "\(withCompinit.stderr)")
    #expect(withCompinit.stdout == "_spoons\n")
    try FileManager.default.createDirectory(
      atPath: tmp.path + "/functions", withIntermediateDirectories: true)
    _ = try script("zsh", in: tmp, named: "functions/_spoons")
    let autoloaded = try runIsolated(
      zsh, ["-f", "-c", "fpath=(\"$1\" $fpath); autoload -Uz compinit && compinit -u -D && "
        + "print -r -- $_comps[spoons]", "zsh", tmp.path + "/functions"])
    #expect(autoloaded.status == 0 && autoloaded.stderr.isEmpty, "\(autoloaded.stderr)")
    #expect(autoloaded.stdout == "_spoons\n")
  }

  /// zsh, completing as at a prompt: commands and ids with what they are, a title's colon
  /// kept in its description, tags, a flag's values, files after `--output`.
  @Test(.enabled(if: shell("zsh") != nil, "zsh is not installed"))
  func zshCompletesIdsWithTheirTitles() throws {
    let tmp = TemporaryDirectory()
    let path = try script("zsh", in: tmp)
    let data = try planner(in: tmp)
    #expect(try zshCompletes("spoons pl", script: path).map { $0.prefix { $0 != " " } } == ["plan"])
    #expect(try zshCompletes("spoons --data \(data) show ", script: path) == [
      "2 -- 2  -- Laundry: whites, 3 spoons", "3 -- 3  -- Deep clean, 5 spoons",
      "1 -- 1  -- Call GP, 2 spoons",
    ])
    #expect(try zshCompletes("spoons --data \(data) routine edit ", script: path)
      == ["r1 -- r1  -- Take meds"])
    #expect(try zshCompletes("spoons --data \(data) todo @", script: path)
      == ["@phone -- @phone  -- 1 task"])
    #expect(
      try zshCompletes("spoons export --format ", script: path) == ["json -- json", "csv -- csv", "todotxt -- todotxt"])
    let files = try zshCompletes("spoons export --output \(tmp.path)/spoons.", script: path)
    #expect(files.map { $0.prefix { $0 != " " } } == ["spoons.zsh"])
  }

  /// A candidate with a colon is offered whole, not cut at it as `_describe` would: through
  /// a stand-in `spoons` that offers one, as none of the real words holds a colon today.
  @Test(.enabled(if: shell("zsh") != nil, "zsh is not installed"))
  func zshKeepsAColonInACandidate() throws {
    let tmp = TemporaryDirectory()
    let path = try script("zsh", in: tmp)
    let bin = tmp.file("bin")
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    let stub = "#!/bin/sh\nprintf 'due.before:fri\\tdue: before Friday\\nplain\\n'\n"
    try stub.write(toFile: bin + "/spoons", atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin + "/spoons")
    let offered = try zshCompletes(
      "spoons list ", script: path, environment: ["PATH": bin + ":/usr/local/bin:/usr/bin:/bin"])
    #expect(
      offered == ["due.before:fri -- due.before:fri  -- due: before Friday", "plain -- plain"])
  }

  @Test(.enabled(if: shell("fish") != nil, "fish is not installed"))
  func fishLoadsTheScriptAndCompletes() throws {
    let fish = try #require(shell("fish"))
    let tmp = TemporaryDirectory()
    let path = try script("fish", in: tmp)
    let result = try runIsolated(
      fish, ["--no-config", "-c", "source $argv[1]; and complete -C 'spoons pl'; "
        + "and complete -C 'spoons add 3 x --d'; and complete -C 'spoons --data /tmp cle'", path])
    #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
    let offered = result.stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
    #expect(offered == ["plan", "--due", "clear"], "\(result.stdout)")
  }

  /// fish shows each id with its title, in the order spoons gives (`plan`: what fits first).
  @Test(.enabled(if: shell("fish") != nil, "fish is not installed"))
  func fishCompletesIdsWithTheirTitles() throws {
    let tmp = TemporaryDirectory()
    let path = try script("fish", in: tmp)
    let data = try planner(in: tmp)
    #expect(try fishCompletes("spoons --data \(data) done ", script: path)
      == ["1\tCall GP, 2 spoons"])
    #expect(try fishCompletes("spoons --data \(data) plan 3 ", script: path)
      == ["2\tLaundry: whites, 3 spoons"])
    #expect(try fishCompletes("spoons --data \(data) plan ", script: path)
      == ["2\tLaundry: whites, 3 spoons", "3\tDeep clean, 5 spoons"])
    #expect(try fishCompletes("spoons --data \(data) routine pause ", script: path)
      == ["r1\tTake meds"])
    #expect(try fishCompletes("spoons --data \(data) list +", script: path)
      == ["+health\t1 task", "+home\t1 task"])
    #expect(try fishCompletes("spoons export --format ", script: path) == ["json", "csv", "todotxt"])
    #expect(try fishCompletes("spoons completion ", script: path) == ["bash", "zsh", "fish"])
    #expect(try fishCompletes("spoons add ", script: path).first == "1\t1 spoon")
    #expect(try fishCompletes("spoons export --output \(tmp.path)/spoons.f", script: path)
      == ["\(tmp.path)/spoons.fish"])
    #expect(
      try fishCompletes("spoons show ", script: path, environment: ["SPOONS_HOME": data]).count
        == 3, "the environment's planner")
  }

  // MARK: - The hidden command

  /// `spoons __complete`, run for real: what it prints, and that it leaves every byte of the
  /// data directory as it was, lock file included, and creates none where there is none.
  @Test func theHiddenCommandOnlyReads() throws {
    let tmp = TemporaryDirectory()
    let data = try planner(in: tmp)
    let before = everyFile(in: data)
    for line in [
      ["done", ""], ["show", ""], ["plan", ""], ["routine", "edit", ""], ["list", "+"],
      ["export", "--format", ""], ["undo", ""], ["history", ""], ["sync", ""], ["check", ""],
    ] {
      let result = try spoons(["__complete", "--data", data] + line)
      #expect(result.status == 0 && result.stderr.isEmpty, "\(line): \(result.stderr)")
    }
    let done = try spoons(["__complete", "--data", data, "done", ""])
    #expect(done.stdout == "1\tCall GP, 2 spoons\n")
    #expect(differences(before, everyFile(in: data)) == "")
    let nowhere = tmp.file("nowhere")
    let empty = try spoons(["__complete", "--data", nowhere, "done", ""])
    #expect(empty.status == 0 && empty.stdout.isEmpty && empty.stderr.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: nowhere), "nothing created")
    let shown = try spoons(["__complete", "done", ""], environment: ["SPOONS_HOME": data])
    #expect(shown.stdout == "1\tCall GP, 2 spoons\n")
  }

  /// A planner another command holds, a damaged one, a file for a directory: nothing on
  /// either stream, success, and no wait for the lock's usual 30 seconds.
  @Test func aFailingTabSaysNothing() throws {
    let tmp = TemporaryDirectory()
    let data = try planner(in: tmp)
    let fd = open(data + "/spoons.lock", O_RDWR)
    #expect(fd >= 0)
    #expect(flock(fd, LOCK_EX) == 0)
    let start = Date()
    let busy = try spoons(["__complete", "--data", data, "done", ""])
    #expect(Date().timeIntervalSince(start) < 10)
    #expect(busy.status == 0 && busy.stdout.isEmpty && busy.stderr.isEmpty)
    close(fd)
    let free = try spoons(["__complete", "--data", data, "done", ""])
    #expect(free.stdout == "1\tCall GP, 2 spoons\n", "once the lock is free")
    #expect(FileManager.default.createFile(
      atPath: data + "/planner.txt", contents: Data("not a planner\n".utf8)))
    let before = everyFile(in: data)
    let damaged = try spoons(["__complete", "--data", data, "done", ""])
    #expect(damaged.status == 0 && damaged.stdout.isEmpty && damaged.stderr.isEmpty)
    #expect(differences(before, everyFile(in: data)) == "")
    let notADirectory = try spoons(["__complete", "--data", data + "/planner.txt", "show", ""])
    #expect(notADirectory.status == 0 && notADirectory.stdout.isEmpty)
    #expect(notADirectory.stderr.isEmpty)
  }

  /// The hidden command is the scripts' business: no list of commands shows it.
  @Test func theHiddenCommandIsListedNowhere() throws {
    for listing in [["help"], ["manual"], ["--help"]] {
      #expect(!(try spoons(listing).stdout.contains(ShellCompletion.hiddenCommand)), "\(listing)")
    }
    let readme = try String(
      contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(!readme.contains(ShellCompletion.hiddenCommand))
    let names = try spoons(["__complete"]).stdout.split(separator: "\n").map(String.init)
    #expect(names == CommandRegistry.infos.map(\.name), "a bare one: the first word")
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
    let result = try runIsolated("/usr/bin/man", ["-l", "-"], stdin: Data(roff.utf8))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("COMMANDS") && result.stdout.contains("EXIT STATUS"))
    for info in CommandRegistry.infos { #expect(result.stdout.contains(info.name), "\(info.name)") }
  }
}
