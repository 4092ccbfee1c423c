import TestSupport
import Testing

@testable import PlacementCore

/// `ResolveOptions.defaultAudience`: the default row decides, whatever the rows above it and the placement's QA
/// overrides say; a default row that is a test draws as usual.
@Suite struct DefaultAudienceTests {
  static let text = """
    segment us = country == "US"
    placement main: paywall {
      us -> paywall pro_annual
      default -> paywall standard
    }
    placement single: paywall {
      default -> paywall only
    }
    placement tested: paywall {
      us -> test promo version "promo-1" { paywall promo_a 50%, paywall promo_b 50% }
      default -> test base version "base-1" { paywall base_a 50%, paywall base_b 50% }
    }
    override main: paywall qa_preview for profile_id == "qa"
    """

  static func options(explain: Bool = false) -> ResolveOptions {
    var options = ResolveOptions(now: pinnedNow, explain: explain)
    options.defaultAudience = true
    return options
  }

  func decide(_ rules: RuleSet, _ placement: String, id: String, explain: Bool = false) throws -> Decision {
    let profile = rules.bind(Profile(profileID: id, builtins: ["country": .string("US")]))
    return try rules.resolve(placement, for: profile, options: Self.options(explain: explain))
  }

  @Test func theDefaultRowDecidesForAProfileAnEarlierRowMatches() throws {
    let rules = try #require(ruleSet(Self.text))
    #expect(rules.decide("main", id: "u1", builtins: ["country": .string("US")]).content == .paywall(id: "pro_annual"))
    let decision = try decide(rules, "main", id: "u1", explain: true)
    #expect(decision.content == .paywall(id: "standard"))
    #expect(decision.reason == .defaultRow)
    #expect(decision.audience == Audience(index: 1, name: "default", segment: nil))
    #expect(decision.explanation == [RowTrace(index: 1, name: "default", outcome: .decided(reason: nil))])
  }

  @Test func aPlacementOverrideDoesNotApply() throws {
    let rules = try #require(ruleSet(Self.text))
    #expect(rules.decide("main", id: "qa").content == .paywall(id: "qa_preview"))
    let decision = try decide(rules, "main", id: "qa")
    #expect(decision.content == .paywall(id: "standard"))
    #expect(decision.reason == .defaultRow)
  }

  @Test func aSingleRowPlacementKeepsItsStaticReason() throws {
    let rules = try #require(ruleSet(Self.text))
    let decision = try decide(rules, "single", id: "u1")
    #expect(decision.content == .paywall(id: "only"))
    #expect(decision.reason == .staticContent)
  }

  @Test func aDefaultRowTestDrawsAsUsualAndTheTestAboveIsNotEntered() throws {
    let rules = try #require(ruleSet(Self.text))
    let drawsB = profileID(withBucket: 80, in: "base-1")
    let decision = try decide(rules, "tested", id: drawsB)
    #expect(decision.content == .paywall(id: "base_b"))
    #expect(decision.reason == .split)
    #expect(decision.abTest == ABAssignment(name: "base", versionID: "base-1", variation: "base_b", bucket: 80))
    #expect(decision.exposures.map(\.test) == ["base"])
  }

  @Test func resolveAllUsesTheOptionForEveryPlacement() throws {
    let rules = try #require(ruleSet(Self.text))
    let profile = rules.bind(Profile(profileID: "u1", builtins: ["country": .string("US")]))
    let decisions = try rules.resolveAll(for: profile, options: Self.options())
    #expect(decisions.map(\.audience.name) == ["default", "default", "default"])
  }
}
