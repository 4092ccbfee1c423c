import PlacementCore

/// A segment that every profile matches: its condition is a tautology.
///
/// `country is set or country is not set`, `app_version >= 2.0 or app_version < 2.0 or app_version is not set`,
/// `experience != pro or experience != amateur`. Missing values are a case of their own, so
/// `age >= 18 or age < 18` is not a tautology (a profile without `age` matches neither). A row with such a
/// segment decides for everyone: every row below it is unreachable.
///
/// Example: `segment everyone = country is set or country is not set`.
/// Fix: use the `default` row for "everyone", or add the condition that was forgotten.
struct AlwaysMatches: LintRule {
  static let id: DiagnosticCode = "always-matches"
  static let severity: Severity = .warning
  static let summary = "a segment's condition is a tautology: every profile matches it"

  func check(_ context: LintContext) -> [Diagnostic] {
    context.segmentsThatCannot(hold: false).map { segment, _ in
      finding(
        .alwaysMatches(segment.name, condition: segment.conditionText),
        at: segment.span,
        notes: [.matchesEmptyProfile])
    }
  }
}
