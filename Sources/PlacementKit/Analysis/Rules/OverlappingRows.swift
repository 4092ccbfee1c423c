/// Two rows of one audience table that some profile matches both (info).
///
/// Overlaps are often intended (a narrow row above a broad one), but they are where a priority change
/// silently re-targets people, so the linter shows one example profile (a witness, as JSON that
/// `placement resolve --profile` reads) that matches both rows and no row above the earlier one, which
/// therefore wins. Rows that cannot be reached at all are reported by `unreachable-row` instead.
///
/// Example:
/// ```
/// placement main_paywall: paywall {
///   over21  -> paywall a     # segment over21 = age >= 21
///   adults  -> paywall b     # segment adults = age >= 18: overlaps row 0, e.g. {"age":21}; row 0 wins
///   default -> paywall c
/// }
/// ```
/// Fix: nothing, if the priority is what you want; otherwise make the segments disjoint or reorder the rows.
struct OverlappingRows: LintRule {
  static let id: DiagnosticCode = "overlapping-rows"
  static let severity: Severity = .info
  static let summary = "two rows match a common profile; the earlier row wins (with an example profile)"

  func check(_ context: LintContext) -> [Diagnostic] {
    let facts = RowFacts(context: context)
    let attributes = context.model.attributes
    var found: [Diagnostic] = []
    for placement in context.model.placements {
      for (index, row) in placement.rows.enumerated() {
        guard let segment = row.segment else { continue }
        let earlier = RowFacts.shadowingRows(before: index, in: placement)
        guard !earlier.isEmpty, !earlier.contains(where: { $0.segment == segment }),
          facts.reaches(segment, past: earlier.map(\.segment)).witness != nil
        else { continue }
        for (position, other) in earlier.enumerated() {
          // A profile matching both rows and no row above the earlier one: the earlier row decides for it.
          let before = earlier.prefix(position).map { Reasoner.Requirement(.segment($0.segment), holds: false) }
          let both = context.reasoner.check(
            [Reasoner.Requirement(.segment(other.segment)), Reasoner.Requirement(.segment(segment))] + before)
          guard let witness = both.witness else { continue }
          let winner = LintContext.describe(row: other.index, other.row)
          found.append(
            finding(
              "\(LintContext.describe(row: index, row)) overlaps \(winner): a profile can match both, and \(winner) wins",
              at: row.span,
              notes: [
                Note("example profile matching both: \(witness.describe(attributes))"),
                Note("\(winner) is here", at: other.row.span),
              ]))
        }
      }
    }
    return found
  }
}
