import TestSupport
import Testing

@testable import PlacementCore

/// A scheduled row is skipped before its window and after it, and matches inside
/// it (`from` inclusive, `until` exclusive); a test's schedule applies to every row that uses the test.
@Suite struct ScheduleResolveTests {
  /// The Christmas promotion: 2026-12-20T00:00+01:00 is 2026-12-19T23:00Z, 2027-01-05T00:00+01:00 is
  /// 2027-01-04T23:00Z.
  static let christmas = """
    segment everyone = country is set
    placement main_paywall: paywall {
      everyone from "2026-12-20T00:00:00+01:00" until "2027-01-05T00:00:00+01:00" -> paywall christmas
      default -> paywall standard
    }
    """

  static let profile = #"{"profile_id": "p-1", "country": "DE"}"#

  func decision(_ rules: String, at instant: String, explain: Bool = false, placement: String = "main_paywall")
    throws -> Decision
  {
    try decide(
      rules, readProfile(Self.profile), placement: placement, now: try #require(Instant(iso8601: instant)),
      explain: explain)
  }

  @Test(arguments: [
    ("2026-12-01T00:00:00Z", "standard", "SCHEDULED_OUT"),
    ("2026-12-19T22:59:59.999Z", "standard", "SCHEDULED_OUT"),  // 1 ms before from
    ("2026-12-19T23:00:00Z", "christmas", "TARGETING_MATCH"),  // from, inclusive
    ("2026-12-20T00:00:00+01:00", "christmas", "TARGETING_MATCH"),  // the same instant, as written
    ("2026-12-24T18:00:00-05:00", "christmas", "TARGETING_MATCH"),
    ("2027-01-04T22:59:59.999Z", "christmas", "TARGETING_MATCH"),  // 1 ms before until
    ("2027-01-04T23:00:00Z", "standard", "SCHEDULED_OUT"),  // until, exclusive
    ("2027-02-01T00:00:00Z", "standard", "SCHEDULED_OUT"),
  ])
  func skippedBeforeAndAfterItsWindowAndMatchedInside(_ instant: String, _ paywall: String, _ reason: String) throws {
    let decision = try decision(Self.christmas, at: instant)
    #expect(decision.content == .paywall(id: paywall))
    #expect(decision.audience.index == (paywall == "christmas" ? 0 : 1))
    #expect(decision.reason.rawValue == reason)
  }

  @Test func explainSaysScheduledFromUntil() throws {
    let decision = try decision(Self.christmas, at: "2027-01-10T00:00:00Z", explain: true)
    #expect(
      decision.explanation?.first
        == RowTrace(
          index: 0, name: "everyone",
          outcome: .scheduledOut(reason: "scheduled from 2026-12-20T00:00:00+01:00 until 2027-01-05T00:00:00+01:00")))
  }

  @Test func aRowWhoseSegmentDoesNotMatchIsNotScheduledOut() throws {
    let decision = try decide(
      Self.christmas, readProfile(#"{"profile_id": "p-1"}"#), placement: "main_paywall",
      now: Instant(iso8601: "2026-12-01T00:00:00Z")!)
    #expect(decision.content == .paywall(id: "standard"))
    #expect(decision.reason == .defaultRow)
  }

  @Test func openEndedSchedules() throws {
    let rules = """
      segment everyone = country is set
      placement p: paywall {
        everyone until "2026-12-01T00:00:00Z" -> paywall early
        everyone from "2026-12-10T00:00:00Z" -> paywall late
        default -> paywall standard
      }
      """
    #expect(try decision(rules, at: "2020-01-01T00:00:00Z", placement: "p").content == .paywall(id: "early"))
    #expect(try decision(rules, at: "2026-12-05T00:00:00Z", placement: "p").content == .paywall(id: "standard"))
    #expect(try decision(rules, at: "2040-01-01T00:00:00Z", placement: "p").content == .paywall(id: "late"))
  }

  /// A scheduled-out test draws nothing: no exposure, and the row below decides.
  @Test func aTestsScheduleAppliesToItsRowsAndRecordsNoExposure() throws {
    let rules = """
      segment everyone = country is set
      placement p: paywall {
        everyone -> test winter version "winter-1" from "2026-12-01T00:00:00Z" until "2027-03-01T00:00:00Z" { a: paywall a 50%, b: paywall b 50% }
        default -> paywall standard
      }
      """
    let before = try decision(rules, at: "2026-11-30T23:59:59Z", placement: "p")
    #expect(before.content == .paywall(id: "standard"))
    #expect(before.exposures.isEmpty)
    #expect(before.reason == .scheduledOut)
    let inside = try decision(rules, at: "2026-12-01T00:00:00Z", placement: "p")
    #expect(inside.abTest?.name == "winter")
    #expect(inside.exposures.map(\.test) == ["winter"])
    #expect(inside.reason == .split)
  }

  /// A cross-placement test's header schedule holds at every placement that refers to it, intersected with a
  /// row's own schedule.
  @Test func crossPlacementScheduleAppliesEverywhereAndIntersectsTheRows() throws {
    let rules = """
      segment everyone = country is set
      test launch version "launch-1" from "2026-12-01T00:00:00Z" until "2027-01-01T00:00:00Z" {
        variation a 50% {
          p -> paywall pa
          q -> paywall qa
        }
        variation b 50% {
          p -> paywall pb
          q -> paywall qb
        }
      }
      placement p: paywall {
        everyone -> test launch
        default  -> paywall p_default
      }
      placement q: paywall {
        everyone until "2026-12-15T00:00:00Z" -> test launch
        default -> paywall q_default
      }
      """
    let ruleSet = try #require(compile(rules).ruleSet)
    #expect(
      ruleSet.placements[1].rows[0].effectiveSchedule?.description
        == "from 2026-12-01T00:00:00Z until 2026-12-15T00:00:00Z")
    #expect(try decision(rules, at: "2026-11-30T00:00:00Z", placement: "p").content == .paywall(id: "p_default"))
    #expect(try decision(rules, at: "2026-12-20T00:00:00Z", placement: "p").abTest?.name == "launch")
    #expect(try decision(rules, at: "2026-12-20T00:00:00Z", placement: "q").content == .paywall(id: "q_default"))
    #expect(try decision(rules, at: "2026-12-10T00:00:00Z", placement: "q").abTest?.name == "launch")
  }

  @Test func scheduleStatusAndIntersection() throws {
    let bound = { (text: String) in Schedule.Bound(Instant(iso8601: text)!, text: text) }
    let window = Schedule(from: bound("2026-12-20T00:00:00+01:00"), until: bound("2027-01-05T00:00:00+01:00"))
    #expect(window.status(at: Instant(iso8601: "2026-12-19T22:59:59.999Z")!) == .scheduled)
    #expect(window.status(at: Instant(iso8601: "2026-12-19T23:00:00Z")!) == .live)
    #expect(window.status(at: Instant(iso8601: "2027-01-04T23:00:00Z")!) == .ended)
    // Equal instants written with different offsets are one bound.
    #expect(bound("2026-12-19T23:00:00Z") == bound("2026-12-20T00:00:00+01:00"))
    let later = Schedule(from: bound("2026-12-24T00:00:00Z"), until: nil)
    #expect(window.intersection(later).description == "from 2026-12-24T00:00:00Z until 2027-01-05T00:00:00+01:00")
  }
}
