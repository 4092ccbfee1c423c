import Foundation
import Testing

extension Tag {
  /// Heavy reliability and statistics suites (100k-term chains, 10 MiB documents, 1 MiB of garbage, 2×100k MD5
  /// draws, 5,000 binder lines, 6,500 regex cases).
  @Tag public static var slow: Self
}

extension Trait where Self == ConditionTrait {
  /// Skips a `.slow` suite in the quick lane, `PLACEMENT_QUICK_TESTS=1 swift test` (this toolchain's `swift test`
  /// cannot skip by tag yet). `.ci/run` runs everything.
  public static var notInQuickLane: Self {
    .disabled(
      if: ProcessInfo.processInfo.environment["PLACEMENT_QUICK_TESTS"] == "1",
      "a slow suite: skipped in the quick lane (PLACEMENT_QUICK_TESTS=1)")
  }
}
