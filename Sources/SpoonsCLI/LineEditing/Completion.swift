/// What Tab can complete at the cursor: the candidates for the word that starts at
/// `wordStart` (a character index into the line).
public struct Completion: Equatable, Sendable {
  public struct Candidate: Equatable, Sendable {
    /// What is inserted.
    public let text: String
    /// What is shown when candidates are listed (`#12 Laundry (3)`).
    public let label: String
    /// What a shell shows beside the text, where it shows one (zsh, fish): the label without
    /// the text it repeats (`Laundry, 3 spoons` for `12`); nil when the text says it all.
    public let description: String?

    public init(text: String, label: String? = nil, description: String? = nil) {
      self.text = text
      self.label = label ?? text
      self.description = description
    }
  }

  public let wordStart: Int
  public let candidates: [Candidate]

  public init(wordStart: Int, candidates: [Candidate]) {
    self.wordStart = wordStart
    self.candidates = candidates
  }

  /// The candidates that start with what is typed.
  public func matching(_ typed: String) -> [Candidate] {
    candidates.filter { $0.text.hasPrefix(typed) }
  }

  /// The longest text every one of `candidates` starts with.
  public static func commonPrefix(_ candidates: [Candidate]) -> String {
    guard var prefix = candidates.first?.text else { return "" }
    for candidate in candidates.dropFirst() {
      while !candidate.text.hasPrefix(prefix) { prefix.removeLast() }
    }
    return prefix
  }
}
