/// Diagnostic codes of the compiler (after checking: what the compiled program may cost).
package enum CompilerCatalog {
  package static let placementTooCostly: DiagnosticCode = "placement-too-costly"

  package static let entries: [CatalogEntry] = [
    CatalogEntry(
      placementTooCostly, .error,
      "one resolution of a placement may take more evaluation steps than the configured limit")
  ]
}
