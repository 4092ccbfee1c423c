import PlacementCore

/// A ramp whose last step has begun but admits less than 100 %: it will not grow any further.
///
/// A ramp is judged at `placement lint --now`, else at the clock. Once its last step holds, a ramp is a plain
/// percentage rollout for good: if that is the intent, say so with `percent(n) salt "…"`; if the rollout was
/// meant to finish, add the next step (steps never decrease, so the profiles already admitted keep their content).
///
/// Example (judged at 2027-01-01T00:00:00Z):
/// ```
/// segment new_paywall = percent(5 from "2026-12-01T00:00:00Z", 25 from "2026-12-08T00:00:00Z") salt "new-paywall" # stalled at 25 %
///
/// placement main_paywall: paywall {
///   new_paywall -> paywall new_one
///   default     -> paywall standard
/// }
/// ```
/// Fix: add a step up to 100 %, or write the plain percentage.
struct StalledRamp: LintRule {
  static let id: DiagnosticCode = "stalled-ramp"
  static let severity: Severity = .warning
  static let summary = "a ramp's last step has begun (at --now or the clock) and admits less than 100 %"

  func check(_ context: LintContext) -> [Diagnostic] {
    let now = context.scheduleNow
    var found: [Diagnostic] = []
    for segment in context.model.segments {
      for (_, steps) in segment.condition.ramps() {
        guard let last = steps.last, last.threshold < 10_000, last.from.instant <= now else { continue }
        found.append(
          finding(
            .stalledRamp(segment.name, percent: RampStep.percentText(last.threshold), since: last.from.text),
            at: segment.span, notes: [.judgedAt(now.iso8601), .finishTheRamp]))
      }
    }
    return found
  }
}
