import Foundation
import TestSupport
import Testing

@testable import PlacementCore

/// Exposures and reasons: every test a profile took part in on the way to its decision, and why
/// the decision shows what it shows.
@Suite struct ExposureTests {
  static let text = """
    segment us = country == "US"
    segment fr = country == "FR"
    test spring version "spring-1" {
      variation control 50% { p -> fallthrough }
      variation sale 50% { p -> paywall sale }
    }
    placement p: paywall {
      us      -> test spring
      fr      -> test local version "local-1" { paywall local_a 50%, paywall local_b 30%, holdout 20% }
      us      -> paywall us_standard
      default -> paywall standard
    }
    placement single: flow {
      default -> flow only
    }
    placement default_test: paywall {
      fr      -> paywall fr
      default -> test everyone version "ev-1" { paywall x 50%, paywall y 50% }
    }
    """

  /// The trial report's M-6: a new yoga fan drawn into the control arm of the shipped `yoga_offer` is told apart
  /// from a profile never in the test.
  @Test func shippedYogaOfferControlArmIsAnExposure() throws {
    let rules = try shippedRuleSet()
    let json = #"{"profile_id":"x","installed_at":"2026-11-25T09:00:00Z","custom_attributes":{"interests":["yoga"]}}"#
    let profile = try rules.bind(jsonBytes: Array(json.utf8))
    let decision = try rules.resolve("main_paywall", for: profile, options: ResolveOptions(now: pinnedNow))
    #expect(decision.abTest == nil)
    #expect(decision.content == .paywall(id: "standard"))
    #expect(decision.reason == .defaultRow)
    #expect(
      decision.exposures == [
        Exposure(
          test: "yoga_offer", versionID: "yoga-offer-2026-11", variation: "control", bucket: 28, outcome: .fellThrough)
      ])
    #expect(
      decision.jsonString.contains(
        #""reason":"DEFAULT","exposures":[{"test":"yoga_offer","version_id":"yoga-offer-2026-11","variation":"control","bucket":28,"outcome":"fell_through"}]"#
      ))
  }

  @Test func fallThroughThenDecideListsBothInEvaluationOrder() throws {
    let rules = try #require(ruleSet(Self.text))
    let id = profileID(withBucket: 10, in: "spring-1")  // draw order control, sale: bucket 10 is control
    let decision = rules.decide("p", id: id, builtins: ["country": .string("US")])
    #expect(decision.audience.index == 2)
    #expect(decision.reason == .targetingMatch)
    #expect(
      decision.exposures == [
        Exposure(test: "spring", versionID: "spring-1", variation: "control", bucket: 10, outcome: .fellThrough)
      ])
    let sale = rules.decide("p", id: profileID(withBucket: 50, in: "spring-1"), builtins: ["country": .string("US")])
    #expect(sale.reason == .split)
    #expect(
      sale.exposures == [
        Exposure(test: "spring", versionID: "spring-1", variation: "sale", bucket: 50, outcome: .decided)
      ])
  }

  @Test func holdoutIsDisabled() throws {
    let rules = try #require(ruleSet(Self.text))
    // Draw order holdout 20, local_b 30, local_a 50: bucket 5 is the holdout, 20 local_b, 50 local_a.
    let held = rules.decide("p", id: profileID(withBucket: 5, in: "local-1"), builtins: ["country": .string("FR")])
    #expect(held.content == .holdout)
    #expect(held.reason == .disabled)
    #expect(held.exposures.map(\.outcome) == [.holdout])
    #expect(held.exposures.first?.bucket == 5)
    let shown = rules.decide("p", id: profileID(withBucket: 20, in: "local-1"), builtins: ["country": .string("FR")])
    #expect(shown.content == .paywall(id: "local_b"))
    #expect(shown.reason == .split)
  }

  @Test func staticDefaultAndNoExposureOutsideTests() throws {
    let rules = try #require(ruleSet(Self.text))
    let single = rules.decide("single", id: "p-1")
    #expect(single.reason == .staticContent)
    #expect(single.exposures.isEmpty)
    let fallback = rules.decide("p", id: "p-1", builtins: ["country": .string("DE")])
    #expect(fallback.reason == .defaultRow)
    #expect(fallback.exposures.isEmpty)
    // A test in the default row decides by its split.
    let split = rules.decide("default_test", id: profileID(withBucket: 70, in: "ev-1"))
    #expect(split.reason == .split)
    #expect(
      split.exposures == [Exposure(test: "everyone", versionID: "ev-1", variation: "y", bucket: 70, outcome: .decided)])
  }

  @Test func profileWithoutIDIsExposedWithoutABucket() throws {
    let rules = try #require(ruleSet(Self.text))
    let decision = rules.decide("p", id: nil, builtins: ["country": .string("US")])
    // The first variation in draw order (control) falls through; its exposure has no bucket.
    #expect(
      decision.exposures == [
        Exposure(test: "spring", versionID: "spring-1", variation: "control", bucket: nil, outcome: .fellThrough)
      ])
    #expect(decision.warnings.count == 1)
  }

  /// The batch encoder writes the same reason and exposures as the decision, from the run's trail.
  @Test func batchEncoderWritesTheDecisionsExposures() throws {
    let rules = try #require(ruleSet(Self.text))
    let encoder = DecisionEncoder(ruleSet: rules, placements: [0, 1, 2])
    var trail = ExposureTrail()
    for index in 0..<300 {
      for country in ["US", "FR", "DE"] {
        let json = #"{"profile_id":"e-\#(index)","country":"\#(country)"}"#
        let profile = try rules.bind(jsonBytes: Array(json.utf8))
        for (position, placement) in ["p", "single", "default_test"].enumerated() {
          let decision = try rules.resolve(placement, for: profile, options: ResolveOptions(now: pinnedNow))
          var writer = JSONWriter()
          var memo = SegmentMemo(for: rules)
          trail.reset()
          let resolution = rules.resolution(position, for: profile, now: pinnedNow, memo: &memo, observer: &trail)
          encoder.write(resolution, trail: trail, position: position, profile: profile, to: &writer)
          #expect(writer.string == decision.jsonString)
        }
      }
    }
  }
}
