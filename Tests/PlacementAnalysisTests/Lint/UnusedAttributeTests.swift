import TestSupport
import Testing

@testable import PlacementAnalysis
@testable import PlacementCore

@Suite struct UnusedAttributeTests {
  @Test func declaredButUntestedAttributeIsAnInfo() {
    let rules = """
      attribute 1️⃣email: string from input "email"
      attribute score: number
      attribute 2️⃣note: string
      segment high = score > 10
      """
    let found = expectFindings(rules, UnusedAttribute.id)
    #expect(found.allSatisfy { $0.severity == .info })
    #expect(found.first?.notes.first?.message == "it is still derived from flow answers by 'placement ingest'")
    #expect(found.last?.notes.isEmpty == true)
  }

  /// A condition that does not compile still tests its attribute and uses its segments: no unused-* finding for
  /// them beside the error (the newcomer trial of 2026-12-02 saw "attribute 'level' is declared but no segment
  /// tests it" under `level == hihg`'s unknown-option error).
  @Test func aConditionThatDoesNotCompileStillUsesWhatItNames() {
    let rules = """
      attribute level: choice(low, high)
      attribute 1️⃣note: string
      segment lows = level == low
      segment highs = level == hihg or lows
      placement p: paywall {
        highs   -> paywall h
        default -> paywall d
      }
      """
    let result = lintRun(MarkedRules(rules).text)
    #expect(result.diagnostics.contains { $0.code == "unknown-option" })
    expectFindings(rules, UnusedAttribute.id)
    #expect(findings(MarkedRules(rules).text, UnusedSegment.id).isEmpty)
  }
}
