#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How the store runs git, given by the front: the environment git starts in (the user's:
/// PATH, HOME, SSH_AUTH_SOCK, GIT_SSH_COMMAND) and how long one git command may take. The
/// store reads no environment of its own.
public struct GitOptions: Equatable, Sendable {
  public var environment: [String: String]
  /// Seconds before a git command is stopped: a remote that asks for a password or does not
  /// answer never keeps Spoons waiting longer.
  public var timeout: Double

  public init(environment: [String: String] = [:], timeout: Double = 60) {
    self.environment = environment
    self.timeout = timeout
  }
}

/// The installed `git` command, run on one repository, never interactively, and never made
/// to run a program the remote or a repository names.
///
/// Every run gets `GIT_TERMINAL_PROMPT=0` and an askpass that answers nothing, so git fails
/// rather than ask for a password; ssh gets `-o BatchMode=yes` unless the user chose their
/// own ssh command; `pinned` settings over every configuration file (no hooks, no submodules,
/// only the transports that move data); and each run is stopped after `options.timeout`.
struct Git {
  /// The transports git may use: those that only move data. Every other one is off, whatever
  /// the user's or the system's git configuration allows: `ext::` runs a shell command,
  /// `fd::` talks to inherited descriptors, any other `helper::` or unknown `scheme://` runs a
  /// `git-remote-*` program.
  static let protocols = ["file", "git", "ssh", "http", "https"]

  /// `-c` settings on every run. A `-c` wins over every configuration file, and
  /// `GIT_ALLOW_PROTOCOL` (set too) over any protocol setting, the environment's included.
  static let pinned: [String] = {
    var settings = [
      "core.hooksPath=/dev/null", "gc.autoDetach=false",
      "submodule.recurse=false", "fetch.recurseSubmodules=false",
      "protocol.allow=never", "protocol.ext.allow=never", "protocol.fd.allow=never",
    ]
    settings += protocols.map { "protocol.\($0).allow=always" }
    return settings.flatMap { ["-c", $0] }
  }()

  /// The repository, or nil to run outside any (`ls-remote` before there is one).
  let repository: String?
  let executable: String
  private(set) var environment: [String: String]
  let timeout: Double

  /// Finds git on the PATH the user gave; throws `gitMissing` when it is not there.
  init(repository: String?, options: GitOptions, remote: String) throws(SyncError) {
    let path = options.environment["PATH"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/bin:/bin"
    let found = path.split(separator: ":").lazy
      .filter { $0.hasPrefix("/") }  // a relative entry would run whatever sits in the cwd
      .map { $0 + "/git" }
      .first { Self.isExecutableFile($0) }
    guard let found else { throw .gitMissing }
    self.repository = repository
    self.executable = found
    self.timeout = options.timeout
    var environment = options.environment
    // Git must work on the repository named here, whatever the caller's git environment.
    for name in [
      "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY",
      "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_NAMESPACE", "GIT_COMMON_DIR", "GIT_PREFIX",
    ] {
      environment[name] = nil
    }
    environment["GIT_ALLOW_PROTOCOL"] = Self.protocols.joined(separator: ":")
    environment["GIT_TERMINAL_PROMPT"] = "0"
    environment["GIT_ASKPASS"] = "true"
    environment["GCM_INTERACTIVE"] = "never"
    self.environment = environment
    if environment["GIT_SSH_COMMAND"] == nil, environment["GIT_SSH"] == nil,
      !Self.isLocal(remote)
    {
      // The user's own ssh command (core.sshCommand) is left as they have it.
      let configured = try? run(["config", "--get", "core.sshCommand"], outside: true)
      if configured?.status != 0 || configured?.output.isEmpty != false {
        self.environment["GIT_SSH_COMMAND"] = "ssh -o BatchMode=yes"
      }
    }
  }

  /// A remote on this machine: a path or a `file://` URL, reached without ssh.
  static func isLocal(_ remote: String) -> Bool {
    remote.hasPrefix("/") || remote.hasPrefix("file://")
  }

  static func isExecutableFile(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && access(path, X_OK) == 0
  }

  /// Runs `git ARGUMENTS` and returns what it did, whatever its exit status; throws only when
  /// git could not be started or was stopped at the timeout (`remote` names the remote a
  /// network command talks to, for the message).
  func run(
    _ arguments: [String], input: [UInt8] = [], extra: [String: String] = [:],
    remote: String? = nil, outside: Bool = false
  ) throws(SyncError) -> ChildProcess.Result {
    var full = Self.pinned
    if let repository, !outside {
      full += ["--git-dir=" + repository]
    } else {
      full += ["-C", "/"]  // not inside whatever repository the working directory is in
    }
    var environment = self.environment
    for (name, value) in extra { environment[name] = value }
    do {
      return try ChildProcess.run(
        executable, full + arguments, input: input, environment: environment, timeout: timeout)
    } catch {
      switch error {
      case .timedOut:
        if let remote { throw .timedOut(remote: remote, seconds: Int(timeout.rounded(.up))) }
        throw .gitFailed(
          repository: repository ?? "git",
          reason: "git \(arguments.first ?? "") took over \(Int(timeout.rounded(.up))) s")
      case .notStarted(let reason):
        if !Self.isExecutableFile(executable) { throw .gitMissing }
        throw .gitFailed(repository: repository ?? "git", reason: "git did not start: \(reason)")
      }
    }
  }

  /// Runs a command that must succeed on the repository, and returns its output.
  @discardableResult
  func succeed(
    _ arguments: [String], input: [UInt8] = [], extra: [String: String] = [:],
    outside: Bool = false
  ) throws(SyncError) -> [UInt8] {
    let result = try run(arguments, input: input, extra: extra, outside: outside)
    guard result.status == 0 else {
      throw .gitFailed(
        repository: repository ?? "git",
        reason: "git \(arguments.first ?? "") failed: " + Self.reason(result.errors))
    }
    return result.output
  }

  /// What git said went wrong, in one line: its first line that is not a hint, without the
  /// `fatal:` in front.
  static func reason(_ errors: [UInt8]) -> String {
    let lines = String(decoding: errors, as: UTF8.self).split(whereSeparator: \.isNewline)
      .map { $0.trimming(" \t") }
      .filter { !$0.isEmpty && !$0.hasPrefix("hint:") }
    guard var line = lines.first else { return "git gave no reason" }
    for prefix in ["fatal: ", "error: "] where line.hasPrefix(prefix) {
      line = String(line.dropFirst(prefix.count))
    }
    return printable(line)
  }

  /// Text a remote wrote, fit for one line of a terminal: control characters (an escape
  /// sequence a server sends) shown as `?`, at most 200 characters.
  static func printable(_ text: String) -> String {
    let shown = String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : $0 }))
    return shown.count > 200 ? String(shown.prefix(199)) + "…" : shown
  }

  /// Output as lines of text, without the empty last one.
  static func lines(_ output: [UInt8]) -> [String] {
    String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
  }
}

extension Substring {
  /// The text without the characters of `set` at either end.
  func trimming(_ set: String) -> String {
    let characters = Set(set)
    var slice = self[...]
    while let first = slice.first, characters.contains(first) { slice = slice.dropFirst() }
    while let last = slice.last, characters.contains(last) { slice = slice.dropLast() }
    return String(slice)
  }
}
