import TestSupport
import Testing

@testable import PlacementCore

/// Deep nesting in rules: one diagnostic, never a stack overflow.
@Suite(.tags(.slow), .notInQuickLane) struct NestingLimitTests {
  @Test func tenThousandNestedParenthesesGiveOneDiagnostic() throws {
    let text =
      "segment deep = " + String(repeating: "(", count: 10_000) + #"country == "US""#
      + String(repeating: ")", count: 10_000)
    let compilation = HostileRules.compile(HostileRules.withPlacement(text, row: "deep"))
    #expect(compilation.ruleSet == nil)
    #expect(compilation.diagnostics.count == 1)
    let diagnostic = try #require(compilation.diagnostics.first)
    #expect(diagnostic.code == "nesting-too-deep")
    #expect(diagnostic.message == "condition is nested more than 128 levels deep (parentheses and 'not')")
    // The 129th '(' (offset 15 + 128): the first one over the limit.
    #expect(diagnostic.span?.range.start == 143)
    #expect(diagnostic.locationDescription == "hostile.rules:1:144")
  }

  @Test func tenThousandNotsGiveOneDiagnostic() throws {
    let text =
      "segment deep = " + String(repeating: "not ", count: 10_000) + #"country == "US""# + "\n"
      + "segment fine = country == \"FR\"\n"
    let compilation = HostileRules.compile(HostileRules.withPlacement(text, row: "fine"))
    #expect(compilation.diagnostics.map(\.code) == ["nesting-too-deep"])
    #expect(compilation.diagnostics.first?.span?.range.start == 15 + 128 * 4)
    // The next declaration is parsed normally.
    #expect(compilation.model.segments.map(\.name) == ["deep", "fine"])
  }

  @Test func theLimitIsInclusiveAndConfigurable() throws {
    func nested(_ depth: Int) -> String {
      HostileRules.withPlacement(
        "segment s = " + String(repeating: "(", count: depth) + "age > 20" + String(repeating: ")", count: depth),
        row: "s")
    }
    #expect(HostileRules.compile(nested(128)).diagnostics.map(\.code) == [])
    #expect(HostileRules.compile(nested(129)).diagnostics.map(\.code) == ["nesting-too-deep"])
    let strict = CompileOptions(syntax: SyntaxLimits(maxNestingDepth: 3))
    #expect(HostileRules.compile(nested(3), options: strict).diagnostics.map(\.code) == [])
    let over = HostileRules.compile(nested(4), options: strict).diagnostics
    #expect(over.map(\.message) == ["condition is nested more than 3 levels deep (parentheses and 'not')"])
  }

  @Test func errorsAfterTheTooDeepConditionAreStillReported() {
    let text =
      "segment deep = " + String(repeating: "(", count: 200) + "age > 1" + String(repeating: ")", count: 200)
      + "\nsegment typo = agee > 1"
    let codes = HostileRules.compile(HostileRules.withPlacement(text, row: "typo")).diagnostics.map(\.code)
    #expect(codes == ["nesting-too-deep", "unknown-attribute"])
  }

  /// A chain of 100,000 `and` terms compiles, resolves and explains without deep recursion: the parser
  /// stores it as a balanced tree (depth 18) and the checker flattens it into one `all` of 100,000 tests.
  @Test func hundredThousandTermAndChainResolves() throws {
    let terms = (0..<100_000).map { "age > \($0)" }.joined(separator: " and ")
    let compilation = HostileRules.compile(HostileRules.withPlacement("segment old = " + terms, row: "old"))
    #expect(compilation.diagnostics.map(\.code) == [])
    let ruleSet = try #require(compilation.ruleSet)
    guard case .segment(let decl) = compilation.model.files[0].declarations[0] else {
      Issue.record("expected a segment")
      return
    }
    #expect(HostileRules.depth(decl.condition) == 18)
    guard case .all(let parts) = compilation.model.segments[0].condition else {
      Issue.record("expected a flattened 'all'")
      return
    }
    #expect(parts.count == 100_000)
    #expect(
      try HostileRules.resolveP(ruleSet, Profile(builtins: ["age": .number(100_000)])).content.flowID == "matched")
    let young = try HostileRules.resolveP(ruleSet, Profile(builtins: ["age": .number(50_000)]), explain: true)
    #expect(young.content.flowID == "other")
    guard case .notMatched(let condition, let seen) = young.explanation?.first?.outcome else {
      Issue.record("expected row 0 not to match")
      return
    }
    #expect(condition == "age > 50000")
    #expect(seen == "age = 50000")
  }

  @Test func hundredThousandTermOrChainResolves() throws {
    let terms = (0..<100_000).map { "age == \($0)" }.joined(separator: " or ")
    let compilation = HostileRules.compile(HostileRules.withPlacement("segment listed = " + terms, row: "listed"))
    let ruleSet = try #require(compilation.ruleSet)
    #expect(try HostileRules.resolveP(ruleSet, Profile(builtins: ["age": .number(99_999)])).content.flowID == "matched")
    #expect(try HostileRules.resolveP(ruleSet, Profile(builtins: ["age": .number(100_000)])).content.flowID == "other")
    #expect(try HostileRules.resolveP(ruleSet, Profile()).content.flowID == "other")
  }

  @Test func mixedChainsKeepPrecedence() throws {
    // a and b or c and d: (a and b) or (c and d), however long.
    let pairs = (0..<20_000).map { "age > \($0 * 2) and age < \($0 * 2 + 2)" }.joined(separator: " or ")
    let compilation = HostileRules.compile(HostileRules.withPlacement("segment odd = " + pairs, row: "odd"))
    let ruleSet = try #require(compilation.ruleSet)
    #expect(try HostileRules.resolveP(ruleSet, Profile(builtins: ["age": .number(39_999)])).content.flowID == "matched")
    #expect(try HostileRules.resolveP(ruleSet, Profile(builtins: ["age": .number(40_000)])).content.flowID == "other")
    #expect(try HostileRules.resolveP(ruleSet, Profile(builtins: ["age": .number(20)])).content.flowID == "other")
  }

  @Test func longListsAndHugeNumbers() throws {
    let list = "[" + (0..<100_000).map { "\"c\($0)\"" }.joined(separator: ", ") + "]"
    let ruleSet = try #require(
      HostileRules.compile(HostileRules.withPlacement("segment listed = country in " + list, row: "listed")).ruleSet)
    #expect(
      try HostileRules.resolveP(ruleSet, Profile(builtins: ["country": .string("c99999")])).content.flowID == "matched")
    #expect(try HostileRules.resolveP(ruleSet, Profile(builtins: ["country": .string("US")])).content.flowID == "other")

    let huge = "1" + String(repeating: "0", count: 400)
    let diagnostics = HostileRules.compile(HostileRules.withPlacement("segment rich = age > \(huge)", row: "rich"))
      .diagnostics
    #expect(diagnostics.map(\.code) == ["invalid-literal"])
    #expect(diagnostics.first?.message == "number \(huge) is out of range")
  }
}
