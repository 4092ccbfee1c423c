import TestSupport
import Testing

@testable import PlacementCore

/// `layer` syntax: the tree, recovery that costs only the broken line, and the canonical format.
@Suite struct LayerSyntaxTests {
  func parse(_ text: String) -> (RuleFileSyntax, [Diagnostic]) {
    Parser.parse(SourceFile(name: "test.rules", text: text))
  }

  @Test func aLayerParsesIntoNameVersionAndShares() throws {
    let (tree, diagnostics) = parse("layer exp version \"v1\" {\n  a 0% to 30%\n  b 30% to 52.5%\n}\n")
    #expect(diagnostics.isEmpty)
    guard case .layer(let layer) = try #require(tree.declarations.first) else {
      Issue.record("not a layer")
      return
    }
    #expect(layer.name.text == "exp")
    #expect(layer.version?.text == "v1")
    #expect(
      layer.allocations.map { [$0.test.text, $0.lower.text, $0.upper.text] } == [
        ["a", "0", "30"], ["b", "30", "52.5"],
      ])
  }

  /// Each broken line is reported where it breaks; the lines after it parse as written.
  @Test func aBrokenLineCostsThatLine() throws {
    let rules = MarkedRules(
      """
      layer exp {
        a 0% 1️⃣30%
        b 30 2️⃣to 40%
        c 40% to3️⃣
        d 50% to 60%
      }
      """)
    let (tree, diagnostics) = parse(rules.text)
    #expect(positions(diagnostics) == rules.positions)
    #expect(
      diagnostics.map(\.message) == [
        "expected 'to', found number 30", "expected '%' after the share's bound, found 'to'",
        "expected the end of the test's share, e.g. '30%', found the end of the line",
      ])
    guard case .layer(let layer) = try #require(tree.declarations.first) else { return }
    #expect(layer.allocations.map(\.test.text) == ["a", "b", "c", "d"])
    #expect(layer.allocations.last.map { [$0.lower.text, $0.upper.text] } == ["50", "60"])
  }

  @Test func aMissingBraceIsReportedAndTheNextDeclarationParses() {
    let (tree, diagnostics) = parse("layer exp\nsegment s = country == \"US\"\n")
    #expect(
      diagnostics.map(\.message) == [
        "expected '{' and the layer's tests with their shares, e.g. 'music_paywalls 0% to 30%', found the end of the line"
      ])
    #expect(tree.declarations.count == 2)
  }
}
