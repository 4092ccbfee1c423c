import TestSupport
import Testing

@testable import PlacementCore
@testable import PlacementFormat

/// The formatter over files of QA overrides.
@Suite struct OverrideFormatTests {
  /// Every prefix of a file of overrides (a half-typed declaration in an editor) formats or is refused,
  /// without crashing or spinning.
  @Test func everyPrefixOfAnOverrideFileFormatsOrIsRefused() {
    let text =
      ABFixtures.overrideTargets + """
        override home_copy: variation b for profile_id in ["qa-1", "qa-2"] and not qa
        override main: paywall qa_paywall for qa
        override main: for qa
        override : variation for
        """
    let bytes = Array(text.utf8)
    for end in ABFixtures.overrideTargets.utf8.count...bytes.count {
      let prefix = String(decoding: bytes[..<end], as: UTF8.self)
      _ = try? RuleFormatter.format(SourceFile(name: "p.rules", text: prefix))
    }
  }
}
