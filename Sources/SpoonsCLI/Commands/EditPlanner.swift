#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import SpoonsCore
import SpoonsStore

extension Commands {
  /// `edit-planner`: the planner in `$VISUAL`/`$EDITOR`, checked when the editor closes and
  /// applied as one change, as `crontab -e` and `visudo` do it. Safer than editing the data
  /// files: a typo is caught before it is saved, and `undo` takes the whole edit back.
  public struct EditPlanner: SpoonsCommand {
    public static let info = CommandInfo(
      name: "edit-planner", aliases: [], usage: "edit-planner",
      summary: "edit the planner as text in $EDITOR, checked",
      example: "edit-planner")

    public init() {}

    public init(parsing args: inout Arguments) throws(ParseError) {
      try args.finish()
    }

    public func run(in session: Session, ask: Session.Ask?) throws -> Session.Result {
      let environment = session.environment
      let editor = try Self.editor(environment)
      let store = session.store
      let edit = try store.beginHandEdit(in: Self.temporaryDirectory(environment))
      var text: [UInt8]
      while true {
        let status = Self.runEditor(editor, on: edit.path, environment: environment)
        guard status == 0 else {
          store.endHandEdit(edit)
          throw HandEditError.editorFailed(editor: editor, status: status)
        }
        text = try store.readHandEdit(edit)
        guard text != edit.original else {
          store.endHandEdit(edit)
          return Session.Result(output: "No changes.\n")
        }
        do {
          try store.checkHandEdit(text, of: edit)
          break
        } catch {
          let problem = Text.visible(error.problem)
          guard let ask, Self.again(ask("\(problem)\nEdit again? [Y/n] ")) else {
            throw HandEditError.invalid(problem: problem, kept: edit.path)
          }
        }
      }
      return try apply(text, of: edit, in: session)
    }

    private func apply(_ text: [UInt8], of edit: PlannerStore.HandEdit, in session: Session)
      throws -> Session.Result
    {
      let now = session.environment.now()
      let result: PlannerStore.HandEditResult?
      do {
        result = try session.store.applyHandEdit(text, of: edit, at: now, what: "edit-planner")
      } catch is PlannerStore.ChangedWhileEditing {
        throw HandEditError.changedMeanwhile(kept: edit.path)
      } catch let error as StoreError {
        if case .corrupt(let file, _, _) = error, file == edit.path {
          throw HandEditError.invalid(problem: Text.visible(error.problem), kept: edit.path)
        }
        throw error
      }
      session.store.endHandEdit(edit)
      guard let result else {
        return Session.Result(output: "No changes to the planner (only its layout differed).\n")
      }
      let summary = Self.summary(
        result.before, result.after, original: edit.original, edited: text)
      return Session.Result(
        output: "Applied your edit: \(summary). 'undo' takes it back.\n", planner: result.after)
    }

    /// What was edited, by task id: "task 3 changed; task 9 added", or the other lines.
    static func summary(
      _ before: Planner, _ after: Planner, original: [UInt8], edited: [UInt8]
    ) -> String {
      let old = Set(before.allTaskIDs)
      let new = Set(after.allTaskIDs)
      let changed = old.intersection(new).filter { before.task($0) != after.task($0) }
      var parts: [String] = []
      for (ids, word) in [(new.subtracting(old), "added"), (old.subtracting(new), "removed"),
        (changed, "changed")] where !ids.isEmpty
      {
        let sorted = ids.sorted { $0.rawValue < $1.rawValue }.map { String($0.rawValue) }
        parts.append("\(sorted.count == 1 ? "task" : "tasks") \(sorted.joined(separator: ", ")) "
          + word)
      }
      let lines = lineChanges(from: original, to: edited)
      let count = "\(lines) \(lines == 1 ? "line" : "lines")"
      if parts.isEmpty { return "\(count) of settings, the day or routines changed" }
      return parts.joined(separator: "; ") + " (\(count))"
    }

    /// How many lines the edit took out or put in (a changed line counts once).
    static func lineChanges(from original: [UInt8], to edited: [UInt8]) -> Int {
      func lines(_ text: [UInt8]) -> [ArraySlice<UInt8>: Int] {
        var counts: [ArraySlice<UInt8>: Int] = [:]
        for line in text.split(separator: UInt8(ascii: "\n")) { counts[line, default: 0] += 1 }
        return counts
      }
      let (old, new) = (lines(original), lines(edited))
      let removed = old.reduce(0) { $0 + max(0, $1.value - (new[$1.key] ?? 0)) }
      let added = new.reduce(0) { $0 + max(0, $1.value - (old[$1.key] ?? 0)) }
      return max(removed, added)
    }

    /// The editor: `$VISUAL`, then `$EDITOR`, then `vi` when there is a terminal to run it on.
    static func editor(_ environment: Environment) throws(ParseError) -> String {
      for name in ["VISUAL", "EDITOR"] {
        if let value = environment.variables[name],
          !value.allSatisfy({ $0 == " " || $0 == "\t" })
        {
          return value
        }
      }
      guard environment.inputIsTerminal else {
        throw ParseError(
          "edit-planner needs an editor: set EDITOR (e.g. EDITOR=nano), or run it at a terminal")
      }
      return "vi"
    }

    /// Where the copy goes: `$TMPDIR` when set, else `/tmp`.
    static func temporaryDirectory(_ environment: Environment) -> String {
      guard let directory = environment.variables["TMPDIR"], !directory.isEmpty else {
        return "/tmp"
      }
      let trimmed = directory.count > 1 && directory.hasSuffix("/")
      return trimmed ? String(directory.dropLast()) : directory
    }

    /// "Edit again? [Y/n]": yes unless the answer starts with n (none: end of input is no).
    static func again(_ answer: String?) -> Bool {
      guard let answer else { return false }
      return !answer.trimmingPrefix(while: { $0 == " " }).lowercased().hasPrefix("n")
    }

    /// Runs `/bin/sh -c '<editor> "$1"' sh FILE` on this terminal, so an editor given with
    /// arguments (`code --wait`) works; its exit status (128 + N when a signal ended it).
    static func runEditor(_ editor: String, on path: String, environment: Environment) -> Int32 {
      let arguments = ["/bin/sh", "-c", editor + " \"$1\"", "sh", path]
      let variables = environment.variables.all.map { "\($0.key)=\($0.value)" }
      var argv = arguments.map { strdup($0) } + [nil]
      var envp = variables.map { strdup($0) } + [nil]
      defer { for pointer in argv + envp { free(pointer) } }
      var pid = pid_t()
      let spawned = posix_spawn(&pid, "/bin/sh", nil, nil, &argv, &envp)
      guard spawned == 0 else { return 127 }
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 {
        guard errno == EINTR else { return 127 }
      }
      let signal = status & 0x7f
      return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }
  }

  /// Why a hand edit was not applied; nothing was changed by any of them.
  struct HandEditError: Error, CustomStringConvertible {
    enum Kind {
      case editorFailed(editor: String, status: Int32)
      case invalid(problem: String, kept: String)
      case changedMeanwhile(kept: String)
    }

    let kind: Kind

    static func editorFailed(editor: String, status: Int32) -> Self {
      Self(kind: .editorFailed(editor: editor, status: status))
    }

    static func invalid(problem: String, kept: String) -> Self {
      Self(kind: .invalid(problem: problem, kept: kept))
    }

    static func changedMeanwhile(kept: String) -> Self {
      Self(kind: .changedMeanwhile(kept: kept))
    }

    var description: String {
      switch kind {
      case .editorFailed(let editor, let status):
        return "the editor (\(Text.visible(editor))) exited with status \(status); "
          + "nothing was changed"
      case .invalid(let problem, let kept):
        return "\(problem); nothing was changed. Your edit is kept in \(Text.visible(kept)): "
          + "run 'edit-planner' again to make it afresh"
      case .changedMeanwhile(let kept):
        return "the planner changed while you edited it; nothing was changed. Your edit is kept "
          + "in \(Text.visible(kept)): run 'edit-planner' again and make it there"
      }
    }
  }
}
