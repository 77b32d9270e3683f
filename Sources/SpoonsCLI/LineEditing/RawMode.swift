#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import SpoonsStore

/// The terminal's raw mode for the line editor: no echo, no line buffering, no signals from
/// keys; output processing stays on, so command output prints as usual.
///
/// SIGTERM and SIGHUP arriving while raw mode is on restore the terminal before the process
/// ends; Ctrl-C arrives as a key (ISIG is off), so it never kills the process mid-edit.
final class RawMode {
  private let fd: Int32

  /// nil when `fd` is not a terminal or cannot be switched.
  init?(fd: Int32) {
    var original = termios()
    guard isatty(fd) == 1, tcgetattr(fd, &original) == 0 else { return nil }
    var raw = original
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    raw.c_cflag |= tcflag_t(CS8)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    savedTerminal = original
    savedFD = fd
    signal(SIGTERM, restoreAndExit)
    signal(SIGHUP, restoreAndExit)
    // A parent may have started us with these blocked; the terminal's safety depends on them.
    var unblock = sigset_t()
    sigemptyset(&unblock)
    sigaddset(&unblock, SIGTERM)
    sigaddset(&unblock, SIGHUP)
    sigprocmask(SIG_UNBLOCK, &unblock, nil)
    // TCSANOW, not TCSAFLUSH: keys typed ahead while the last command ran must not be lost.
    guard tcsetattr(fd, TCSANOW, &raw) == 0 else { return nil }
    self.fd = fd
  }

  func restore() {
    if var original = savedTerminal {
      tcsetattr(fd, TCSADRAIN, &original)
    }
    savedTerminal = nil
    signal(SIGTERM, SIG_DFL)
    signal(SIGHUP, SIG_DFL)
  }

  deinit { restore() }
}

// A signal handler cannot capture context, so the mode to restore lives here while raw mode is on.
nonisolated(unsafe) private var savedTerminal: termios?
nonisolated(unsafe) private var savedFD: Int32 = 0

private func restoreAndExit(_ signal: Int32) {
  if var original = savedTerminal { tcsetattr(savedFD, TCSANOW, &original) }
  let newline: (UInt8, UInt8) = (13, 10)  // a tuple: nothing allocated in a signal handler
  withUnsafeBytes(of: newline) { _ = FileDescriptor.writeAll(savedFD, $0.baseAddress, count: 2) }
  _exit(128 + signal)
}
