import PlacementCore

/// A row whose schedule, or its test's, has ended: it never matches again.
///
/// A schedule is judged at `placement lint --now`, else at the clock, so a promotion left in the rules after its
/// `until` is flagged the day after it ends. A row whose own schedule and its test's never overlap is never live
/// at all and is reported the same way. The rows below it decide for its profiles, so the row is dead weight that
/// the next reader has to reason about.
///
/// Example (judged at 2027-02-01T00:00:00Z):
/// <!-- rules context:
/// segment everyone = country is set
/// -->
/// ```
/// placement main_paywall: paywall {
///   everyone from "2026-12-20T00:00:00+01:00" until "2027-01-05T00:00:00+01:00" -> paywall christmas # ended
///   default -> paywall standard
/// }
/// ```
/// Fix: remove the row (or give it the next window).
struct ScheduleEnded: LintRule {
  static let id: DiagnosticCode = "schedule-ended"
  static let severity: Severity = .warning
  static let summary = "a row's schedule, or its test's, has ended (at --now or the clock) or is never live"

  func check(_ context: LintContext) -> [Diagnostic] {
    let now = context.scheduleNow
    var found: [Diagnostic] = []
    for placement in context.model.placements {
      for (index, row) in placement.rows.enumerated() {
        guard let schedule = row.effectiveSchedule else { continue }
        let name = LintContext.describe(row: index, row)
        let judged = Note.judgedAt(now.iso8601)
        if let start = schedule.from, let end = schedule.until, end.instant <= start.instant {
          found.append(
            finding(
              .neverLive(name, placement: placement.name, schedule: schedule),
              at: row.span, notes: [.liveWhileBothSchedules]))
        } else if schedule.status(at: now) == .ended, let end = schedule.until {
          found.append(
            finding(
              .scheduleEnded(name, placement: placement.name, until: end.text),
              at: row.span, notes: [judged, .removeOrReschedule]))
        }
      }
    }
    return found
  }
}
