import PlacementCore

/// Diagnostic codes of the linter: one per rule of ``LintRegistry`` (the compiler's codes are in
/// ``SyntaxCatalog`` and ``SemanticsCatalog``).
package enum LintCatalog {
  package static let entries: [CatalogEntry] = LintRegistry.rules.map { type(of: $0).entry }
  /// `unused-segment`: a segment no row, segment or override refers to.
  package static let unusedSegment = UnusedSegment.id
  /// `unused-attribute`: a declared attribute no condition tests.
  package static let unusedAttribute = UnusedAttribute.id

  /// True for a code the linter emits (and a suppression comment may name).
  package static func contains(_ code: DiagnosticCode) -> Bool { entries.contains { $0.code == code } }
}
