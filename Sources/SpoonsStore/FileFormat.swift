/// The name and version every Spoons file starts with: `format<TAB>name=...<TAB>version=N`.
///
/// A file names what it is, so a `done.txt` copied over `planner.txt` is refused rather than
/// misread, and its version, so a newer Spoons's file is refused rather than half understood.
struct FileFormat {
  let name: String
  let version: Int

  func encodeHeader(to out: inout [UInt8]) {
    out.append(contentsOf: "format".utf8)
    RecordCodec.field("name", name, to: &out)
    RecordCodec.field("version", String(version), to: &out)
    out.append(UInt8(ascii: "\n"))
  }

  /// Spoons's files by the name in their format line: what a user calls each, and the word a
  /// message uses for its kind ("not a Spoons planner file").
  static let known: [String: (file: String, kind: String)] = [
    "spoons-planner": ("planner.txt", "planner"), "spoons-done": ("done.txt", "archive"),
    "spoons-days": ("days.txt", "archive"), "spoons-undo": ("undo-N.txt", "undo history"),
    "spoons-history": ("history.txt", "prompt history"),
  ]

  var kind: String { Self.known[name]?.kind ?? name }

  /// nil when `bytes` start with this format's line (whatever follows, and whatever version);
  /// else the error for a file that is something else altogether, saying what it seems to
  /// hold, so that a photo or an export copied over `planner.txt` is named as such rather
  /// than reported as a bad first line.
  ///
  /// - Parameters:
  ///   - bytes: the file's first bytes (all of it, or its first block);
  ///   - whole: the whole file's length.
  func foreign(_ bytes: UnsafeBufferPointer<UInt8>, whole: Int, file: String) -> StoreError? {
    let head = Array(bytes.prefix(512))[...]
    let firstLine = head.prefix { $0 != 10 }
    if firstLine.starts(with: Array("format\tname=\(name)\t".utf8)) { return nil }
    return .foreign(file: file, kind: kind, holds: Self.describe(head, whole: whole))
  }

  /// What the first bytes of a file that is not ours seem to be, when it can be told.
  static func describe(_ head: ArraySlice<UInt8>, whole: Int) -> String? {
    let text = head.drop { [9, 10, 13, 32].contains($0) }
    if text.isEmpty && whole == head.count { return "it is empty" }
    // Up to three bytes of a character cut off by the 512-byte prefix are not a fault.
    let valid = (0...min(3, head.count)).contains {
      String(validating: head.dropLast($0), as: UTF8.self) != nil
    }
    if head.contains(0) || !valid { return "it is not a text file" }
    if text.first == UInt8(ascii: "{") || text.first == UInt8(ascii: "[") {
      let spoons = String(decoding: head, as: UTF8.self).contains("\"spoons-export\"")
      return spoons ? "it holds a Spoons JSON export" : "it holds JSON"
    }
    if text.starts(with: Array("type,id,title,".utf8)) { return "it holds a Spoons CSV export" }
    let line = String(decoding: text.prefix { $0 != 10 }, as: UTF8.self)
    if line.hasPrefix("format\tname="), let name = line.dropFirst(12).split(separator: "\t").first,
      let other = known[String(name)]
    {
      return "it is a Spoons \(other.file)"
    }
    return nil
  }

  /// Checks the first record and returns the file's version (migrations switch on it).
  func checkHeader(_ record: RecordCodec.Record) throws(DecodeError) -> Int {
    guard record.line == 1, record.isKind("format") else {
      throw DecodeError(line: record.line, reason: "expected the format line first")
    }
    try record.expectOnly(["name", "version"])
    let found = try record.string("name")
    guard found == name else {
      throw DecodeError(line: 1, reason: "this is a '\(found)' file, not '\(name)'")
    }
    let fileVersion = try record.int("version")
    guard fileVersion >= 1 else { throw DecodeError(line: 1, reason: "bad version") }
    guard fileVersion <= version else {
      throw DecodeError(line: 1, reason: "newer format", newerVersion: fileVersion)
    }
    return fileVersion
  }
}

extension FileFormat {
  /// Calls `body` with every record of a file in this format after checking its format line;
  /// an empty file has none. `header` is told the file's version first, for a decoder whose
  /// reading of the lines after depends on it.
  func decodeRecords(
    _ bytes: [UInt8], file: String, header: (Int) -> Void = { _ in },
    _ body: (RecordCodec.Record) throws(DecodeError) -> Void
  ) throws(StoreError) {
    try decodeLines(bytes, file: file, header: header) { line throws(DecodeError) in
      try body(line.record())
    }
  }

  /// `decodeRecords` for a decoder that reads its common lines itself (see `RecordCodec.Line`).
  /// Returns the file's version (0 for no bytes), for what a version allows.
  @discardableResult
  func decodeLines(
    _ bytes: [UInt8], file: String, header: (Int) -> Void = { _ in },
    _ body: (RecordCodec.Line) throws(DecodeError) -> Void
  ) throws(StoreError) -> Int {
    guard !bytes.isEmpty else { return 0 }
    if let foreign = bytes.withUnsafeBufferPointer({ foreign($0, whole: bytes.count, file: file) }) {
      throw foreign
    }
    var fileVersion: Int?
    do {
      try RecordCodec.forEachLine(in: bytes) { line throws(DecodeError) in
        guard fileVersion != nil else {
          let version = try checkHeader(line.record())
          fileVersion = version
          header(version)
          return
        }
        try body(line)
      }
    } catch {
      throw error.inFile(file, supported: version)
    }
    return fileVersion ?? 0
  }
}

extension DecodeError {
  /// The store-level error for this failure in `file`, which supports `supported`.
  func inFile(_ file: String, supported: Int) -> StoreError {
    if let newerVersion {
      return .newerFormat(file: file, found: newerVersion, supported: supported)
    }
    return .corrupt(file: file, line: line, reason: reason)
  }
}
