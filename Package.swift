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
    // Lint analysis, the formatter and the rule-set diff, over the core's syntax and semantics.
    .target(name: "PlacementAnalysis", dependencies: ["PlacementCore"]),
    // The public facade: the API entry points and the Foundation adapters (files, `Data`); re-exports both modules.
    .target(name: "PlacementKit", dependencies: ["PlacementCore", "PlacementAnalysis"]),
    // All command-line logic, as a library so it is tested in-process.
    .target(name: "PlacementCLI", dependencies: ["PlacementKit"]),
    // The executable: a few lines that call PlacementCLI.
    .executableTarget(name: "placement", dependencies: ["PlacementCLI"]),
    // `swift run -c release placement-bench`: prints the performance figures of docs/Performance.md.
    .executableTarget(
      name: "placement-bench", dependencies: ["PlacementKit", "PlacementCLI", "MallocCounter", "BenchmarkWorkload"],
      path: "Sources/Benchmarks"),
    // The benchmark workload: generated rules and profiles, and the hot-path loops that placement-bench counts
    // and PerformanceTests guard.
    .target(name: "BenchmarkWorkload", dependencies: ["PlacementCore"]),
    // Counts heap allocations in the benchmark and performance-test processes (glibc only; docs/Performance.md).
    .target(name: "MallocCounter"),
    // An embedding example: hot-reloads Rules/ and answers profiles read from standard input.
    .executableTarget(name: "backend-example", dependencies: ["PlacementKit"], path: "Examples/BackendExample"),
    // Shared by the test targets: the golden-file check and its line diff, the `.slow` tag and its quick lane.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(
      name: "PlacementKitTests", dependencies: ["PlacementKit", "PlacementCore", "PlacementAnalysis", "TestSupport"],
      resources: [.copy("Fixtures")]),
    // The hot path's contract, measured in the release placement-bench that PLACEMENT_BENCH names
    // (docs/Performance.md, "Guarded by tests"): no allocation per bind, resolution or batch decision line, and
    // instruction counts within 3 % of baselines.json.
    .testTarget(
      name: "PerformanceTests", dependencies: ["BenchmarkWorkload", "PlacementCore"], exclude: ["baselines.json"]),
    .testTarget(
      name: "PlacementCLITests", dependencies: ["PlacementCLI", "PlacementCore", "PlacementAnalysis", "TestSupport"],
      resources: [.copy("Fixtures")]),
  ]
)
