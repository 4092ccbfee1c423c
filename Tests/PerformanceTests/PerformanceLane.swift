import Testing

/// Where the performance tests run: release builds only (`swift test -c release --filter PerformanceTests`,
/// as `.ci/run` does), since a debug build allocates and executes what the optimiser removes.
enum PerformanceLane {
  static var isOptimized: Bool {
    #if DEBUG
      false
    #else
      true
    #endif
  }

  /// The suites' condition: skipped in a debug build, with the command that runs them.
  static var releaseOnly: ConditionTrait {
    .enabled(if: isOptimized, "release builds only: swift test -c release --filter PerformanceTests")
  }
}
