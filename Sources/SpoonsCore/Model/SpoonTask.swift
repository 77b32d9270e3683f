/// A thing to do and what it costs.
///
/// Named `SpoonTask` rather than `Task` so it never collides with Swift concurrency's `Task` in
/// code that imports both.
public struct SpoonTask: Hashable, Sendable, Identifiable {
  public let id: TaskID
  public internal(set) var title: Title
  public internal(set) var spoons: SpoonCost
  /// Leaving `done` (undone today, or reopened from the archive) forgets what a rest gave
  /// back: only a done rest has given anything, and the files refuse `back=` elsewhere.
  public package(set) var placement: Placement {
    didSet {
      if placement.isOpen {
        storedGaveBack = -1
        storedTook = -1
      }
    }
  }
  public let created: Timestamp
  public internal(set) var updated: Timestamp
  /// A longer description, if the user gave one.
  public internal(set) var note: String?
  /// Where it happens ("High St"), if the user gave it.
  public internal(set) var location: String?
  /// Its tags and contexts as the files write them (`+health @phone`: `Tag.parseStored`), ""
  /// for none. One string, not an array: most fit in a `String`'s own 15 bytes, so reading
  /// 100,000 tasks allocates nothing for their tags.
  public private(set) var tagText: String
  /// When it is due, if ever.
  public internal(set) var due: CivilDate?
  /// A rest (a nap, a quiet hour) costs nothing to plan and gives its spoons back when
  /// checked off.
  public let isRest: Bool
  /// For a rest that is checked off: the spoons it gave back, fixed at that moment
  /// (`SpoonLedger.giveBack`), so later spending never changes what an earlier rest gave.
  /// Nil for everything else, and for rests archived before the amount was kept.
  public internal(set) var gaveBack: Int? {
    get { storedGaveBack < 0 ? nil : Int(storedGaveBack) }
    set { storedGaveBack = newValue.map { Int8(clamping: $0) } ?? -1 }
  }
  /// `gaveBack` in one byte (at most a cost, 10; -1 for none) beside `isRest`, so that a
  /// task of the 100,000 a planner may hold stays the size it was.
  private var storedGaveBack: Int8
  /// For a task checked off with `done ID --took N`: what it really took, when that was not
  /// what it was planned at. Nil means "as planned", and for anything not done. Kept beside
  /// its planned cost, never instead of it, so `stats` and `pace` can learn from the two.
  public internal(set) var took: Int? {
    get { storedTook < 0 ? nil : Int(storedTook) }
    set { storedTook = newValue.map { Int8(clamping: $0) } ?? -1 }
  }
  /// `took` in one byte (at most `Limits.spoonsTaken`, 99; -1 for none).
  private var storedTook: Int8

  public var isDone: Bool { !placement.isOpen }

  /// Its tags and contexts (`+health`, `@phone`), each once, in order (`Tag.normalized`).
  public internal(set) var tags: [Tag] {
    get {
      guard !tagText.isEmpty else { return [] }
      return Tag.parseStored(tagText) ?? []
    }
    set { tagText = Tag.storedText(of: newValue) }
  }

  /// Whether it carries `tag`, found in `tagText` without reading the tags out of it.
  public func carries(_ tag: Tag) -> Bool {
    guard !tagText.isEmpty else { return false }
    // Bytes compare as `Tag`s do only in ASCII; other names compare as Strings (`한` written
    // two ways is one tag).
    guard tag.isASCII else { return tags.contains(tag) }
    let found = tag.description.utf8.withContiguousStorageIfAvailable {
      Self.tagText(tagText, holds: $0)
    }
    return found
      ?? tagText.utf8.split(separator: 0x20).contains { $0.elementsEqual(tag.description.utf8) }
  }

  /// Whether a task's `tagText` holds the ASCII tag `word` whole: a filter keeps its ASCII
  /// tags as bytes, to check each task without copying a `Tag` out for it.
  static func tagText(_ text: String, holds word: UnsafeBufferPointer<UInt8>) -> Bool {
    guard !text.isEmpty else { return false }
    let found = text.utf8.withContiguousStorageIfAvailable { Self.holds(word: word, in: $0) }
    return found ?? text.split(separator: " ").contains { $0.utf8.elementsEqual(word) }
  }

  /// Whether the space-separated `words` hold `word` whole.
  private static func holds(word: UnsafeBufferPointer<UInt8>, in words: UnsafeBufferPointer<UInt8>)
    -> Bool
  {
    var start = 0
    while start < words.count {
      var end = start
      while end < words.count && words[end] != 0x20 { end += 1 }
      if end - start == word.count {
        var i = 0
        while i < word.count && words[start + i] == word[i] { i += 1 }
        if i == word.count { return true }
      }
      start = end + 1
    }
    return false
  }

  /// What planning it takes from the day: its spoons, or nothing for a rest.
  public var cost: Int { isRest ? 0 : spoons.value }

  /// What it took once checked off: what `--took` noted, else its cost. What `spent` counts.
  public var spent: Int { isRest ? 0 : took ?? spoons.value }

  /// What it gave back once checked off: a done rest's `gaveBack`, else nothing. What
  /// `rested` counts; never taken off `spent`, which stays what the work took.
  public var rested: Int { isRest && isDone ? gaveBack ?? 0 : 0 }

  /// The routine that made it, for a task `new-day` put on the list.
  public var routine: RoutineID? {
    switch placement {
    case .todo(.routine(let id)), .done(.routine(let id), _): return id
    default: return nil
    }
  }

  /// When it was checked off, if it was.
  public var completed: Timestamp? {
    if case .done(_, let at) = placement { return at }
    return nil
  }
}

extension SpoonTask {
  // In an extension so that the struct keeps its memberwise initialiser, which builds the
  // task as one value. Stored field by field here, 100,000 tasks read from a file were each
  // built aside and copied out, retaining and releasing their strings.
  public init(
    id: TaskID, title: Title, spoons: SpoonCost, placement: Placement, created: Timestamp,
    updated: Timestamp, note: String? = nil, location: String? = nil, tags: [Tag] = [],
    due: CivilDate? = nil, isRest: Bool = false, gaveBack: Int? = nil, took: Int? = nil
  ) {
    self.init(
      id: id, title: title, spoons: spoons, placement: placement, created: created,
      updated: updated, note: note, location: location,
      tagText: Tag.storedText(of: tags), due: due,
      isRest: isRest,
      storedGaveBack: gaveBack.map { Int8(clamping: $0) } ?? -1,
      storedTook: took.map { Int8(clamping: $0) } ?? -1)
  }

  /// A task whose tags the store read as text, already checked (`Tag.storedText`): nothing
  /// is parsed or allocated for them.
  package init(
    id: TaskID, title: Title, spoons: SpoonCost, placement: Placement, created: Timestamp,
    updated: Timestamp, note: String?, location: String?, checkedTagText: String,
    due: CivilDate?, isRest: Bool, gaveBack: Int?, took: Int?
  ) {
    self.init(
      id: id, title: title, spoons: spoons, placement: placement, created: created,
      updated: updated, note: note, location: location, tagText: checkedTagText, due: due,
      isRest: isRest, storedGaveBack: gaveBack.map { Int8(clamping: $0) } ?? -1,
      storedTook: took.map { Int8(clamping: $0) } ?? -1)
  }
}
