import TestSupport
import Testing

@testable import PlacementAnalysis
@testable import PlacementCore

/// Lint sees QA overrides: a segment or attribute used only by an override is used.
@Suite struct OverrideUsesTests {
  @Test func overridesCountAsUsesOfSegmentsAndAttributes() {
    let compilation = compile(
      ABFixtures.overrideTargets.replacingOccurrences(of: "segment qa", with: "segment qa_only")
        + "override home_copy: variation a for qa_only\n")
    #expect(compilation.ruleSet != nil)
    let findings = Linter.lint(compilation).filter { $0.code.id == "unused-segment" }
    #expect(findings.isEmpty)
  }
}
