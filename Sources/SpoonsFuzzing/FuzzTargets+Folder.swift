#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import SpoonsCLI
import SpoonsCore
import SpoonsStore

/// The `changes` target's folder mode: a whole shared folder, as strangers could lay it out.
extension FuzzTargets {
  /// The first line of an input in folder mode.
  static let folderMarker = Array("=== folder\n".utf8)

  /// The bytes as one change file, or, after a first line `=== folder`, as a whole shared
  /// folder (`folder`).
  public static func changes(_ bytes: [UInt8], scratch: String) {
    guard bytes.starts(with: folderMarker) else { return changes(bytes) }
    folder(Array(bytes.dropFirst(folderMarker.count)), scratch: scratch)
  }

  /// A device joins an empty shared folder, then the bytes lay out what other devices (or
  /// strangers) put there, and the device adds a task and syncs twice. Each line `=== KIND
  /// PATH` starts an entry, PATH inside the folder: `file` (the lines up to the next entry;
  /// `sum=fuzz` on a last `end` line stands for the right checksum), `dir`, `fifo`, `big` (a
  /// sparse file of a gigabyte), `gone` (removed, never followed) and `link PATH -> TO`, TO
  /// inside the scratch folder (`notes`, `data`, `target/...`). `SELF` in a path or a file is
  /// the device's id; `.` and `..` in a path are dropped. The property: every sync returns,
  /// and nothing but the data directory and the device's own folder changed (and a `devices`
  /// folder made to hold it where there was none): not the notes beside the folder, not one
  /// entry the others wrote, not where a link points.
  public static func folder(_ bytes: [UInt8], scratch: String) {
    let target = scratch + "/target"
    let notes = scratch + "/notes"
    let data = scratch + "/data"
    mkdir(scratch, 0o700)
    for path in [target, notes, data] { removeTree(path) }
    mkdir(target, 0o700)
    mkdir(notes, 0o700)
    for n in 1...3 { writeFile(notes + "/" + "0000000\(n).txt", Array("Note \(n)\n".utf8)) }
    guard runSpoons(["sync", "--init", target], data: data, scratch: scratch) == 0,
      let me = deviceID(in: data)
    else { fail("a device could not join an empty folder") }
    for (kind, path, content) in entries(bytes).prefix(64) {
      lay(kind, path, content, me: me, target: target, scratch: scratch)
    }
    let before = surroundings(target: target, notes: notes, me: me)
    for arguments in [["add", "1", "Fuzz"], ["sync"], ["sync"], ["sync", "--status"]] {
      let status = runSpoons(arguments, data: data, scratch: scratch)
      guard status == 0 || status == 1 else { fail("\(arguments) exited with \(status)") }
    }
    let after = surroundings(target: target, notes: notes, me: me)
    for path in Set(before.keys).union(after.keys).sorted() where before[path] != after[path] {
      // A `devices` folder made where there was none is the way to the device's own folder.
      if path == "target/devices/", before[path] == nil,
        after[path].map({ $0.starts(with: Array("folder ".utf8)) }) ?? false
      {
        continue
      }
      fail("a sync changed \(path), outside its data directory and its own folder")
    }
  }

  /// The entries of a folder-mode input: (kind, path, content).
  static func entries(_ bytes: [UInt8]) -> [(String, String, [UInt8])] {
    var entries: [(String, String, [UInt8])] = []
    var lines = bytes.split(separator: 10, omittingEmptySubsequences: false)
    if lines.last?.isEmpty == true { lines.removeLast() }  // the end of the last line
    for line in lines {
      let text = String(decoding: line, as: UTF8.self)
      if text.hasPrefix("=== ") {
        let parts = text.dropFirst(4).split(separator: " ", maxSplits: 1)
        entries.append((String(parts.first ?? ""), parts.count > 1 ? String(parts[1]) : "", []))
      } else if !entries.isEmpty {
        entries[entries.count - 1].2 += line + [10]
      }
    }
    return entries
  }

  /// Lays out one entry; quietly does nothing when it cannot (a parent that is a file or a
  /// link). The harness itself never follows a link: each folder on the way is opened with
  /// `O_NOFOLLOW` and the entry is made relative to it, so what it lays stays inside `target`
  /// whatever links an earlier entry (or a sync) put there.
  static func lay(
    _ kind: String, _ path: String, _ content: [UInt8], me: String, target: String,
    scratch: String
  ) {
    func inside(_ path: Substring) -> [String] {
      path.split(separator: "/").filter { $0 != "." && $0 != ".." }
        .map { $0 == "SELF" ? me : String($0) }
    }
    let arrow = path.firstRange(of: " -> ")
    let parts = inside(path[..<(arrow?.lowerBound ?? path.endIndex)])
    guard let name = parts.last, let folder = openFolder(target, parts.dropLast()) else { return }
    defer { close(folder) }
    switch kind {
    case "file":
      let text = String(decoding: content, as: UTF8.self).replacing("SELF", with: me)
      let bytes = ChangeFileProbe.sealed(Array(text.utf8))
      let fd = openat(folder, name, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_NONBLOCK, 0o644)
      guard fd >= 0 else { return }
      _ = FileDescriptor.writeAll(fd, bytes)
      close(fd)
    case "dir": mkdirat(folder, name, 0o700)
    case "fifo":
      #if canImport(Glibc)
        mkfifoat(folder, name, 0o644)
      #else
        mkfifo(target + "/" + parts.joined(separator: "/"), 0o644)  // mkfifoat needs macOS 13
      #endif
    case "big":
      let fd = openat(folder, name, O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK, 0o644)
      guard fd >= 0 else { return }
      _ = ftruncate(fd, 1 << 30)
      close(fd)
    case "gone": removeEntry(name, in: folder)
    case "link":
      guard let arrow else { return }
      symlinkat(([scratch] + inside(path[arrow.upperBound...])).joined(separator: "/"), folder, name)
    default: return
    }
  }

  /// The folder `parts` under `root`, made where missing, as an open descriptor; nil when one
  /// on the way is a link or not a folder.
  static func openFolder(_ root: String, _ parts: ArraySlice<String>) -> Int32? {
    var fd = open(root, O_RDONLY | O_DIRECTORY | O_NOFOLLOW)
    guard fd >= 0 else { return nil }
    for part in parts {
      mkdirat(fd, part, 0o700)
      let next = openat(fd, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW)
      close(fd)
      guard next >= 0 else { return nil }
      fd = next
    }
    return fd
  }

  /// Everything in the notes and in the shared folder but the device's own folder, as lstat
  /// sees it: a file by its bytes (or its size, past a megabyte), a link by its target.
  static func surroundings(target: String, notes: String, me: String) -> [String: [UInt8]] {
    var all = tree(notes, as: "notes")
    for (path, entry) in tree(target, as: "target") where !path.hasPrefix("target/devices/\(me)/") {
      all[path] = entry
    }
    return all
  }

  static func tree(_ path: String, as name: String) -> [String: [UInt8]] {
    var info = stat()
    guard lstat(path, &info) == 0 else { return [:] }
    let mode = Array("\(info.st_mode) \(info.st_size) ".utf8)
    switch info.st_mode & S_IFMT {
    case S_IFDIR:
      var entries = [name + "/": Array("folder \(info.st_mode)".utf8)]
      for child in names(in: path) {
        entries.merge(tree(path + "/" + child, as: name + "/" + child)) { $1 }
      }
      return entries
    case S_IFLNK:
      var buffer = [CChar](repeating: 0, count: 4096)
      let n = readlink(path, &buffer, buffer.count)
      return [name: mode + buffer.prefix(max(0, n)).map { UInt8(bitPattern: $0) }]
    case S_IFREG where info.st_size <= 1 << 20:
      return [name: mode + (readFile(path) ?? [])]
    default:
      return [name: mode]
    }
  }

  static func names(in path: String) -> [String] {
    let fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW)
    guard fd >= 0 else { return [] }
    defer { close(fd) }
    return names(inFolder: fd)
  }

  /// The names in an open folder (the descriptor stays open).
  static func names(inFolder fd: Int32) -> [String] {
    guard let dir = fdopendir(dup(fd)) else { return [] }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// Removes `path` and all under it, never following a link.
  static func removeTree(_ path: String) {
    guard let slash = path.lastIndex(of: "/") else { return }
    let parent = open(String(path[..<slash]), O_RDONLY | O_DIRECTORY)
    guard parent >= 0 else { return }
    defer { close(parent) }
    removeEntry(String(path[path.index(after: slash)...]), in: parent)
  }

  /// Removes the entry `name` of an open folder and all under it, each folder opened with
  /// `O_NOFOLLOW` from the one above, so no link is ever followed.
  static func removeEntry(_ name: String, in folder: Int32) {
    if unlinkat(folder, name, 0) == 0 { return }
    var info = stat()
    guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0,
      info.st_mode & S_IFMT == S_IFDIR
    else { return }
    fchmodat(folder, name, 0o700, 0)  // a folder, not a link: one a sync left unreadable
    let fd = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW)
    guard fd >= 0 else { return }
    for child in names(inFolder: fd) { removeEntry(child, in: fd) }
    close(fd)
    unlinkat(folder, name, AT_REMOVEDIR)
  }

  /// The id a data directory syncs as, from its `sync.txt`.
  static func deviceID(in data: String) -> String? {
    let text = String(decoding: readFile(data + "/sync.txt") ?? [], as: UTF8.self)
    for line in text.split(separator: "\n") where line.hasPrefix("device\t") {
      for field in line.split(separator: "\t") where field.hasPrefix("id=") {
        return String(field.dropFirst(3))
      }
    }
    return nil
  }

  /// One command of the whole program on `data`, its exit status.
  static func runSpoons(_ arguments: [String], data: String, scratch: String) -> Int32 {
    let inputPath = scratch + "/stdin"
    writeFile(inputPath, [])
    let fd = open(inputPath, O_RDONLY)
    guard fd >= 0 else { fail("cannot open \(inputPath)") }
    defer { close(fd) }
    let env = Environment(
      now: { Timestamp(seconds: 1_795_340_000) }, variables: [:],
      input: FileLineSource(fd: fd, echo: nil), output: StringSink(), errors: StringSink(),
      inputIsTerminal: false, outputIsTerminal: false,
      writeFile: { bytes, _ throws(StoreError) in
        try OutputFile.write(bytes, to: scratch + "/output")
      })
    let argv = (["--data", data] + arguments).map { Array($0.utf8) }
    return SpoonsApp.main(arguments: argv, environment: env)
  }
}
