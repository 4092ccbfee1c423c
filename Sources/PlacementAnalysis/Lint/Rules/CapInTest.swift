import PlacementCore

/// A frequency cap on a row that is an A/B test: capped profiles skip the test.
///
/// A cap (`limit 3 per 7 days`) is checked before the row's test draws, so a profile that reached the cap never
/// enters the test: the split is measured on the profiles that saw the placement less often, and how often a
/// profile sees it is what the cap changes. Put the cap on a row above the test, or inside each variation's own
/// placement, so that both arms are capped alike.
///
/// Example:
/// <!-- rules context:
/// segment everyone = country is set
/// -->
/// ```
/// placement main_paywall: paywall {
///   everyone limit 3 per 7 days -> test price { paywall cheap 50%, paywall dear 50% } # capped test
///   default -> paywall standard
/// }
/// ```
/// Fix: cap a row that shows one content, not the test's row.
struct CapInTest: LintRule {
  static let id: DiagnosticCode = "cap-in-test"
  static let severity: Severity = .warning
  static let summary = "a frequency cap on an A/B test's row skews its split"

  func check(_ context: LintContext) -> [Diagnostic] {
    var found: [Diagnostic] = []
    for placement in context.model.placements {
      for (index, row) in placement.rows.enumerated() {
        guard row.cap != nil, case .test(let test) = row.content else { continue }
        found.append(
          finding(
            .capInTest(LintContext.describe(row: index, row), placement: placement.name, test: test.name),
            at: row.span))
      }
    }
    return found
  }
}
