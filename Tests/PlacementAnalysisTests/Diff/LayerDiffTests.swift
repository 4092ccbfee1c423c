import Testing

@testable import PlacementAnalysis
@testable import PlacementCore

/// `placement diff` over layers: a share that shrinks takes profiles out of the test (found, with the cause
/// `layer-share-changed` and an example id outside the new share); a test added in the unallocated range moves
/// nobody in the other tests.
@Suite struct LayerDiffTests {
  static func rules(_ layer: String) -> String {
    """
    segment us = country == "US"
    placement p: paywall {
      us      -> test t version "t-1" { paywall a 50%, paywall b 50% }
      default -> paywall standard
    }
    placement q: paywall {
      us      -> test u version "u-1" { paywall c 50%, paywall d 50% }
      default -> paywall standard
    }
    layer exp version "exp-1" {
    \(layer)
    }
    """
  }

  @Test func aShrunkShareIsADecisionChangeCausedByTheLayer() throws {
    let report = try diffOf(Self.rules("  t 0% to 30%"), Self.rules("  t 0% to 20%"))
    let p = try #require(report.placements.first { $0.name == "p" })
    #expect(p.status == .changed)
    #expect(Set(p.transitions.map(\.new.content)) == ["paywall standard"])
    #expect(p.transitions.allSatisfy { $0.causes.map(\.kind) == [.layerShareChanged] })
    for transition in p.transitions {
      guard case .string(let id) = try witnessJSON(transition)["profile_id"] else {
        Issue.record("no profile_id in \(transition.witness)")
        continue
      }
      #expect((2000..<3000).contains(Bucketing.rolloutBucket(salt: "exp-1", profileID: id)))
    }
    #expect(report.placements.first { $0.name == "q" }?.status == .equivalent)
  }

  @Test func aTestAddedInTheUnallocatedRangeMovesNobodyInTheOthers() throws {
    let report = try diffOf(Self.rules("  t 0% to 30%"), Self.rules("  t 0% to 30%\n  u 30% to 50%"))
    #expect(report.placements.first { $0.name == "p" }?.status == .equivalent)
    #expect(report.placements.first { $0.name == "q" }?.status == .changed)
  }
}
