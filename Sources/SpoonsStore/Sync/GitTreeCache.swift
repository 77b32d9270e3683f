/// The files of commits a git sync has read, kept between syncs in the cache repository
/// (`sync-git/spoons-trees.txt`): a commit never changes, so what `git ls-tree` said of it
/// once holds for ever, and a sync whose branches did not move asks git nothing but the fetch.
///
/// ```
/// spoons-trees 1
/// tree <commit> <folder>
/// <object> <size> <name>
/// end <FNV-1a of the lines before>
/// ```
/// A cache, written without a flush: a file that is cut, damaged or of another version is
/// read as empty, and git is asked again. Only the trees of the commits the branches name
/// now are kept, and a tree holding a name this format could not write back exactly (a
/// control character, from a remote anyone may push to) is not kept at all.
struct GitTreeCache {
  typealias Entry = (name: String, object: String, size: Int)

  static let fileName = "spoons-trees.txt"
  static let header = "spoons-trees 1"

  private(set) var trees: [String: [Entry]] = [:]

  init() {}

  /// The cache in `repository`, or an empty one when there is none or it does not read.
  init(readingFrom repository: String) {
    guard let bytes = try? FileSystem.read(repository + "/" + Self.fileName),
      let trees = Self.decode(bytes)
    else { return }
    self.trees = trees
  }

  /// The key of `folder` in `commit`.
  static func key(_ commit: String, _ folder: String) -> String { commit + " " + folder }

  subscript(commit: String, folder: String) -> [Entry]? {
    get { trees[Self.key(commit, folder)] }
    set { trees[Self.key(commit, folder)] = newValue }
  }

  /// Writes the trees of `commits` (the commits the branches name now) to `repository`; a
  /// failure only means git is asked again next time.
  func save(keeping commits: Set<String>, in repository: String) {
    let kept = trees.filter { key, entries in
      commits.contains(String(key.prefix { $0 != " " })) && entries.allSatisfy { Self.writable($0) }
    }
    // A temporary file a crash left behind here is this cache's: git writes none by that name.
    FileSystem.sweepTemporaries(in: repository)
    FileSystem.replaceCache(repository + "/" + Self.fileName, with: Self.encode(kept))
  }

  static func writable(_ entry: Entry) -> Bool {
    !entry.name.isEmpty && entry.name.utf8.allSatisfy { $0 >= 0x20 && $0 != 0x7F }
      && GitCacheFiles.objectName(entry.object.utf8) != nil
  }

  static func encode(_ trees: [String: [Entry]]) -> [UInt8] {
    var text = header + "\n"
    for key in trees.keys.sorted() {
      text += "tree \(key)\n"
      for entry in trees[key]! { text += "\(entry.object) \(entry.size) \(entry.name)\n" }
    }
    var bytes = Array(text.utf8)
    bytes += Array("end \(FNV1a.hex(bytes))\n".utf8)
    return bytes
  }

  /// The trees `bytes` holds, or nil when it is not a whole file of this version.
  static func decode(_ bytes: [UInt8]) -> [String: [Entry]]? {
    guard let endLine = bytes.dropLast().lastIndex(of: 10).map({ $0 + 1 }), bytes.last == 10,
      Array(bytes[endLine...]) == Array("end \(FNV1a.hex(bytes[..<endLine]))\n".utf8)
    else { return nil }
    // Split as bytes, not characters: a name may start with a combining mark, which would
    // join the space before it into one character.
    let lines = bytes[..<endLine].split(separator: 10, omittingEmptySubsequences: false)
      .dropLast()
    guard let first = lines.first, String(decoding: first, as: UTF8.self) == header else {
      return nil
    }
    var trees: [String: [Entry]] = [:]
    var current: String?
    for line in lines.dropFirst() {
      let parts = line.split(separator: 32, maxSplits: 2, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
      if parts.first == "tree" {
        guard parts.count == 3, GitCacheFiles.objectName(parts[1].utf8) != nil else { return nil }
        current = Self.key(parts[1], parts[2])
        trees[current!] = []
        continue
      }
      guard let key = current, parts.count == 3, let size = Int(parts[1]), size >= 0 else {
        return nil
      }
      let entry = (name: parts[2], object: parts[0], size: size)
      guard writable(entry) else { return nil }
      trees[key]!.append(entry)
    }
    return trees
  }
}
