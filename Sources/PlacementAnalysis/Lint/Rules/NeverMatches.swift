import PlacementCore

/// A segment that no profile can match: its condition is a contradiction.
///
/// Decided exactly over the modelled types (see `unreachable-row`): `age < 18 and age > 30`,
/// `experience == pro and experience == amateur`, `interests has music and interests is empty`. A row with
/// such a segment never decides. The note names the attribute whose tests contradict each other.
///
/// Example: `segment teen_seniors = age < 18 and age > 30`.
/// Fix: the author usually meant `or`, or a different bound.
struct NeverMatches: LintRule {
  static let id: DiagnosticCode = "never-matches"
  static let severity: Severity = .warning
  static let summary = "a segment's condition is a contradiction: no profile matches it"

  func check(_ context: LintContext) -> [Diagnostic] {
    context.segmentsThatCannot(hold: true).map { segment, conflicts in
      var notes: [Note] = []
      if conflicts.count == 1, let conflict = conflicts.first, !conflict.attribute.isEmpty {
        notes.append(.contradiction(conflict.attribute, tests: conflict.literals.map { "'\($0)'" }))
      } else if conflicts.count > 1 {
        notes.append(.everyAlternativeContradicts)
      }
      return finding(
        .neverMatches(segment.name, condition: segment.conditionText), at: segment.span,
        notes: notes)
    }
  }
}
