import PlacementCore

/// An A/B test variation id longer than Adapty's 255 characters.
///
/// Adapty names a test's variants with at most 255 characters each, unique within the test, and a running test's
/// variants cannot be renamed. Two variations with one id are already a compile error (`duplicate-variation`), so
/// the rule checks the length: of each written id, and of the id a variation without one takes (its content's id,
/// `flow+paywall` for a flow with a paywall), in row tests and cross-placement tests. It is on by default: an id
/// Adapty cannot store cannot be mirrored there or in its analytics.
///
/// Example: a variation `<a 256-character id>: paywall a 50%`.
/// Fix: give the variation a shorter id before the test starts.
struct VariationIdLength: LintRule {
  static let id: DiagnosticCode = "variation-id-length"
  static let severity: Severity = .warning
  static let summary = "an A/B test variation id is longer than Adapty's 255 characters"

  static let maxLength = 255

  func check(_ context: LintContext) -> [Diagnostic] {
    var found: [Diagnostic] = []
    func check(_ id: String, test: String, at span: SourceSpan) {
      let length = id.count
      guard length > Self.maxLength else { return }
      found.append(finding(.variationIdTooLong(id, length: length, test: test, limit: Self.maxLength), at: span))
    }
    for decl in context.placementDecls {
      for row in decl.node.rows {
        guard case .test(let test) = row.content else { continue }
        for variation in test.variations {
          guard let id = variation.id?.text ?? Self.defaultID(variation.content) else { continue }
          check(id, test: test.name.text, at: decl.span(variation.id?.range ?? variation.content.range))
        }
      }
    }
    for decl in context.testDecls {
      for variation in decl.node.variations where !variation.id.isMissing {
        check(variation.id.text, test: decl.node.name.text, at: decl.span(variation.id.range))
      }
    }
    return found
  }

  /// The id of a variation written without one, as the checker gives it; nil for content that has none.
  static func defaultID(_ content: ContentSyntax) -> String? {
    switch content {
    case .flow(let id, let paywall, _): paywall.map { "\(id.text)+\($0.text)" } ?? id.text
    case .paywall(let id, _): id.text
    default: nil
    }
  }
}
