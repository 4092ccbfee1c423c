import PlacementCore

/// A row that shares profiles with rows above it (info).
///
/// Overlaps are often intended (a narrow row above a broad one), but they are where a priority change
/// silently re-targets people. For each reachable row the linter names the earlier rows that some profile
/// matches together with it, and shows one example profile (a witness, as JSON that
/// `placement resolve --profile` reads) matching it and the first of them, which wins for that profile. Rows
/// that cannot be reached at all are reported by `unreachable-row` instead.
///
/// Example:
/// <!-- rules context:
/// segment adults = age >= 18
/// segment over21 = age >= 21
/// -->
/// ```
/// placement main_paywall: paywall {
///   over21  -> paywall a # segment over21 = age >= 21
///   adults  -> paywall b # segment adults = age >= 18: overlaps row 0, e.g. {"age":21}; row 0 wins
///   default -> paywall c
/// }
/// ```
/// Fix: nothing, if the priority is what you want; otherwise make the segments disjoint or reorder the rows.
struct OverlappingRows: LintRule {
  static let id: DiagnosticCode = "overlapping-rows"
  static let severity: Severity = .info
  static let summary = "a row shares profiles with earlier rows, which win (with an example profile)"

  func check(_ context: LintContext) -> [Diagnostic] {
    let facts = RowFacts(context: context)
    let attributes = context.model.attributes
    var found: [Diagnostic] = []
    for (placementIndex, placement) in context.model.placements.enumerated() {
      // Rows past the analysis budget are named by `unreachable-row`'s "too large to check" finding.
      let reachability = facts.reachability(ofPlacement: placementIndex)
      for (index, row, segment, _) in facts.candidates(in: placement) {
        guard case .reachable = reachability.reach[index] else { continue }
        // Pairs only: the first earlier row that shares a profile with this one wins for that profile, since
        // no row above it matches any profile of this row.
        var shared: [(row: RowFacts.Earlier, witness: Witness)] = []
        for other in reachability.candidates[index] ?? [] {
          // An unreachable earlier row never wins; `unreachable-row` reports it.
          guard reachability.reach[other.index]?.isUnreachable == false else { continue }
          let both = context.reasoner.check([
            Reasoner.Requirement(.segment(other.segment)), Reasoner.Requirement(.segment(segment)),
          ])
          if let witness = both.witness { shared.append((other, witness)) }
        }
        guard let first = shared.first else { continue }
        let names = shared.map(\.row.name)
        let name = LintContext.describe(row: index, row)
        found.append(
          finding(
            .overlappingRows(name, names),
            at: row.span,
            notes: [
              .overlapWitness(name, first.row.name, witness: first.witness.describe(attributes), at: first.row.row.span)
            ]))
      }
    }
    return found
  }
}
