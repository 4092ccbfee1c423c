import PlacementKit
import TestSupport
import Testing

/// The store resolves the default audience when the options ask for it, by name, by JSON bytes and for every
/// placement.
@Suite struct RuleStoreDefaultAudienceTests {
  static let rules = """
    segment us = country == "US"
    placement main: paywall {
      us -> paywall pro_annual
      default -> paywall standard
    }
    placement onboarding: flow {
      us -> flow us_intro
      default -> flow intro
    }
    """

  @Test func theStoreHonoursDefaultAudience() throws {
    let store = RuleStore(try #require(ruleSet(Self.rules)))
    let json = Array(#"{"profile_id":"u1","country":"US"}"#.utf8)
    var options = ResolveOptions(now: pinnedNow)
    #expect(try store.resolve("main", jsonBytes: json, options: options).content == .paywall(id: "pro_annual"))
    options.defaultAudience = true
    #expect(try store.resolve("main", jsonBytes: json, options: options).content == .paywall(id: "standard"))
    #expect(
      try store.resolveAll(jsonBytes: json, options: options).map(\.content) == [
        .paywall(id: "standard"), .flow(id: "intro", paywall: nil),
      ])
    var profile = Profile(profileID: "u1")
    try profile.setAttribute("country", to: "US")
    let decision = try store.resolve("onboarding", for: profile, options: options)
    #expect(decision.content == .flow(id: "intro", paywall: nil))
    #expect(decision.reason == .defaultRow)
  }
}
