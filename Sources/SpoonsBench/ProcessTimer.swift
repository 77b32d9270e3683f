#if os(Linux)
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import SpoonsStore

/// Runs a program as a whole process and measures it: wall time, and peak memory from the
/// kernel's accounting (`wait4`), so the numbers include start-up, loading and writing.
enum ProcessTimer {
  struct Sample {
    let seconds: Double
    let peakKiB: Int
    let status: Int32
  }

  static func currentEnvironment() -> [String] {
    var result: [String] = []
    var pointer = environ
    while let entry = pointer.pointee {
      result.append(String(cString: entry))
      pointer += 1
    }
    return result
  }

  /// Writes `text` to `path`; false if the file cannot be opened or written whole.
  static func writeFile(_ path: String, _ text: String) -> Bool {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
    guard fd >= 0 else { return false }
    let wrote = FileDescriptor.writeAll(fd, Array(text.utf8)) == 0
    return close(fd) == 0 && wrote
  }

  /// `program` on the PATH, if it is there.
  static func find(_ program: String) -> String? {
    let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = "\(directory)/\(program)"
      if access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
  }

  static func now() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
  }

  /// Runs `arguments[0]` with the rest, output discarded.
  static func run(_ arguments: [String], environment: [String]) -> Sample {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer {
      for p in argv { free(p) }
      for p in envp { free(p) }
    }
    var pid = pid_t()
    let start = now()
    guard posix_spawn(&pid, arguments[0], &actions, nil, argv, envp) == 0 else {
      return Sample(seconds: 0, peakKiB: 0, status: -1)
    }
    var status: Int32 = 0
    var usage = rusage()
    wait4(pid, &status, 0, &usage)
    let elapsed = now() - start
    return Sample(seconds: elapsed, peakKiB: Int(usage.ru_maxrss), status: (status >> 8) & 0xFF)
  }
}
#endif
