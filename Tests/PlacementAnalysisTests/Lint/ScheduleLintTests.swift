import TestSupport
import Testing

@testable import PlacementAnalysis
@testable import PlacementCore

/// The lint rules for schedules (`schedule-ended`, `overlapping-schedules`) and the reasoner's view of a
/// scheduled row as skippable: rows below it stay reachable.
@Suite struct ScheduleLintTests {
  @discardableResult
  func run(_ marked: String, _ code: DiagnosticCode, at now: String) -> [Diagnostic] {
    let rules = MarkedRules(marked)
    let found = Linter.run(compile(rules.text), scheduleNow: Instant(iso8601: now)!).diagnostics.filter {
      $0.code == code
    }
    #expect(positions(found) == rules.positions)
    return found
  }

  static let christmas = """
    segment everyone = country is set
    placement main_paywall: paywall {
      1️⃣everyone from "2026-12-20T00:00:00+01:00" until "2027-01-05T00:00:00+01:00" -> paywall christmas
      default -> paywall standard
    }
    """

  @Test func aScheduleWhollyInThePastIsReported() {
    let found = run(Self.christmas, ScheduleEnded.id, at: "2027-02-01T00:00:00Z")
    #expect(
      found.first?.message
        == "row 0 'everyone' of placement 'main_paywall' was scheduled until 2027-01-05T00:00:00+01:00: it has ended and never matches again"
    )
    #expect(
      found.first?.notes.first?.message == "judged at 2027-02-01T00:00:00Z (placement lint --now, else the clock)")
  }

  /// The public `Linter.lint` judges schedules as `placement lint` does: at `now` when given, else the clock.
  @Test func linterLintJudgesSchedulesAtNowElseTheClock() {
    let ended = """
      segment everyone = country is set
      placement main_paywall: paywall {
        everyone from "2020-01-01T00:00:00Z" until "2020-02-01T00:00:00Z" -> paywall winter
        default -> paywall standard
      }
      """
    let compilation = compile(ended)
    let ids = { (found: [Diagnostic]) in found.filter { $0.code == ScheduleEnded.id }.map(\.span?.location.line) }
    #expect(ids(Linter.lint(compilation)) == [3])
    #expect(ids(Linter.lint(compilation, now: Instant(iso8601: "2020-03-01T00:00:00Z")!)) == [3])
    #expect(ids(Linter.lint(compilation, now: Instant(iso8601: "2020-01-15T00:00:00Z")!)).isEmpty)
  }

  @Test(arguments: ["2026-12-01T00:00:00Z", "2026-12-24T00:00:00Z", "2027-01-04T22:59:59.999Z"])
  func aLiveOrFutureScheduleIsNotReported(_ now: String) {
    let unmarked = Self.christmas.replacingOccurrences(of: "1️⃣", with: "")
    #expect(run(unmarked, ScheduleEnded.id, at: now).isEmpty)
  }

  @Test func aRowWhoseScheduleAndTestScheduleNeverOverlapIsReported() {
    let found = run(
      """
      segment everyone = country is set
      placement p: paywall {
        1️⃣everyone until "2026-12-08T00:00:00Z" -> test t from "2026-12-10T00:00:00Z" { paywall a 50%, paywall b 50% }
        default -> paywall standard
      }
      """, ScheduleEnded.id, at: "2026-12-01T00:00:00Z")
    #expect(found.first?.message.contains("is never live") == true)
  }

  @Test func overlappingScheduledRowsWithTheSameSegment() {
    let found = run(
      """
      segment everyone = country is set
      segment ios = platform == "iOS"
      placement p: paywall {
        everyone from "2026-11-27T00:00:00Z" until "2026-12-02T00:00:00Z" -> paywall black_friday
        1️⃣everyone from "2026-12-01T00:00:00Z" until "2026-12-08T00:00:00Z" -> paywall cyber_week
        everyone from "2026-12-08T00:00:00Z" until "2026-12-15T00:00:00Z" -> paywall back_to_back
        ios from "2026-12-01T00:00:00Z" -> paywall other_segment
        default -> paywall standard
      }
      """, OverlappingSchedules.id, at: "2026-11-01T00:00:00Z")
    #expect(
      found.first?.message
        == "row 1 'everyone' and row 0 'everyone' of placement 'p' have segment 'everyone' and overlapping schedules: "
        + "row 0 'everyone' decides from 2026-12-01T00:00:00Z until 2026-12-02T00:00:00Z")
  }

  /// Below a scheduled row the same segment is a fallback, not a dead row; below an unscheduled one it is dead.
  @Test func aScheduledRowLeavesTheRowsBelowReachable() {
    let rules = """
      segment everyone = country is set
      placement p: paywall {
        everyone from "2026-12-20T00:00:00+01:00" until "2027-01-05T00:00:00+01:00" -> paywall christmas
        everyone -> paywall regular
        default -> paywall standard
      }
      """
    let result = Linter.run(compile(rules), scheduleNow: Instant(iso8601: "2026-12-01T00:00:00Z")!)
    #expect(result.diagnostics.filter { $0.severity != .info }.map(\.code.id) == [])
    let dead = """
      segment everyone = country is set
      placement p: paywall {
        everyone -> paywall regular
        1️⃣everyone from "2026-12-20T00:00:00+01:00" -> paywall christmas
        default -> paywall standard
      }
      """
    run(dead, DuplicateRowSegment.id, at: "2026-12-01T00:00:00Z")
  }

  @Test func theDefaultRowBelowAScheduledCatchAllIsReachable() {
    let rules = """
      segment everyone = country is set
      segment always = country is set or country is not set
      placement p: paywall {
        always from "2026-12-20T00:00:00Z" -> paywall christmas
        default -> paywall standard
      }
      """
    let found = Linter.run(compile(rules), scheduleNow: Instant(iso8601: "2026-12-01T00:00:00Z")!).diagnostics
    #expect(!found.contains { $0.code == UnreachableRow.id })
  }
}
