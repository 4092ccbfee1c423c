import TestSupport
import Testing

@testable import PlacementCore

/// A test spanning three placements: one version, one variation per profile everywhere.
@Suite struct CrossPlacementTests {
  static let text = ABFixtures.crossPlacement

  /// What each variation shows at each placement (nil: falls through to the next row).
  static let contents: [String: [String: ShownContent?]] = [
    "control": ["onboarding": .paywall(id: "classic"), "main": .paywall(id: "standard"), "settings": nil],
    "bold": [
      "onboarding": .paywall(id: "bold"), "main": .paywall(id: "bold"),
      "settings": .paywall(id: "bold_settings"),
    ],
    "quiet": [
      "onboarding": .paywall(id: "quiet"), "main": .holdout, "settings": .paywall(id: "quiet_settings"),
    ],
  ]

  @Test func tenThousandProfilesGetOneVariationInEveryPlacement() throws {
    let rules = try #require(ruleSet(Self.text))
    var counts: [String: Int] = [:]
    for i in 0..<10_000 {
      let id = "profile-\(i)"
      let ios: [String: JSONValue] = ["country": .string("US"), "platform": .string(i % 2 == 0 ? "iOS" : "Android")]
      let decisions = ["onboarding", "main", "settings"].map { rules.decide($0, id: id, builtins: ios) }
      // Draw order (33, bold), (33, quiet), (34, control): the walk by hand.
      let bucket = Bucketing.bucket(versionID: "spring-2026", profileID: id)
      let expected = bucket < 33 ? "bold" : bucket < 66 ? "quiet" : "control"
      counts[expected, default: 0] += 1
      for decision in decisions {
        if let shown = Self.contents[expected]![decision.placement]! {
          #expect(
            decision.abTest
              == ABAssignment(name: "spring", versionID: "spring-2026", variation: expected, bucket: bucket))
          // Cross-placement rows come first: iOS profiles, matched by a row written earlier, are in the test too.
          #expect(decision.audience.index == 0)
          #expect(decision.content == shown, "\(id) at \(decision.placement)")
        } else {
          // control falls through at settings: the next matching row decides, and it is not a test.
          #expect(decision.abTest == nil)
          #expect(decision.content == (i % 2 == 0 ? .paywall(id: "ios_settings") : .paywall(id: "settings")))
          #expect(decision.audience.index == (i % 2 == 0 ? 1 : 2))
        }
      }
    }
    for (id, share) in shares(counts) {
      #expect(abs(share - (id == "control" ? 34 : 33)) <= 1.5, "\(id): \(share)%")
    }
  }

  @Test func crossPlacementRowsComeBeforeTheRowsAsWritten() throws {
    let rules = try #require(ruleSet(Self.text))
    #expect(rules.placement(named: "onboarding")?.rows.map(\.name) == ["us", "ios", "default"])
    #expect(rules.placement(named: "settings")?.rows.map(\.name) == ["us", "ios", "default"])
    let outside = rules.decide("onboarding", id: "p", builtins: ["country": .string("DE"), "platform": .string("iOS")])
    #expect(outside.audience == Audience(index: 1, name: "ios", segment: "platform == \"iOS\""))
    #expect(outside.abTest == nil)
  }

  @Test func profileWithoutIdTakesTheFirstVariationInDrawOrderWithAWarning() throws {
    let rules = try #require(ruleSet(Self.text))
    let decision = rules.decide("main", id: nil, builtins: ["country": .string("US")])
    // Draw order: (33, bold), (33, quiet), (34, control).
    #expect(decision.abTest == ABAssignment(name: "spring", versionID: "spring-2026", variation: "bold", bucket: nil))
    #expect(decision.content == .paywall(id: "bold"))
    #expect(
      decision.warnings == [
        "profile has no profile_id: test 'spring' cannot bucket it; first variation in draw order taken"
      ])
    #expect(
      decision.jsonString.contains(
        #""ab_test":{"name":"spring","version_id":"spring-2026","variation":"bold","bucket":null}"#))
  }
}
