/// Where each character of prompt + line lands on a terminal `columns` wide: the arithmetic
/// behind redrawing a wrapped line with wide characters. Pure, so it is tested without a
/// terminal.
public struct LineLayout: Equatable, Sendable {
  public struct Position: Equatable, Sendable {
    public var row: Int
    public var column: Int
  }

  /// The position of the cursor when it stands before character `cursor` of the line.
  public let cursor: Position
  /// The position just after the last character.
  public let end: Position

  public init(prompt: String, characters: [Character], cursor: Int, columns: Int) {
    let width = max(columns, 2)
    var position = Position(row: 0, column: 0)
    func advance(_ w: Int) {
      if position.column + w > width {  // a wide character that does not fit wraps whole
        position.row += 1
        position.column = 0
      }
      position.column += w
      if position.column == width {
        position.row += 1
        position.column = 0
      }
    }
    for c in prompt { advance(Text.width(of: c)) }
    var cursorPosition = position
    for (index, c) in characters.enumerated() {
      if index == cursor { cursorPosition = position }
      advance(Text.width(of: c))
    }
    if cursor >= characters.count { cursorPosition = position }
    self.cursor = cursorPosition
    self.end = position
  }
}
