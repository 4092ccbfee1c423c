import PlacementCore

/// An empty string `""` among the elements of a list literal compared with a string attribute.
///
/// `""` is a present value (docs/Product.md §4.1): it matches a profile whose attribute is the empty string, never one
/// without the attribute, so a list written to catch "no value" with `""` misses every profile that has none.
/// Where an empty string can come from decides how likely that is:
/// - a custom attribute with a flow source (`from input`): a cleared answer removes the attribute rather than
///   storing `""` (docs/Product.md §3), so only an empty string stored in `custom_attributes` matches (warning);
/// - a custom attribute without a source: Adapty removes a custom attribute set to `""`, so only a profile
///   that stores one another way matches (warning);
/// - a built-in attribute: the profile's member may be `""` (info).
///
/// No automatic fix is offered: removing the element changes which profiles match. A choice attribute's list
/// cannot hold `""` at all (`unknown-option`, a compiler error).
///
/// Example: `segment anglophone = language in ["en", ""]`.
/// Fix: write `language is not set` for "no value", or remove `""` if it is a stray element such as a
/// trailing `, ""`.
struct EmptyStringInList: LintRule {
  static let id: DiagnosticCode = "empty-string-in-list"
  static let severity: Severity = .warning
  static let summary = "an empty string in a list matches only an empty value, never a missing attribute"

  func check(_ context: LintContext) -> [Diagnostic] {
    context.listSites.flatMap { list in
      let subject = list.site.predicate.subject.attribute.text
      guard let attribute = context.attribute(named: subject), attribute.type == .string else {
        return [Diagnostic]()
      }
      return list.elements.compactMap { element -> Diagnostic? in
        guard case .string("", let range) = element else { return nil }
        let origin: Note? =
          attribute.isBuiltin ? nil : attribute.source == nil ? .adaptyRemovesEmpty : .clearedAnswersRemoved(subject)
        return finding(
          .emptyStringInList(of: subject, excluding: list.site.predicate.op == .notInList), at: list.site.span(range),
          severity: attribute.isBuiltin ? .info : nil,
          notes: (origin.map { [$0] } ?? []) + [.testNoValue(subject)])
      }
    }
  }
}
