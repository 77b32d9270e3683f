import SpoonsCore
import SpoonsSync

/// A git remote devices sync through, without merges: each device writes only its own
/// branch, which holds its change files as the shared folder would, and reads the others'.
///
/// ```
/// REMOTE   refs/heads/spoons/<device>     devices/<device>/00000001.txt ... (that device's)
/// DATA/sync-git/                          Spoons's own bare repository, a cache:
///          refs/heads/spoons/<device>     this device's branch, as this directory wrote it
///          refs/remotes/spoons/<device>   every device's branch, as last fetched
/// ```
///
/// Nothing is ever checked out, merged or rebased, so nothing can conflict: a commit is made
/// with plumbing (`hash-object`, `mktree`, `commit-tree`) on top of this device's last one,
/// and pushed without force, so the branch only ever moves forward. A push the remote rejects
/// as not a fast-forward, or a fetched branch that is not behind this directory's, means
/// another directory writes as this device.
struct GitTarget: SyncTransport {
  static let cacheName = "sync-git"

  let remote: String
  /// The data directory, an absolute path.
  let data: String
  /// The cache repository in it.
  let cache: String
  let git: Git
  /// When the sync runs, for the dates of its commit; nil where nothing is written.
  let now: Timestamp?
  /// What this sync has asked git already: a target lives for one sync.
  private let asked = Asked()

  /// The branches here, until a fetch or a commit moves one, and the files of each commit
  /// read (a commit never changes, so they are kept between syncs: `GitTreeCache`).
  private final class Asked {
    var refs: [String: String]?
    var trees: GitTreeCache?
    /// Whether `trees` holds a tree not written down yet.
    var treesLearned = false
  }

  init(remote: String, data: String, options: GitOptions, now: Timestamp?) throws(SyncError) {
    try Self.check(remote)
    self.remote = remote
    self.data = data
    self.cache = data + "/" + Self.cacheName
    self.git = try Git(repository: cache, options: options, remote: remote)
    self.now = now
  }

  static let branchPrefix = "refs/heads/spoons/"
  static let fetchedPrefix = "refs/remotes/spoons/"

  /// The URL schemes git speaks itself; any other makes it look for a `git-remote-*` program.
  static let schemes: Set<String> = ["file", "git", "ssh", "http", "https", "git+ssh", "ssh+git"]

  /// Refuses a remote git would read as an option, or reach by running a program: a
  /// `helper::address` (`ext::` runs a shell command, `fd::` uses inherited descriptors) or a
  /// `scheme://` git does not speak itself. `sync.txt` may have been edited by hand, so this
  /// holds for every sync, not only `--init`.
  static func check(_ remote: String) throws(SyncError) {
    guard !remote.hasPrefix("-") else { throw .optionLike(remote) }
    // As git tells a transport from a path: letters, digits, `+`, `.`, `-`, then `::` or `://`.
    let scheme = remote.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) }
    let rest = remote.dropFirst(scheme.count)
    guard !scheme.isEmpty else { return }
    if rest.hasPrefix("::") { throw .runsProgram(remote) }
    if rest.hasPrefix("://"), !schemes.contains(scheme.lowercased()) {
      throw .runsProgram(remote)
    }
  }

  static func branch(_ device: DeviceID) -> String { branchPrefix + device.text }
  static func fetched(_ device: DeviceID) -> String { fetchedPrefix + device.text }

  /// Whether `path` looks like a bare repository: `HEAD` and `objects/`, and not a shared
  /// folder's marker.
  static func isBareRepository(_ path: String) -> Bool {
    FileSystem.size(path + "/HEAD") != nil && FileSystem.names(in: path + "/objects") != nil
      && FileSystem.size(path + "/" + SyncFolder.markerName) == nil
  }

  // MARK: - SyncTransport

  /// Asks the remote for its branches, from outside any repository: nothing is written here.
  func create() throws(SyncError) {
    let result = try git.run(["ls-remote", "--heads", "--", remote], remote: remote, outside: true)
    guard result.status == 0 else { throw unreachable(result) }
  }

  /// Fetches every device's branch into the cache (made when missing), then checks this
  /// device's: the fetched one must be this directory's or behind it. Behind (or gone) means
  /// the remote lacks what this directory pushed, or meant to: a push that did not finish, a
  /// branch another tool rewound or deleted there. It is pushed again now, so the others get
  /// it even when this sync has nothing new to send. With nothing new, the fetch is the one
  /// call to the remote; the rest is read here.
  func refresh(as device: DeviceID?, sent: Int) throws(SyncError) {
    defer { saveTrees() }
    if !Self.isBareRepository(cache) {
      try git.succeed(["init", "--bare", "--quiet", "--template=", cache], outside: true)
    }
    // `--prune`: a branch deleted there is gone here too, not read from an old copy.
    let fetch = try git.run(
      [
        "fetch", "--quiet", "--no-tags", "--no-recurse-submodules", "--prune", "--", remote,
        "+" + Self.branchPrefix + "*:" + Self.fetchedPrefix + "*",
      ], remote: remote)
    asked.refs = nil
    guard fetch.status == 0 else { throw unreachable(fetch) }
    guard let device else { return }
    let refs = try self.refs()
    guard let theirs = refs[Self.fetched(device)] else {
      if let ours = refs[Self.branch(device)] { try push(ours, as: device) }
      return
    }
    guard let ours = refs[Self.branch(device)] else {
      // The cache was lost: the branch is taken back when nothing on it is newer than what
      // the synced state says this device sent.
      guard try highestSeq(in: theirs, of: device) <= sent else { throw otherWriter }
      try git.succeed(["update-ref", Self.branch(device), theirs])
      asked.refs = nil
      return
    }
    guard ours != theirs else { return }
    let check = try git.run(["merge-base", "--is-ancestor", theirs, ours])
    switch check.status {
    case 0: try push(ours, as: device)
    case 1: throw otherWriter
    default:
      throw .gitFailed(
        repository: cache, reason: "git merge-base failed: " + Git.reason(check.errors))
    }
  }

  func highestSeq(of device: DeviceID) throws(SyncError) -> Int {
    defer { saveTrees() }
    let refs = try self.refs()
    var highest = 0
    for ref in [Self.branch(device), Self.fetched(device)] {
      if let commit = refs[ref] { highest = max(highest, try highestSeq(in: commit, of: device)) }
    }
    return highest
  }

  /// One commit on this device's branch that writes `files` and removes `removing` in its
  /// folder, pushed without force.
  private func commitOwn(
    _ device: DeviceID, name deviceName: String, writing files: [String: [UInt8]],
    removing: Set<String>, message: String
  ) throws(SyncError) {
    let branch = Self.branch(device)
    let parent = try refs()[branch]
    let folder = "devices/" + device.text
    var entries: [String: GitTreeCache.Entry] = [:]
    if let parent {
      for entry in try tree(parent, under: folder) where !removing.contains(entry.name) {
        entries[entry.name] = entry
      }
    }
    for (name, bytes) in files {
      let blob = try text(git.succeed(["hash-object", "-w", "--stdin"], input: bytes))
      entries[name] = (name, blob, bytes.count)
    }
    let files = entries.keys.sorted().map { entries[$0]! }
    let tree = try makeTree(files.map { "100644 blob \($0.object)\t\($0.name)" })
    let devices = try makeTree(["040000 tree \(tree)\t\(device.text)"])
    let root = try makeTree(["040000 tree \(devices)\tdevices"])
    var identity = [
      "GIT_AUTHOR_NAME": deviceName.isEmpty ? "spoons" : deviceName,
      "GIT_AUTHOR_EMAIL": device.text + "@spoons.invalid",
    ]
    identity["GIT_COMMITTER_NAME"] = identity["GIT_AUTHOR_NAME"]
    identity["GIT_COMMITTER_EMAIL"] = identity["GIT_AUTHOR_EMAIL"]
    if let now {
      identity["GIT_AUTHOR_DATE"] = "@\(now.seconds) +0000"
      identity["GIT_COMMITTER_DATE"] = identity["GIT_AUTHOR_DATE"]
    }
    let commit = try text(
      git.succeed(
        ["commit-tree", "--no-gpg-sign", root] + (parent.map { ["-p", $0] } ?? [])
          + ["-m", message],
        extra: identity))
    try git.succeed(["update-ref", branch, commit])
    asked.refs = nil
    // What the new commit holds is known: the next sync need not ask.
    remember(files, of: commit, under: folder)
    try push(commit, as: device)
  }

  /// Pushes `commit` to this device's branch there, without force.
  private func push(_ commit: String, as device: DeviceID) throws(SyncError) {
    let push = try git.run(
      ["push", "--porcelain", "--", remote, commit + ":" + Self.branch(device)], remote: remote)
    guard push.status != 0 else { return }
    for line in Git.lines(push.output) where line.hasPrefix("!") {
      if line.contains("[remote rejected]") {
        throw .remoteRefused(remote: remote, reason: Self.refusal(line, errors: push.errors))
      }
      throw otherWriter  // [rejected]: not a fast-forward of what this directory wrote
    }
    throw unreachable(push)
  }

  /// Why the remote turned a push down, in one line: the first thing its hook said
  /// (`remote: ...`), then git's reason from the porcelain line (`pre-receive hook declined`).
  static func refusal(_ line: String, errors: [UInt8]) -> String {
    var parts: [String] = []
    let said = String(decoding: errors, as: UTF8.self).split(whereSeparator: \.isNewline)
      .compactMap { row -> String? in
        guard row.hasPrefix("remote:") else { return nil }
        let text = row.dropFirst("remote:".count).trimming(" \t\r")
        return text.isEmpty ? nil : text
      }
    if let said = said.first { parts.append(said) }
    if let open = line.firstRange(of: "[remote rejected]") {
      var why = line[open.upperBound...].trimming(" \t")
      if why.hasPrefix("("), why.hasSuffix(")") { why = String(why.dropFirst().dropLast()) }
      if !why.isEmpty { parts.append(why) }
    }
    return parts.isEmpty ? "git gave no reason" : Git.printable(parts.joined(separator: "; "))
  }

  /// Reads every other device's fetched branch: its files, in one `cat-file` for all.
  func read(except device: DeviceID, seen: Set<String>) throws(SyncError) -> SyncIncoming {
    defer { saveTrees() }
    var wanted: [(folder: String, name: String, object: String)] = []
    var incoming = SyncIncoming()
    let read = SyncIncoming.namesRead(seen)
    for (ref, commit) in try refs() where ref.hasPrefix(Self.fetchedPrefix) {
      guard ref.dropFirst(Self.fetchedPrefix.count) != device.text else { continue }
      for entry in try tree(commit, under: "devices") {
        let parts = entry.name.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0] != device.text, !parts[0].hasPrefix("."),
          SyncIncoming.isSyncFile(String(parts[1])), !read.contains(entry.name)
        else { continue }
        // The same bound as a file in a shared folder: a blob a peer pushed is never read
        // whole into memory past it.
        guard entry.size <= SyncDirectory.largestFile else {
          incoming.setAside(
            "devices/\(entry.name) on \(remote)",
            "it is \(entry.size) bytes, more than any file Spoons writes; it is not read")
          continue
        }
        wanted.append((String(parts[0]), String(parts[1]), entry.object))
      }
    }
    wanted.sort { ($0.folder, $0.name) < ($1.folder, $1.name) }
    let contents = try blobs(Set(wanted.map(\.object)))
    for file in wanted {
      incoming.take(
        contents[file.object], folder: file.folder, name: file.name,
        path: "devices/\(file.folder)/\(file.name) on \(remote)", except: device, seen: seen)
    }
    for (ref, _) in try refs() where ref.hasPrefix(Self.fetchedPrefix) {
      let folder = String(ref.dropFirst(Self.fetchedPrefix.count))
      if folder != device.text { incoming.devices.insert(folder) }
    }
    return incoming
  }

  /// One commit on top of this device's branch, pushed. The branch here moves first, so a
  /// kill before the push ends leaves a commit that the next sync pushes with its own; a
  /// remote that refuses it changes nothing there.
  func updateOwn(
    _ device: DeviceID, name: String, writing files: [String: [UInt8]], removing: Set<String>
  ) throws(SyncError) {
    defer { saveTrees() }
    let changes = files.keys.compactMap(ChangeFile.seq(ofFileNamed:)).sorted()
    let message =
      changes.isEmpty
      ? "spoons: what \(name) has read" : "spoons: change file \(changes[0]) from \(name)"
    try commitOwn(device, name: name, writing: files, removing: removing, message: message)
  }

  func ownNames(_ device: DeviceID) throws(SyncError) -> [String] {
    defer { saveTrees() }
    guard let commit = try refs()[Self.branch(device)] else { return [] }
    return try tree(commit, under: "devices/" + device.text).map(\.name)
  }

  // MARK: - Plumbing

  private var otherWriter: SyncError { .otherWriter(remote: remote, data: data) }

  private func unreachable(_ result: ChildProcess.Result) -> SyncError {
    .remoteUnreachable(remote: remote, reason: Git.reason(result.errors))
  }

  /// The branches here, by name: this device's own and every fetched one. Read from the
  /// cache's files when they say it plainly (`GitCacheFiles`), from git otherwise.
  private func refs() throws(SyncError) -> [String: String] {
    if let refs = asked.refs { return refs }
    if let refs = GitCacheFiles.refs(in: cache, under: [Self.branchPrefix, Self.fetchedPrefix]) {
      asked.refs = refs
      return refs
    }
    let output = try git.succeed([
      "for-each-ref", "--format=%(objectname) %(refname)", Self.branchPrefix, Self.fetchedPrefix,
    ])
    var refs: [String: String] = [:]
    for line in Git.lines(output) {
      let parts = line.split(separator: " ", maxSplits: 1)
      if parts.count == 2 { refs[String(parts[1])] = String(parts[0]) }
    }
    asked.refs = refs
    return refs
  }

  /// The files under `folder` in `commit`'s tree, with their paths below it and sizes.
  private func tree(_ commit: String, under folder: String) throws(SyncError)
    -> [GitTreeCache.Entry]
  {
    if let entries = trees[commit, folder] { return entries }
    let output = try git.succeed(["ls-tree", "-r", "-l", "-z", commit, "--", folder + "/"])
    var entries: [(name: String, object: String, size: Int)] = []
    for record in output.split(separator: 0) {
      // `100644 blob <object> <size, padded>\t<path>`: no quoting with -z.
      guard let tab = record.firstIndex(of: 9) else { continue }
      let fields = String(decoding: record[..<tab], as: UTF8.self).split(separator: " ")
      let path = String(decoding: record[(tab + 1)...], as: UTF8.self)
      guard fields.count == 4, fields[1] == "blob", let size = Int(fields[3]),
        path.hasPrefix(folder + "/")
      else { continue }
      entries.append((String(path.dropFirst(folder.count + 1)), String(fields[2]), size))
    }
    remember(entries, of: commit, under: folder)
    return entries
  }

  /// The trees read before, by this sync or an earlier one.
  private var trees: GitTreeCache {
    if let trees = asked.trees { return trees }
    let trees = GitTreeCache(readingFrom: cache)
    asked.trees = trees
    return trees
  }

  /// Keeps what `commit` holds under `folder` for the syncs after this one
  /// (`saveTrees`).
  private func remember(_ entries: [GitTreeCache.Entry], of commit: String, under folder: String) {
    var trees = self.trees
    trees[commit, folder] = entries
    asked.trees = trees
    asked.treesLearned = true
  }

  /// Writes the trees learned by this call down, with those of the other commits the
  /// branches name now, once per call of the transport that asked git for any.
  private func saveTrees() {
    guard asked.treesLearned, let trees = asked.trees else { return }
    asked.treesLearned = false
    trees.save(keeping: Set((try? refs())?.values.map { $0 } ?? []), in: cache)
  }

  private func highestSeq(in commit: String, of device: DeviceID) throws(SyncError) -> Int {
    try tree(commit, under: "devices/" + device.text)
      .compactMap { ChangeFile.seq(ofFileNamed: $0.name) }.max() ?? 0
  }

  /// A tree of `lines` (`mode type object\tname`), each ended by NUL (`-z`): without it, git
  /// reads a name that starts with `"` as C-quoted and writes another name than the one given.
  private func makeTree(_ lines: [String]) throws(SyncError) -> String {
    var input: [UInt8] = []
    for line in lines { input += Array(line.utf8) + [0] }
    return try text(git.succeed(["mktree", "-z"], input: input))
  }

  /// The contents of `objects`, by name, from one `git cat-file --batch`.
  private func blobs(_ objects: Set<String>) throws(SyncError) -> [String: [UInt8]] {
    guard !objects.isEmpty else { return [:] }
    let names = objects.sorted()
    let output = try git.succeed(
      ["cat-file", "--batch"], input: Array(names.map { $0 + "\n" }.joined().utf8))
    // Each: `<object> blob <size>\n<contents>\n`, or `<object> missing\n`.
    var contents: [String: [UInt8]] = [:]
    var at = 0
    while at < output.count {
      guard let end = output[at...].firstIndex(of: 10) else { break }
      let header = String(decoding: output[at..<end], as: UTF8.self).split(separator: " ")
      at = end + 1
      guard header.count == 3, let size = Int(header[2]), at + size <= output.count else {
        continue
      }
      if header[1] == "blob" { contents[String(header[0])] = Array(output[at..<(at + size)]) }
      at += size + 1
    }
    return contents
  }

  private func text(_ output: [UInt8]) -> String {
    String(decoding: output, as: UTF8.self).trimmingSuffix("\n")
  }
}

extension String {
  fileprivate func trimmingSuffix(_ suffix: String) -> String {
    var text = self
    while text.hasSuffix(suffix) { text.removeLast(suffix.count) }
    return text
  }
}
