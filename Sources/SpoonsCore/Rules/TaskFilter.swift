/// Which tasks a command shows: one small language, close to Taskwarrior's where that reads
/// naturally, for `list`, `todo`, `backlog` and `suggest`.
///
/// Every term must hold (`+health @phone` is a task with both):
/// - `+tag`, `@context`: the task carries it; `-tag`, `-@context`: it does not;
/// - `due:D`, `due.before:D`, `due.after:D`: due on, before or after a date (`D` as `--due`
///   takes it: `today`, `fri`, `2026-12-01`, `+3d`); `overdue`: due before today and open;
/// - `in:category`, `in:backlog`, `in:todo`, `in:done`: where it is;
/// - `spoons:3`, `spoons:1-3`: its category, the spoons it costs (a bare number is an id or a
///   count of days to the commands that take those, so the category says its key);
/// - any other word: the title holds it, ignoring case and accents, as `search` matches.
public struct TaskFilter: Hashable, Sendable, CustomStringConvertible {
  public enum Term: Hashable, Sendable {
    case tag(Tag)
    case notTag(Tag)
    case due(Comparison, DueDateSpec)
    case overdue
    case within(Place)
    /// Its category (`SpoonTask.spoons`) in the range.
    case spoons(ClosedRange<Int>)
    /// A word of the title, folded as `search` folds it.
    case word([UInt8])
  }

  public enum Comparison: String, Hashable, Sendable {
    case on = "due", before = "due.before", after = "due.after"
  }

  public enum Place: String, Hashable, Sendable, CaseIterable {
    case category, backlog, todo, done
  }

  public let terms: [Term]
  /// The words as they were typed, for saying what matched nothing.
  public let typed: [String]
  /// The ASCII tags of the `+tag` and `@context` terms, which most filters are, as bytes: a
  /// task is checked against each as it lies, and against the other terms only if it carries
  /// them all (`suggest @bed` looks at every open task). Copying a `Tag` out of a term for
  /// each task (its strings retained and released) cost more than the check itself.
  private let carried: [[UInt8]]
  private let others: [Term]

  public init(terms: [Term] = [], typed: [String] = []) {
    self.terms = terms
    self.typed = typed
    var carried: [[UInt8]] = []
    var others: [Term] = []
    for term in terms {
      if case .tag(let tag) = term, tag.isASCII {
        carried.append(Array(tag.description.utf8))
      } else {
        others.append(term)
      }
    }
    self.carried = carried
    self.others = others
  }

  public var isEmpty: Bool { terms.isEmpty }

  /// The words as typed, one space apart. Appended in a loop: `joined` is generic code whose
  /// first call in a run costs a tenth of a `suggest @bed` to set up.
  public var description: String {
    var text = ""
    for (i, word) in typed.enumerated() {
      if i > 0 { text += " " }
      text += word
    }
    return text
  }

  /// The term a word is, or nil for a word that is none of the above but a title word
  /// (which every word is, in the end: see `init(words:)`). Throws for a term whose value is
  /// wrong (`due:someday`, `in:attic`).
  public static func term(_ word: String) throws(FilterError) -> Term? {
    do {
      if let tag = try Tag(word: word) { return .tag(tag) }
      if word.hasPrefix("-"), !word.hasPrefix("--") {
        let rest = String(word.dropFirst())
        if let tag = try Tag(word: rest.hasPrefix("@") ? rest : "+" + rest) { return .notTag(tag) }
      }
    } catch {
      throw .tag(error)
    }
    // Only a tag or context is left out with `-`: `-due:fri` would otherwise be a word of a
    // title, matching nothing, without a word said.
    if word.hasPrefix("-"), !word.hasPrefix("--"), word.count > 1 { throw .notNegatable(word) }
    let lower = word.lowercased()
    if lower == "overdue" { return .overdue }
    guard let colon = lower.firstIndex(of: ":") else { return nil }
    let key = String(lower[..<colon])
    let value = String(word[word.index(after: colon)...])
    if let comparison = Comparison(rawValue: key) {
      guard let spec = DueDateSpec(value) else { throw .badDate(word) }
      return .due(comparison, spec)
    }
    if key == "spoons" {
      let ends = value.split(separator: "-", omittingEmptySubsequences: false)
      let numbers = ends.compactMap { $0.count <= 2 ? Int($0) : nil }
      guard (1...2).contains(ends.count), numbers.count == ends.count,
        let low = numbers.first, let high = numbers.last, low <= high,
        SpoonCost.range.contains(low), SpoonCost.range.contains(high)
      else { throw .badSpoons(word) }
      return .spoons(low...high)
    }
    if key == "in" {
      guard let place = Place(rawValue: value.lowercased()) else { throw .badPlace(word) }
      return .within(place)
    }
    return nil
  }

  /// A filter of `words`, each a term or a word of the title.
  public init(words: [String]) throws(FilterError) {
    var terms: [Term] = []
    for word in words {
      if let term = try Self.term(word) {
        terms.append(term)
        continue
      }
      // A word that folds to nothing (empty, or marks alone) is in every title: as a filter it
      // would choose every task (`spoons delete "$ID"` with `$ID` empty).
      let folded = SearchText.fold(word)
      guard !folded.isEmpty else { throw .emptyWord }
      terms.append(.word(folded))
    }
    self.init(terms: terms, typed: words)
  }

  /// Whether `task` passes every term, `today` being the planner's date.
  public func matches(_ task: borrowing SpoonTask, today: CivilDate) -> Bool {
    (carried.isEmpty || carriesAll(task.tagText))
      && others.allSatisfy { $0.holds(for: task, today: today) }
  }

  /// `matches` for a task where it lies (`TaskTable.forEachPlace`): its tags are read alone,
  /// and the task is copied only when it carries them all and other terms remain.
  func matches(at task: UnsafePointer<SpoonTask>, today: CivilDate) -> Bool {
    (carried.isEmpty || carriesAll(task.pointee.tagText))
      && (others.isEmpty || others.allSatisfy { $0.holds(for: task.pointee, today: today) })
  }

  /// Whether a task's `tagText` holds every ASCII tag of the filter.
  private func carriesAll(_ tagText: String) -> Bool {
    carried.allSatisfy { tag in
      tag.withUnsafeBufferPointer { SpoonTask.tagText(tagText, holds: $0) }
    }
  }
}

extension TaskFilter.Term {
  /// Whether `task` passes this one term.
  func holds(for task: borrowing SpoonTask, today: CivilDate) -> Bool {
    switch self {
    case .tag(let tag): return task.carries(tag)
    case .notTag(let tag): return !task.carries(tag)
    case .overdue:
      guard let due = task.due else { return false }
      return !task.isDone && due < today
    case .due(let comparison, let spec):
      guard let due = task.due else { return false }
      let date = spec.resolve(today: today)
      switch comparison {
      case .on: return due == date
      case .before: return due < date
      case .after: return due > date
      }
    case .within(let place):
      switch (place, task.placement) {
      case (.category, .category), (.backlog, .backlog), (.todo, .todo), (.done, .done):
        return true
      default: return false
      }
    case .spoons(let range):
      return range.contains(task.spoons.value)
    case .word(let folded):
      return SearchText.matches(task.title.text, folded)
    }
  }
}

/// A filter word whose value is wrong.
public enum FilterError: Error, Hashable, Sendable, CustomStringConvertible {
  case tag(PlannerError)
  case badDate(String)
  case badPlace(String)
  case notNegatable(String)
  case emptyWord
  /// `spoons:` with no category or range of them.
  case badSpoons(String)

  public var description: String {
    switch self {
    case .tag(let error): return error.description
    case .badDate(let word):
      return "'\(word)' needs a date after the colon: \(DueDateSpec.acceptedForms)"
    case .emptyWord:
      return "an empty word is in every title, so it would choose every task; nothing changed"
    case .notNegatable(let word):
      return "'\(word)': only a tag or a context can be left out with -, e.g. -health or -@phone"
    case .badSpoons(let word):
      return "'\(word)' needs a category after the colon, 1 to 10 or a range: spoons:3, spoons:1-3"
    case .badPlace(let word):
      return "'\(word)' is no place; a place is in:category, in:backlog, in:todo or in:done"
    }
  }
}
