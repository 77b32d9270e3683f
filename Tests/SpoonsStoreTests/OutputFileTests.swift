import Foundation
import SpoonsCore
@testable import SpoonsStore
import SpoonsTestSupport
import Testing

@Suite("Files the user asks for")
struct OutputFileTests {
  @Test func aNewFileIsWrittenWholeWithMode0600AndNoTemporaryLeft() throws {
    let tmp = TemporaryDirectory()
    try OutputFile.write(Array("<html/>\n".utf8), to: tmp.file("report.html"))
    #expect(tmp.bytes("report.html") == Array("<html/>\n".utf8))
    #expect(try tmp.mode("report.html") == 0o600)
    #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.path) == ["report.html"])
  }

  @Test func anExistingFileIsReplaced() throws {
    let tmp = TemporaryDirectory()
    try tmp.write("out.csv", "old and longer\n")
    try OutputFile.write(Array("new\n".utf8), to: tmp.file("out.csv"))
    #expect(tmp.bytes("out.csv") == Array("new\n".utf8))
  }

  @Test func aMissingDirectoryIsNamed() {
    #expect(
      throws: StoreError.io(
        path: "/nonexistent-dir/x.html", operation: "write",
        reason: "the directory /nonexistent-dir does not exist")
    ) { try OutputFile.write([], to: "/nonexistent-dir/x.html") }
  }

  @Test func aDirectoryIsNotAFile() throws {
    let tmp = TemporaryDirectory()
    try FileManager.default.createDirectory(atPath: tmp.file("sub"), withIntermediateDirectories: false)
    #expect(throws: StoreError.io(path: tmp.file("sub"), operation: "write", reason: "it is a directory")) {
      try OutputFile.write([], to: tmp.file("sub"))
    }
    #expect(throws: StoreError.self) { try OutputFile.write([], to: tmp.path + "/") }
    #expect(throws: StoreError.self) { try OutputFile.write([], to: "") }
  }

  @Test(.enabled(if: geteuid() != 0, "root writes anywhere"))
  func aReadOnlyDirectoryIsRefused() throws {
    let tmp = TemporaryDirectory()
    chmod(tmp.path, 0o500)
    defer { chmod(tmp.path, 0o700) }
    #expect(throws: StoreError.self) { try OutputFile.write([], to: tmp.file("x.html")) }
  }

  @Test func theDataDirectoryIsRefusedSoThePlannerCannotBeReplaced() throws {
    let tmp = TemporaryDirectory()
    let store = PlannerStore(directory: tmp.path)
    try store.update(at: morning) { p, _ in try p.startNewDay(budget: 5, at: morning) }
    let before = tmp.bytes("planner.txt")
    #expect(throws: StoreError.self) { try OutputFile.write([1, 2, 3], to: tmp.file("planner.txt")) }
    #expect(tmp.bytes("planner.txt") == before)
  }

  @Test func aBareNameIsInTheCurrentDirectory() {
    #expect(OutputFile.split("r.html") == (".", "r.html"))
    #expect(OutputFile.split("/r.html") == ("/", "r.html"))
    #expect(OutputFile.split("a/b/r.html") == ("a/b", "r.html"))
  }
}
