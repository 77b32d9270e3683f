/// Splits a REPL line into words the way a POSIX shell would: `'single'` and `"double"` quotes,
/// backslash escapes. So `add 3 "Call mum"` means the same typed in the REPL as in a shell.
public enum Tokenizer {
  public static func words(_ line: String) throws(ParseError) -> [String] {
    var words: [String] = []
    var current = ""
    var inWord = false
    var iterator = line.unicodeScalars.makeIterator()
    while let c = iterator.next() {
      switch c {
      case " ", "\t":
        if inWord {
          words.append(current)
          current = ""
          inWord = false
        }
      case "'":
        inWord = true
        var closed = false
        while let q = iterator.next() {
          if q == "'" {
            closed = true
            break
          }
          current.unicodeScalars.append(q)
        }
        guard closed else { throw ParseError("a ' quote is not closed") }
      case "\"":
        inWord = true
        var closed = false
        while let q = iterator.next() {
          if q == "\"" {
            closed = true
            break
          }
          if q == "\\" {
            guard let next = iterator.next() else { break }
            // Inside double quotes a backslash only escapes these, as in a shell.
            if !["\"", "\\", "$", "`"].contains(next) { current.unicodeScalars.append(q) }
            current.unicodeScalars.append(next)
          } else {
            current.unicodeScalars.append(q)
          }
        }
        guard closed else { throw ParseError("a \" quote is not closed") }
      case "\\":
        inWord = true
        guard let next = iterator.next() else {
          throw ParseError("the line ends with a lone backslash")
        }
        current.unicodeScalars.append(next)
      default:
        inWord = true
        current.unicodeScalars.append(c)
      }
    }
    if inWord { words.append(current) }
    return words
  }
}
