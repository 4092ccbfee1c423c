import PlacementCore

/// A negation (`!=`, `not in`, `not contains`, `is not empty`, `not …`) over an attribute that can be missing, in a
/// segment that still matches profiles without the attribute.
///
/// Negated operators are exact complements, so they are true on a missing value (docs/Semantics.md rule 1). Adapty's
/// dashboard means the opposite: `≠`, `>`, `<` and `between` never match a profile without the attribute, so a
/// segment ported literally (`country != "RU"`) also selects everyone whose country is unknown. The rule reports a
/// negation over a built-in or declared attribute without a flow source (those are `negation-over-answer`) when
/// its segment still admits a profile without it, and suggests (with a fix-it) adding `and <attribute> is set`. A
/// segment that already requires the attribute is not reported, and nothing is reported under `dialect adapty`,
/// where a negation already excludes missing values.
///
/// Example: `segment outside_ru = country != "RU"` also matches profiles with no `country`.
/// Fix: `country != "RU" and country is set`, declare `dialect adapty` for the folder, or suppress the finding
/// if profiles without the attribute are meant.
struct NegationIncludesMissing: LintRule {
  static let id: DiagnosticCode = "negation-includes-missing"
  static let severity: Severity = .warning
  static let summary = "a negation over an attribute also matches profiles without that attribute"

  /// The search, restricted to attributes without a flow source.
  static let sites = NegationSites(includes: { $0.source == nil })

  /// How its findings are worded.
  static let wording = NegationSites.Wording(
    message: { .negationIncludesMissing($0, attribute: $1) }, hint: { .requireAttributeHint($0) },
    witness: { .missingAttributeWitness($0.attribute, segment: $0.segment, witness: $0.witness) },
    fixIt: { .requireAttribute(at: $0, replacement: $1) })

  func check(_ context: LintContext) -> [Diagnostic] { Self.sites.findings(of: self, context, Self.wording) }
}
