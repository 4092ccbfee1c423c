// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "placement",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "PlacementKit", targets: ["PlacementKit"]),
    .executable(name: "placement", targets: ["placement"]),
  ],
  targets: [
    // The engine core: source → syntax → semantics → compiler → runtime, plus JSON, ingest, rule tests and the
    // shared value types (Values/). Free of Foundation (docs/Contributing.md): SwiftPM cannot forbid an import
    // without `unsafeFlags`, which would stop backends from depending on this package, so ModuleBoundaryTests and
    // .ci/run check it instead.
    .target(name: "PlacementCore"),
    // The formatter (`placement fmt`, the language server's formatting): layout from the core's syntax tree alone.
    .target(name: "PlacementFormat", dependencies: ["PlacementCore"]),
    // Lint analysis, the rule-set diff and the audience table, over the core's syntax and semantics.
    .target(name: "PlacementAnalysis", dependencies: ["PlacementCore"]),
    // The public facade: the API entry points and the Foundation adapters (files, `Data`); re-exports the core,
    // the analysis and the formatter.
    .target(name: "PlacementKit", dependencies: ["PlacementCore", "PlacementAnalysis", "PlacementFormat"]),
    // The language server (`placement lsp`): transport, protocol types, workspace, request handlers, lint worker.
    .target(name: "PlacementLSP", dependencies: ["PlacementKit"]),
    // `placement serve`: the HTTP/1.1 decision service (OFREP and native routes) on Glibc sockets and epoll.
    .target(name: "PlacementServer", dependencies: ["PlacementKit", "CEventPoll"]),
    // Linux's epoll, eventfd and accept4, which the toolchain's Glibc module does not export.
    .target(name: "CEventPoll"),
    // All command-line logic, as a library so it is tested in-process; `lsp` only starts PlacementLSP's server.
    .target(name: "PlacementCLI", dependencies: ["PlacementKit", "PlacementLSP", "PlacementServer"]),
    // The executable: a few lines that call PlacementCLI.
    .executableTarget(name: "placement", dependencies: ["PlacementCLI"]),
    // `swift run -c release placement-bench`: prints the performance figures of docs/Performance.md.
    .executableTarget(
      name: "placement-bench",
      dependencies: ["PlacementKit", "PlacementCLI", "PlacementServer", "MallocCounter", "BenchmarkWorkload"],
      path: "Sources/Benchmarks"),
    // The benchmark workload: generated rules and profiles, and the hot-path loops that placement-bench counts
    // and PerformanceTests guard.
    .target(name: "BenchmarkWorkload", dependencies: ["PlacementCore"]),
    // Counts heap allocations in the benchmark process (glibc only; docs/Performance.md).
    .target(name: "MallocCounter"),
    // An embedding example: hot-reloads Rules/ and answers profiles read from standard input.
    .executableTarget(name: "backend-example", dependencies: ["PlacementKit"], path: "Examples/BackendExample"),
    // Shared by the test targets: the golden-file check and its line diff, the `.slow` tag and its quick lane, the
    // seeded generator, position markers and the rules harness over the core's public API, and the repository's
    // root with the fixture locator.
    .target(name: "TestSupport", dependencies: ["PlacementCore"], path: "Tests/TestSupport"),
    // One test target per module, its folders mirroring the module's; fixtures are read from the source tree.
    .testTarget(name: "PlacementCoreTests", dependencies: ["PlacementCore", "TestSupport"], exclude: ["Fixtures"]),
    .testTarget(name: "PlacementAnalysisTests", dependencies: ["PlacementAnalysis", "PlacementCore", "TestSupport"]),
    // The public API as a backend sees it. Its fixtures are also copied into the test bundle, whose folder is the
    // build folder where PublicAPITests finds the built modules.
    .testTarget(
      name: "PlacementKitTests", dependencies: ["PlacementKit", "TestSupport"], resources: [.copy("Fixtures")]),
    // The hot path's contract, measured in the release placement-bench that PLACEMENT_BENCH names
    // (docs/Performance.md, "Guarded by tests"): no allocation per resolution or batch decision line, and
    // instruction counts within 3 % of baselines.json.
    .testTarget(
      name: "PerformanceTests", dependencies: ["BenchmarkWorkload", "PlacementCore"], exclude: ["baselines.json"]),
    .testTarget(name: "PlacementServerTests", dependencies: ["PlacementServer", "PlacementKit", "TestSupport"]),
    .testTarget(
      name: "PlacementFormatTests", dependencies: ["PlacementFormat", "PlacementKit", "PlacementCore", "TestSupport"],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "PlacementLSPTests", dependencies: ["PlacementLSP", "PlacementCLI", "PlacementKit", "TestSupport"]),
    .testTarget(
      name: "PlacementCLITests", dependencies: ["PlacementCLI", "PlacementCore", "PlacementAnalysis", "TestSupport"],
      resources: [.copy("Fixtures")]),
  ]
)
