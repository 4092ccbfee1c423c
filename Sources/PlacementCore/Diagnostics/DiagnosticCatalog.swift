/// One known diagnostic code: its default severity and a one-line summary (used for SARIF rule help and
/// `docs/Diagnostics.md`).
package struct CatalogEntry: Sendable, Hashable {
  package let code: DiagnosticCode
  package let severity: Severity
  package let summary: String

  package init(_ code: DiagnosticCode, _ severity: Severity, _ summary: String) {
    self.code = code
    self.severity = severity
    self.summary = summary
  }
}

/// The compiler's diagnostic codes, gathered from each stage's catalogue (syntax, semantics, compiler): the
/// defaults of ``Diagnostic``'s severity. `DiagnosticCatalog` (PlacementAnalysis) adds the linter's codes.
package enum CompilerDiagnosticCatalog {
  /// Every entry, in stage order (syntax, semantics, compiler).
  package static let all: [CatalogEntry] = SyntaxCatalog.entries + SemanticsCatalog.entries + CompilerCatalog.entries

  private static let byCode: [DiagnosticCode: CatalogEntry] = Dictionary(
    all.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })

  /// The entry of a code, or `nil` for a code the compiler does not emit.
  package static func entry(for code: DiagnosticCode) -> CatalogEntry? { byCode[code] }
}
