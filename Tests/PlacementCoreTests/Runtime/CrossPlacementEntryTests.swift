import TestSupport
import Testing

@testable import PlacementCore

/// Cross-placement tests as Adapty runs them: only new users join, a timed assignment stays for the test's
/// stickiness window (after its schedule ended too), and a profile in one cross-placement test joins no other.
@Suite struct CrossPlacementEntryTests {
  /// `offer` started on 20 November and stopped on 20 December 2026 (window: the default 90 days); `other` has no
  /// schedule and a 30-day window.
  static let rules = """
    segment fans = country == "US"
    test offer version "offer-1" sticky from "2026-11-20T00:00:00Z" until "2026-12-20T00:00:00Z" {
      variation control 50% { p -> paywall control_paywall }
      variation trial 50%   { p -> paywall trial_paywall }
    }
    test other version "other-1" sticky for 30 days {
      variation a 50% { q -> paywall a }
      variation b 50% { q -> paywall b }
    }
    placement p: paywall {
      fans    -> test offer
      default -> paywall standard
    }
    placement q: paywall {
      fans    -> test other
      default -> paywall standard
    }
    """

  static func at(_ text: String) -> Instant { Instant(iso8601: text)! }

  static func decision(
    _ profile: String, placement: String = "p", now: String = "2026-11-30T00:00:00Z", explain: Bool = false
  ) throws -> Decision {
    try decide(rules, readProfile(profile), placement: placement, now: at(now), explain: explain)
  }

  // MARK: Only new users join

  @Test func aProfileWhoseFirstPaywallCameAfterTheStartJoins() throws {
    let decision = try Self.decision(#"{"profile_id":"u1","country":"US","first_paywall_at":"2026-11-25T00:00:00Z"}"#)
    #expect(decision.reason == .split)
    #expect(decision.abTest?.name == "offer")
    #expect(decision.exposures.count == 1)
    #expect(decision.warnings.isEmpty)
  }

  @Test func aProfileWhoseFirstPaywallCameAtTheStartJoins() throws {
    let decision = try Self.decision(#"{"profile_id":"u1","country":"US","first_paywall_at":"2026-11-20T00:00:00Z"}"#)
    #expect(decision.abTest?.name == "offer")
  }

  @Test func aProfileWhoseFirstPaywallCameBeforeTheStartIsNotEntered() throws {
    let profile = #"{"profile_id":"u1","country":"US","first_paywall_at":"2026-11-01T09:30:00Z"}"#
    let decision = try Self.decision(profile, explain: true)
    #expect(decision.content == .paywall(id: "standard"))
    #expect(decision.reason == .defaultRow)
    #expect(decision.abTest == nil)
    #expect(decision.exposures.map(\.outcome) == [.notNewUser])
    #expect(
      decision.explanation?.first?.outcome
        == .notNewUser(
          reason: "first paywall at 2026-11-01T09:30:00Z, before cross-placement test 'offer' started "
            + "(2026-11-20T00:00:00Z): only new users join"))
    #expect(decision.jsonString.contains(#""outcome":"not_new_user""#))
  }

  @Test func aProfileWithoutFirstPaywallAtCountsAsNewWithAWarningOnlyWhenExplained() throws {
    let profile = #"{"profile_id":"u1","country":"US"}"#
    let plain = try Self.decision(profile)
    #expect(plain.abTest?.name == "offer")
    #expect(plain.warnings.isEmpty)
    let explained = try Self.decision(profile, explain: true)
    #expect(explained.abTest == plain.abTest)
    #expect(
      explained.warnings == [
        "profile has no first_paywall_at: treated as a new user of cross-placement test 'offer' "
          + "(started 2026-11-20T00:00:00Z)"
      ])
  }

  @Test func aTestWithoutAStartEntersOldUsers() throws {
    let decision = try Self.decision(
      #"{"profile_id":"u1","country":"US","first_paywall_at":"2020-01-01T00:00:00Z"}"#, placement: "q",
      explain: true)
    #expect(decision.abTest?.name == "other")
    #expect(decision.warnings.isEmpty)
  }

  // MARK: The stickiness window

  @Test func aTimedAssignmentIsKeptAfterTheTestStoppedWithinItsWindow() throws {
    let profile =
      #"{"profile_id":"u1","country":"US","assignments":{"offer-1":{"variation":"trial","at":"2026-12-01T00:00:00Z"}}}"#
    // Stopped on 20 December; 90 days from 1 December is 1 March 2027.
    let kept = try Self.decision(profile, now: "2027-01-10T00:00:00Z")
    #expect(kept.content == .paywall(id: "trial_paywall"))
    #expect(kept.reason == .sticky)
    #expect(
      kept.exposures == [
        Exposure(test: "offer", versionID: "offer-1", variation: "trial", bucket: nil, outcome: .sticky)
      ])
    let lastMoment = try Self.decision(profile, now: "2027-02-28T23:59:59Z")
    #expect(lastMoment.reason == .sticky)
  }

  @Test func afterItsWindowAnAssignmentIsIgnored() throws {
    let profile =
      #"{"profile_id":"u1","country":"US","assignments":{"offer-1":{"variation":"trial","at":"2026-12-01T00:00:00Z"}}}"#
    let ended = try Self.decision(profile, now: "2027-03-01T00:00:00Z")
    #expect(ended.content == .paywall(id: "standard"))
    #expect(ended.reason == .scheduledOut)
    #expect(ended.exposures.isEmpty)
  }

  @Test func aLiveTestRedrawsAProfileWhoseAssignmentLeftItsWindow() throws {
    func profile(_ at: String) -> String {
      #"{"profile_id":"u1","country":"US","assignments":{"other-1":{"variation":"a","at":""# + at + #""}}}"#
    }
    let kept = try Self.decision(profile("2026-11-15T00:00:00Z"), placement: "q")
    #expect(kept.reason == .sticky)
    #expect(kept.abTest?.variation == "a")
    // 30 days from 15 October ended on 14 November: the profile draws again.
    let redrawn = try Self.decision(profile("2026-10-15T00:00:00Z"), placement: "q")
    #expect(redrawn.reason == .split)
    #expect(redrawn.abTest?.bucket == Bucketing.bucket(versionID: "other-1", profileID: "u1"))
  }

  @Test func anAssignmentWithoutATimeBehavesAsBefore() throws {
    let profile = #"{"profile_id":"u1","country":"US","assignments":{"offer-1":"trial"}}"#
    #expect(try Self.decision(profile).reason == .sticky)
    // No time: no window to keep it after the test stopped, and it keeps the profile out of no other test.
    #expect(try Self.decision(profile, now: "2027-01-10T00:00:00Z").reason == .scheduledOut)
    let elsewhere = try Self.decision(
      #"{"profile_id":"u1","country":"US","assignments":{"offer-1":"trial"}}"#, placement: "q")
    #expect(elsewhere.abTest?.name == "other")
  }

  // MARK: One cross-placement test at a time

  @Test func aProfileInAnotherCrossPlacementTestIsNotEntered() throws {
    let profile =
      #"{"profile_id":"u1","country":"US","assignments":{"other-1":{"variation":"b","at":"2026-11-15T00:00:00Z"}}}"#
    let decision = try Self.decision(profile, explain: true)
    #expect(decision.content == .paywall(id: "standard"))
    #expect(decision.exposures.map(\.outcome) == [.inOtherTest])
    #expect(
      decision.explanation?.first?.outcome
        == .inOtherTest(
          reason: "the profile is in cross-placement test 'other' (assigned 2026-11-15T00:00:00Z, kept until "
            + "2026-12-15T00:00:00Z): it joins no other cross-placement test"))
    #expect(decision.jsonString.contains(#""outcome":"in_other_test""#))
  }

  @Test func anExpiredAssignmentOfAnotherTestKeepsNoOneOut() throws {
    let profile =
      #"{"profile_id":"u1","country":"US","assignments":{"other-1":{"variation":"b","at":"2026-10-01T00:00:00Z"}}}"#
    #expect(try Self.decision(profile).abTest?.name == "offer")
  }

  @Test func aQAOverrideWinsOverTheEntryRules() throws {
    let rules = Self.rules + "\noverride offer: variation trial for profile_id == \"qa\"\n"
    let profile = try readProfile(#"{"profile_id":"qa","country":"US","first_paywall_at":"2020-01-01T00:00:00Z"}"#)
    let decision = try decide(rules, profile, placement: "p", now: Self.at("2026-11-30T00:00:00Z"))
    #expect(decision.reason == .override)
  }

  // MARK: Reading the profile

  @Test func timedAssignmentsAndFirstPaywallAtAreRead() throws {
    let profile = try readProfile(
      #"{"first_paywall_at":"2026-11-01T00:00:00+01:00","assignments":{"v1":"a","v2":{"variation":"b","at":"2026-11-02T00:00:00Z"},"v3":{"variation":"c"}}}"#
    )
    #expect(profile.firstPaywallAt == Self.at("2026-10-31T23:00:00Z"))
    #expect(profile.assignments == ["v1": "a", "v2": "b", "v3": "c"])
    #expect(profile.assignmentTimes == ["v2": Self.at("2026-11-02T00:00:00Z")])
    #expect(profile.warnings.isEmpty)
  }

  @Test func badMembersCostOnlyThemselves() throws {
    let profile = try readProfile(
      #"{"first_paywall_at":"yesterday","assignments":{"v1":{"variation":"a","at":"soon"},"v2":{"at":"2026-11-02T00:00:00Z"},"v3":7}}"#
    )
    #expect(profile.firstPaywallAt == nil)
    #expect(profile.assignments == ["v1": "a"])
    #expect(profile.assignmentTimes.isEmpty)
    #expect(
      profile.warnings == [
        "'assignments.v1.at' must be an ISO-8601 instant, found \"soon\"; the assignment has no time",
        "'assignments.v2' must have a 'variation' string; ignored",
        "'assignments.v3' must be a variation id string, found number; ignored",
        "'first_paywall_at' must be an ISO-8601 instant or Unix milliseconds, found \"yesterday\"; treated as missing (the profile counts as new)",
      ])
  }

  @Test func firstPaywallAtTakesTheFormsOfOtherProfileDates() throws {
    let at = Self.at("2026-11-01T00:00:00Z")
    for written in [#""2026-11-01T00:00:00Z""#, "1793491200000", #""1793491200000""#, #""2026-11-01""#] {
      let profile = try readProfile(#"{"first_paywall_at":\#(written)}"#)
      #expect(profile.firstPaywallAt == at, "\(written)")
      #expect(profile.warnings.isEmpty, "\(written)")
    }
    let huge = try readProfile(#"{"first_paywall_at":1e300}"#)
    #expect(huge.firstPaywallAt == nil)
    #expect(huge.warnings.first?.contains("found number; treated as missing") == true)
    let ruleSet = try #require(compile(Self.rules).ruleSet)
    let bound = try ruleSet.bind(jsonBytes: Array(#"{"profile_id":"u1","first_paywall_at":1793491200000}"#.utf8))
    #expect(bound.firstPaywallAt == at)
  }

  @Test func theByteBinderReadsTheMembersAsTheProfileDoes() throws {
    let ruleSet = try #require(compile(Self.rules).ruleSet)
    let json =
      #"{"profile_id":"u1","country":"US","first_paywall_at":"2026-11-01T00:00:00Z","assignments":{"other-1":{"variation":"b","at":"2026-11-15T00:00:00Z"}}}"#
    let bound = try ruleSet.bind(jsonBytes: Array(json.utf8))
    #expect(bound.firstPaywallAt == Self.at("2026-11-01T00:00:00Z"))
    #expect(bound.assignmentTimes == ["other-1": Self.at("2026-11-15T00:00:00Z")])
  }

  // MARK: The checker

  @Test func aCrossPlacementTestOverAFlowIsAnError() throws {
    let errors = compile(
      """
      test onboarding version "o1" {
        variation a 50% { home -> flow a }
        variation b 50% { home -> paywall b }
      }
      segment s = country == "US"
      placement home: flow {
        s       -> test onboarding
        default -> flow generic
      }
      """
    ).diagnostics.filter { $0.severity == .error }
    #expect(errors.map(\.code) == [SemanticsCatalog.crossPlacementFlow])
    #expect(positions(errors).first == "2:29")
  }

  @Test func stickinessWindows() throws {
    func errors(_ header: String, inline: Bool = false) -> [String] {
      let text =
        inline
        ? "segment s = country == \"US\"\nplacement q: paywall {\n  s -> test t \(header) { paywall a 50%, paywall b 50% }\n  default -> paywall c\n}\n"
        : Self.rules.replacingOccurrences(of: "sticky for 30 days", with: header)
      return compile(text).diagnostics.filter { $0.severity == .error }.map(\.message)
    }
    #expect(errors("sticky for 1 day").isEmpty)
    #expect(errors("sticky for 3650 days").isEmpty)
    #expect(errors("sticky for 0 days") == ["a stickiness window is a whole number of days from 1 to 3650, found '0'"])
    #expect(errors("sticky for 2 weeks") == ["a stickiness window is counted in days, found 'weeks'"])
    #expect(
      errors("sticky for 7 days", inline: true) == [
        "test 't' is inside a row: only a cross-placement test has a stickiness window ('sticky for <n> days')"
      ])
    let windows = try #require(compile(Self.rules).ruleSet).crossPlacementTests.mapValues(\.stickyWindow)
    #expect(windows == ["offer-1": 90 * Instant.millisecondsPerDay, "other-1": 30 * Instant.millisecondsPerDay])
  }
}
