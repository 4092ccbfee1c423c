import TestSupport
import Testing

@testable import PlacementCore
@testable import PlacementFormat

/// The formatter over files of QA overrides.
@Suite struct OverrideFormatTests {
  /// Every prefix of a file of overrides (a half-typed declaration in an editor) formats or is refused,
  /// without crashing or spinning.
  @Test func everyPrefixOfAnOverrideFileFormatsOrIsRefused() {
    for prefix in ABFixtures.overrideFilePrefixes {
      _ = try? RuleFormatter.format(SourceFile(name: "p.rules", text: prefix))
    }
  }
}
