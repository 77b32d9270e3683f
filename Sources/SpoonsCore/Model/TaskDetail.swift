/// A task's optional free text beyond its title: a note, or the place it happens.
public enum TaskDetail: String, Hashable, Sendable {
  case note
  case place

  /// Notes can say more than titles; a place is a name.
  public var maxLength: Int { self == .note ? 1_000 : Title.maxLength }

  /// The text to keep: trimmed, or nil when nothing is left (which clears the field). Refuses
  /// what titles refuse, for the same reason: it is printed to terminals.
  public func validate(_ raw: String) throws(PlannerError) -> String? {
    let trimmed = Title.trim(raw)
    guard !trimmed.isEmpty else { return nil }
    if trimmed.utf8.count > maxLength {
      let length = trimmed.count
      guard length <= maxLength else { throw .invalidDetail(self, .tooLong(length)) }
    }
    if let bad = trimmed.unicodeScalars.first(where: Title.isForbidden) {
      throw .invalidDetail(self, .forbiddenCharacter(bad.value))
    }
    return trimmed
  }
}
