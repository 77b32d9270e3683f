import Foundation
import SpoonsTestSupport
import Testing

@testable import SpoonsStore

/// What a git sync reads of its cache repository without asking git (`GitCacheFiles`,
/// `GitTreeCache`): the plain cases read as git would, and anything else says "ask git".
@Suite struct GitCacheFilesTests {
  static let a = String(repeating: "a", count: 40)
  static let b = String(repeating: "b", count: 40)
  static let c = String(repeating: "c", count: 64)
  static let prefixes = ["refs/heads/spoons/", "refs/remotes/spoons/"]

  /// A bare repository's skeleton: `config`, and the two folders of branches.
  static func repository() throws -> TemporaryDirectory {
    let dir = TemporaryDirectory()
    try "[core]\n\tbare = true\n".write(toFile: dir.file("config"), atomically: false, encoding: .utf8)
    for folder in ["refs/heads/spoons", "refs/remotes/spoons"] {
      try FileManager.default.createDirectory(
        atPath: dir.file(folder), withIntermediateDirectories: true)
    }
    return dir
  }

  static func write(_ text: String, _ path: String, in dir: TemporaryDirectory) throws {
    try text.write(toFile: dir.file(path), atomically: false, encoding: .utf8)
  }

  @Test func looseBranchesOverrideTheirPackedLinesAndOtherRefsAreLeftOut() throws {
    let dir = try Self.repository()
    try Self.write(
      "# pack-refs with: peeled fully-peeled sorted \n\(Self.a) refs/heads/main\n"
        + "\(Self.a) refs/heads/spoons/d1\n\(Self.a) refs/remotes/spoons/d2\n^\(Self.b)\n",
      "packed-refs", in: dir)
    try Self.write("\(Self.b)\n", "refs/heads/spoons/d1", in: dir)
    try Self.write("\(Self.c)\n", "refs/remotes/spoons/d3", in: dir)
    let refs = GitCacheFiles.refs(in: dir.path, under: Self.prefixes)
    #expect(
      refs == [
        "refs/heads/spoons/d1": Self.b, "refs/remotes/spoons/d2": Self.a,
        "refs/remotes/spoons/d3": Self.c,
      ])
  }

  @Test func noBranchesYetIsAnEmptyAnswer() throws {
    let dir = try Self.repository()
    #expect(GitCacheFiles.refs(in: dir.path, under: Self.prefixes) == [:])
  }

  /// Each of these is something only git can answer: a branch being written, a folder or a
  /// link where a branch would be, a symbolic ref, a damaged line, refs kept in a table.
  @Test(arguments: [
    "lock", "folder", "link", "symbolic", "short", "packed", "packing", "reftable",
  ])
  func anythingButThePlainFilesAsksGit(_ case: String) throws {
    let dir = try Self.repository()
    try Self.write("\(Self.a)\n", "refs/remotes/spoons/d2", in: dir)
    let branch = dir.file("refs/remotes/spoons/d9")
    switch `case` {
    case "lock": try Self.write("\(Self.a)\n", "refs/remotes/spoons/d9.lock", in: dir)
    case "folder":
      try FileManager.default.createDirectory(atPath: branch, withIntermediateDirectories: true)
    case "link": try FileManager.default.createSymbolicLink(atPath: branch, withDestinationPath: dir.file("refs/remotes/spoons/d2"))
    case "symbolic": try Self.write("ref: refs/remotes/spoons/d2\n", "refs/remotes/spoons/d9", in: dir)
    case "short": try Self.write(String(Self.a.dropLast()), "refs/remotes/spoons/d9", in: dir)
    case "packed": try Self.write("\(Self.a)refs/remotes/spoons/d9\n", "packed-refs", in: dir)
    case "packing": try Self.write("", "packed-refs.lock", in: dir)
    default:
      try Self.write("[extensions]\n\trefStorage = reftable\n", "config", in: dir)
    }
    #expect(GitCacheFiles.refs(in: dir.path, under: Self.prefixes) == nil)
  }

  @Test func treesReadBackAsWrittenAndOnlyForTheCommitsKept() throws {
    let dir = TemporaryDirectory()
    var cache = GitTreeCache()
    // A name may hold spaces, start with one, or start with a combining mark (which joins
    // the space before it into one character): the file is split as bytes.
    cache[Self.a, "devices/d1"] = [
      ("00000001.txt", Self.b, 120), ("a name with spaces", Self.c, 0), (" lead", Self.b, 1),
      ("\u{301}mark", Self.b, 2), ("\"quoted\"", Self.b, 3),
    ]
    cache[Self.b, "devices"] = [("d2/00000001.txt", Self.a, 7)]
    cache.save(keeping: [Self.a], in: dir.path)
    let read = GitTreeCache(readingFrom: dir.path)
    #expect(
      read[Self.a, "devices/d1"]?.map(\.name)
        == ["00000001.txt", "a name with spaces", " lead", "\u{301}mark", "\"quoted\""])
    #expect(read[Self.a, "devices/d1"]?.map(\.size) == [120, 0, 1, 2, 3])
    #expect(read[Self.a, "devices/d1"]?.map(\.object) == [Self.b, Self.c, Self.b, Self.b, Self.b])
    #expect(read[Self.b, "devices"] == nil, "a commit no branch names is let go")
  }

  /// A name from a remote that the file could not write back exactly keeps its tree out.
  @Test func aTreeWithAControlCharacterInANameIsNotKept() throws {
    let dir = TemporaryDirectory()
    var cache = GitTreeCache()
    cache[Self.a, "devices"] = [("d2/0000\n0001.txt", Self.b, 1), ("d2/00000002.txt", Self.b, 1)]
    cache[Self.b, "devices"] = [("d3/00000001.txt", Self.a, 1)]
    cache.save(keeping: [Self.a, Self.b], in: dir.path)
    let read = GitTreeCache(readingFrom: dir.path)
    #expect(read[Self.a, "devices"] == nil)
    #expect(read[Self.b, "devices"]?.count == 1)
  }

  /// A cut or changed file reads as empty (git is asked again), never as part of a tree.
  @Test func aCutOrChangedCacheReadsAsEmpty() throws {
    let dir = TemporaryDirectory()
    var cache = GitTreeCache()
    cache[Self.a, "devices/d1"] = [("00000001.txt", Self.b, 120), ("00000002.txt", Self.b, 9)]
    cache.save(keeping: [Self.a], in: dir.path)
    let whole = try #require(dir.bytes(GitTreeCache.fileName))
    let cut = Array(whole.prefix(whole.count - 30))
    let changed = whole.map { $0 == UInt8(ascii: "9") ? UInt8(ascii: "8") : $0 }
    for bytes in [cut, changed, [], Array("spoons-trees 2\n".utf8)] {
      try Data(bytes).write(to: URL(fileURLWithPath: dir.file(GitTreeCache.fileName)))
      #expect(GitTreeCache(readingFrom: dir.path).trees.isEmpty)
    }
  }
}
