// swift-tools-version:6.0
import PackageDescription

// No package dependencies, by design: the toolchain, Foundation (tests only) and the C library.
// Documents live beside their code as Markdown files each target excludes (Sources/Development.md
// lists them).
let package = Package(
  name: "Spoons",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "spoons", targets: ["spoons"]),
  ],
  targets: [
    // Core: the domain, pure.
    .target(name: "SpoonsCore", exclude: ["Rules/Pacing.md"]),
    // Sync's rules, pure: the synced document, its schema, the conflict rules and one round.
    .target(name: "SpoonsSync", dependencies: ["SpoonsCore"], exclude: ["Sync.md"]),
    // Storage: the only code that touches files.
    .target(
      name: "SpoonsStore", dependencies: ["SpoonsCore", "SpoonsSync"], exclude: ["FileFormat.md"]),
    // Front: parser, executor, renderers, REPL.
    .target(
      name: "SpoonsCLI", dependencies: ["SpoonsCore", "SpoonsSync", "SpoonsStore"],
      exclude: ["JSON.md"]),
    // On Linux the release link lays out the code and data the everyday commands touch side by
    // side (Tests/Scripts/hot-symbols.sh makes the list): each command is a fresh process, and
    // each page of the binary it touches first costs a page fault. lld ships with the toolchain.
    .executableTarget(
      name: "spoons", dependencies: ["SpoonsCLI"], exclude: ["hot-symbols.txt"],
      linkerSettings: [
        .unsafeFlags(
          [
            "-use-ld=lld",
            "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/Sources/spoons/hot-symbols.txt",
            // Names the list has that this build does not (a debug-only or renamed function).
            "-Xlinker", "--no-warn-symbol-ordering",
          ],
          .when(platforms: [.linux], configuration: .release))
      ]),
    // The benchmark and the example planners (Sources/SpoonsBench/Benchmark.md).
    .executableTarget(
      name: "SpoonsBench", dependencies: ["SpoonsCLI", "SpoonsTestSupport"],
      exclude: ["Benchmark.md"]),
    // What the tests and the benchmark share: a seeded generator, fixed instants, a scratch
    // directory, days by their ledger's numbers.
    .target(name: "SpoonsTestSupport", dependencies: ["SpoonsCore"]),
    // What the fuzzers run; `swift test` replays the kept inputs through it.
    .target(name: "SpoonsFuzzing", dependencies: ["SpoonsCLI", "SpoonsSync"]),

    // Tests
    .testTarget(name: "SpoonsCoreTests", dependencies: ["SpoonsCore", "SpoonsTestSupport"]),
    .testTarget(name: "SpoonsSyncTests", dependencies: ["SpoonsSync", "SpoonsTestSupport"]),
    .testTarget(
      name: "SpoonsStoreTests", dependencies: ["SpoonsStore", "SpoonsSync", "SpoonsTestSupport"],
      exclude: ["Fixtures"]),
    // Depends on the executable so that `swift test` always builds the binary the CLI tests run.
    .testTarget(
      name: "SpoonsCLITests",
      dependencies: ["SpoonsCLI", "SpoonsSync", "spoons", "SpoonsTestSupport"],
      exclude: ["Transcripts"]),
    .testTarget(
      name: "SpoonsFuzzingTests", dependencies: ["SpoonsFuzzing", "SpoonsSync"], exclude: ["Corpus"]),
  ],
  swiftLanguageModes: [.v6]
)

// The libFuzzer executables exist only when asked for (Tests/Scripts/fuzz.sh sets SPOONS_FUZZ=1
// and builds with --sanitize=fuzzer), so the everyday build is unchanged.
if Context.environment["SPOONS_FUZZ"] != nil {
  for name in ["FuzzParser", "FuzzRepl", "FuzzLoader", "FuzzChanges"] {
    package.targets.append(.executableTarget(name: name, dependencies: ["SpoonsFuzzing"]))
  }
}
