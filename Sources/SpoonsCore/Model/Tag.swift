/// A word a task is found by: a tag (`+health`, what it is about) or a context (`@phone`,
/// where or how it can be done, as todo.txt has it), so "what can I do from bed with 3 spoons?"
/// has an answer (`suggest @bed`).
///
/// The rule for what a word typed in a title is (`Tag(word:)`), written down once: a word
/// is a tag when it is `+` or `@` and then a name, and a name starts with a letter and holds
/// only letters, combining marks, digits, `-` and `_`. So `+health`, `@phone` and `@bed` are
/// tags, while `C++`, `a+b`, `+1`, `ann@example.com`, `@` and `+` stay words of the title.
/// Names are not case-sensitive: `+Health` is `+health`, kept in lower case.
public struct Tag: Hashable, Comparable, Sendable, CustomStringConvertible {
  public enum Kind: Hashable, Sendable {
    /// `+health`: what the task is about (Taskwarrior's tags, todo.txt's projects).
    case tag
    /// `@phone`: where or how it can be done (todo.txt's contexts).
    case context
  }

  public let kind: Kind
  /// The name without its `+` or `@`, in lower case.
  public let name: String

  /// A name is short: it is typed, and shown beside titles.
  public static let maxLength = 32

  /// `+name` or `@name`, as it is typed and shown: kept, not made again each time a filter
  /// looks for it in a task.
  public let description: String
  /// Whether the name is ASCII, where bytes compare as tags do: known once, not at each task
  /// a filter looks at (`SpoonTask.carries`).
  let isASCII: Bool

  /// The tag a word of a title is, by the rule above; nil for any other word. Throws for a
  /// word that is a tag but for its length: refused, rather than kept as title text the
  /// person did not mean.
  ///
  /// The rule is checked on the name in lower case, the form that is kept: a letter whose
  /// lower case is no letter alone (`İ` is `i` and a combining dot) would otherwise make a tag
  /// that does not read back.
  public init?(word: String) throws(PlannerError) {
    // Plain ASCII, as nearly every tag is, byte by byte: the same rule, without the Unicode
    // tables (a filter word is read by every `list +errand`).
    if word.utf8.allSatisfy({ $0 < 0x80 }) {
      var bytes = Array(word.utf8)
      guard bytes.count >= 2, bytes[0] == 0x2B || bytes[0] == 0x40 else { return nil }
      for i in 1..<bytes.count where (0x41...0x5A).contains(bytes[i]) { bytes[i] |= 0x20 }
      guard Self.isNameByte(bytes[1], first: true),
        bytes[2...].allSatisfy({ Self.isNameByte($0, first: false) })
      else { return nil }
      guard bytes.count - 1 <= Self.maxLength else { throw .tagTooLong(word) }
      self.init(checkedKind: bytes[0] == 0x40 ? .context : .tag, name: String(decoding: bytes[1...], as: UTF8.self))
      return
    }
    // The sigil is a character of its own: a mark after it (`@ा`, `+ͅx`) joins it, and the
    // word, read character by character as titles and files are, would not start with it.
    guard let sigil = word.first, sigil == "+" || sigil == "@" else { return nil }
    let text = String(String.UnicodeScalarView(word.unicodeScalars.dropFirst())).lowercased()
    let name = text.unicodeScalars
    guard let first = name.first, first.properties.isAlphabetic,
      name.allSatisfy({
        $0.properties.isAlphabetic || $0.properties.numericType == .decimal || $0 == "-"
          || $0 == "_" || Self.isMark($0)
      })
    else { return nil }
    guard text.count <= Self.maxLength else { throw .tagTooLong(word) }
    self.init(checkedKind: sigil == "@" ? .context : .tag, name: text)
  }

  /// A combining mark, which many scripts write words with (a virama in `+स्वास्थ्य`, a tone
  /// mark in `@บ้าน`, a decomposed accent): part of a name after its first letter.
  private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: true
    default: false
    }
  }

  /// A tag read back from a file: `+name` or `@name` exactly as `description` writes it.
  public init?(stored text: Substring) {
    guard let tag = try? Tag(word: String(text)), tag.description == text else { return nil }
    self = tag
  }

  /// A task's tags as the files keep them (`+health @phone`: each `description`, one space
  /// apart, in order, each once); nil for anything else, which is never repaired. Every
  /// command reads every open task's, so plain ASCII (nearly every tag) is checked byte by
  /// byte, allocating nothing but the names; the rest goes through the rule.
  public static func parseStored(_ bytes: UnsafeBufferPointer<UInt8>) -> [Tag]? {
    guard let text = storedText(bytes) else { return nil }
    // Checked whole: each word is `+` or `@` and a name by the rule.
    // Split at the space scalar, not the space character: a letter such as U+0D4E joins
    // the space after it into one character.
    return text.unicodeScalars.split(separator: " ").map {
      let scalars = $0
      return Tag(
        checkedKind: scalars.first == "@" ? .context : .tag,
        name: String(String.UnicodeScalarView(scalars.dropFirst())))
    }
  }

  /// `parseStored` of a String.
  public static func parseStored(_ text: String) -> [Tag]? {
    var text = text
    return text.withUTF8 { parseStored($0) }
  }

  /// `bytes` as a `tagText` when they are a task's tags as the files keep them (what
  /// `parseStored` reads), checked byte by byte without building the tags when they are
  /// ASCII (nearly every tag: every command reads every open task's); nil for anything else.
  public static func storedText(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    guard !bytes.isEmpty else { return nil }
    guard bytes.allSatisfy({ $0 < 0x80 }) else {
      return parseStoredSlowly(bytes).map { _ in String(decoding: bytes, as: UTF8.self) }
    }
    var start = 0
    var previous: (kind: UInt8, name: UnsafeBufferPointer<UInt8>)?
    while start <= bytes.count {
      var end = start
      while end < bytes.count && bytes[end] != 0x20 { end += 1 }
      guard end - start >= 2, end - start - 1 <= maxLength,
        bytes[start] == 0x2B || bytes[start] == 0x40, isNameByte(bytes[start + 1], first: true),
        bytes[(start + 2)..<end].allSatisfy({ isNameByte($0, first: false) })
      else { return nil }
      // In order: tags (`+`, 0x2B) before contexts (`@`, 0x40), each kind by name, once; an
      // ASCII name's order is its bytes'.
      let name = UnsafeBufferPointer(rebasing: bytes[(start + 1)..<end])
      if let previous {
        guard previous.kind < bytes[start]
          || previous.kind == bytes[start] && previous.name.lexicographicallyPrecedes(name)
        else { return nil }
      }
      previous = (bytes[start], name)
      start = end + 1
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The rule for an ASCII name in lower case, byte by byte: a letter first, then letters,
  /// digits, `-` and `_`.
  @inline(__always)
  private static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
    (0x61...0x7A).contains(byte)
      || !first && ((0x30...0x39).contains(byte) || byte == 0x2D || byte == 0x5F)
  }

  /// Tags as the files keep them (what `parseStored` reads): in order, each once, one space
  /// apart.
  public static func storedText(of tags: [Tag]) -> String {
    normalized(tags).map(\.description).joined(separator: " ")
  }

  private static func parseStoredSlowly(_ bytes: UnsafeBufferPointer<UInt8>) -> [Tag]? {
    guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
    var tags: [Tag] = []
    for scalars in text.unicodeScalars.split(separator: " ", omittingEmptySubsequences: false) {
      guard let tag = Tag(stored: Substring(scalars)), tags.last.map({ $0 < tag }) ?? true
      else { return nil }
      tags.append(tag)
    }
    return tags
  }

  /// A tag already checked by the rule, as `parseStored` reads one.
  init(checkedKind kind: Kind, name: String) {
    self.kind = kind
    self.name = name
    description = (kind == .context ? "@" : "+") + name
    isASCII = name.utf8.allSatisfy { $0 < 0x80 }
  }

  /// Tags before contexts, each kind by name.
  public static func < (a: Tag, b: Tag) -> Bool {
    (a.kind == .context ? 1 : 0, a.name) < (b.kind == .context ? 1 : 0, b.name)
  }

  /// The tags of a task as they are kept: each once, in order.
  public static func normalized(_ tags: some Sequence<Tag>) -> [Tag] {
    Array(Set(tags)).sorted()
  }

  /// The words of `words` that are tags, and the others, in order: what `add` reads from a
  /// title. Throws for a tag name too long.
  public static func split(_ words: [String]) throws(PlannerError)
    -> (tags: [Tag], words: [String])
  {
    var tags: [Tag] = []
    var rest: [String] = []
    for word in words {
      if let tag = try Tag(word: word) { tags.append(tag) } else { rest.append(word) }
    }
    return (tags, rest)
  }
}

/// The tags `edit` adds and takes away (`edit 5 +errand -health -@phone`).
public struct TagChange: Hashable, Sendable {
  public var adding: [Tag] = []
  public var removing: [Tag] = []

  public init(adding: [Tag] = [], removing: [Tag] = []) {
    self.adding = adding
    self.removing = removing
  }

  public var isEmpty: Bool { adding.isEmpty && removing.isEmpty }

  /// `tags` with this change made: what is taken away goes, then what is added comes.
  public func applied(to tags: [Tag]) -> [Tag] {
    Tag.normalized(tags.filter { !removing.contains($0) } + adding)
  }
}
