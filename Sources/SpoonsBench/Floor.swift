#if os(Linux)
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The least any Swift program can cost on this machine, built the way Spoons is installed
/// (a static binary): the yardstick durable writes and start-up are judged against, measured
/// at the start and at the end of every run (Benchmark.md, "The floor and the judging rule").
///
/// Two probes, compiled with `swiftc` at run time and timed as whole processes like Spoons:
/// `start` prints one line and exits (the least `--version` can do); `save` appends one line
/// to a file and waits for the disk once with `fdatasync` (the least any durable change can
/// do: Spoons also has to read the planner, check the max-spoon rule and rename a new file).
enum Floor {
  struct Probe {
    let name: String
    let source: String
  }

  static let probes = [
    Probe(
      name: "start",
      source: """
        let line = "spoons 1.0\\n"
        _ = line.withCString { write(1, $0, strlen($0)) }
        """),
    Probe(
      name: "save",
      source: """
        let fd = open(CommandLine.arguments[1], O_WRONLY | O_CREAT | O_APPEND, 0o600)
        let line = "2026-11-21T09:00:00+01:00 add 3 Benchmark task\\n"
        _ = line.withCString { write(fd, $0, strlen($0)) }
        guard fdatasync(fd) == 0 else { exit(1) }
        close(fd)
        """),
  ]

  /// Builds each probe in `directory` and returns its binary by name, or nil (with the reason
  /// printed) where there is no `swiftc` to build them with.
  static func build(in directory: String) -> [String: String]? {
    guard let swiftc = ProcessTimer.find("swiftc") else {
      print("floor: no swiftc on the PATH, so the rows judged against the floor are unjudged")
      return nil
    }
    var binaries: [String: String] = [:]
    for probe in probes {
      let source = "\(directory)/\(probe.name).swift"
      let binary = "\(directory)/\(probe.name)"
      let text = "#if canImport(Glibc)\nimport Glibc\n#endif\n" + probe.source + "\n"
      guard ProcessTimer.writeFile(source, text) else {
        print("floor: cannot write \(source), so the rows judged against the floor are unjudged")
        return nil
      }
      let built = ProcessTimer.run(
        [swiftc, "-O", "-static-stdlib", "-static-executable", source, "-o", binary],
        environment: ProcessTimer.currentEnvironment())
      guard built.status == 0 else {
        print(
          "floor: swiftc could not build the \(probe.name) probe statically, so the rows "
            + "judged against the floor are unjudged")
        return nil
      }
      binaries[probe.name] = binary
    }
    return binaries
  }
}
#endif
