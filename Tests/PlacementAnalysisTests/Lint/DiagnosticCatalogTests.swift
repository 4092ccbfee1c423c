import Testing

@testable import PlacementAnalysis
@testable import PlacementCore

/// The catalogue of every diagnostic, the compiler's and the linter's together.
@Suite struct DiagnosticCatalogTests {
  @Test func everyCodeIsCataloguedOnce() {
    let codes = DiagnosticCatalog.all.map(\.code.id)
    #expect(Set(codes).count == codes.count)
  }
}
