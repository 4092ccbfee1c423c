import PlacementKit
import TestSupport
import Testing

/// A ``RuleStore`` with an ``InMemoryAssignmentStore`` and two sticky cross-placement tests: a draw is stored with
/// its time, kept after the test stopped for its window, and keeps the profile out of the other test.
@Suite struct CrossPlacementAssignmentStoreTests {
  static let rules = """
    segment everyone = profile_id is set
    test offer version "offer-1" sticky for 30 days until "2026-12-20T00:00:00Z" {
      variation a 50% { home -> paywall a }
      variation b 50% { home -> paywall b }
    }
    test other version "other-1" sticky {
      variation c 50% { away -> paywall c }
      variation d 50% { away -> paywall d }
    }
    placement home: paywall {
      everyone -> test offer
      default  -> paywall standard
    }
    placement away: paywall {
      everyone -> test other
      default  -> paywall standard
    }
    """

  static func options(_ now: String) -> ResolveOptions { ResolveOptions(now: Instant(iso8601: now)!) }

  @Test func theStoreKeepsTheTimeAndTheWindowCountsFromIt() throws {
    let store = InMemoryAssignmentStore()
    let rules = RuleStore(try #require(ruleSet(Self.rules)), assignments: store)
    let profile = Profile(profileID: "u1")
    let drawn = try rules.resolve("home", for: profile, options: Self.options("2026-12-01T00:00:00Z"))
    let variation = try #require(drawn.abTest?.variation)
    #expect(store.all["u1"] == ["offer-1": variation])
    #expect(store.assignmentTimes(forProfile: "u1") == ["offer-1": Instant(iso8601: "2026-12-01T00:00:00Z")!])
    // Stopped on 20 December; kept until 31 December (30 days from 1 December).
    let kept = try rules.resolve("home", for: profile, options: Self.options("2026-12-30T00:00:00Z"))
    #expect(kept.reason == .sticky)
    #expect(kept.abTest?.variation == variation)
    #expect(try rules.resolve("home", for: profile, options: Self.options("2026-12-31T00:00:00Z")).abTest == nil)
    // In the window of offer, the profile is kept out of other.
    let away = try rules.resolve("away", for: profile, options: Self.options("2026-12-10T00:00:00Z"))
    #expect(away.abTest == nil)
    #expect(away.content == .paywall(id: "standard"))
    let later = try rules.resolve("away", for: profile, options: Self.options("2027-01-05T00:00:00Z"))
    #expect(later.abTest?.name == "other")
  }

  /// `offer` and `other` without `sticky`: a cross-placement test is sticky all the same, for the default 90 days.
  @Test func aTestThatDoesNotSayStickyIsStoredAndKeptForNinetyDays() throws {
    let undeclared = Self.rules.replacingOccurrences(of: " sticky for 30 days", with: "")
      .replacingOccurrences(of: " sticky", with: "")
    #expect(!undeclared.contains("sticky"))
    let store = InMemoryAssignmentStore()
    let rules = RuleStore(try #require(ruleSet(undeclared)), assignments: store)
    let profile = Profile(profileID: "u1")
    let drawn = try rules.resolve("home", for: profile, options: Self.options("2026-12-01T00:00:00Z"))
    let variation = try #require(drawn.abTest?.variation)
    #expect(store.all["u1"] == ["offer-1": variation])
    #expect(store.assignmentTimes(forProfile: "u1") == ["offer-1": Instant(iso8601: "2026-12-01T00:00:00Z")!])
    // Stopped on 20 December; kept until 1 March 2027 (90 days from 1 December).
    let kept = try rules.resolve("home", for: profile, options: Self.options("2027-02-28T00:00:00Z"))
    #expect(kept.reason == .sticky)
    #expect(kept.abTest?.variation == variation)
    #expect(try rules.resolve("home", for: profile, options: Self.options("2027-03-01T00:00:00Z")).abTest == nil)
    // Kept out of other meanwhile, and exposed as such (no variation, nothing stored for other).
    let away = try rules.resolve("away", for: profile, options: Self.options("2027-01-05T00:00:00Z"))
    #expect(away.content == .paywall(id: "standard"))
    #expect(
      away.exposures == [
        Exposure(test: "other", versionID: "other-1", variation: "", bucket: nil, outcome: .inOtherTest)
      ]
    )
    #expect(store.all["u1"] == ["offer-1": variation])
  }
}
