import PlacementCore

/// A custom `string` attribute compared with two literals that differ only by case or surrounding spaces.
///
/// Adapty keeps a custom string attribute's values from a predefined list and matches them exactly (with
/// surrounding spaces trimmed when stored). When one segment tests `plan == "Pro"` and another `plan == "pro"`,
/// at most one spelling is what profiles hold, so the other segment silently selects nobody. A `choice` attribute
/// is the declared form of such a list: a literal outside its options is already a compile error
/// (`unknown-option`). For `string` attributes, which declare no list, the rule compares the literals of every
/// `==`, `!=`, `in` and `not in` test of the same declared attribute across the rule set, ignoring case and
/// surrounding spaces, and reports each later spelling at its first use, with a note at the first spelling.
/// Tests written `ignoring case` are left out. It is on by default.
///
/// Example: `segment pro = plan == "Pro"` and `segment basic = plan in ["basic", "pro "]`.
/// Fix: use the spelling profiles hold everywhere, or declare the attribute a `choice` of its values.
struct CustomStringVariants: LintRule {
  static let id: DiagnosticCode = "custom-string-variants"
  static let severity: Severity = .warning
  static let summary = "a custom string attribute is compared with two spellings of one value"

  func check(_ context: LintContext) -> [Diagnostic] {
    var first: [String: (text: String, at: SourceSpan)] = [:]
    var seen: Set<String> = []
    var found: [Diagnostic] = []
    for site in context.predicateSites
    where AdaptyValues.equalityOperators.contains(site.predicate.op) && !site.predicate.ignoringCase {
      guard site.predicate.subject.function == nil,
        let attribute = context.attribute(named: site.predicate.subject.attribute.text), !attribute.isBuiltin,
        attribute.type == .string
      else { continue }
      for literal in AdaptyLimit.strings(site.predicate.operands) {
        guard seen.insert(attribute.name + "\u{0}" + literal.text).inserted else { continue }
        let key = attribute.name + "\u{0}" + literal.text.trimmingWhitespace().lowercased()
        let span = site.span(literal.range)
        guard let earlier = first[key] else {
          first[key] = (literal.text, span)
          continue
        }
        found.append(
          finding(
            .customStringVariant(literal.text, earlier.text, attribute: attribute.name), at: span,
            notes: [.otherSpelling(earlier.text, at: earlier.at)]))
      }
    }
    return found
  }
}
