/// Splits a REPL or script line into words, as a shell would, except that a quote groups only
/// where a word starts: an apostrophe inside or at the end of a word is a letter, so
/// `add 2 Call mum's GP` needs no quoting, and `add 3 "Call mum"` still means the same typed
/// at the prompt as in a shell.
///
/// The rule (the README's "Titles and quoting" says the same to users):
/// - Spaces and tabs separate words.
/// - A `'` or `"` opens a quoted part where a word starts (the start of the line, or after a
///   space or tab), or right after the `=` of an `--option=value` word. Anywhere else it is an
///   ordinary character: `mum's`, `O'Brien`, `rock'n'roll`, `parents'`, `6'2"`.
/// - A quoted part ends at the next matching quote that ends the word (followed by a space, a
///   tab or the end of the line). A matching quote with more of the word after it is an
///   ordinary character, so `'Call mum's GP'` is one word, `Call mum's GP`. Inside `'...'`
///   every character is itself; inside `"..."` a backslash escapes `"`, `\`, `$` and `` ` ``
///   as in a shell, and is itself before anything else.
/// - Outside quotes a backslash escapes a space, a tab, a quote or a backslash (`two\ words`,
///   `\'tis`); before anything else, or at the end of the line, it is itself (`C:\Users`).
/// - Typographic quotes (`‘ ’ “ ”`) are always ordinary characters.
/// - A word quoted as a whole loses its quotes even when it holds no space: `rock 'n' roll`
///   is `rock n roll`, as in a shell; `"rock 'n' roll"` keeps them.
///
/// The one mistake is a quote that opens and never closes. Its error shows the line with the
/// rest of it quoted so that it parses (`try: add 2 "Call mum's GP"`) and, for a `'`, the line
/// that keeps it as an apostrophe (`'tis`), each checked by reading it back.
public enum Tokenizer {
  public static func words(_ line: String) throws(ParseError) -> [String] {
    try split(line, suggesting: true)
  }

  /// `text` as one word that `words` reads back as `text`, in the quotes the user chose when
  /// they can hold it: `'...'` when there is no `'` in it, else `"..."` with `\` and `"`
  /// escaped.
  public static func quoted(_ text: String, preferring quote: Character = "'") -> String {
    if quote == "'" && !text.contains("'") { return "'" + text + "'" }
    var out = "\""
    for c in text.unicodeScalars {
      if c == "\"" || c == "\\" { out += "\\" }
      out.unicodeScalars.append(c)
    }
    return out + "\""
  }

  /// `text` as typed when `words` reads it back as it is, else quoted (in `"`).
  public static func word(_ text: String) -> String {
    (try? split(text, suggesting: false)) == [text] ? text : quoted(text, preferring: "\"")
  }

  // MARK: - Reading

  private static func split(_ line: String, suggesting: Bool) throws(ParseError) -> [String] {
    let scalars = Array(line.unicodeScalars)
    var words: [String] = []
    var current = String.UnicodeScalarView()
    var inWord = false
    var i = 0
    while i < scalars.count {
      let c = scalars[i]
      if isBlank(c) {
        if inWord {
          words.append(String(current))
          current = String.UnicodeScalarView()
          inWord = false
        }
        i += 1
        continue
      }
      if c == "'" || c == "\"", !inWord || isOptionAssignment(current) {
        let part = quotedPart(scalars, opening: i)
        guard part.closed else {
          throw unclosed(
            line: scalars, at: i, words: words, wordSoFar: String(current),
            rest: part.text, suggesting: suggesting)
        }
        current.append(contentsOf: part.text.unicodeScalars)
        inWord = true
        i = part.next
        continue
      }
      inWord = true
      if c == "\\", i + 1 < scalars.count, escapable(scalars[i + 1]) {
        current.append(scalars[i + 1])
        i += 2
      } else {
        current.append(c)
        i += 1
      }
    }
    if inWord { words.append(String(current)) }
    return words
  }

  /// The text of the quoted part whose quote is at `opening`, and where reading goes on after
  /// its closing quote; not closed when the line ends first (the text is then the rest of the
  /// line, as the user meant it).
  private static func quotedPart(_ scalars: [Unicode.Scalar], opening: Int)
    -> (text: String, next: Int, closed: Bool)
  {
    let quote = scalars[opening]
    var text = String.UnicodeScalarView()
    var j = opening + 1
    while j < scalars.count {
      let c = scalars[j]
      if c == quote && (j + 1 == scalars.count || isBlank(scalars[j + 1])) {
        return (String(text), j + 1, true)
      }
      if quote == "\"", c == "\\", j + 1 < scalars.count,
        ["\"", "\\", "$", "`"].contains(scalars[j + 1])
      {
        text.append(scalars[j + 1])
        j += 2
        continue
      }
      text.append(c)
      j += 1
    }
    return (String(text), j, false)
  }

  private static func isBlank(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" }

  /// What a backslash outside quotes escapes; before anything else it is itself.
  private static func escapable(_ c: Unicode.Scalar) -> Bool {
    isBlank(c) || c == "'" || c == "\"" || c == "\\"
  }

  /// `--name=`: a quote may open the value, as in `--note="bring the card"`.
  private static func isOptionAssignment(_ word: String.UnicodeScalarView) -> Bool {
    guard word.count > 3, word.starts(with: "--".unicodeScalars), word.last == "=" else {
      return false
    }
    return word.dropLast().allSatisfy { $0 != "=" }
  }

  // MARK: - The unclosed quote

  /// The refusal of a quote that never closes, with the line as it parses when the rest of it
  /// is one quoted word (trailing blanks dropped): exactly what to type instead.
  private static func unclosed(
    line: [Unicode.Scalar], at index: Int, words: [String], wordSoFar: String, rest: String,
    suggesting: Bool
  ) -> ParseError {
    let quote = Character(line[index])
    var intended = rest
    while let last = intended.unicodeScalars.last, isBlank(last) {
      intended.unicodeScalars.removeLast()
    }
    let lead = "a \(quote) quote is not closed"
    guard !intended.isEmpty else {
      return ParseError(
        "\(lead) (the line ends with it); remove it, or write it in the other quotes: "
          + (quote == "'" ? "\"'\"" : "'\"'"))
    }
    var before = String.UnicodeScalarView()
    before.append(contentsOf: line[..<index])
    /// The line with `text` quoted where the quote was, if it reads back as meant.
    func suggestion(_ text: String, preferring quote: Character) -> String? {
      let line = String(before) + quoted(text, preferring: quote)
      let read = try? split(line, suggesting: false)
      return read == words + [wordSoFar + text] ? Text.visible(line) : nil
    }
    guard suggesting, let closed = suggestion(intended, preferring: quote) else {
      return ParseError(lead)
    }
    // A ' may have been meant as an apostrophe ('tis, '90s): the line that keeps it, too.
    if quote == "'", let kept = suggestion("'" + intended, preferring: "\"") {
      return ParseError("\(lead); try: \(closed) (or, to keep the ' as an apostrophe: \(kept))")
    }
    return ParseError("\(lead); try: \(closed)")
  }
}
