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
  /// an empty file has none.
  func decodeRecords(
    _ bytes: [UInt8], file: String, _ body: (RecordCodec.Record) throws(DecodeError) -> Void
  ) throws(StoreError) {
    try decodeLines(bytes, file: file) { line throws(DecodeError) in try body(line.record()) }
  }

  /// `decodeRecords` for a decoder that reads its common lines itself (see `RecordCodec.Line`).
  func decodeLines(
    _ bytes: [UInt8], file: String, _ body: (RecordCodec.Line) throws(DecodeError) -> Void
  ) throws(StoreError) {
    guard !bytes.isEmpty else { return }
    var first = true
    do {
      try RecordCodec.forEachLine(in: bytes) { line throws(DecodeError) in
        if first {
          first = false
          _ = try checkHeader(line.record())
          return
        }
        try body(line)
      }
    } catch {
      throw error.inFile(file, supported: version)
    }
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
