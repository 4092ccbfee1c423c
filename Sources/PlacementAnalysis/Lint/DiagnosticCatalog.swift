import PlacementCore

/// All diagnostic codes the engine can emit, gathered from each stage's catalogue.
package enum DiagnosticCatalog {
  /// Every entry, in stage order (syntax, semantics, compiler, lint).
  package static let all: [CatalogEntry] = CompilerDiagnosticCatalog.all + LintCatalog.entries

  private static let byCode: [DiagnosticCode: CatalogEntry] = Dictionary(
    all.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })

  /// The entry of a code, or `nil` for an unknown code.
  package static func entry(for code: DiagnosticCode) -> CatalogEntry? { byCode[code] }
}

extension DiagnosticCode {
  /// The severity a code has unless the reporter says otherwise (lint codes are warnings or infos).
  package var defaultSeverity: Severity { DiagnosticCatalog.entry(for: self)?.severity ?? .error }
}
