import Testing

/// Where the measuring suites run: when `PLACEMENT_BENCH` names a release `placement-bench`, as `.ci/run` does
/// (docs/Contributing.md, "The hot path's guard"); otherwise they are skipped, saying how to run them.
enum PerformanceLane {
  static let command =
    "swift build -c release --product placement-bench && "
    + "PLACEMENT_BENCH=.build/release/placement-bench swift test --filter PerformanceTests"

  /// The suites' condition.
  static var withReleaseBench: ConditionTrait {
    .enabled(if: HotPathBench.path != nil, "needs a release placement-bench: \(command)")
  }
}
