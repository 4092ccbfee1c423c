import TestSupport
import Testing

@testable import PlacementCore

/// Every cross-placement test keeps a timed assignment for its stickiness window, `sticky` written or not; a
/// profile its entry rules keep out is exposed with outcome `not_new_user` or `in_other_test` and no variation.
@Suite struct CrossPlacementStickyTests {
  /// `offer` declares no `sticky`; it started on 20 November and stopped on 20 December 2026 (window: the default
  /// 90 days). `other` has no schedule and a 30-day window.
  static let rules = """
    segment fans = country == "US"
    test offer version "offer-1" from "2026-11-20T00:00:00Z" until "2026-12-20T00:00:00Z" {
      variation control 50% {
        p -> fallthrough
        r -> fallthrough
      }
      variation trial 50% {
        p -> paywall trial_paywall
        r -> fallthrough
      }
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
    placement r: paywall {
      fans    -> test offer
      fans    -> test local version "local-1" { paywall x 50%, paywall y 50% }
      default -> paywall standard
    }
    """

  static func at(_ text: String) -> Instant { Instant(iso8601: text)! }

  static func decision(
    _ profile: String, placement: String = "p", now: String = "2026-11-30T00:00:00Z", explain: Bool = false
  ) throws -> Decision {
    try decide(rules, readProfile(profile), placement: placement, now: at(now), explain: explain)
  }

  static let assigned =
    #"{"profile_id":"u1","country":"US","assignments":{"offer-1":{"variation":"trial","at":"2026-12-01T00:00:00Z"}}}"#

  // MARK: Sticky by default

  @Test func aCrossPlacementTestIsStickyWithoutTheModifier() throws {
    let ruleSet = try #require(compile(Self.rules).ruleSet)
    #expect(ruleSet.crossPlacementTests["offer-1"]?.isSticky == true)
    #expect(ruleSet.stickyVersions == ["offer-1", "other-1"])
  }

  @Test func aTimedAssignmentIsKeptWhileTheTestRuns() throws {
    let kept = try Self.decision(Self.assigned, now: "2026-12-10T00:00:00Z")
    #expect(kept.reason == .sticky)
    #expect(
      kept.exposures == [
        Exposure(test: "offer", versionID: "offer-1", variation: "trial", bucket: nil, outcome: .sticky)
      ])
  }

  @Test func anUndeclaredStickyTestKeepsTheVariationForNinetyDaysAfterItStopped() throws {
    // Stopped on 20 December; 90 days from 1 December end on 1 March 2027.
    for now in ["2027-01-10T00:00:00Z", "2027-02-28T23:59:59Z"] {
      let kept = try Self.decision(Self.assigned, now: now)
      #expect(kept.content == .paywall(id: "trial_paywall"))
      #expect(kept.reason == .sticky)
      #expect(kept.abTest?.variation == "trial")
      #expect(kept.abTest?.bucket == nil)
    }
    let dropped = try Self.decision(Self.assigned, now: "2027-03-01T00:00:00Z")
    #expect(dropped.content == .paywall(id: "standard"))
    #expect(dropped.reason == .scheduledOut)
    #expect(dropped.exposures.isEmpty)
  }

  @Test func theDrawOfAnUndeclaredStickyTestIsANewAssignment() throws {
    let ruleSet = try #require(compile(Self.rules).ruleSet)
    let decision = try Self.decision(#"{"profile_id":"u1","country":"US"}"#)
    let exposure = try #require(decision.exposures.first)
    #expect(exposure.bucket != nil)
    #expect(ruleSet.newAssignments(decision.exposures) == ["offer-1": exposure.variation])
  }

  @Test func aTestInsideARowStaysNotSticky() throws {
    let ruleSet = try #require(compile(Self.rules).ruleSet)
    #expect(!ruleSet.stickyVersions.contains("local-1"))
  }

  // MARK: Exposures of profiles kept out

  @Test func anOldUserIsExposedAsNotNewUserWithoutAVariation() throws {
    let decision = try Self.decision(#"{"profile_id":"u1","country":"US","first_paywall_at":"2026-11-01T00:00:00Z"}"#)
    #expect(decision.content == .paywall(id: "standard"))
    #expect(decision.abTest == nil)
    #expect(
      decision.exposures == [
        Exposure(test: "offer", versionID: "offer-1", variation: "", bucket: nil, outcome: .notNewUser)
      ])
    #expect(decision.exposures.allSatisfy { $0.outcome.isKeptOut })
    #expect(
      decision.jsonString.contains(
        #""exposures":[{"test":"offer","version_id":"offer-1","variation":null,"bucket":null,"#
          + #""outcome":"not_new_user"}]"#))
  }

  @Test func aProfileInAnotherTestIsExposedAsInOtherTestWithoutAVariation() throws {
    let profile =
      #"{"profile_id":"u1","country":"US","assignments":{"other-1":{"variation":"b","at":"2026-11-15T00:00:00Z"}}}"#
    let decision = try Self.decision(profile)
    #expect(decision.content == .paywall(id: "standard"))
    #expect(
      decision.exposures == [
        Exposure(test: "offer", versionID: "offer-1", variation: "", bucket: nil, outcome: .inOtherTest)
      ])
    #expect(decision.jsonString.contains(#""variation":null,"bucket":null,"outcome":"in_other_test"}"#))
    let ruleSet = try #require(compile(Self.rules).ruleSet)
    #expect(ruleSet.newAssignments(decision.exposures).isEmpty)
  }

  @Test func keptOutExposuresComeInEvaluationOrder() throws {
    let decision = try Self.decision(
      #"{"profile_id":"u1","country":"US","first_paywall_at":"2026-11-01T00:00:00Z"}"#, placement: "r")
    #expect(decision.exposures.map(\.outcome.isKeptOut) == [true, false])
    #expect(decision.exposures.map(\.test) == ["offer", "local"])
    #expect(decision.abTest?.name == "local")
  }

  @Test func aProfileTheTestEntersIsNotKeptOut() throws {
    let decision = try Self.decision(#"{"profile_id":"u1","country":"US","first_paywall_at":"2026-11-25T00:00:00Z"}"#)
    #expect(decision.exposures.count == 1)
    #expect(decision.exposures.allSatisfy { !$0.outcome.isKeptOut && !$0.variation.isEmpty })
  }

  @Test func theOutcomesOfAProfileKeptOut() {
    #expect(ExposureOutcome.notNewUser.rawValue == "not_new_user")
    #expect(ExposureOutcome.inOtherTest.rawValue == "in_other_test")
    #expect(ExposureOutcome.allCases.filter { $0.isKeptOut } == [.notNewUser, .inOtherTest])
  }
}
