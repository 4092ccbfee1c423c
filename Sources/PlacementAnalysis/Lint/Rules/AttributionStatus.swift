import PlacementCore

/// An `attribution_status` literal other than `Organic`, `Non-organic` and `Unknown`.
///
/// Adapty's attribution status has three values, spelled as its dashboard shows them: `Organic`, `Non-organic`
/// and `Unknown`. Any other literal (`"organic"`, `"Nonorganic"`, `"paid"`) matches no profile whose status comes
/// from Adapty, and comparisons are case-sensitive unless written `ignoring case`. The rule checks the built-in
/// `attribution_status` in `==`, `!=`, `in` and `not in` tests and suggests the nearest value: the same letters in
/// another case or with other separators, else the closest by spelling. A literal that differs from a value only
/// by case is not reported under `ignoring case`. It is on by default, as `attribution_status` is Adapty's
/// attribute; a backend that stores its own status values under this name suppresses the rule.
///
/// Example: `segment paid = attribution_status == "non_organic"`.
/// Fix: use Adapty's spelling (the fix-it does): `attribution_status == "Non-organic"`.
struct AttributionStatus: LintRule {
  static let id: DiagnosticCode = "attribution-status"
  static let severity: Severity = .warning
  static let summary = "an 'attribution_status' literal is not Organic, Non-organic or Unknown"

  /// Adapty's values, as its dashboard spells them.
  static let values = ["Organic", "Non-organic", "Unknown"]

  func check(_ context: LintContext) -> [Diagnostic] {
    var found: [Diagnostic] = []
    for site in context.predicateSites where AdaptyValues.equalityOperators.contains(site.predicate.op) {
      guard site.predicate.subject.function == nil,
        let attribute = context.attribute(named: site.predicate.subject.attribute.text), attribute.isBuiltin,
        attribute.name == "attribution_status"
      else { continue }
      for literal in AdaptyLimit.strings(site.predicate.operands) where !Self.values.contains(literal.text) {
        let suggestion = Self.nearest(literal.text)
        if site.predicate.ignoringCase, let suggestion, suggestion.lowercased() == literal.text.lowercased() {
          continue
        }
        let span = site.span(literal.range)
        found.append(
          finding(
            .attributionStatus(literal.text, suggestion: suggestion), at: span,
            fixIts: suggestion.map { [.replaceLiteral(with: $0, at: span)] } ?? []))
      }
    }
    return found
  }

  /// The value `text` most likely means: equal ignoring case, spaces, `-` and `_`; else the closest spelling.
  static func nearest(_ text: String) -> String? {
    let folded = fold(text)
    return values.first { fold($0) == folded } ?? Suggestions.closest(to: text, in: values)
  }

  private static func fold(_ text: String) -> String {
    String(text.lowercased().filter { $0.isLetter })
  }
}
