import TestSupport
import Testing

@testable import PlacementCore

/// Layers: tests A (30 %) and B (20 %) of one layer over 100,000 profile ids, through
/// the whole pipeline (compile, bind, `RuleSet.resolve`).
@Suite(.tags(.slow), .notInQuickLane) struct LayerDistributionTests {
  static let profiles = 100_000

  /// A in placement `pa`, B in placement `pb` (so without the layer a profile could be in both), a 70/30 split
  /// in A; `layer` is the layer's body.
  static func rules(_ layer: String) -> String {
    """
    segment anyone = country != "ZZ"
    placement pa: paywall {
      anyone  -> test a version "a-2026" { control: paywall a0 70%, treatment: paywall a1 30% }
      default -> paywall standard
    }
    placement pb: paywall {
      anyone  -> test b version "b-2026" { control: paywall b0 50%, treatment: paywall b1 50% }
      default -> paywall standard
    }
    layer paywalls version "paywalls-layer-1" {
    \(layer)
    }
    """
  }

  @Test func noProfileIsInBothAndEachTestGetsItsShareAndItsOwnSplit() throws {
    let rules = try #require(ruleSet(Self.rules("  a 0% to 30%\n  b 30% to 50%")))
    var inA = 0
    var inB = 0
    var inBoth = 0
    var variationsOfA: [String: Int] = [:]
    for i in 0..<Self.profiles {
      let id = "profile-\(i)"
      let a = rules.decide("pa", id: id)
      let b = rules.decide("pb", id: id)
      let enteredA = a.abTest?.name == "a"
      let enteredB = b.abTest?.name == "b"
      // The layer bucket alone decides membership (the oracle: MD5 of "<salt>-<id>" modulo 10,000).
      let bucket = Bucketing.rolloutBucket(salt: "paywalls-layer-1", profileID: id)
      #expect(enteredA == (bucket < 3000) && enteredB == (3000..<5000).contains(bucket), "\(id): bucket \(bucket)")
      if enteredA {
        inA += 1
        variationsOfA[a.abTest!.variation, default: 0] += 1
        #expect(a.exposures.map(\.test) == ["a"])
      } else {
        #expect(a.exposures.isEmpty && a.content == .paywall(id: "standard"))
      }
      if enteredB { inB += 1 }
      if enteredA && enteredB { inBoth += 1 }
    }
    #expect(inBoth == 0)
    let shareA = Double(inA) * 100 / Double(Self.profiles)
    let shareB = Double(inB) * 100 / Double(Self.profiles)
    #expect(abs(shareA - 30) <= 0.5, "A: \(shareA)%")
    #expect(abs(shareB - 20) <= 0.5, "B: \(shareB)%")
    // Within A the Adapty draw of docs/Product.md §4.9 (version "a-2026", 100 buckets) still splits 70/30.
    let split = shares(variationsOfA)
    #expect(abs((split["control"] ?? 0) - 70) <= 1, "control: \(split)")
    #expect(abs((split["treatment"] ?? 0) - 30) <= 1, "treatment: \(split)")
  }

  @Test func removingATestFromTheLayerMovesNobodyElse() throws {
    let both = try #require(ruleSet(Self.rules("  a 0% to 30%\n  b 30% to 50%")))
    let onlyA = try #require(ruleSet(Self.rules("  a 0% to 30%")))
    var moved = 0
    for i in 0..<10_000 {
      let id = "profile-\(i)"
      if both.decide("pa", id: id).abTest != onlyA.decide("pa", id: id).abTest { moved += 1 }
    }
    #expect(moved == 0)
  }
}
