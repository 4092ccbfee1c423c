import PlacementCore

/// A row that can never decide because the rows above it already match every profile it matches.
///
/// The first matching row decides, so a row whose segment is implied by the segments of earlier rows (one of
/// them, or several together) is dead: `country in ["US"]` above `country in ["US"] and age > 30`,
/// `experience in [pro, amateur]` above `experience == pro`, `age >= 18` above `age >= 21`, or any row below a
/// segment that always matches. The proof is exact over `choice`, `choices`, `bool`, string literal sets and
/// number, version and date intervals (a `within last` window below a wider one included), with missing values
/// as their own case; a row below a `percent()` rollout is reachable when some `profile_id` falls outside it (a
/// few ids are tried). When it needs what the reasoner does not model (patterns, `starts_with`/`contains`,
/// `years_since`, a relative window beside a fixed date) the row is reported as "may be unreachable" with
/// severity info. Rows after the default are a compiler error (`row-after-default`);
/// a repeated segment is `duplicate-row-segment`; a segment that never matches is `never-matches`.
///
/// Cost: earlier rows that provably share no profile with the row (`country == "DE"` against
/// `country == "FR"`) are not compared, so a generated table of 2,000 per-country rows lints in about a
/// second of CPU. Past 100,000 row comparisons in one placement the remaining rows are not checked, and an info
/// finding on the placement names them (as it names a row whose conditions are too large to analyse).
///
/// Example:
/// <!-- rules context:
/// segment adults = age >= 18
/// segment over21 = age >= 21
/// -->
/// ```
/// placement onboarding_end: flow {
///   adults  -> flow adult_onboarding # segment adults = age >= 18
///   over21  -> flow drinks_onboarding # segment over21 = age >= 21: unreachable
///   default -> flow generic_onboarding
/// }
/// ```
/// Fix: put the narrower row first, or narrow the earlier row.
struct UnreachableRow: LintRule {
  static let id: DiagnosticCode = "unreachable-row"
  static let severity: Severity = .warning
  static let summary = "a row whose segment is implied by earlier rows' segments never decides"

  func check(_ context: LintContext) -> [Diagnostic] {
    let facts = RowFacts(context: context)
    var found: [Diagnostic] = []
    for (placementIndex, placement) in context.model.placements.enumerated() {
      let reachability = facts.reachability(ofPlacement: placementIndex)
      if let skipped = reachability.skippedDescription {
        found.append(
          info(
            .placementTooLargeToCheck(placement.name, skipped: skipped),
            at: placement.span,
            note: .rowBudget(context.rowBudget)))
      }
      for (index, row, _, earlier) in facts.candidates(in: placement) {
        guard let reach = reachability.reach[index] else { continue }
        let name = LintContext.describe(row: index, row)
        switch reach {
        case .impliedBy, .impliedByAll:
          var culprits = Array(earlier)
          if case .impliedBy(let single) = reach { culprits = [single] }
          // A capped row is skipped once the profile reached its cap, and the rows below it decide.
          guard !culprits.contains(where: { $0.row.cap != nil }) else { continue }
          found.append(
            finding(
              .unreachableRow(name, by: culprits.map(\.name), single: reach.isSingle), at: row.span,
              notes: culprits.map { .decidesFirst($0.name, at: $0.row.span) } + [.moveNarrowerRow]))
        case .unknown(let limit) where limit != .tooLarge && limit != .invalid:
          found.append(info(.mayBeUnreachable(name), at: row.span, note: .undecidableTests(limit)))
        case .unknown(.tooLarge):
          found.append(
            info(
              .reachabilityNotChecked(name),
              at: row.span,
              note: .analysisTooLarge(alternatives: context.reasoner.cap, steps: context.reasoner.searchBudget)))
        default:
          continue
        }
      }
    }
    return found
  }

  /// An info finding with one note: what the rule could not decide, and why.
  private func info(_ message: DiagnosticMessage, at span: SourceSpan, note: Note) -> Diagnostic {
    finding(message, at: span, severity: .info, notes: [note])
  }
}
