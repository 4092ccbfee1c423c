/// One known diagnostic code: its default severity and a one-line summary (used for SARIF rule help and
/// `docs/Diagnostics.md`).
public struct CatalogEntry: Sendable, Hashable {
  public let code: DiagnosticCode
  public let severity: Severity
  public let summary: String

  public init(_ code: DiagnosticCode, _ severity: Severity, _ summary: String) {
    self.code = code
    self.severity = severity
    self.summary = summary
  }
}

/// All diagnostic codes the engine can emit, gathered from each stage's catalogue.
public enum DiagnosticCatalog {
  /// Every entry, in stage order (syntax, semantics, …).
  public static let all: [CatalogEntry] =
    SyntaxCatalog.entries + SemanticsCatalog.entries + CompilerCatalog.entries + LintCatalog.entries

  private static let byCode: [DiagnosticCode: CatalogEntry] = Dictionary(
    all.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })

  /// The entry of a code, or `nil` for an unknown code.
  public static func entry(for code: DiagnosticCode) -> CatalogEntry? { byCode[code] }
}
