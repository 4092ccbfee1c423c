import TestSupport
import Testing

@testable import PlacementCore

/// A resolution's cost has a bound: each segment is evaluated at most once per resolution, and a placement whose bound (``ResolutionCost``) is over ``SemanticLimits/maxResolutionCost``
/// does not compile. The assertions are on the compile result and on counted evaluation steps, never on time.
@Suite struct ResolutionCostTests {
  /// Counts the nodes a run evaluates.
  struct NodeCounter: EvaluationObserver {
    var count = 0
    mutating func node(_ index: Int, holds: Bool) { count += 1 }
  }

  /// D1's first file: `d0 = email matches /.*×2000x/`, then `d(n) = d(n-1) or d(n-1)`, 10 levels (4.3 KB, lint
  /// clean, 24 s per profile before). Its pattern alone is 6,002 instructions × 1,024 bytes.
  @Test func heavyPatternBehindDoublingsIsRefusedAtThePlacement() throws {
    var text = "attribute email: string\nsegment d0 = email matches /" + String(repeating: ".*", count: 2_000) + "x/\n"
    for i in 1...10 { text += "segment d\(i) = d\(i - 1) or d\(i - 1)\n" }
    text += "placement p: paywall {\n  d10 -> paywall a\n  default -> paywall b\n}\n"
    let compilation = HostileRules.compile(text)
    #expect(compilation.ruleSet == nil)
    let diagnostic = try #require(compilation.diagnostics.first)
    #expect(compilation.diagnostics.map(\.code) == ["placement-too-costly"])
    // 2 rows + 10 segments of 3 steps + d0's node (1) and pattern (6,002 × 1,024).
    #expect(
      diagnostic.message == "placement 'p' may take 6146081 evaluation steps per resolution, over the limit of 1000000")
    #expect(diagnostic.locationDescription == "hostile.rules:13:11")
    #expect(diagnostic.notes.last?.message == "segment 'd0' alone costs 6146049 steps")
    #expect(diagnostic.notes.last?.span != nil)
  }

  /// D1's pattern-free file: 1,000 rows `r_i = d17 and score == -(i+2)` over a 17-level doubling segment (131k
  /// nodes expanded; 1.7 s per profile before). It compiles, and a resolution that tries every row evaluates
  /// each node of the program at most once.
  @Test func doublingSegmentUnderAThousandRowsEvaluatesEachSegmentOnce() throws {
    var text = "attribute score: number\nsegment d0 = score > 1\n"
    for i in 1...17 { text += "segment d\(i) = d\(i - 1) and d\(i - 1)\n" }
    var rows = ""
    for i in 0..<1_000 {
      text += "segment r\(i) = d17 and score == -\(i + 2)\n"
      rows += "  r\(i) -> flow f\(i)\n"
    }
    text += "placement p: flow {\n\(rows)  default -> flow other\n}\n"
    let options = CompileOptions(semantics: SemanticLimits(maxConditionCost: 1 << 20))
    let ruleSet = try #require(HostileRules.compile(text, options: options).ruleSet)
    let placement = try #require(ruleSet.placement(named: "p"))
    // 1,001 rows, 1,000 row segments of 3 steps (and, reference, test), d1…d17 of 3 steps and d0 of 1.
    #expect(ResolutionCost(conditions: ruleSet.conditions).cost(of: placement).steps == 1_001 + 3_000 + 51 + 1)
    let bound = ruleSet.bind(Profile(customAttributes: ["score": .number(5)]))
    var counter = NodeCounter()
    let rowSegments = placement.rows.compactMap(\.segment)
    #expect(rowSegments.count == 1_000)
    let decided = ruleSet.program.run(bound, now: HostileRules.now, observer: &counter) { run, bound in
      rowSegments.first { run.segment($0, copy bound) }
    }
    #expect(decided == nil)
    #expect(counter.count <= ruleSet.program.nodes.count)
    #expect(counter.count >= 1_000 * 3)
    #expect(
      try HostileRules.resolveP(ruleSet, Profile(customAttributes: ["score": .number(5)])).content.flowID == "other")
  }

  @Test func theBoundIsConfigurable() throws {
    let text = HostileRules.withPlacement(#"attribute nick: string\#nsegment a = nick matches /ab+c/"#, row: "a")
    #expect(HostileRules.compile(text).ruleSet != nil)
    let tight = CompileOptions(semantics: SemanticLimits(maxResolutionCost: 1_000))
    #expect(HostileRules.compile(text, options: tight).diagnostics.map(\.code) == ["placement-too-costly"])
  }
}
