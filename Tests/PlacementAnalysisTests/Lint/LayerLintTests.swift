import TestSupport
import Testing

@testable import PlacementAnalysis
@testable import PlacementCore

/// Lint over layers: a layered row never hides the rows below it, and `layer-allocation` reports each layer's
/// allocation and what is left.
@Suite struct LayerLintTests {
  static let rules = """
    segment us = country == "US"
    segment us_adults = country == "US" and age >= 18
    placement p: paywall {
      us        -> test t { paywall a 50%, paywall b 50% }
      us_adults -> paywall adults
      us        -> paywall us_plain
      default   -> paywall standard
    }
    layer 1️⃣exp version "exp-1" {
      t 0% to 25%
    }
    """

  @Test func rowsBelowALayeredRowAreReachableAndItsSegmentMayRepeat() {
    let text = MarkedRules(Self.rules).text
    #expect(findings(text, UnreachableRow.id).isEmpty)
    #expect(findings(text, DuplicateRowSegment.id).isEmpty)
    // Without the layer, the same table has both findings.
    let plain = String(text[..<text.range(of: "layer")!.lowerBound])
    #expect(
      findings(plain, UnreachableRow.id).map(\.message) == [
        "row 1 'us_adults' is unreachable: every profile it matches is already matched by row 0 'us'"
      ])
    #expect(findings(plain, DuplicateRowSegment.id).count == 1)
  }

  @Test func aRepeatedSegmentAfterTheLayeredRowIsStillReported() {
    let text = MarkedRules(Self.rules).text.replacingOccurrences(
      of: "  default   -> paywall standard", with: "  us        -> paywall again\n  default   -> paywall standard")
    #expect(
      findings(text, DuplicateRowSegment.id).map(\.message) == ["segment 'us' already has a row in placement 'p'"])
  }

  @Test func theAllocationIsAnInfoFindingAtTheLayerWithEachShare() throws {
    let found = expectFindings(Self.rules, LayerAllocation.id)
    let finding = try #require(found.first)
    #expect(finding.severity == .info)
    #expect(
      finding.message
        == "layer 'exp' allocates 25% to 1 test (t 0% to 25%); 75% unallocated (25% to 100%) enters no test of the layer"
    )
    #expect(finding.notes.compactMap { $0.span?.location.description } == ["10:3"])
  }

  @Test func twoTestsWithAGapAndAFullLayer() {
    let rules = """
      segment us = country == "US"
      placement p: paywall {
        us      -> test a { paywall a 50%, paywall b 50% }
        us      -> test b { paywall c 50%, paywall d 50% }
        default -> paywall standard
      }
      layer gap {
        b 60% to 100%
        a 0% to 12.5%
      }
      """
    #expect(
      findings(rules, LayerAllocation.id).map(\.message) == [
        "layer 'gap' allocates 52.5% to 2 tests with disjoint shares (a 0% to 12.5%, b 60% to 100%); "
          + "47.5% unallocated (12.5% to 60%) enters no test of the layer"
      ])
    let full = rules.replacingOccurrences(of: "b 60% to 100%", with: "b 12.5% to 100%")
    #expect(
      findings(full, LayerAllocation.id).map(\.message) == [
        "layer 'gap' allocates 100% to 2 tests with disjoint shares (a 0% to 12.5%, b 12.5% to 100%); "
          + "nothing is left for the rows below"
      ])
  }

  /// A layer with an error in its declaration gets no `layer-allocation` finding: the lines in error are left out of
  /// its allocation as checked, so "allocates 25%" would be wrong. A clean layer beside it still gets its finding.
  @Test(arguments: [
    ("  nope 25% to 50%\n", "unknown-test"),
    ("  u 50% to 40%\n", "invalid-layer-share"),
    ("  u 25% to\n", "expected-token"),
  ])
  func aLayerWithAnErrorGetsNoAllocationFinding(_ line: String, _ code: String) throws {
    let rules = """
      segment us = country == "US"
      placement p: paywall {
        us      -> test t { paywall a 50%, paywall b 50% }
        us      -> test u { paywall c 50%, paywall d 50% }
        us      -> test v { paywall e 50%, paywall f 50% }
        default -> paywall standard
      }
      layer broken version "exp-1" {
        t 0% to 25%
      \(line)}
      layer clean version "exp-2" {
        v 0% to 10%
      }
      """
    let diagnostics = lintRun(rules).diagnostics
    #expect(diagnostics.contains { $0.code.id == code && $0.severity == .error }, "\(diagnostics.map(\.code.id))")
    #expect(
      diagnostics.filter { $0.code == LayerAllocation.id }.map(\.message) == [
        "layer 'clean' allocates 10% to 1 test (v 0% to 10%); 90% unallocated (10% to 100%) enters no test of the layer"
      ])
    // Without the line in error, the same layer has its finding.
    let fixed = rules.replacingOccurrences(of: line, with: "")
    #expect(
      findings(fixed, LayerAllocation.id).map(\.message).first
        == "layer 'broken' allocates 25% to 1 test (t 0% to 25%); 75% unallocated (25% to 100%) enters no test of "
        + "the layer")
  }
}
