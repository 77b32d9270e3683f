#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs another program to its end, or stops it at a deadline: for `git`, the one program
/// the store starts.
///
/// Its input, output and errors go through anonymous temporary files rather than pipes, so
/// nothing can fill up and stall either side, and a grandchild that keeps a descriptor open
/// (an ssh still connecting) cannot keep the store waiting. The program runs in a process
/// group of its own, so a timeout stops it and everything it started.
enum ChildProcess {
  struct Result {
    var status: Int32
    var output: [UInt8]
    var errors: [UInt8]
  }

  enum Failure: Error, Equatable {
    /// It could not be started (`reason` from the system).
    case notStarted(String)
    /// It was still running at the deadline and was stopped.
    case timedOut
  }

  /// Runs `executable` (a path) with `arguments` in `environment`, giving it `input` on its
  /// standard input; stops it after `timeout` seconds.
  static func run(
    _ executable: String, _ arguments: [String], input: [UInt8] = [],
    environment: [String: String], timeout: Double
  ) throws(Failure) -> Result {
    guard let inFile = tmpfile(), let outFile = tmpfile(), let errFile = tmpfile() else {
      throw .notStarted("no temporary file: " + FileSystem.errorText())
    }
    defer {
      fclose(inFile)
      fclose(outFile)
      fclose(errFile)
    }
    let (inFD, outFD, errFD) = (fileno(inFile), fileno(outFile), fileno(errFile))
    guard FileDescriptor.writeAll(inFD, input) == 0, lseek(inFD, 0, SEEK_SET) == 0 else {
      throw .notStarted("could not write its input: " + FileSystem.errorText())
    }

    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t? = nil
      var attributes: posix_spawnattr_t? = nil
    #else
      var actions = posix_spawn_file_actions_t()
      var attributes = posix_spawnattr_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, inFD, 0)
    posix_spawn_file_actions_adddup2(&actions, outFD, 1)
    posix_spawn_file_actions_adddup2(&actions, errFD, 2)
    for fd in [inFD, outFD, errFD] where fd > 2 { posix_spawn_file_actions_addclose(&actions, fd) }
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // Its own process group (so a timeout stops its children too), default signal handling
    // and nothing blocked, whatever this process has set up for its terminal.
    posix_spawnattr_setpgroup(&attributes, 0)
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for number in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTTIN, SIGTTOU] {
      sigaddset(&defaults, number)
    }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.sorted { $0.key < $1.key }.map { strdup($0.key + "=" + $0.value) }
      + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var pid = pid_t()
    let code = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    guard code == 0 else { throw .notStarted(FileSystem.errorText(code)) }

    guard let status = wait(for: pid, until: FileLock.monotonicSeconds() + timeout) else {
      stop(pid)
      throw .timedOut
    }
    return Result(status: status, output: readAll(outFD), errors: readAll(errFD))
  }

  /// The exit status once `pid` has ended, or nil at the deadline. Polls, with pauses that
  /// start short (most git commands take milliseconds) and grow to 20 ms.
  private static func wait(for pid: pid_t, until deadline: Double) -> Int32? {
    var pause: useconds_t = 200
    while true {
      var status: Int32 = 0
      let ended = waitpid(pid, &status, WNOHANG)
      if ended == pid { return exitStatus(status) }
      if ended < 0 && errno != EINTR { return 127 }  // not ours to wait for: cannot happen
      if FileLock.monotonicSeconds() >= deadline { return nil }
      usleep(pause)
      pause = min(pause * 2, 20_000)
    }
  }

  /// The status a shell would show: the exit code, or 128 + the signal that ended it.
  private static func exitStatus(_ status: Int32) -> Int32 {
    let signal = status & 0x7f
    return signal == 0 ? (status >> 8) & 0xff : 128 + signal
  }

  /// Stops the process group: SIGTERM first, so git takes away its lock files as it goes,
  /// then SIGKILL for whatever is still there after two seconds.
  private static func stop(_ pid: pid_t) {
    kill(-pid, SIGTERM)
    kill(-pid, SIGCONT)  // one stopped for reading the terminal hears it too
    if wait(for: pid, until: FileLock.monotonicSeconds() + 2) == nil {
      kill(-pid, SIGKILL)
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
    kill(-pid, SIGKILL)  // anything it started and left behind
  }

  private static func readAll(_ fd: Int32) -> [UInt8] {
    var info = stat()
    guard lseek(fd, 0, SEEK_SET) == 0, fstat(fd, &info) == 0 else { return [] }
    let size = Int(info.st_size)
    var bytes = [UInt8](repeating: 0, count: size)
    var done = 0
    while done < size {
      let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + done, size - done) }
      if n < 0 && errno == EINTR { continue }
      if n <= 0 { break }
      done += n
    }
    return Array(bytes[..<done])
  }
}
