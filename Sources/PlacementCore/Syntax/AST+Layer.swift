/// `layer <name> [version "<id>"] { <test> <from>% to <to>% ... }`: tests that share one bucket space, so a
/// profile enters at most one of them.
package struct LayerDecl: Sendable {
  package let name: Name
  /// The layer's salt as written; nil when it is derived from the name (`layer/<name>`).
  package let version: Name?
  /// The tests and their shares, as written.
  package let allocations: [LayerAllocationSyntax]
  package let range: SourceRange
}

/// `<test> <from>% to <to>%`: a test's share of its layer, from the lower percentage (inclusive) to the upper one
/// (exclusive), each a number of percent with at most two decimals.
package struct LayerAllocationSyntax: Sendable {
  /// The test's name: an inline test's or a cross-placement test's.
  package let test: Name
  /// The lower percentage's number, as written (without `%`).
  package let lower: Name
  /// The upper percentage's number, as written (without `%`).
  package let upper: Name
  package let range: SourceRange
}
