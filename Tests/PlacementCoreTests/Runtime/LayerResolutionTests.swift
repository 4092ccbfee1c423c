import TestSupport
import Testing

@testable import PlacementCore

/// Resolution of layered test rows: the row is skipped outside the share (no exposure, the rows below decide),
/// explained with the profile's layer bucket, and a profile without `profile_id` enters no layered test.
@Suite struct LayerResolutionTests {
  static let rules = """
    segment us = country == "US"
    placement p: paywall {
      us      -> test t version "t-1" { paywall a 50%, paywall b 50% }
      us      -> paywall us_plain
      default -> paywall standard
    }
    layer exp version "exp-1" {
      t 0% to 25%
    }
    """

  /// The first `user-<n>` whose layer bucket of `exp-1` is inside (or outside) 0..<2500.
  static func id(inside: Bool) -> String {
    var n = 0
    while (Bucketing.rolloutBucket(salt: "exp-1", profileID: "user-\(n)") < 2500) != inside { n += 1 }
    return "user-\(n)"
  }

  @Test func outsideTheShareTheRowBelowDecidesWithoutExposure() throws {
    let rules = try #require(ruleSet(Self.rules))
    let id = Self.id(inside: false)
    let bucket = Bucketing.rolloutBucket(salt: "exp-1", profileID: id)
    let decision = rules.decide("p", id: id, builtins: ["country": .string("US")], explain: true)
    #expect(decision.content == .paywall(id: "us_plain"))
    #expect(decision.audience.index == 1)
    #expect(decision.abTest == nil)
    #expect(decision.exposures.isEmpty)
    #expect(decision.reason == .targetingMatch)
    #expect(
      decision.explanation?.first
        == RowTrace(
          index: 0, name: "us",
          outcome: .outsideLayer(
            reason:
              "layer bucket \(bucket) of layer 'exp' is outside the share of test 't' (0% to 25%, buckets 0–2499)")))
  }

  @Test func insideTheShareTheTestDrawsWithItsOwnVersion() throws {
    let rules = try #require(ruleSet(Self.rules))
    let id = Self.id(inside: true)
    let decision = rules.decide("p", id: id, builtins: ["country": .string("US")])
    let bucket = Bucketing.bucket(versionID: "t-1", profileID: id)
    #expect(decision.abTest?.bucket == bucket)
    #expect(decision.abTest?.variation == (bucket < 50 ? "a" : "b"))
    #expect(decision.exposures.map(\.outcome) == [.decided])
    #expect(decision.reason == .split)
  }

  @Test func aProfileWithoutProfileIDEntersNoLayeredTestAndIsWarned() throws {
    let rules = try #require(ruleSet(Self.rules))
    for id in [nil, "  "] as [String?] {
      let decision = rules.decide("p", id: id, builtins: ["country": .string("US")])
      #expect(decision.content == .paywall(id: "us_plain"))
      let problem = id == nil ? "has no profile_id" : "has an empty or blank profile_id"
      #expect(decision.warnings == ["profile \(problem): layer 'exp' cannot bucket it; test 't' skipped"])
    }
  }

  @Test func aCrossPlacementTestInALayerIsSkippedInEveryPlacementAlike() throws {
    let rules = try #require(
      ruleSet(
        """
        segment us = country == "US"
        test offer version "offer-1" {
          variation a 50% {
            p -> paywall a
            q -> paywall a
          }
          variation b 50% {
            p -> paywall b
            q -> paywall b
          }
        }
        placement p: paywall {
          us      -> test offer
          default -> paywall standard
        }
        placement q: paywall {
          us      -> test offer
          default -> paywall standard
        }
        layer exp version "exp-1" {
          offer 0% to 25%
        }
        """))
    for inside in [true, false] {
      let id = Self.id(inside: inside)
      let p = rules.decide("p", id: id, builtins: ["country": .string("US")])
      let q = rules.decide("q", id: id, builtins: ["country": .string("US")])
      #expect(p.abTest == q.abTest)
      #expect((p.abTest != nil) == inside)
    }
  }

  /// The batch writer's bytes are the decision's for profiles inside and outside the share and without an id.
  @Test func theBatchEncoderWritesTheSameDecisions() throws {
    let rules = try #require(ruleSet(Self.rules))
    let encoder = DecisionEncoder(ruleSet: rules, placements: [0])
    for id in [Self.id(inside: true), Self.id(inside: false), nil] {
      let bound = rules.bind(Profile(profileID: id, builtins: ["country": .string("US")], customAttributes: [:]))
      let decision = try rules.resolve("p", for: bound, options: ResolveOptions(now: pinnedNow))
      var json = JSONWriter()
      var trail = ExposureTrail()
      var memo = SegmentMemo(for: rules)
      let resolution = rules.resolution(0, for: bound, now: pinnedNow, memo: &memo, observer: &trail)
      encoder.write(resolution, trail: trail, position: 0, profile: bound, to: &json)
      #expect(json.string == decision.jsonString, "\(id ?? "no id")")
    }
  }
}
