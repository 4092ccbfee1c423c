/// A row that can never decide because the rows above it already match every profile it matches.
///
/// The first matching row decides, so a row whose segment is implied by the segments of earlier rows (one of
/// them, or several together) is dead: `country in ["US"]` above `country in ["US"] and age > 30`,
/// `experience in [pro, amateur]` above `experience == pro`, `age >= 18` above `age >= 21`, or any row below a
/// segment that always matches. The proof is exact over `choice`, `choices`, `bool`, string literal sets and
/// number, version and date intervals, with missing values as their own case. When it needs what the reasoner
/// does not model (patterns, `starts_with`/`contains`, rollouts, relative dates) the row is reported as
/// "may be unreachable" with severity info. Rows after the default are a compiler error (`row-after-default`);
/// a repeated segment is `duplicate-row-segment`; a segment that never matches is `never-matches`.
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
    for placement in context.model.placements {
      for (index, row, segment, earlier) in facts.candidates(in: placement) {
        let name = LintContext.describe(row: index, row)
        let reach = facts.reach(segment, below: earlier)
        switch reach {
        case .impliedBy, .impliedByAll:
          var culprits = earlier
          if case .impliedBy(let single) = reach { culprits = [single] }
          let by =
            reach.isSingle
            ? "by \(culprits[0].name)" : "by the earlier rows \(culprits.map(\.name).joined(separator: ", "))"
          found.append(
            finding(
              "\(name) is unreachable: every profile it matches is already matched \(by)", at: row.span,
              notes: culprits.map { Note("\($0.name) decides first", at: $0.row.span) }
                + [Note("move the narrower row above the wider one, or remove it")]))
        case .unknown(.unmodeled):
          found.append(
            finding(
              "\(name) may be unreachable: no profile was found that matches it and none of the rows above",
              at: row.span, severity: .info,
              notes: [
                Note(
                  "the conditions use tests the linter cannot decide (patterns, starts_with, contains, rollouts, relative dates)"
                )
              ]))
        default:
          continue
        }
      }
    }
    return found
  }
}
