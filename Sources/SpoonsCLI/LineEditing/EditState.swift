/// What the line editor should do after a key, beyond changing the line.
public enum EditAction: Equatable, Sendable {
  case none
  case submit(String)
  case interrupt
  case endOfInput
  case clearScreen
  case complete
  case historyPrevious, historyNext
}

/// The line being edited and the cursor, as a value: keys in, new state and an action out.
///
/// Works in `Character`s (grapheme clusters), so an accented letter, an emoji or a CJK
/// character moves and deletes as one; the renderer turns them into terminal columns.
public struct EditState: Equatable, Sendable {
  public var characters: [Character]
  /// 0...characters.count
  public var cursor: Int

  public init(_ text: String = "", cursor: Int? = nil) {
    characters = Array(text)
    self.cursor = cursor ?? characters.count
  }

  public var text: String { String(characters) }

  /// Replaces the whole line (history recall, completion), cursor at the end.
  public mutating func replace(with text: String) {
    characters = Array(text)
    cursor = characters.count
  }

  public mutating func insert(_ text: String) {
    let new = Array(text)
    characters.insert(contentsOf: new, at: cursor)
    cursor += new.count
  }

  public mutating func apply(_ key: Key) -> EditAction {
    switch key {
    case .character(let c): insert(String(c))
    case .enter: return .submit(text)
    case .tab: return .complete
    case .backspace:
      if cursor > 0 {
        characters.remove(at: cursor - 1)
        cursor -= 1
      }
    case .delete:
      if cursor < characters.count { characters.remove(at: cursor) }
    case .endOfInput:
      if characters.isEmpty { return .endOfInput }
      if cursor < characters.count { characters.remove(at: cursor) }
    case .left: cursor = max(0, cursor - 1)
    case .right: cursor = min(characters.count, cursor + 1)
    case .home: cursor = 0
    case .end: cursor = characters.count
    case .wordLeft: cursor = wordStart(before: cursor)
    case .wordRight: cursor = wordEnd(after: cursor)
    case .killToEnd: characters.removeSubrange(cursor...)
    case .killToStart:
      characters.removeSubrange(..<cursor)
      cursor = 0
    case .killWordBefore:
      let start = wordStart(before: cursor)
      characters.removeSubrange(start..<cursor)
      cursor = start
    case .interrupt:
      characters.removeAll()
      cursor = 0
      return .interrupt
    case .clearScreen: return .clearScreen
    case .up: return .historyPrevious
    case .down: return .historyNext
    }
    return .none
  }

  private func isWordCharacter(_ c: Character) -> Bool { !c.isWhitespace }

  func wordStart(before index: Int) -> Int {
    var i = index
    while i > 0 && !isWordCharacter(characters[i - 1]) { i -= 1 }
    while i > 0 && isWordCharacter(characters[i - 1]) { i -= 1 }
    return i
  }

  func wordEnd(after index: Int) -> Int {
    var i = index
    while i < characters.count && !isWordCharacter(characters[i]) { i += 1 }
    while i < characters.count && isWordCharacter(characters[i]) { i += 1 }
    return i
  }
}
