import SpoonsCore
import SpoonsSync
import SpoonsStore

extension Commands {
  /// `sync`: the same planner on every device, through a shared folder or a git remote.
  public struct Sync: SpoonsCommand {
    public static let info = CommandInfo(
      name: "sync", aliases: [],
      usage:
        "sync [--init FOLDER|REMOTE | --status | --auto on|off | --name NAME | --forget DEVICE]",
      summary: "one planner on every device (folder or git)",
      example: "sync --init ~/Sync/spoons", brief: "sync [--init FOLDER|REMOTE]")

    public enum Action: Equatable, Sendable {
      case sync
      case join(String)
      case status
      case auto(Bool)
      case forget(String)
      /// `--name NAME`: what the devices call this one.
      case rename(DeviceName)
    }

    public var action: Action

    static let needsTarget =
      "--init needs the shared folder or git remote, e.g. sync --init ~/Sync/spoons"

    public init(_ action: Action = .sync) { self.action = action }

    public init(parsing args: inout Arguments) throws(ParseError) {
      let folder = try args.option(
        "--init",
        missing: ParseError(Self.needsTarget))
      let status = args.takeFlag("--status")
      let auto = try args.option(
        "--auto", missing: ParseError("--auto takes on or off, e.g. sync --auto on"))
      let forget = try args.option(
        "--forget",
        missing: ParseError("--forget needs the device's name or id, e.g. sync --forget desktop"))
      let name = try args.option(
        "--name", missing: ParseError("--name needs this device's new name, e.g. sync --name laptop"))
      try args.finish()
      if let name {
        guard folder == nil, !status, auto == nil, forget == nil else {
          throw ParseError("sync --name takes only this device's new name, e.g. sync --name laptop")
        }
        do {
          action = .rename(try DeviceName(name))
        } catch {
          throw ParseError("\(error); e.g. sync --name laptop")
        }
        return
      }
      if let forget {
        guard folder == nil, !status, auto == nil, !forget.isEmpty else {
          throw ParseError("sync --forget takes only the device's name or id, e.g. sync --forget desktop")
        }
        action = .forget(forget)
        return
      }
      if let auto {
        guard folder == nil, !status else {
          throw ParseError("sync takes one of --init, --status and --auto; e.g. sync --auto on")
        }
        switch auto.lowercased() {
        case "on": action = .auto(true)
        case "off": action = .auto(false)
        default:
          throw ParseError(
            "--auto takes on or off, not '\(Text.echoed(auto))'; e.g. sync --auto on")
        }
        return
      }
      switch (folder, status) {
      case (let folder?, false):
        guard !folder.isEmpty else {
          throw ParseError(Self.needsTarget)
        }
        action = .join(folder)
      case (nil, true): action = .status
      case (nil, false): action = .sync
      case (_?, true):
        throw ParseError("sync takes --init or --status, not both; e.g. sync --status")
      }
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      let now = session.environment.now()
      let r = session.renderer
      let home = session.environment.variables["HOME"]
      switch action {
      case .status:
        let status = try session.syncStore.syncStatus()
        return Session.Result(
          output: r.syncStatus(
            status, replicated: session.store.replicatedFolderAround, home: home, at: now))
      case .forget(let device):
        let gone = try session.store.forgetDevice(device)
        return Session.Result(output: r.forgot(gone.name, id: gone.id))
      case .rename(let name):
        let renamed = try session.store.renameDevice(name)
        return Session.Result(output: r.renamedDevice(from: renamed.old, to: renamed.new))
      case .auto(let on):
        try session.store.setAutoSync(on)
        var result = Session.Result(output: r.autoSyncSet(on))
        // Turned on, it syncs at once, as after a change: what the other devices did is here
        // before the next command needs it (a `plan` of a task added elsewhere).
        if on { result.synced = session.autoSync(afterChange: false) }
        return result
      case .sync, .join:
        let report: SyncReport
        if case .join(let folder) = action {
          report = try session.syncStore.joinSync(folder, at: now)
        } else {
          report = try session.syncStore.sync(at: now)
        }
        let joined: Bool = {
          if case .join = action { return true }
          return false
        }()
        return Session.Result(
          output: r.synced(
            report, replicated: joined ? session.store.replicatedFolderAround : nil, home: home,
            at: now))
      }
    }
  }
}
