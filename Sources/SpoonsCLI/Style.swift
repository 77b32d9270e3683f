/// Colour and emphasis, or none. Nothing is ever conveyed by colour alone: every styled piece
/// of text also carries a mark or a word.
public struct Style: Sendable {
  public let color: Bool

  public init(color: Bool) { self.color = color }

  /// Colour only on a terminal, and never with `NO_COLOR`, `--no-color` or `TERM=dumb`.
  public static func decide(
    outputIsTerminal: Bool, noColorFlag: Bool, variables: Environment.Variables
  ) -> Style {
    guard outputIsTerminal, !noColorFlag else { return Style(color: false) }
    let noColor = variables["NO_COLOR"].map { !$0.isEmpty } ?? false
    return Style(color: !noColor && variables["TERM"] != "dumb")
  }

  private func wrap(_ code: String, _ text: String) -> String {
    color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }

  public func bold(_ text: String) -> String { wrap("1", text) }
  public func dim(_ text: String) -> String { wrap("2", text) }
  public func green(_ text: String) -> String { wrap("32", text) }
  public func red(_ text: String) -> String { wrap("31", text) }
}
