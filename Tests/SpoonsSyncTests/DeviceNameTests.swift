import SpoonsCore
import SpoonsSync
import Testing

@Suite("A device's name")
struct DeviceNameTests {
  @Test(arguments: [
    ("", DeviceName.Problem.empty),
    ("   ", .empty),
    (String(repeating: "é", count: 41), .tooLong(41)),
    ("tab\there", .forbiddenCharacter(9)),
    ("\u{202E}evil", .forbiddenCharacter(0x202E)),
  ])
  func aNameThatIsNotOneIsRefused(_ raw: String, _ problem: DeviceName.Problem) {
    #expect(throws: problem) { try DeviceName(raw) }
  }

  @Test func aNameIsTrimmedAndKeptAsTyped() throws {
    #expect(try DeviceName("  Study PC ").text == "Study PC")
    #expect(try DeviceName(String(repeating: "é", count: 40)).text.count == 40)
  }

  /// A host name is only where a name starts: whatever it holds, a valid name comes of it.
  @Test func aHostNameBecomesAValidName() {
    #expect(DeviceName(host: "marys-laptop.local").text == "marys-laptop.local")
    #expect(DeviceName(host: "bad\u{7}host").text == "badhost")
    #expect(DeviceName(host: String(repeating: "h", count: 64)).text.count == DeviceName.maxLength)
    #expect(DeviceName(host: "\u{1}\u{2}").text == "device")
    #expect(DeviceName(host: "").text == "device")
  }

  @Test func aNameTakenIsNumberedLetterCaseAside() throws {
    let box = try DeviceName("box")
    #expect(box.distinct(from: ["laptop"]).text == "box")
    #expect(box.distinct(from: ["BOX", "box-2"]).text == "box-3")
    let long = try DeviceName(String(repeating: "x", count: 40))
    let numbered = long.distinct(from: [long.text])
    #expect(numbered.text == String(repeating: "x", count: 38) + "-2")
  }
}
