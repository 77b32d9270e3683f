/// Why a sync did nothing. Nothing was changed, here or where it syncs.
public enum SyncError: Error, Equatable, Sendable, CustomStringConvertible {
  /// `sync` before `sync --init`.
  case notSetUp
  /// The shared folder is missing or not a sync target (unmounted, not synced here yet).
  case unreachable(String)
  /// `sync --init` of a folder that holds other files.
  case notEmpty(String)
  /// `sync --init` of a folder inside the data directory, or the other way round.
  case nested(target: String, data: String)
  /// `sync --init` when this planner already syncs elsewhere.
  case alreadySetUp(String)
  /// A change file held a value no Spoons writes.
  case unreadable(device: String, problem: String)
  case store(StoreError)
  /// `sync --forget` of a name no known device has (`known`: "name (id)" of each).
  case unknownDevice(String, known: [String])
  /// `sync --forget` of a name several devices share.
  case ambiguousDevice(String, ids: [String])
  /// `sync --forget` of this device.
  case forgettingItself
  /// `sync --name` of a name another device known here has (`device`: its id).
  case nameTaken(String, device: String)
  /// git could not fetch from or push to the remote: `reason` is what git said.
  case remoteUnreachable(remote: String, reason: String)
  /// git had no answer from the remote in time (a password prompt, a host that does not
  /// answer) and was stopped.
  case timedOut(remote: String, seconds: Int)
  /// The target is a git remote and there is no `git` on PATH.
  case gitMissing
  /// This device's branch on the remote holds changes this data directory did not write:
  /// another directory syncs as this device (a copy of this one, or this one put back from a
  /// backup). `data` is this data directory.
  case otherWriter(remote: String, data: String)
  /// git failed on Spoons's own repository in the data directory.
  case gitFailed(repository: String, reason: String)
  /// `sync --init` of a name starting with `-`, which git would read as one of its options.
  case optionLike(String)
  /// A git remote git reaches by running a program (`ext::`, `fd::`, any `helper::` or a
  /// `scheme://` git does not speak itself): a remote is data, never a command to run.
  case runsProgram(String)
  /// The remote answered and turned the push down (a server hook, a protected branch):
  /// `reason` is what it said, its own words first.
  case remoteRefused(remote: String, reason: String)

  public var description: String {
    switch self {
    case .notSetUp:
      return "this planner does not sync yet; to start, name a shared folder or a private git "
        + "repository: spoons sync --init ~/Sync/spoons"
    case .unreachable(let path):
      return "could not reach \(path) (is it mounted, or not synced to this machine yet?); "
        + "your changes are safe here and nothing was changed"
    case .notEmpty(let path):
      return "\(path) already holds other files; name an empty folder (it is created if "
        + "missing) or one Spoons syncs with; nothing was changed"
    case .nested(let target, let data):
      return "\(target) and the data directory \(data) must not be inside each other; "
        + "name a folder elsewhere; nothing was changed"
    case .alreadySetUp(let path):
      return "this planner already syncs with \(path); nothing was changed"
    case .unreadable(let device, let problem):
      return "could not use the changes from \(device): \(problem); nothing was changed"
    case .store(let error): return error.description
    case .unknownDevice(let name, let known):
      return "no device called \(name) syncs with this planner"
        + (known.isEmpty ? "" : " (the others: \(known.joined(separator: ", ")))")
        + "; nothing was changed"
    case .ambiguousDevice(let name, let ids):
      return "more than one device is called \(name): name one by its id, e.g. spoons sync "
        + "--forget \(ids[0]) (ids: \(ids.joined(separator: ", "))); nothing was changed"
    case .forgettingItself:
      return "that is this device; name another (see spoons sync --status); nothing was changed"
    case .nameTaken(let name, let device):
      return "another device (\(device)) is already called \(name); choose another name, so "
        + "the two can be told apart; nothing was changed"
    case .remoteUnreachable(let remote, let reason):
      return "could not reach \(remote) (\(reason)); your changes are safe here and nothing "
        + "was changed"
    case .timedOut(let remote, let seconds):
      return "could not reach \(remote): git had no answer within \(seconds) s and was "
        + "stopped; your changes are safe here and nothing was changed"
    case .gitMissing:
      return "syncing through a git remote needs git, and there is no git command on PATH; "
        + "install git (e.g. sudo apt install git, or xcode-select --install on macOS); "
        + "nothing was changed"
    case .otherWriter(let remote, let data):
      let quoted = Shell.quoted(data)
      return "another data directory already syncs with \(remote) as this device (a copy of "
        + "this one, or this one put back from a backup), so what it sent is not here; "
        + "nothing was changed. To sync this one as a new device: rm \(quoted)/sync.txt && "
        + "spoons --data \(quoted) sync --init \(Shell.quoted(remote))"
    case .gitFailed(let repository, let reason):
      return "git could not use \(repository): \(reason); nothing was changed"
    case .optionLike(let text):
      return "\(text) starts with '-', which git would read as an option; to name a folder "
        + "here, write ./\(text); nothing was changed"
    case .runsProgram(let remote):
      return "\(remote) would have git run a program to reach it; Spoons syncs only through "
        + "file, ssh, git, http and https remotes (e.g. git@host:me/spoons.git); nothing was "
        + "changed"
    case .remoteRefused(let remote, let reason):
      return "\(remote) refused the changes (\(reason)); your changes are safe here and "
        + "nothing was changed"
    }
  }

  /// The target could not be reached: `sync --status` says so rather than fail.
  var isUnreachable: Bool {
    switch self {
    case .unreachable, .remoteUnreachable, .timedOut: return true
    default: return false
    }
  }
}
