import Foundation
import TestSupport
import Testing

/// The golden files folder in the source tree (not the bundle copy), so recording updates the checkout.
private let goldenFolder = fixtures(of: "PlacementCLITests").appendingPathComponent("golden")

/// Compares `actual` with `Fixtures/golden/<name>`. With `PLACEMENT_RECORD_GOLDEN=1` in the environment the file
/// is written instead (and the test passes); review the change with `git diff`. On a mismatch the issue shows
/// a line diff: `-N:` lines of the golden file missing from the output, `+N:` lines of the output not in it.
func expectGolden(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
  TestSupport.expectGolden(actual, at: goldenFolder.appendingPathComponent(name), sourceLocation: sourceLocation)
}
