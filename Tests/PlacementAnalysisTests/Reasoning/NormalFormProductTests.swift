import TestSupport
import Testing

@testable import PlacementAnalysis
@testable import PlacementCore

/// The conjunction of normal forms (reliability D6: long `and` chains were quadratic).
@Suite struct NormalFormProductTests {
  func literal(_ key: String, _ positive: Bool = true) -> Literal {
    Literal(
      slot: 0, test: .isSet, key: Literal.Key(slot: 0, .string(.equal, [key], folded: nil)), positive: positive,
      text: key)
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
    #expect(throws: ReasoningLimit.tooLarge) {
      try NormalForm(segments: model.segments).cubes(.segment(0), positive: false)
    }
  }

  /// Literals are one atom when their tests are equal, wherever they are written; another bound or a pattern's
  /// case folding makes another atom.
  @Test func literalsOfEqualTestsShareOneKey() throws {
    let model = compile(
      """
      attribute nick: string
      segment a = age > 18
      segment b = age > 18.0 and nick matches /x+/
      segment c = age > 19 and nick matches /x+/ ignoring case
      segment d = nick matches /x+/
      """
    ).model
    let form = NormalForm(segments: model.segments)
    let keys = try (0..<4).map { try form.cubes(.segment($0), positive: true).flatMap { $0.map(\.key) } }
    #expect(keys.map(\.count) == [1, 2, 2, 1])
    #expect(keys[0][0] == keys[1][0])
    #expect(keys[2][0] != keys[0][0])
    #expect(keys[1][1] == keys[3][0])
    #expect(keys[2][1] != keys[3][0])
    // One segment's test and its negation written in another contradict without a search.
    let adults = try form.cubes(.segment(0), positive: true)
    let notB = try form.cubes(.segment(1), positive: false)
    #expect(notB.count == 2)
    #expect(NormalForm.join(adults[0], notB[0]) == nil)
    #expect(NormalForm.join(adults[0], notB[1])?.count == 2)
  }
}
