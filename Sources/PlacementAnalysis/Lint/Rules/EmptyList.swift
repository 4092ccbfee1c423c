import PlacementCore

/// A list literal with no elements.
///
/// `x in []`, `x has any []`, `x starts_with []` can never match; `x not in []` matches every profile and
/// `x has all []` every profile that answered (docs/Product.md §4.5). Either way the list does not say what was meant.
///
/// Example: `segment nobody = country in []`.
/// Fix: list the values, or remove the predicate.
struct EmptyList: LintRule {
  static let id: DiagnosticCode = "empty-list"
  static let severity: Severity = .error
  static let summary = "an empty list literal makes a predicate never match or always match"

  func check(_ context: LintContext) -> [Diagnostic] {
    context.listSites.compactMap { list in
      guard list.elements.isEmpty else { return nil }
      let predicate = list.site.predicate
      return finding(.emptyList(predicate.subject.attribute.text, predicate.op), at: list.site.span(list.range))
    }
  }
}
