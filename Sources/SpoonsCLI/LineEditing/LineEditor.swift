#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An interactive line reader on a terminal: editing keys, history, Tab completion, wrapped
/// lines and wide characters. Knows nothing of spoons: the completer is passed in.
public final class LineEditor: LineSource {
  public typealias Completer = (_ line: [Character], _ cursor: Int) -> Completion?

  private let input: Int32
  private let output: TextSink
  private let history: LineHistory
  private let completer: Completer?
  private let columns: () -> Int
  private var decoder = KeyDecoder()
  private var pendingKeys: [Key] = []
  /// Raw mode stays on from the first line to the end of the session: switching back to the
  /// terminal's cooked mode between lines would let it act on keys typed ahead (Ctrl-D as end
  /// of file, Ctrl-C as a kill) before the editor sees them.
  private var raw: RawMode?
  /// Used only if the terminal cannot be put in raw mode.
  private lazy var plain = FileLineSource(fd: input, echo: output)

  public init(
    input: Int32, output: TextSink, history: LineHistory, completer: Completer?,
    columns: @escaping () -> Int
  ) {
    self.input = input
    self.output = output
    self.history = history
    self.completer = completer
    self.columns = columns
  }

  /// Puts the terminal back as it was. Called when the REPL ends; also on deinit.
  public func restoreTerminal() {
    raw?.restore()
    raw = nil
  }

  deinit { restoreTerminal() }

  public func readLine(prompt: String) -> LineResult { edit(prompt: prompt, remember: true) }

  /// An answer to a question is not a command: Up does not bring commands back into it, and
  /// it never comes back with Up at the prompt.
  public func readAnswer(prompt: String) -> LineResult { edit(prompt: prompt, remember: false) }

  private func edit(prompt: String, remember: Bool) -> LineResult {
    if raw == nil { raw = RawMode(fd: input) }
    guard raw != nil else { return plain.readLine(prompt: prompt) }
    var session = Editing(prompt: prompt, history: remember ? history.entries : [])
    var lastWasTab = false
    redraw(&session)
    while true {
      guard let key = nextKey() else {
        finishLine(&session)
        return .end
      }
      if key == .interrupt {
        // Mark the abandoned line at its end, as it stood, and leave it on the screen.
        moveToEnd(&session)
        output.write("^C")
        finishLine(&session)
        _ = session.state.apply(key)
        return .interrupted
      }
      switch session.state.apply(key) {
      case .none:
        break
      case .submit(let line):
        finishLine(&session)
        if remember { history.add(line) }
        return .line(line)
      case .interrupt:
        return .interrupted
      case .endOfInput:
        finishLine(&session)
        return .end
      case .clearScreen:
        output.write("\u{1B}[H\u{1B}[2J")
        session.cursorRow = 0
      case .historyPrevious:
        session.recall(-1)
      case .historyNext:
        session.recall(1)
      case .complete:
        complete(&session, listing: lastWasTab)
      }
      lastWasTab = key == .tab
      redraw(&session)
    }
  }

  /// What one `readLine` is working on.
  private struct Editing {
    let prompt: String
    var state = EditState()
    var cursorRow = 0
    let history: [String]
    var historyIndex: Int
    var draft = ""

    init(prompt: String, history: [String]) {
      self.prompt = prompt
      self.history = history
      self.historyIndex = history.count
    }

    mutating func recall(_ step: Int) {
      let target = historyIndex + step
      guard target >= 0 && target <= history.count else { return }
      if historyIndex == history.count { draft = state.text }
      historyIndex = target
      state.replace(with: target == history.count ? draft : history[target])
    }
  }

  private func nextKey() -> Key? {
    while pendingKeys.isEmpty {
      var buffer = [UInt8](repeating: 0, count: 256)
      let n = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress!, $0.count) }
      if n < 0 && errno == EINTR { continue }
      if n <= 0 { return nil }
      pendingKeys = decoder.feed(buffer[0..<n])
    }
    return pendingKeys.removeFirst()
  }

  private func complete(_ session: inout Editing, listing: Bool) {
    let line = session.state.characters
    let cursor = session.state.cursor
    guard let completion = completer?(line, cursor) else { return }
    let typed = String(line[completion.wordStart..<cursor])
    let matches = completion.matching(typed)
    guard !matches.isEmpty else { return }
    if matches.count == 1 {
      session.state.insert(String(matches[0].text.dropFirst(typed.count)) + " ")
      return
    }
    let common = Completion.commonPrefix(matches)
    if common.count > typed.count {
      session.state.insert(String(common.dropFirst(typed.count)))
    } else if listing {
      // Second Tab: show the candidates under the line, then the line again.
      moveToEnd(&session)
      output.write("\r\n" + matches.map(\.label).joined(separator: "\r\n") + "\r\n")
      session.cursorRow = 0
    }
  }

  /// Draws prompt and line over what is there, clears what is left of the old one below
  /// them, and puts the cursor in place.
  ///
  /// The clearing comes after the text, never from the start of the prompt: at the top-left
  /// corner (where the prompt stands after Ctrl-L), "clear to the end of the screen" is a
  /// clear of the whole screen, and a terminal such as tmux first pushes the screen into its
  /// scrollback, which would leave a copy of the line there at every key.
  private func redraw(_ session: inout Editing) {
    let width = columns()
    let layout = LineLayout(
      prompt: session.prompt, characters: session.state.characters,
      cursor: session.state.cursor, columns: width)
    var out = ""
    if session.cursorRow > 0 { out += "\u{1B}[\(session.cursorRow)A" }
    out += "\r" + session.prompt + session.state.text
    if layout.end.column == 0 && layout.end.row > 0 { out += "\r\n" }  // leave the pending wrap
    // Nothing drawn (an empty prompt and line): step off the corner to clear below, then
    // clear the line itself.
    out += layout.end == .init(row: 0, column: 0) ? " \u{1B}[J\r\u{1B}[K" : "\u{1B}[J"
    let up = layout.end.row - layout.cursor.row
    if up > 0 { out += "\u{1B}[\(up)A" }
    out += "\r"
    if layout.cursor.column > 0 { out += "\u{1B}[\(layout.cursor.column)C" }
    output.write(out)
    output.flush()
    session.cursorRow = layout.cursor.row
  }

  private func moveToEnd(_ session: inout Editing) {
    let layout = LineLayout(
      prompt: session.prompt, characters: session.state.characters,
      cursor: session.state.cursor, columns: columns())
    let down = layout.end.row - layout.cursor.row
    var out = down > 0 ? "\u{1B}[\(down)B\r" : "\r"
    if layout.end.column > 0 { out += "\u{1B}[\(layout.end.column)C" }
    output.write(out)
    session.cursorRow = layout.end.row
  }

  /// Leaves the cursor on a fresh line below what was typed.
  private func finishLine(_ session: inout Editing) {
    moveToEnd(&session)
    output.write("\r\n")
    output.flush()
  }
}
