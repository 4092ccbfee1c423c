import TestSupport
import Testing

@testable import PlacementCore

/// Segment references expand at evaluation time; the checker bounds how deep and how costly that gets.
@Suite(.tags(.slow), .notInQuickLane) struct SegmentLimitTests {
  /// `s(i) = s(i-1) and s(i-1)` doubles the work at each line: without a limit, 40 lines cost 2^40 tests per
  /// resolution. The checker reports the first segment over 1,000,000 nodes, once.
  @Test func doublingSegmentsAreRejectedWhereTheyCrossTheLimit() throws {
    var text = "segment s0 = age > 1\n"
    for i in 1..<40 { text += "segment s\(i) = s\(i - 1) and s\(i - 1)\n" }
    let compilation = HostileRules.compile(HostileRules.withPlacement(text, row: "s39"))
    #expect(compilation.ruleSet == nil)
    #expect(compilation.diagnostics.map(\.code) == ["segment-too-costly"])
    // cost(s0) = 1, cost(sn) = 1 + 2 × (1 + cost(sn-1)) = 2^(n+2) - 3: s18 is the first over 1,000,000.
    #expect(
      compilation.diagnostics.first?.message
        == "segment 's18' evaluates 1048573 conditions with the segments it refers to, over the limit of 1000000")
    #expect(compilation.diagnostics.first?.locationDescription == "hostile.rules:19:9")
  }

  @Test func longReferenceChainsAreRejectedOnce() throws {
    var text = "segment s0 = age > 1\n"
    for i in 1..<300 { text += "segment s\(i) = s\(i - 1)\n" }
    let compilation = HostileRules.compile(HostileRules.withPlacement(text, row: "s299"))
    #expect(compilation.diagnostics.map(\.code) == ["segment-too-deep"])
    #expect(
      compilation.diagnostics.first?.message
        == "segment 's256' nests 257 levels deep with the segments it refers to, over the limit of 256")
  }

  @Test func hundredThousandSegmentChainDoesNotOverflowTheChecker() throws {
    var text = "segment s0 = age > 1\n"
    for i in 1..<100_000 { text += "segment s\(i) = s\(i - 1)\n" }
    #expect(HostileRules.compile(text).diagnostics.map(\.code) == ["no-placements", "segment-too-deep"])
    // The same chain closed into a cycle: reported as one cycle naming all 100,000 segments.
    let cycle = text.replacingOccurrences(of: "segment s0 = age > 1\n", with: "segment s0 = s99999\n")
    let diagnostics = HostileRules.compile(cycle).diagnostics
    #expect(diagnostics.map(\.code) == ["no-placements", "segment-cycle"])
    #expect(
      diagnostics.last?.message.hasPrefix("segments refer to each other in a cycle: s0 -> s99999 -> s99998") == true)
  }

  @Test func limitsAreConfigurable() throws {
    var text = "segment s0 = age > 1\n"
    for i in 1..<1_000 { text += "segment s\(i) = s\(i - 1)\n" }
    text = HostileRules.withPlacement(text, row: "s999")
    #expect(HostileRules.compile(text).ruleSet == nil)
    let relaxed = CompileOptions(semantics: SemanticLimits(maxConditionDepth: 2_000))
    let ruleSet = try #require(HostileRules.compile(text, options: relaxed).ruleSet)
    #expect(try HostileRules.resolveP(ruleSet, Profile(builtins: ["age": .number(30)])).content.flowID == "matched")
    #expect(try HostileRules.resolveP(ruleSet, Profile()).content.flowID == "other")

    // a and b and c and d: one `all` node and four tests.
    let tight = CompileOptions(semantics: SemanticLimits(maxConditionCost: 4))
    let four = HostileRules.withPlacement("segment a = age > 1 and age < 9 and age >= 2 and age <= 8", row: "a")
    #expect(HostileRules.compile(four).diagnostics.map(\.code) == [])
    #expect(
      HostileRules.compile(four, options: tight).diagnostics.map(\.message)
        == ["segment 'a' evaluates 5 conditions with the segments it refers to, over the limit of 4"])
  }
}
