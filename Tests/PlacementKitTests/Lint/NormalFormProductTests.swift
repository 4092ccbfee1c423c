import Testing

@testable import PlacementAnalysis
@testable import PlacementCore
@testable import PlacementKit

/// The conjunction of normal forms (reliability D6: long `and` chains were quadratic).
@Suite struct NormalFormProductTests {
  func literal(_ key: String, _ positive: Bool = true) -> Literal {
    Literal(slot: 0, test: .isSet, key: key, positive: positive, text: key)
  }

  @Test func conjunctionDropsContradictionsAndRepeats() throws {
    var product = Product([[literal("a")], [literal("b")]])
    try product.and([[literal("a", false), literal("c")], [literal("a"), literal("d")]], cap: 16)
    #expect(product.cubes.map { $0.map(\.description) } == [["a", "d"], ["b", "not (a)", "c"], ["b", "a", "d"]])
    try product.and([[literal("d", false)]], cap: 16)
    #expect(product.cubes.map { $0.map(\.description) } == [["b", "not (a)", "c", "not (d)"]])
    #expect(throws: ReasoningLimit.tooLarge) {
      var wide = Product([[literal("x")], [literal("y")]])
      try wide.and((0..<9).map { [literal("z\($0)")] }, cap: 16)
    }
  }

  @Test func aLongAndChainIsOneCube() throws {
    let terms = (0..<20_000).map { "age > \($0)" }.joined(separator: " and ")
    let model = compile("segment chain = \(terms)").model
    let cubes = try NormalForm(segments: model.segments).cubes(.segment(0), positive: true)
    #expect(cubes.count == 1)
    #expect(cubes.first?.count == 20_000)
    #expect(cubes.first?.last?.text == "age > 19999")
    // Its negation is an `or` of 20,000 single tests: past the cap, reported as too large.
    #expect(throws: ReasoningLimit.tooLarge) { try NormalForm(segments: model.segments).cubes(.segment(0), positive: false) }
  }
}
