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
    // The engine: source → syntax → semantics → compiler → runtime, plus ingest, analysis and the API facade.
    .target(name: "PlacementKit"),
    // All command-line logic, as a library so it is tested in-process.
    .target(name: "PlacementCLI", dependencies: ["PlacementKit"]),
    // The executable: a few lines that call PlacementCLI.
    .executableTarget(name: "placement", dependencies: ["PlacementCLI"]),
    // `swift run -c release placement-bench`: prints the performance figures of docs/Performance.md.
    .executableTarget(
      name: "placement-bench", dependencies: ["PlacementKit", "PlacementCLI", "MallocCounter"],
      path: "Sources/Benchmarks"),
    // Counts heap allocations in the benchmark process (glibc only; see docs/Performance.md).
    .target(name: "MallocCounter"),
    // An embedding example: hot-reloads Rules/ and answers profiles read from standard input.
    .executableTarget(name: "backend-example", dependencies: ["PlacementKit"], path: "Examples/BackendExample"),
    // Shared by the test targets: the golden-file check and its line diff, the `.slow` tag and its quick lane.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(
      name: "PlacementKitTests", dependencies: ["PlacementKit", "TestSupport"], resources: [.copy("Fixtures")]),
    .testTarget(
      name: "PlacementCLITests", dependencies: ["PlacementCLI", "TestSupport"], resources: [.copy("Fixtures")]),
  ]
)
