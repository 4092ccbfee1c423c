import PlacementCore

/// A prerequisite that can never hold: `content(p)`, `row(p)` or `variation(t)` compared with ids that only rows
/// whose schedule has ended (or is never live) can give.
///
/// The checker already refuses an id the placement or test cannot take at all; this rule judges the schedules at
/// `placement lint --now` (else the clock). A row outside its schedule never decides, so the content it shows,
/// its name and its test's variations are not what the dependency can decide any more, and the condition that
/// asks for them never matches.
///
/// Example (judged at 2027-02-01T00:00:00Z):
/// <!-- rules context:
/// segment everyone = country is set
/// -->
/// ```
/// placement main_paywall: paywall {
///   everyone from "2026-12-20T00:00:00+01:00" until "2027-01-05T00:00:00+01:00" -> paywall christmas
///   default -> paywall standard
/// }
///
/// segment saw_christmas = content(main_paywall) == christmas # never holds
/// ```
/// Fix: remove the condition, or ask for what the dependency still decides.
struct PrerequisiteNeverHolds: LintRule {
  static let id: DiagnosticCode = "prerequisite-never-holds"
  static let severity: Severity = .warning
  static let summary = "a prerequisite asks for ids only rows outside their schedule give (at --now or the clock)"

  func check(_ context: LintContext) -> [Diagnostic] {
    let plan = context.model.prerequisitePlan
    guard !plan.isEmpty else { return [] }
    let now = context.scheduleNow
    var possible: [Int: UInt64] = [:]  // slot → the options a live row can give
    for prerequisite in plan.prerequisites {
      var mask: UInt64 = 0
      func allow(_ id: String) {
        if let index = prerequisite.options.index(of: id) { mask |= 1 << UInt64(index) }
      }
      for placement in prerequisite.placements {
        let definition = context.model.placements[placement]
        for override in definition.overrides { Self.contentIDs(override.content).forEach(allow) }
        for row in definition.rows where Self.isLive(row, at: now) {
          switch prerequisite.kind {
          case .row: allow(row.name)
          case .content: Self.contentIDs(row.content).forEach(allow)
          case .variation:
            if case .test(let test) = row.content, test.name == prerequisite.target {
              test.variations.map(\.id).forEach(allow)
            }
          }
        }
      }
      possible[prerequisite.slot] = mask
    }
    var found: [Diagnostic] = []
    func walk(_ condition: Condition) {
      switch condition {
      case .all(let parts), .any(let parts): parts.forEach(walk)
      case .not(let inner): walk(inner)
      case .predicate(let predicate):
        guard let mask = possible[predicate.slot], !predicate.isWrittenNegated,
          case .choiceIn(let asked) = predicate.test, asked & mask == 0
        else { return }
        found.append(
          finding(
            .prerequisiteNeverHolds(predicate.text), at: predicate.span,
            notes: [.judgedAt(now.iso8601), .prerequisiteOutsideSchedule]))
      case .segment, .rollout, .constant: break
      }
    }
    context.model.segments.map(\.condition).forEach(walk)
    context.model.overrides.map(\.condition).forEach(walk)
    return found
  }

  static func isLive(_ row: AudienceRow, at now: Instant) -> Bool {
    guard let schedule = row.effectiveSchedule else { return true }
    if let start = schedule.from, let end = schedule.until, end.instant <= start.instant { return false }
    return schedule.status(at: now) != .ended
  }

  static func contentIDs(_ content: Content) -> [String] {
    guard case .test(let test) = content else { return content.shownID.map { [$0] } ?? [] }
    return test.variations.flatMap { contentIDs($0.content) }
  }
}
