/// Text reduced for matching, so "creme" finds "Crème brûlée" and "CAFE" finds "café":
/// lowercase, accents of Latin letters removed, combining marks dropped.
public enum SearchText {
  /// UTF-8 of the folded text.
  public static func fold(_ text: String) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(text.utf8.count)
    var ascii = true
    for byte in text.utf8 {
      guard byte < 0x80 else {
        ascii = false
        break
      }
      result.append((0x41...0x5A).contains(byte) ? byte | 0x20 : byte)
    }
    if ascii { return result }
    result.removeAll(keepingCapacity: true)
    for scalar in text.unicodeScalars {
      let v = scalar.value
      if v < 0x80 {
        let byte = UInt8(v)
        result.append((0x41...0x5A).contains(byte) ? byte | 0x20 : byte)
      } else if (0xC0...0x17F).contains(v), !latinFolds[Int(v - 0xC0)].isEmpty {
        result += latinFolds[Int(v - 0xC0)].utf8
      } else if scalar.properties.generalCategory == .nonspacingMark {
        continue
      } else {
        result += scalar.properties.lowercaseMapping.utf8
      }
    }
    return result
  }

  /// Whether the folded `needle` occurs in `text` once folded. Plain ASCII text (most titles)
  /// is matched where it lies, with no folded copy: `search` reads the whole archive.
  public static func matches(_ text: String, _ needle: [UInt8]) -> Bool {
    let inPlace = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
      for byte in bytes where byte >= 0x80 { return nil }
      guard !needle.isEmpty else { return true }
      guard bytes.count >= needle.count else { return false }
      return (0...(bytes.count - needle.count)).contains { start in
        needle.indices.allSatisfy { j in
          let byte = bytes[start + j]
          return ((0x41...0x5A).contains(byte) ? byte | 0x20 : byte) == needle[j]
        }
      }
    }
    if let inPlace, let found = inPlace { return found }
    return contains(fold(text), needle)
  }

  /// Whether `needle` occurs in `haystack` (both folded).
  public static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard !needle.isEmpty else { return true }
    guard haystack.count >= needle.count else { return false }
    let first = needle[0]
    var i = 0
    let last = haystack.count - needle.count
    while i <= last {
      if haystack[i] == first {
        var j = 1
        while j < needle.count && haystack[i + j] == needle[j] { j += 1 }
        if j == needle.count { return true }
      }
      i += 1
    }
    return false
  }

  /// U+00C0...U+017F (Latin-1 Supplement and Latin Extended-A) without their accents;
  /// empty where the character stays as it is (× and ÷).
  static let latinFolds: [String] =
    ("a,a,a,a,a,a,ae,c,e,e,e,e,i,i,i,i,d,n,o,o,o,o,o,,o,u,u,u,u,y,th,ss,"
    + "a,a,a,a,a,a,ae,c,e,e,e,e,i,i,i,i,d,n,o,o,o,o,o,,o,u,u,u,u,y,th,y,"
    + "a,a,a,a,a,a,c,c,c,c,c,c,c,c,d,d,d,d,e,e,e,e,e,e,e,e,e,e,g,g,g,g,g,g,g,g,h,h,h,h,"
    + "i,i,i,i,i,i,i,i,i,i,ij,ij,j,j,k,k,k,l,l,l,l,l,l,l,l,l,l,n,n,n,n,n,n,n,n,n,"
    + "o,o,o,o,o,o,oe,oe,r,r,r,r,r,r,s,s,s,s,s,s,s,s,t,t,t,t,t,t,"
    + "u,u,u,u,u,u,u,u,u,u,u,u,w,w,y,y,y,z,z,z,z,z,z,s")
    .split(separator: ",", omittingEmptySubsequences: false).map(String.init)
}

/// One task that matched a search, and in which of its texts.
public struct SearchHit: Hashable, Sendable {
  public let task: SpoonTask
  /// `title`, `note` or `where`; nil when the search had no text, only a filter.
  public let field: TaskField?
}

extension Planner {
  /// Every task whose title, note or place contains `query` (ignoring case and accents): the
  /// categories 1 to 10, the backlog and today's list in that order, then `completed` (tasks
  /// checked off on earlier days) as given; of those, the ones that pass `filter` (`search
  /// +health pharmacy`), `today` being the planner's date. With no `query`, every task that
  /// passes the filter.
  public func search(
    _ query: String, matching filter: TaskFilter = TaskFilter(), today: CivilDate,
    completed: some Sequence<SpoonTask>
  ) -> [SearchHit] {
    let needle = SearchText.fold(query)
    var hits: [SearchHit] = []
    // Two passes, not `allTasks + completed`: the archive may hold 100,000 tasks.
    func check(_ task: SpoonTask) {
      guard filter.isEmpty || filter.matches(task, today: today) else { return }
      if needle.isEmpty {
        hits.append(SearchHit(task: task, field: nil))
      } else if SearchText.matches(task.title.text, needle) {
        hits.append(SearchHit(task: task, field: .title))
      } else if let note = task.note, SearchText.matches(note, needle) {
        hits.append(SearchHit(task: task, field: .note))
      } else if let place = task.location, SearchText.matches(place, needle) {
        hits.append(SearchHit(task: task, field: .where))
      }
    }
    allTasks.forEach(check)
    completed.forEach(check)
    return hits
  }
}
