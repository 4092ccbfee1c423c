import PlacementCore

/// Two scheduled rows of one audience table with the same segment whose schedules overlap.
///
/// While both are live the first decides for every profile of the segment, so the second never shows during the
/// overlap: usually one promotion's `until` was meant to be the next one's `from` (schedules are `from`
/// inclusive, `until` exclusive, so back-to-back windows share that instant without overlapping).
///
/// Example:
/// <!-- rules context:
/// segment everyone = country is set
/// -->
/// ```
/// placement main_paywall: paywall {
///   everyone from "2026-11-27T00:00:00Z" until "2026-12-02T00:00:00Z" -> paywall black_friday
///   everyone from "2026-12-01T00:00:00Z" until "2026-12-08T00:00:00Z" -> paywall cyber_week # overlaps one day
///   default -> paywall standard
/// }
/// ```
/// Fix: make the later row's `from` the earlier row's `until`.
struct OverlappingSchedules: LintRule {
  static let id: DiagnosticCode = "overlapping-schedules"
  static let severity: Severity = .warning
  static let summary = "two scheduled rows with the same segment are live at once: the first hides the second"

  func check(_ context: LintContext) -> [Diagnostic] {
    var found: [Diagnostic] = []
    for placement in context.model.placements {
      var earlier: [Int: [(index: Int, row: AudienceRow, schedule: Schedule)]] = [:]
      for (index, row) in placement.rows.enumerated() {
        guard let segment = row.segment, let schedule = row.effectiveSchedule else { continue }
        for first in earlier[segment] ?? [] {
          let both = first.schedule.intersection(schedule)
          guard both.from.map({ start in both.until.map { start.instant < $0.instant } ?? true }) ?? true else {
            continue
          }
          let name = LintContext.describe(row: index, row)
          let firstName = LintContext.describe(row: first.index, first.row)
          found.append(
            finding(
              .overlappingSchedules(name, firstName, placement: placement.name, segment: row.name, both: both),
              at: row.span,
              notes: [.scheduled(firstName, first.schedule, at: first.row.span), .untilIsExclusive]))
          break
        }
        if RowFacts.decidesWhenLive(row) { earlier[segment, default: []].append((index, row, schedule)) }
      }
    }
    return found
  }
}
