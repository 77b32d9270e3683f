#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `sync --init` adds to the data directory before its first sync has gone through,
/// taken back when that sync fails, so a failed join leaves every byte as it was.
///
/// A join writes `sync.txt`, then syncs, which for git makes or fills the cache `sync-git/`
/// (a cache already there, from a device this directory synced as before, is set aside and
/// put back); taking the lock creates `spoons.lock`, and the data directory with its
/// parents, when they were not there. Only those are removed, by name; a directory only
/// when it is empty again.
struct JoinRollback {
  private let directory: String
  private let cache: String
  private let aside: String
  /// The data directory and the parents the join made for it, innermost first.
  private let made: [String]
  private let hadLock: Bool
  private let hadCache: Bool

  /// Notes what is there, and sets a cache that is there aside.
  init(directory: String) {
    self.directory = directory
    cache = directory + "/" + GitTarget.cacheName
    aside = directory + "/." + GitTarget.cacheName + "-before-join"
    var made: [String] = []
    var path = directory
    while !path.isEmpty, path != "/", path != ".", !Self.exists(path) {
      made.append(path)
      path = Self.parent(of: path)
    }
    self.made = made
    hadLock = Self.exists(directory + "/" + FileLock.name)
    Self.removeTree(aside)  // left by a join that was killed: a cache, fetched again if needed
    hadCache = Self.exists(cache) && rename(cache, aside) == 0
  }

  /// The join went through: the cache set aside is not needed.
  func finish() {
    if hadCache { Self.removeTree(aside) }
  }

  /// The join failed: everything it added goes, and a cache set aside comes back.
  func undo() {
    unlink(directory + "/" + SyncSetup.fileName)
    Self.removeTree(cache)
    if hadCache { _ = rename(aside, cache) }
    if !hadLock { unlink(directory + "/" + FileLock.name) }
    for path in made { _ = rmdir(path) }
  }

  private static func exists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }

  private static func parent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// Removes `path` and everything below it, following no symbolic link.
  private static func removeTree(_ path: String) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return }
    guard (info.st_mode & S_IFMT) == S_IFDIR else {
      unlink(path)
      return
    }
    for name in FileSystem.names(in: path) ?? [] { removeTree(path + "/" + name) }
    rmdir(path)
  }
}
