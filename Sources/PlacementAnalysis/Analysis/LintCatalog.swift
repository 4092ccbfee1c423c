import PlacementCore

/// Diagnostic codes of the linter: one per rule of ``LintRegistry`` (the compiler's codes are in
/// ``SyntaxCatalog`` and ``SemanticsCatalog``).
public enum LintCatalog {
  public static let entries: [CatalogEntry] = LintRegistry.rules.map { type(of: $0).entry }

  /// True for a code the linter emits (and a suppression comment may name).
  public static func contains(_ code: DiagnosticCode) -> Bool { entries.contains { $0.code == code } }
}
