#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a git sync reads of its cache repository (`sync-git/`, Spoons's own) without asking
/// git, so a sync with nothing new costs one `git fetch` and nothing more:
///
/// - **the branches** (`refs`): git keeps each as a file under `refs/` holding the commit,
///   or as a line of `packed-refs`; a file overrides the packed line. Anything else (a
///   folder or link where a branch would be, a symbolic ref, a repository that keeps its refs
///   another way) answers nil, and git is asked (`for-each-ref`), as before.
/// - **the files of each commit** (`GitTreeCache`): a commit never changes, so what
///   `ls-tree` said of one is written down in `spoons-trees.txt` and read back by later syncs.
///
/// The cache is this device's: only Spoons and the git it runs write there. What it holds
/// came from the remote, though, so nothing here trusts a name: a branch name is only ever a
/// key, and the trees file keeps no entry whose name it could not write back exactly.
enum GitCacheFiles {
  /// The branches under `prefixes` (`refs/heads/spoons/`, `refs/remotes/spoons/`), as
  /// `for-each-ref` would list them; nil when that cannot be told from the files alone.
  static func refs(in repository: String, under prefixes: [String]) -> [String: String]? {
    // A repository that keeps its refs in a table (`extensions.refStorage`) has no files.
    guard let config = try? FileSystem.read(repository + "/config"),
      !String(decoding: config, as: UTF8.self).lowercased().contains("refstorage")
    else { return nil }
    // The files first, then `packed-refs`, as git reads them: a `pack-refs` in between moves
    // a branch from the first to the second, never the other way.
    var loose: [String: String] = [:]
    for prefix in prefixes {
      let folder = repository + "/" + prefix.dropLast()
      guard isDirectory(folder) else {
        if exists(folder) { return nil }
        continue
      }
      guard let names = FileSystem.names(in: folder) else { return nil }
      for name in names {
        // A lock file is a ref being written: only git can say what it will hold.
        if name.hasSuffix(".lock") { return nil }
        if name.hasPrefix(".") { continue }  // no branch's name starts so; git skips it too
        let path = folder + "/" + name
        guard isRegularFile(path), let bytes = try? FileSystem.read(path),
          bytes.last == 10, let object = objectName(bytes.dropLast())
        else { return nil }
        loose[prefix + name] = object
      }
    }
    guard !exists(repository + "/packed-refs.lock") else { return nil }
    var refs: [String: String] = [:]
    if let packed = try? FileSystem.read(repository + "/packed-refs") {
      for line in packed.split(separator: 10) {
        guard let first = line.first, first != UInt8(ascii: "#"), first != UInt8(ascii: "^")
        else { continue }
        let parts = line.split(separator: 32, maxSplits: 1)
        guard parts.count == 2 else { return nil }
        let name = String(decoding: parts[1], as: UTF8.self)
        guard prefixes.contains(where: { name.hasPrefix($0) }) else { continue }
        guard let object = objectName(parts[0]) else { return nil }
        refs[name] = object
      }
    } else if exists(repository + "/packed-refs") {
      return nil
    }
    refs.merge(loose) { _, file in file }
    return refs
  }

  /// A commit's name as git writes it: 40 (SHA-1) or 64 (SHA-256) lowercase hex digits.
  static func objectName(_ bytes: some Collection<UInt8>) -> String? {
    guard bytes.count == 40 || bytes.count == 64,
      bytes.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) })
    else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func mode(_ path: String) -> mode_t? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return info.st_mode & S_IFMT
  }

  private static func exists(_ path: String) -> Bool { mode(path) != nil }
  private static func isDirectory(_ path: String) -> Bool { mode(path) == S_IFDIR }
  private static func isRegularFile(_ path: String) -> Bool { mode(path) == S_IFREG }
}
