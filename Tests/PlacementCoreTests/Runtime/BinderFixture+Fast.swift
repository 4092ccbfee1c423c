import TestSupport

@testable import PlacementCore

extension BinderFixture {
  /// Whether the fast reader takes `line` (rather than declining to the reference path).
  static func isFast(_ line: String, in ruleSet: RuleSet) -> Bool {
    Array(line.utf8).withUnsafeBufferPointer { ruleSet.binder.bind($0, limits: .default) } != nil
  }
}
