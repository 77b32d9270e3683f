/// A terminal small enough to read, for checking what the line editor's bytes do to a screen
/// and its scrollback: printable ASCII with the pending wrap at the right edge, `\r`, `\n`
/// (scrolling at the bottom), cursor moves (`ESC[nA/B/C/D`, `ESC[H`), `ESC[K`, and `ESC[J` /
/// `ESC[2J` as tmux does them: clearing the whole screen (`ESC[2J`, or `ESC[J` from the
/// top-left corner) first pushes its lines into the scrollback. Other sequences (colour) are
/// read and ignored.
struct ScreenModel {
  let width: Int
  let height: Int
  private(set) var rows: [[Character]]
  /// Lines that left the top of the screen, oldest first.
  private(set) var scrollback: [String] = []
  private(set) var row = 0
  private(set) var column = 0
  private var pendingWrap = false

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
    rows = Array(repeating: Array(repeating: " ", count: width), count: height)
  }

  /// The visible lines, trailing blanks trimmed.
  var lines: [String] { rows.map(Self.trimmed) }

  private static func trimmed(_ row: [Character]) -> String {
    var text = String(row)
    while text.last == " " { text.removeLast() }
    return text
  }

  mutating func feed(_ text: String) {
    // Scalars, not Characters: "\r\n" is one Character but two moves of the cursor.
    var characters = text.unicodeScalars.map(Character.init)[...]
    while let c = characters.popFirst() {
      switch c {
      case "\r":
        column = 0
        pendingWrap = false
      case "\n":
        lineFeed()
      case "\u{1B}":
        guard characters.first == "[" else {
          _ = characters.popFirst()
          continue
        }
        characters.removeFirst()
        var parameters = ""
        while let p = characters.first, p.isNumber || p == ";" || p == "?" {
          parameters.append(p)
          characters.removeFirst()
        }
        guard let final = characters.popFirst() else { return }
        control(final, Int(parameters.split(separator: ";").first ?? "") ?? 0, parameters)
      default:
        guard let ascii = c.asciiValue, ascii >= 0x20 else { continue }
        if pendingWrap {
          column = 0
          lineFeed()
        }
        rows[row][column] = c
        if column == width - 1 { pendingWrap = true } else { column += 1 }
      }
    }
  }

  private mutating func lineFeed() {
    pendingWrap = false
    if row == height - 1 {
      scrollback.append(Self.trimmed(rows.removeFirst()))
      rows.append(Array(repeating: " ", count: width))
    } else {
      row += 1
    }
  }

  private mutating func control(_ final: Character, _ n: Int, _ parameters: String) {
    let step = max(n, 1)
    switch final {
    case "A": row = max(0, row - step)
    case "B": row = min(height - 1, row + step)
    case "C": column = min(width - 1, column + step)
    case "D": column = max(0, column - step)
    case "H":
      let numbers = parameters.split(separator: ";").compactMap { Int($0) }
      row = max(0, (numbers.first ?? 1) - 1)
      column = max(0, (numbers.count > 1 ? numbers[1] : 1) - 1)
    case "K":
      for c in column..<width { rows[row][c] = " " }
    case "J":
      if n == 2 || (row == 0 && column == 0) {
        let used = rows.lastIndex { !Self.trimmed($0).isEmpty }
        if let used { scrollback += rows[...used].map(Self.trimmed) }
        if n == 2 {
          rows = Array(repeating: Array(repeating: " ", count: width), count: height)
          break
        }
      }
      for c in column..<width { rows[row][c] = " " }
      for r in (row + 1)..<height { rows[r] = Array(repeating: " ", count: width) }
    default: break
    }
    if final != "m" { pendingWrap = false }
  }
}
