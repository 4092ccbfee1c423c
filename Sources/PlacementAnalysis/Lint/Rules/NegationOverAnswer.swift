import PlacementCore

/// A negation over a flow answer (`!=`, `not in`, `not contains`, `is not empty`, `not …`) that also matches
/// profiles that never answered.
///
/// Negated operators are exact complements, so they are true on a missing value (docs/Product.md §4.1), and a quiz,
/// input or toggle answer is missing for everyone who skipped the screen or whose events were lost. The rule
/// reports a negation over an attribute declared `from quiz|input|toggle` when its segment still admits a
/// profile without that answer, and suggests (with a fix-it) adding `and <attribute> is set`. A segment that
/// already requires the answer (`experience != pro and experience is set`) is not reported, and nothing is
/// reported under `dialect adapty`, where a negation already excludes missing answers.
///
/// Example: `segment not_pros = experience != pro` also matches profiles that never took the quiz.
/// Fix: `experience != pro and experience is set`, declare `dialect adapty` for the folder, or suppress the
/// finding if non-answerers are meant.
struct NegationOverAnswer: LintRule {
  static let id: DiagnosticCode = "negation-over-answer"
  static let severity: Severity = .warning
  static let summary = "a negation over a flow answer also matches profiles that never answered"

  /// The search, restricted to attributes with a flow source.
  static let sites = NegationSites(includes: { $0.source != nil })

  /// How its findings are worded.
  static let wording = NegationSites.Wording(
    message: { .negationOverAnswer($0, attribute: $1) }, hint: { .requireAnswerHint($0) },
    witness: { .unansweredWitness(segment: $0.segment, witness: $0.witness) },
    fixIt: { .requireAnswer(at: $0, replacement: $1) })

  func check(_ context: LintContext) -> [Diagnostic] { Self.sites.findings(of: self, context, Self.wording) }

  /// The condition `<attribute> is set`.
  static func isSet(_ attribute: AttributeDefinition, _ span: SourceSpan) -> Condition {
    NegationSites.isSet(attribute, span)
  }
}
