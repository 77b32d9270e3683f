import SpoonsCore
import SpoonsSync
import SpoonsStore

extension Renderer {
  /// `Synced with ~/Sync/spoons: sent 4 changes, got 7 from desktop (last synced 2 h ago).`,
  /// then one line per thing the sync had to decide.
  public func synced(_ report: SyncReport, replicated: String?, home: String?, at now: Timestamp)
    -> String
  {
    var lines: [String] = []
    if let copy = report.copy {
      let found: String
      switch copy {
      case .moved(let from):
        found = "This data directory was copied or moved (it was \(Text.visible(from)))"
      case .anotherSynced:
        found = "Another copy of this data directory has synced as this device since this one "
          + "was copied (or put back from a backup)"
      }
      lines.append(
        found + ": it now syncs as a new device, \(Text.visible(report.device)), so the two "
          + "copies never write as one."
          + (report.previousDevice.map {
            " If the old one is gone for good, stop waiting for it: spoons sync --forget \($0)"
          } ?? ""))
    }
    var parts: [String] = []
    parts.append(report.sent == 0 ? "nothing to send" : "sent \(Self.count(report.sent, "change"))")
    if report.received.isEmpty {
      parts.append("nothing new from other devices")
    } else {
      let from = report.received.map { "\(Self.count($0.changes, "change")) from \(Text.visible($0.device))" }
      parts.append("got " + Self.joined(from))
    }
    let last = report.lastSynced.map { " (last synced \(Self.ago(now.seconds - $0.seconds)))" } ?? ""
    lines.append("Synced with \(Self.shortPath(report.target, home: home)): " + parts.joined(separator: ", ") + last + ".")
    for note in report.notes { lines.append(syncNote(note, report)) }
    for device in report.arriving {
      lines.append("A change file from \(Text.visible(device)) is still arriving; it is read next time.")
    }
    for (device, version) in report.newer {
      lines.append(
        "\(Text.visible(device)) runs a newer Spoons (change format \(version)): its changes wait, "
          + "untouched, until Spoons is updated here.")
    }
    for (path, reason) in report.damaged {
      lines.append("Left alone \(Text.visible(path)): \(Text.visible(reason)).")
    }
    if let replicated {
      lines.append(replicatedWarning(replicated))
    }
    return lines.map { $0 + "\n" }.joined()
  }

  func syncNote(_ note: SyncNote, _ report: SyncReport) -> String {
    switch note {
    case .renumbered(let old, let new, let title, let device):
      return "\(old) from \(Text.visible(report.name(of: device))) is now \(new) "
        + "(\(Text.visible(title))): another task had that number first."
    case .routineRenumbered(let old, let new, let title, let device):
      return "Routine \(old) from \(Text.visible(report.name(of: device))) is now \(new) "
        + "(\(Text.visible(title))): another routine had that number first."
    case .numberTaken(let id, let title) where title.isEmpty:
      return "\(id) was deleted here, and this sync gave \(id) to another task: \(id) is refused "
        + "here until the next new day."
    case .numberTaken(let id, let title):
      return "\(id) \(Text.visible(title)) is gone (deleted, or its day ended on another device), "
        + "and this sync gave \(id) to another task: \(id) is refused here until the next new day."
    case .keptAfterDelete(let id, let title):
      return "\(id) \(Text.visible(title)) was deleted on one device and changed on another "
        + "before it heard: it is kept. Delete it again if it should go: spoons delete \(id.rawValue)"
    case .budgetChosen(let date, let budget, let device):
      return "\(date.weekdayDayMonth)'s budget is now \(Self.spoons(budget)), the one set last "
        + "(on \(Text.visible(report.name(of: device))))."
    case .overBudget(let by):
      return "Today is over budget by \(Self.spoons(by)) after sync: plans made apart add up. "
        + "Nothing was taken off the list; unplan what can wait."
    case .clockAhead(let device, let seconds):
      return "\(Text.visible(report.name(of: device)))'s clock is about "
        + "\(Self.duration(seconds)) ahead of this one's: if it is wrong, correcting it there "
        + "is enough (a day it starts ahead becomes no other device's today)."
    case .lostToClockAhead(let id, let title, let fields, let device, let seconds):
      var what = fields.joined()
      if fields.count > 1 {
        what = fields.dropLast().joined(separator: ", ") + " and " + fields[fields.count - 1]
      }
      return "\(id) \(Text.visible(title)): the \(what) set here lost to "
        + "\(Text.visible(report.name(of: device)))'s change, stamped \(Self.duration(seconds)) "
        + "ahead of this clock. If this clock is behind, correct it and set it again."
    }
  }

  /// `sync --status`: where it syncs, when, the devices, and what is waiting.
  public func syncStatus(_ s: SyncStatus, replicated: String?, home: String?, at now: Timestamp)
    -> String
  {
    var lines: [String] = []
    let last = s.lastSynced.map { "last synced \(Self.ago(now.seconds - $0.seconds))" } ?? "never synced"
    lines.append(
      "Syncs with \(Self.shortPath(s.setup.target, home: home)) as \(Text.visible(s.setup.name)); \(last)."
    )
    if !s.reachable {
      switch s.setup.kind {
      case .folder:
        lines.append("The folder cannot be reached now (not mounted, or not synced here yet).")
      case .git:
        let why = Text.visible(s.problem ?? "git failed")
        lines.append("The remote cannot be reached now (\(why)).")
      }
    }
    lines.append(
      s.changedSince
        ? "Changes made here since then wait to be sent: spoons sync" : "Nothing here waits to be sent.")
    lines.append("Devices:")
    for device in s.devices {
      let seen: String
      if device.id == s.setup.device.text {
        seen = "this one"
      } else if let newest = device.newest {
        seen = "last change seen from \(Self.ago(now.seconds - newest))"
      } else {
        seen = "nothing read from it yet"
      }
      lines.append("  \(Text.visible(device.name))  (\(device.id))  \(seen)")
    }
    for (device, files) in s.waiting {
      lines.append("Waiting to be read: \(Self.count(files, "change file")) from \(Text.visible(device)).")
    }
    if let replicated { lines.append(replicatedWarning(replicated)) }
    return lines.map { $0 + "\n" }.joined()
  }

  public func forgot(_ name: String, id: String) -> String {
    "Forgot \(Text.visible(name)) (\(id)): this device no longer waits for it before clearing "
      + "its old change files. Its changes stay; if it syncs again, it catches up.\n"
  }

  public func renamedDevice(from old: String, to new: String) -> String {
    "This device is now called \(Text.visible(new)) (it was \(Text.visible(old))); the other "
      + "devices see the new name after its next sync.\n"
  }

  public func autoSyncSet(_ on: Bool) -> String {
    on
      ? "Every change will be synced as it is made (sync --auto off stops it).\n"
      : "Changes are synced when you run: spoons sync\n"
  }

  /// After a change, with `sync --auto on`: nothing when the sync only sent; a line for what
  /// came in and what it decided.
  public func autoSynced(_ report: SyncReport, home: String?, at now: Timestamp) -> String {
    guard !report.received.isEmpty || !report.notes.isEmpty || report.copy != nil
      || !report.newer.isEmpty || !report.damaged.isEmpty
    else { return "" }
    return synced(report, replicated: nil, home: home, at: now)
  }

  /// After a change, with `sync --auto on`, when the sync could not be made; or as it is set
  /// (`afterChange` false), when there was no change to save.
  public func autoSyncFailed(_ message: String, afterChange: Bool = true) -> String {
    afterChange
      ? "Not synced: \(message); the change is saved here and goes with the next sync.\n"
      : "Not synced yet: \(message); the next change or sync tries again.\n"
  }

  /// Under `status`, when changes made here have not been synced yet.
  public var syncWaiting: String { "Changes made here wait to be synced: spoons sync\n" }

  func replicatedWarning(_ folder: String) -> String {
    "Warning: the data directory is inside \(Text.visible(folder)), which a sync tool copies "
      + "between machines; its lock only holds on one machine. Keep the data directory out of "
      + "it (set SPOONS_HOME, or run spoons --data DIR) and let 'spoons sync' use the shared "
      + "folder."
  }

  static func joined(_ items: [String]) -> String {
    items.count <= 1
      ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items.last!
  }

  /// `~/Sync/spoons` for a path under the home directory.
  static func shortPath(_ path: String, home: String?) -> String {
    if let home, !home.isEmpty, home != "/", path.hasPrefix(home + "/") {
      return Text.visible("~" + path.dropFirst(home.count))
    }
    return Text.visible(path)
  }

  static func duration(_ seconds: Int64) -> String {
    let s = max(0, seconds)
    if s < 90 { return "\(s) s" }
    if s < 90 * 60 { return "\((s + 30) / 60) min" }
    if s < 36 * 3600 { return "\((s + 1800) / 3600) h" }
    return "\((s + 43200) / 86400) days"
  }

  static func ago(_ seconds: Int64) -> String {
    seconds < 60 ? "just now" : duration(seconds) + " ago"
  }
}
