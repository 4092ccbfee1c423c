import PlacementKit
import TestSupport
import Testing

/// One store of a profile's identity. The `profile_id` attribute that
/// conditions read and the id that buckets are the same value, however the profile was made.
@Suite struct ProfileIdentityTests {
  static let ruleSet = Compilation.compile([
    RuleSource(
      name: "id.rules",
      text: """
        segment me = profile_id == "p1"
        placement p: flow {
          me      -> flow mine
          default -> test t version "v1" { flow x 50%, flow y 50% }
        }
        """)
  ]).ruleSet!

  static let options = ResolveOptions(now: Instant(millisecondsSince1970: 0))

  func decide(_ profile: Profile) throws -> Decision {
    try Self.ruleSet.resolve("p", for: Self.ruleSet.bind(profile), options: Self.options)
  }

  @Test func everyWayOfGivingTheIdMatchesProfileID() throws {
    var fromBuiltins = Profile()
    fromBuiltins.builtins["profile_id"] = .string("p1")
    var set = Profile()
    try set.setAttribute("profile_id", to: "p1")
    for profile in [Profile(profileID: "p1"), Profile(id: "p1"), fromBuiltins, set] {
      #expect(profile.profileID == "p1")
      let decision = try decide(profile)
      #expect(decision.content == .flow(id: "mine", paywall: nil))
      #expect(decision.profileID == "p1")
    }
  }

  @Test func changingTheIdChangesTheConditionAndTheBucketTogether() throws {
    var profile = Profile(id: "p1")
    profile.profileID = "p2"
    #expect(profile.builtins["profile_id"] == .string("p2"))
    let decision = try decide(profile)
    #expect(decision.audience.name == "default")
    #expect(decision.profileID == "p2")
    #expect(decision.abTest?.bucket == Bucketing.bucket(versionID: "v1", profileID: "p2"))
    profile.profileID = nil
    #expect(profile.builtins["profile_id"] == nil)
    #expect(try decide(profile).abTest?.bucket == nil)
  }
}
