import PlacementCore

/// An empty string `""` among the elements of a list literal.
///
/// A cleared flow input reports `""`, which removes the attribute (as the SDK's attribute builder does), so
/// `""` in a list never matches an answer and usually marks a typo such as a trailing `, ""`
/// (PRODUCT.md §4.5). To test for no value, use `is not set`.
///
/// Example: `segment anglophone = language in ["en", ""]`.
/// Fix: remove the element (the fix-it does), or write `language is not set` for "no value".
struct EmptyStringInList: LintRule {
  static let id: DiagnosticCode = "empty-string-in-list"
  static let severity: Severity = .error
  static let summary = "an empty string in a list literal can never match an answer"

  func check(_ context: LintContext) -> [Diagnostic] {
    context.listSites.flatMap { list in
      list.elements.enumerated().compactMap { index, element -> Diagnostic? in
        guard case .string("", let range) = element else { return nil }
        let subject = list.site.predicate.subject.attribute.text
        return finding(
          .emptyStringInList(of: subject), at: list.site.span(range),
          notes: [.clearedAnswersRemoved(subject)],
          fixIts: [.removeEmptyString(at: DuplicateListElement.removal(of: index, in: list))])
      }
    }
  }
}
