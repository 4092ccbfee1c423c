/// Diagnostic codes of the compiler (after checking: what the compiled program may cost).
public enum CompilerCatalog {
  public static let placementTooCostly: DiagnosticCode = "placement-too-costly"

  public static let entries: [CatalogEntry] = [
    CatalogEntry(
      placementTooCostly, .error,
      "one resolution of a placement may take more evaluation steps than the configured limit")
  ]
}
