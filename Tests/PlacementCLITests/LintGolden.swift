import Foundation
import TestSupport
import Testing

/// Golden files of `placement lint` renderings. `PLACEMENT_RECORD_GOLDEN=1` (re)writes them from the actual output;
/// a mismatch records the differing lines (expected `-`, actual `+`).
enum LintGolden {
  static func check(_ actual: String, against relativePath: String, sourceLocation: SourceLocation = #_sourceLocation)
    throws
  {
    TestSupport.expectGolden(
      actual, at: URL(fileURLWithPath: repo("Tests/PlacementCLITests/Fixtures/" + relativePath)),
      sourceLocation: sourceLocation)
  }
}
